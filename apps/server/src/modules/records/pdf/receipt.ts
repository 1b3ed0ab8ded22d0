/** The receipt of one payment: what the receipt call answers, on paper. */
import type { Receipt } from '@cashloan/contract';
import type { MoneyText } from '../../../loan-terms/money-text.ts';
import { allocationRows } from './allocation.ts';
import { renderPdf, type PdfBytes, type PdfFrame } from './layout.ts';

export function receiptPdf(frame: PdfFrame, r: Receipt, money: MoneyText): Promise<PdfBytes> {
  return renderPdf(frame, (w) => {
    w.paragraph(`Received with thanks from the holder of mobile number ${r.maskedPhone} the payment below on loan ${r.orderNo}.`);
    w.row('Payment reference', r.reference);
    w.row('Channel', r.channel);
    w.row('Date and time (lender time)', r.paidAt);
    w.row('Amount received', money(r.amount), { bold: true });
    w.gap();
    w.heading('How the payment was applied');
    allocationRows(w, r.allocation, money);
    w.gap();
    w.row('Balance after this payment', money(r.balanceAfter), { bold: true });
  });
}
