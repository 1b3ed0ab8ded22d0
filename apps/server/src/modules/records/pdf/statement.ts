/**
 * The statement of account: every charge and payment of the order to date with the running balance.
 * The loan's principal, interest and service fee; the late charges and rollover fees each payment
 * booked; each payment, and the part of one beyond what was owed, held as credit; late charges
 * accrued and not booked yet; and what is owed today.
 */
import type { DateText } from '../../../loan-terms/date-text.ts';
import type { MoneyText } from '../../../loan-terms/money-text.ts';
import type { OrderRow, OrderView } from '../../../domain/orders/service.ts';
import type { PaymentFact } from '../service.ts';
import { textIn } from '../../../platform/i18n/answer-texts.ts';
import { renderPdf, type PdfBytes, type PdfFrame } from './layout.ts';

export interface StatementLine {
  date: string;
  text: string;
  charge: number;
  payment: number;
}

/** The statement's lines, oldest first; the balance runs over them; dates written by `date` (the request market's calendar). */
export function statementLines(order: OrderRow, view: OrderView, facts: PaymentFact[], { date }: DateText): StatementLine[] {
  const start = date(order.disbursedAt ?? order.createdAt);
  const lines: StatementLine[] = [
    { date: start, text: 'Principal', charge: order.principalMinor, payment: 0 },
    { date: start, text: 'Interest', charge: order.interestMinor, payment: 0 },
    { date: start, text: 'Service fee', charge: order.feeMinor, payment: 0 },
  ];
  const paid = facts.filter((f) => f.status === 'paid').sort((a, b) => a.paidAtDate.getTime() - b.paidAtDate.getTime() || (a.paymentId ?? 0) - (b.paymentId ?? 0));
  let booked = 0;
  for (const f of paid) {
    const day = f.paidAt.slice(0, 10);
    if (f.bookedCharges > 0) lines.push({ date: day, text: 'Late charges and fees booked', charge: f.bookedCharges, payment: 0 });
    booked += f.bookedCharges;
    lines.push({ date: day, text: `Payment ${f.reference} (${f.channel})`, charge: 0, payment: f.amount });
    // Beyond what the order owed: held as the borrower's credit, so it takes nothing off the balance.
    const held = f.allocation?.unapplied ?? 0;
    if (held > 0) lines.push({ date: day, text: `Held as credit from payment ${f.reference} (beyond what was owed)`, charge: 0, payment: -held });
  }
  // Charges booked and money received outside the payments listed (an order the dev ops API made
  // already part-paid or settled) keep the balance true to the ledger.
  if (order.extraChargesMinor > booked) lines.push({ date: date(order.updatedAt), text: 'Other charges booked', charge: order.extraChargesMinor - booked, payment: 0 });
  const recorded = paid.reduce((sum, f) => sum + f.amount - (f.allocation?.unapplied ?? 0), 0);
  if (order.paidMinor > recorded) lines.push({ date: date(order.updatedAt), text: 'Paid before these records were kept', charge: 0, payment: order.paidMinor - recorded });
  if (order.cancellation) {
    // Cancelled in the cooling-off period: the interest for the unused days and the fee are not owed.
    const waived = order.interestMinor - order.cancellation.keptInterestMinor + order.feeMinor;
    lines.push({ date: date(order.cancellation.at), text: 'Cancelled in the cooling-off period: interest for unused days and service fee waived', charge: -waived, payment: 0 });
  }
  const p = view.position;
  const accrued = p ? p.overdueInterestMinor + p.penaltyMinor : 0;
  if (accrued > 0) lines.push({ date: '', text: 'Late charges accrued to date, not yet booked', charge: accrued, payment: 0 });
  return lines;
}

export function statementPdf(frame: PdfFrame, order: OrderRow, view: OrderView, facts: PaymentFact[], money: MoneyText): Promise<PdfBytes> {
  const lines = statementLines(order, view, facts, frame.dates);
  return renderPdf(frame, (w) => {
    w.paragraph(`Every charge and payment of loan ${order.orderNo} (${order.productName}) to date.`);
    w.columns(['Date / item', 'Charge', 'Payment', 'Balance'], { bold: true });
    let balance = 0;
    for (const l of lines) {
      balance += l.charge - l.payment;
      // The item's text in the document's language before its date is put in front of it.
      w.columns([`${l.date} ${textIn(frame.lang ?? 'en', l.text)}`.trim(), l.charge ? money(l.charge) : '', l.payment ? money(l.payment) : '', money(balance)]);
    }
    w.gap();
    const totals = lines.reduce((t, l) => ({ charges: t.charges + l.charge, payments: t.payments + l.payment }), { charges: 0, payments: 0 });
    w.row('Total charges', money(totals.charges));
    w.row('Total payments', money(totals.payments));
    const owed = view.position?.totalOwedMinor ?? Math.max(0, balance);
    w.row('Balance owed today', money(owed), { bold: true });
    const held = facts.reduce((sum, f) => sum + (f.status === 'paid' ? (f.allocation?.unapplied ?? 0) : 0), 0);
    if (held > 0) w.row('Credit held for the borrower', money(held));
  });
}
