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
  const say = (text: string) => textIn(lang, text);
  return renderPdf({ ...frame, lang }, (w) => {
    w.paragraph(say('These are the costs of the loan as shown to the borrower and confirmed before the loan was made.'));
    w.heading(say('Cost of the loan'));
    w.row(say('Amount financed'), money(d.amountFinanced));
    for (const charge of d.financeCharges) w.row(say(`Finance charge: ${charge.text}`), money(charge.amount));
    w.row(say('Total finance charge'), money(d.totalFinanceCharge), { bold: true });
    w.row(say('Net proceeds of the loan'), money(d.netProceeds));
    w.row(say('Total of payments'), money(d.totalOfPayments), { bold: true });
    w.row(say('Effective interest rate, monthly'), percent(d.eirMonthlyBp));
    w.row(say('Effective interest rate, yearly'), percent(d.eirAnnualBp));
    if (d.aprBp !== null) w.row(say('Annual percentage rate (APR)'), percent(d.aprBp));
    if (d.costCap) for (const r of costCapRows(d.costCap, money)) w.row(say(r.text), say(r.value));
    if (d.coolingOff) {
      w.gap();
      w.heading(say('Cooling-off period'));
      w.paragraph(d.coolingOff);
    }
    w.gap();
    w.heading(say('Repayment schedule as confirmed'));
    w.columns([say('No.'), say('Due date'), say('Amount')], { bold: true });
    d.schedule.forEach((line, i) => w.columns([String(i + 1), line.pay_time, money(line.amount)]));
  });
}
