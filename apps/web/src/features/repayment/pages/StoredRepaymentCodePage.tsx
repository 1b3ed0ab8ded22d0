/**
 * /repaymentOfCode2: the repayment code screen (spec section 2). Reads the repayment info the
 * repayment screens stored: channel logo, 'Contract No.' (the pay code) with 'Click to Copy', the
 * total payment (the delay amount for a rollover) and the grouped instructions. A missing or
 * unreadable record shows what to do instead.
 */
import { Link } from '../../../shared/router/router.tsx';
import { usePageTitle } from '../../../shared/ui/use-page-title.ts';
import { CopyButton } from '../../../shared/ui/CopyButton.tsx';
import { formatMoney } from '../../../shared/format/money.ts';
import { pageParam } from '../../../shared/params/page-params.ts';
import { loadRepaymentCode } from '../repayment-store.ts';
import { appHref } from '../navigation.ts';
import { PAYMENT_HISTORY_PATH, REPAYMENT_BY_PERIOD_PATH, ROLLOVER_PATH } from '../../../shared/navigation/screen-paths.ts';
import { isSafeImageSrc } from '../safe-url.ts';
import { PayNotice } from '../components/PayNotice.tsx';
import { PayCode } from '../components/PayCode.tsx';
import frame from '../../../shared/ui/page-frame.module.css';
import styles from '../repayment.module.css';

export const STORED_CODE_TITLE = 'Repayment code';

export default function StoredRepaymentCodePage() {
  usePageTitle(STORED_CODE_TITLE);
  const view = loadRepaymentCode(pageParam('orderId'));
  return (
    <main className={frame.pageAboveFooter}>
      <h1 className={frame.title}>{STORED_CODE_TITLE}</h1>
      {!view || view.payCode.trim() === '' ? (
        <section className={styles.message} role="alert">
          <h2 className={styles.messageTitle}>{view ? 'No repayment code yet' : 'Repayment details not found'}</h2>
          <p>
            {view
              ? 'You have not been given a repayment code for this payment yet. Go back, choose a payment method and tap Payment.'
              : 'We could not find your repayment details on this phone. Please open the repayment page again.'}
          </p>
          <Link to={appHref(view?.kind === 'rollover' ? ROLLOVER_PATH : REPAYMENT_BY_PERIOD_PATH)} className={styles.textLink}>
            Go to the repayment page
          </Link>
        </section>
      ) : (
        <>
          <section className={styles.card} aria-labelledby="contract-no">
            <div className={styles.product}>
              {isSafeImageSrc(view.logo) && <img className={styles.logo} src={view.logo} alt="" aria-hidden="true" width={44} height={44} />}
              <h2 className={styles.productName}>{view.title}</h2>
            </div>
            <dl className={styles.rows}>
              <div className={styles.row}>
                <dt id="contract-no">Contract No.</dt>
                <dd>
                  <span className={styles.code}>
                    <PayCode code={view.payCode} />
                  </span>
                </dd>
              </div>
              <div className={styles.row}>
                <dt>{view.kind === 'rollover' ? 'Total payment (rollover)' : 'Total payment'}</dt>
                <dd>{formatMoney(view.totalMinor)}</dd>
              </div>
            </dl>
            <CopyButton text={view.payCode} variant="link" aria-label={`Click to Copy the Contract No. ${view.payCode}`} style={{ width: '100%' }}>
              Click to Copy
            </CopyButton>
          </section>
          <PayNotice groups={view.groups} />
          <Link to={appHref(PAYMENT_HISTORY_PATH)} className={styles.textLink}>
            Payment history
          </Link>
        </>
      )}
    </main>
  );
}
