/**
 * /paymentReceipt?orderId=&paymentId= (ours, issue 22; docs/records.md): the receipt of one payment —
 * the lender's corporate name with its SEC registration and Certificate of Authority numbers, the
 * borrower's masked phone, order number, reference, date, amount, how it was applied and the balance
 * after — and 'Download PDF', the same receipt made by the server.
 */
import type { Receipt } from '@cashloan/contract/records';
import { usePageTitle } from '../../../shared/ui/use-page-title.ts';
import { t } from '../../../shared/i18n/texts.ts';
import { Loading } from '../../../shared/ui/Loading.tsx';
import { LoadFailure } from '../../../shared/ui/LoadFailure.tsx';
import { formatMoney } from '../../../shared/format/money.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import { fetchRecordPdf, useReceipt } from '../api.ts';
import { AllocationRows } from '../components/AllocationRows.tsx';
import { DownloadButton } from '../../../shared/ui/DownloadButton.tsx';
import frame from '../../../shared/ui/page-frame.module.css';
import styles from '../records.module.css';

export const RECEIPT_TITLE = 'Payment receipt';

export default function ReceiptPage() {
  usePageTitle(RECEIPT_TITLE);
  const { state, retry } = useReceipt();
  return (
    <main className={frame.page}>
      <h1 className={frame.title}>{RECEIPT_TITLE}</h1>
      {state.status === 'loading' && <Loading text="Loading your receipt…" />}
      {state.status === 'failed' && <LoadFailure error={state.error} onRetry={retry} />}
      {state.status === 'ready' && <ReceiptView receipt={state.data} />}
    </main>
  );
}

function ReceiptView({ receipt }: { receipt: Receipt }) {
  const rows: [string, string][] = [
    ['Received from', receipt.maskedPhone],
    ['Order No.', receipt.orderNo],
    ['Reference', receipt.reference],
    ['Channel', receipt.channel],
    ['Date and time', formatDateTime(receipt.paidAt)],
    ['Amount paid', formatMoney(receipt.amount)],
  ];
  return (
    <>
      <section className={styles.card} aria-labelledby="receipt-lender">
        <h2 id="receipt-lender" className={styles.lenderName}>
          {receipt.lenderName}
        </h2>
        <p className={styles.lender}>{t('SEC Registration No. {number}', { number: receipt.secRegistrationNo })}</p>
        <p className={styles.lender}>{t('Certificate of Authority No. {number}', { number: receipt.certificateOfAuthorityNo })}</p>
      </section>

      <section className={styles.card} aria-labelledby="receipt-payment">
        <h2 id="receipt-payment" className={styles.sectionTitle}>
          Payment
        </h2>
        <dl className={styles.rows}>
          {rows.map(([term, value]) => (
            <div key={term} className={styles.row}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <h3 id="receipt-applied" className={styles.subTitle}>
          How it was applied
        </h3>
        <AllocationRows allocation={receipt.allocation} labelledBy="receipt-applied" />
        <dl className={styles.rows}>
          <div className={styles.total}>
            <dt>Balance after this payment</dt>
            <dd>{formatMoney(receipt.balanceAfter)}</dd>
          </div>
        </dl>
      </section>

      <DownloadButton
        label="Download PDF"
        accessibleName="Download PDF of this receipt"
        load={() =>
          fetchRecordPdf({ document: 'receipt', paymentId: String(receipt.paymentId), fileName: `receipt-${receipt.orderNo}-${receipt.paymentId}.pdf` })
        }
      />
    </>
  );
}
