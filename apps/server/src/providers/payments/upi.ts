/**
 * UPI payment links for Indian orders (docs/repayment.md, "UPI"): the NPCI UPI linking
 * specification's `upi://pay` URL, paying the lender's own collection account (config.ts: UPI_*).
 * Any UPI app (its intent on Android, the QR on a second phone) opens it with the amount, the
 * reference and the note filled in. Pure.
 */
import { UPI_VPA_PATTERN } from '../../config.ts';
import { majorWithTwoDecimals } from './qr-ph.ts';

/** The lender as a UPI payee. */
export interface UpiPayee {
  /** Virtual payment address, e.g. lender@upi. */
  vpa: string;
  name: string;
}

/** Transaction notes are short: the apps show about this much. */
export const UPI_NOTE_MAX = 50;

/**
 * upi://pay?pa=…&pn=…&am=…&cu=INR&tr=…&tn=… with every value URL-encoded (spaces as %20; '@' kept): `am` in
 * rupees with two decimals, `tr` our pay code (the reference the money comes back with), `tn` a note
 * naming the order.
 */
export function buildUpiLink(payee: UpiPayee, payment: { amountMinor: number; reference: string; orderNo: string }): string {
  if (!UPI_VPA_PATTERN.test(payee.vpa)) throw new Error(`not a UPI address: ${payee.vpa}`);
  const note = `Loan ${payment.orderNo} repayment`.slice(0, UPI_NOTE_MAX);
  const params: Array<[string, string]> = [
    ['pa', payee.vpa],
    ['pn', payee.name],
    ['am', majorWithTwoDecimals(payment.amountMinor)],
    ['cu', 'INR'],
    ['tr', payment.reference],
    ['tn', note],
  ];
  return `upi://pay?${params.map(([key, value]) => `${key}=${encodeUpiValue(value)}`).join('&')}`;
}

/** encodeURIComponent, but '@' (legal in a query, RFC 3986) stays as it is: UPI apps read `pa=lender@upi`. */
function encodeUpiValue(value: string): string {
  return encodeURIComponent(value).replace(/%40/g, '@');
}
