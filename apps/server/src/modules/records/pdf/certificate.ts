/** The certificate of full payment of a settled loan. */
import type { MoneyText } from '../../../loan-terms/money-text.ts';
import type { Borrower } from '../../../domain/borrowers/service.ts';
import type { OrderRow } from '../../../domain/orders/service.ts';
import { maskPhone } from '../mask.ts';
import { renderPdf, type PdfBytes, type PdfFrame } from './layout.ts';

export function certificatePdf(frame: PdfFrame, order: OrderRow, borrower: Pick<Borrower, 'name' | 'mobilePhone'>, money: MoneyText): Promise<PdfBytes> {
  const who = borrower.name.trim() || `the holder of mobile number ${maskPhone(borrower.mobilePhone)}`;
  const settled = order.settledAt ?? order.updatedAt;
  const { date } = frame.dates;
  return renderPdf(frame, (w) => {
    w.paragraph(
      `${frame.lender.name} certifies that ${who} has repaid loan ${order.orderNo} (${order.productName}) in full on ${date(settled)}. Nothing remains owed on this loan.`,
    );
    w.row('Principal', money(order.principalMinor));
    w.row('Interest and service fee', money(order.interestMinor + order.feeMinor));
    w.row('Late charges and fees', money(order.extraChargesMinor));
    w.row('Total repaid', money(order.paidMinor), { bold: true });
    w.row('Date of full repayment', date(settled));
  });
}
