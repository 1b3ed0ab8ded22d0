/** The order's current repayment plan: each instalment's due date, amount, what is paid, and where it stands. */
import { lenderDay } from '../../../loan-terms/calendar.ts';
import type { MoneyText } from '../../../loan-terms/money-text.ts';
import type { OrderRow, OrderView } from '../../../domain/orders/service.ts';
import { renderPdf, type PdfBytes, type PdfFrame } from './layout.ts';

/** Overdue as the ledger counts it (loan-terms, the Philippine calendar), whatever calendar the dates are written on. */
export function instalmentStatus(p: OrderRow['plan'][number], now: Date): string {
  if (p.settledAt !== null) return 'Paid';
  if (lenderDay(p.dueAt) < lenderDay(now)) return 'Overdue';
  return p.paidMinor > 0 ? 'Part paid' : 'Open';
}

export function schedulePdf(frame: PdfFrame, order: OrderRow, view: OrderView, now: Date, money: MoneyText): Promise<PdfBytes> {
  const { date } = frame.dates;
  return renderPdf(frame, (w) => {
    w.paragraph(
      order.disbursedAt
        ? `The repayment plan of this loan as it stands today. Principal ${money(order.principalMinor)}, paid out on ${date(order.disbursedAt)}.`
        : `The repayment plan of this loan if it is paid out today. Principal ${money(order.principalMinor)}.`,
    );
    w.columns(['No. / due date', 'Amount', 'Paid', 'Status'], { bold: true });
    for (const p of order.plan) w.columns([`${p.seq}   ${date(p.dueAt)}`, money(p.amountMinor), money(p.paidMinor), instalmentStatus(p, now)]);
    w.gap();
    w.row('Total of the plan', money(order.plan.reduce((sum, p) => sum + p.amountMinor, 0)), { bold: true });
    if (view.position && view.position.totalOwedMinor > 0) {
      w.row('Owed today, late charges included', money(view.position.totalOwedMinor));
    }
    if (order.rolloverCount > 0) w.paragraph(`The due dates were extended ${order.rolloverCount} time(s); the dates above are the current ones.`);
  });
}
