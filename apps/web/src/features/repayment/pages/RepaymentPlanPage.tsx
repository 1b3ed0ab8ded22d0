/**
 * /allowedAlso (and /byAs): repayment by period (spec section 2, Repayment-by-plan screen): repay
 * date and amount, the product, the detail rows folded to 2, then the payment panel. The answer is
 * kept in local storage for the repayment code screen.
 */
import { useEffect } from 'react';
import { Link } from '../../../shared/router/router.tsx';
import type { RepaymentPlanInfo } from '@cashloan/contract/repayment';
import { usePageTitle } from '../../../shared/ui/use-page-title.ts';
import { LoadFailure } from '../../../shared/ui/LoadFailure.tsx';
import { formatMoney } from '../../../shared/format/money.ts';
import { useRepaymentPlan } from '../api.ts';
import { usePageIds } from '../../../shared/params/use-page-ids.ts';
import { saveRepaymentInfo } from '../repayment-store.ts';
import { isSafeImageSrc } from '../safe-url.ts';
import { DetailRows } from '../components/DetailRows.tsx';
import { Loading } from '../../../shared/ui/Loading.tsx';
import { PaymentPanel } from '../components/PaymentPanel.tsx';
import { appHref } from '../navigation.ts';
import { PAYMENT_HISTORY_PATH } from '../../../shared/navigation/screen-paths.ts';
import frame from '../../../shared/ui/page-frame.module.css';
import styles from '../repayment.module.css';

export const PLAN_TITLE = 'Repayment';

export default function RepaymentPlanPage() {
  usePageTitle(PLAN_TITLE);
  const { state, retry } = useRepaymentPlan();
  return (
    <main className={frame.pageAboveFooter}>
      <h1 className={frame.title}>{PLAN_TITLE}</h1>
      {state.status === 'loading' && <Loading text="Loading your repayment…" />}
      {state.status === 'failed' && <LoadFailure error={state.error} onRetry={retry} />}
      {state.status === 'ready' && <Plan info={state.data} />}
    </main>
  );
}

function Plan({ info }: { info: RepaymentPlanInfo }) {
  const { productId = '', orderId = '' } = usePageIds();
  useEffect(() => {
    saveRepaymentInfo({ kind: 'plan', orderId, info });
  }, [info, orderId]);
  return (
    <>
      <section className={styles.hero} aria-label="Amount to repay">
        <p className={styles.heroLabel}>Repayment amount</p>
        <p className={styles.amount}>{formatMoney(info.repayAmount)}</p>
        <p className={styles.heroDate}>
          Repayment date <strong>{info.repayDate}</strong>
        </p>
        {info.noticeMsg && <p className={styles.notice}>{info.noticeMsg}</p>}
      </section>

      <section className={styles.card} aria-labelledby="plan-product">
        <div className={styles.product}>
          {isSafeImageSrc(info.productLogo) && <img className={styles.logo} src={info.productLogo} alt="" aria-hidden="true" width={44} height={44} />}
          <h2 id="plan-product" className={styles.productName}>
            {info.productName}
          </h2>
        </div>
        <DetailRows rows={info.detail} />
        <Link to={appHref(PAYMENT_HISTORY_PATH)} className={styles.textLink}>
          Payment history
        </Link>
      </section>

      <PaymentPanel info={info} amountMinor={info.repayAmount} rollover={false} ids={{ productId, orderId }} />
    </>
  );
}
