/**
 * /votingCandidates: rollover repayment (spec section 2, Rollover repayment screen): the title and
 * delay amount, 'Your next payment date is' with the date, the Plan list, then the payment panel
 * with isDelay=1. The answer is kept in local storage for the repayment code screen.
 */
import { useEffect } from 'react';
import type { RolloverInfo } from '@cashloan/contract/repayment';
import { usePageTitle } from '../../../shared/ui/use-page-title.ts';
import { LoadFailure } from '../../../shared/ui/LoadFailure.tsx';
import { formatMoney } from '../../../shared/format/money.ts';
import { useRolloverInfo } from '../api.ts';
import { usePageIds } from '../../../shared/params/use-page-ids.ts';
import { saveRepaymentInfo } from '../repayment-store.ts';
import { isSafeImageSrc } from '../safe-url.ts';
import { Loading } from '../../../shared/ui/Loading.tsx';
import { PaymentPanel } from '../components/PaymentPanel.tsx';
import frame from '../../../shared/ui/page-frame.module.css';
import styles from '../repayment.module.css';

export const ROLLOVER_TITLE = 'Rollover Repayment';
export const NEXT_DATE_LABEL = 'Your next payment date is';

export default function RolloverPage() {
  usePageTitle(ROLLOVER_TITLE);
  const { state, retry } = useRolloverInfo();
  return (
    <main className={frame.pageAboveFooter}>
      {state.status === 'loading' && (
        <>
          <h1 className={frame.title}>{ROLLOVER_TITLE}</h1>
          <Loading text="Loading your rollover…" />
        </>
      )}
      {state.status === 'failed' && (
        <>
          <h1 className={frame.title}>{ROLLOVER_TITLE}</h1>
          <LoadFailure error={state.error} onRetry={retry} />
        </>
      )}
      {state.status === 'ready' && <Rollover info={state.data} />}
    </main>
  );
}

function Rollover({ info }: { info: RolloverInfo }) {
  const { productId = '', orderId = '' } = usePageIds();
  useEffect(() => {
    saveRepaymentInfo({ kind: 'rollover', orderId, info });
  }, [info, orderId]);
  return (
    <>
      <section className={styles.hero} aria-labelledby="rollover-title">
        <h1 id="rollover-title" className={frame.title}>
          {info.delayInfo.title || ROLLOVER_TITLE}
        </h1>
        <p className={styles.amount}>{formatMoney(info.delayInfo.delayAmount)}</p>
        <p className={styles.heroDate}>
          {NEXT_DATE_LABEL} <strong>{info.repayDate}</strong>
        </p>
        {info.noticeMsg && <p className={styles.notice}>{info.noticeMsg}</p>}
      </section>

      <section className={styles.card} aria-labelledby="rollover-plan">
        <div className={styles.product}>
          {isSafeImageSrc(info.productLogo) && <img className={styles.logo} src={info.productLogo} alt="" aria-hidden="true" width={44} height={44} />}
          <h2 className={styles.productName}>{info.productName}</h2>
        </div>
        <h2 id="rollover-plan" className={styles.sectionTitle} style={{ marginTop: 12 }}>
          Plan
        </h2>
        <ul className={styles.plan}>
          {info.repayPlan.map((row, index) => (
            <li key={`${index}-${row.time}`} className={styles.planItem}>
              <span className={styles.planRemark}>{row.remark}</span>
              <span>{row.title}</span>
              <span className={styles.planAmount}>{formatMoney(row.amount)}</span>
              <span />
              <span className={styles.planTime}>{row.time}</span>
            </li>
          ))}
        </ul>
      </section>

      <PaymentPanel info={info} amountMinor={info.delayInfo.delayAmount} rollover ids={{ productId, orderId }} />
    </>
  );
}
