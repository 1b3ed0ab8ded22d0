/**
 * /paymentHistory?orderId=&productId= (ours, issue 22; docs/records.md): the order's payments, newest
 * first, each with its date and time, channel, reference, amount and how it was applied; pending ones
 * marked 'Pending'; a paid one links to its receipt. No payments: the next due date and amount.
 */
import type { PaymentHistory, PaymentRecord } from '@cashloan/contract/records';
import { Link } from '../../../shared/router/router.tsx';
import { usePageTitle } from '../../../shared/ui/use-page-title.ts';
import { t } from '../../../shared/i18n/texts.ts';
import { Loading } from '../../../shared/ui/Loading.tsx';
import { LoadFailure } from '../../../shared/ui/LoadFailure.tsx';
import { formatMoney } from '../../../shared/format/money.ts';
import { formatDate, formatDateTime } from '../../../shared/format/date.ts';
import { withCarriedParams } from '../../../shared/params/page-params.ts';
import { LOAN_DOCUMENTS_PATH, PAYMENT_RECEIPT_PATH } from '../../../shared/navigation/screen-paths.ts';
import { usePaymentHistory } from '../api.ts';
import { AllocationRows } from '../components/AllocationRows.tsx';
import frame from '../../../shared/ui/page-frame.module.css';
import styles from '../records.module.css';
import { textWith } from '../../../shared/i18n/text-with.ts';

export const PAYMENT_HISTORY_TITLE = 'Payment history';
export const NO_PAYMENTS = 'No payments yet';

export default function PaymentHistoryPage() {
  usePageTitle(PAYMENT_HISTORY_TITLE);
  const { state, retry } = usePaymentHistory();
  return (
    <main className={frame.page}>
      <h1 className={frame.titleAboveIntro}>{PAYMENT_HISTORY_TITLE}</h1>
      {state.status === 'loading' && <Loading text="Loading your payments…" />}
      {state.status === 'failed' && <LoadFailure error={state.error} onRetry={retry} />}
      {state.status === 'ready' && <History history={state.data} />}
    </main>
  );
}

function History({ history }: { history: PaymentHistory }) {
  return (
    <>
      <p className={styles.intro}>{t('Order No. {orderNo}', { orderNo: history.orderNo })}</p>
      {history.payments.length === 0 ? (
        <section className={styles.card} aria-labelledby="no-payments">
          <h2 id="no-payments" className={styles.sectionTitle}>
            {NO_PAYMENTS}
          </h2>
          {history.nextDueDate !== '' ? (
            <p className={styles.note}>
              {textWith(t('Your next payment of {amount} is due on {date}.'), {
                amount: <strong>{formatMoney(history.nextDueAmount)}</strong>,
                date: <strong>{formatDate(history.nextDueDate)}</strong>,
              })}
            </p>
          ) : (
            <p className={styles.note}>Nothing is due on this order.</p>
          )}
        </section>
      ) : (
        <ol className={styles.list} aria-label="Payments, newest first">
          {history.payments.map((payment, index) => (
            <PaymentItem key={payment.paymentId ?? `pending-${index}`} payment={payment} index={index} />
          ))}
        </ol>
      )}
      <Link to={withCarriedParams(LOAN_DOCUMENTS_PATH)} className={styles.textLink}>
        Loan documents
      </Link>
    </>
  );
}

function PaymentItem({ payment, index }: { payment: PaymentRecord; index: number }) {
  const amount = formatMoney(payment.amount);
  const when = formatDateTime(payment.paidAt);
  const headingId = `payment-${index}`;
  const appliedId = `payment-${index}-applied`;
  const pending = payment.status === 'pending';
  return (
    <li className={styles.card}>
      <h2 id={headingId} className={styles.paymentHead}>
        <span className={styles.amount}>{amount}</span>
        {pending ? <span className={styles.pending}>Pending</span> : <span className={styles.paid}>Paid</span>}
      </h2>
      <dl className={styles.rows}>
        <div className={styles.row}>
          <dt>{pending ? 'Started' : 'Date and time'}</dt>
          <dd>{when}</dd>
        </div>
        <div className={styles.row}>
          <dt>For</dt>
          <dd>{payment.paidFor}</dd>
        </div>
        <div className={styles.row}>
          <dt>Channel</dt>
          <dd>{payment.channel}</dd>
        </div>
        <div className={styles.row}>
          <dt>Reference</dt>
          <dd>{payment.reference}</dd>
        </div>
      </dl>
      {payment.allocation ? (
        <>
          <h3 id={appliedId} className={styles.subTitle}>
            How it was applied
          </h3>
          <AllocationRows allocation={payment.allocation} labelledBy={appliedId} />
        </>
      ) : (
        <p className={styles.note}>Waiting for the payment partner to confirm it. It is applied to your loan once confirmed.</p>
      )}
      {!pending && payment.paymentId !== null && (
        <Link
          to={withCarriedParams(PAYMENT_RECEIPT_PATH, { paymentId: String(payment.paymentId) })}
          className={styles.textLink}
          aria-label={t('View receipt of {amount} paid {when}', { amount, when })}
        >
          View receipt
        </Link>
      )}
    </li>
  );
}
