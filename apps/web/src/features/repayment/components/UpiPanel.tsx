/**
 * UPI for Indian orders (real=1; issue 21, docs/repayment.md "UPI"): 'Pay with a UPI app' asks the
 * server for the order's UPI payment (a pay code and its upi://pay link to the lender's own account),
 * hands the link to the host app through the bridge (openUpiApp; the page never opens a upi: link
 * itself) and shows the same link as a QR for a UPI app on a second phone, with the amount and the
 * reference written beside it.
 */
import { useState } from 'react';
import type { UpiPayment } from '@cashloan/contract/repayment';
import { openUpiApp } from '../../../shared/bridge/bridge.ts';
import { formatMoney } from '../../../shared/format/money.ts';
import { requestUpiPayment } from '../api.ts';
import { isSafeImageSrc } from '../safe-url.ts';
import { useOnceAtATime } from '../use-once-at-a-time.ts';
import { PayCode } from './PayCode.tsx';
import styles from '../repayment.module.css';

export const UPI_BUTTON = 'Pay with a UPI app';

export function UpiPanel({ amountMinor, rollover, ids }: { amountMinor: number; rollover: boolean; ids: { productId: string; orderId: string } }) {
  const [payment, setPayment] = useState<UpiPayment | null>(null);
  const { run, pending } = useOnceAtATime(async () => {
    try {
      const answer = await requestUpiPayment({ ...ids, amountMinor, rollover });
      setPayment(answer);
      openUpiApp(answer.upiUrl);
    } catch {
      // The failure was shown by the client; the button is live again for another try.
    }
  });

  return (
    <section className={styles.card} aria-labelledby="upi-title">
      <h2 id="upi-title" className={styles.sectionTitle}>
        UPI
      </h2>
      <button type="button" className={styles.upiButton} disabled={pending} aria-busy={pending} onClick={() => void run()}>
        {UPI_BUTTON}
      </button>
      {payment && isSafeImageSrc(payment.qrImg) && (
        <div role="group" aria-label="UPI QR code">
          <img className={styles.qr} src={payment.qrImg} width={240} height={240} alt={`UPI QR code: pay ${formatMoney(payment.repayAmount)}, reference ${payment.payCode}`} />
          <p className={styles.notice}>No UPI app on this phone? Scan this code with a UPI app on another phone.</p>
          <dl className={styles.upiFacts}>
            <dt>Amount</dt>
            <dd>{formatMoney(payment.repayAmount)}</dd>
            <dt>Reference</dt>
            <dd className={styles.code}>
              <PayCode code={payment.payCode} />
            </dd>
          </dl>
        </div>
      )}
    </section>
  );
}
