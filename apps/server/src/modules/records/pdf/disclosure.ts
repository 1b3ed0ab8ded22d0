/**
 * The Disclosure Statement (Key Fact Statement for the rupee) exactly as stored at confirmation, in
 * the language the borrower confirmed in: its stored texts as they were, the page's own words
 * translated (docs/i18n.md).
 */
import { costCapRows } from '@cashloan/contract/cost-cap';
import { textIn } from '../../../platform/i18n/answer-texts.ts';
import type { ConfirmedDisclosureBody, ConfirmedDocumentRow } from '../../../domain/orders/service.ts';
import { moneyTextIn } from '../../../loan-terms/money-text.ts';
import { renderPdf, type PdfBytes, type PdfFrame } from './layout.ts';

const percent = (bp: number) => `${(bp / 100).toFixed(2)}%`;

export function disclosurePdf(frame: PdfFrame, stored: ConfirmedDocumentRow): Promise<PdfBytes> {
  const body = JSON.parse(stored.body) as ConfirmedDisclosureBody;
  const d = body.disclosure;
  // Written in the currency the borrower confirmed in: the document is what they saw.
  const money = moneyTextIn(body.currency);
  const lang = body.lang ?? 'en';
  return renderPdf({ ...frame, lang }, (w) => {
    // The writer puts each label into the document's language (layout.ts); the cap's values are texts too.
    w.paragraph('These are the costs of the loan as shown to the borrower and confirmed before the loan was made.');
    w.heading('Cost of the loan');
    w.row('Amount financed', money(d.amountFinanced));
    for (const charge of d.financeCharges) w.row(`Finance charge: ${charge.text}`, money(charge.amount));
    w.row('Total finance charge', money(d.totalFinanceCharge), { bold: true });
    w.row('Net proceeds of the loan', money(d.netProceeds));
    w.row('Total of payments', money(d.totalOfPayments), { bold: true });
    w.row('Effective interest rate, monthly', percent(d.eirMonthlyBp));
    w.row('Effective interest rate, yearly', percent(d.eirAnnualBp));
    if (d.aprBp !== null) w.row('Annual percentage rate (APR)', percent(d.aprBp));
    if (d.costCap) for (const r of costCapRows(d.costCap, money)) w.row(r.text, textIn(lang, r.value));
    if (d.coolingOff) {
      w.gap();
      w.heading('Cooling-off period');
      w.paragraph(d.coolingOff);
    }
    w.gap();
    w.heading('Repayment schedule as confirmed');
    w.columns(['No.', 'Due date', 'Amount'], { bold: true });
    d.schedule.forEach((line, i) => w.columns([String(i + 1), line.pay_time, money(line.amount)]));
  });
}
