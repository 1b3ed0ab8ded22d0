/**
 * The rows every side shows of a capped offer's legal cap (confirmation details, the web's
 * disclosure, the PDF, the back office), in words; `cap` is the disclosure's costCap
 * (loan-confirmation.ts). Apart from common.ts so that only the pages that show it carry it.
 */
import { fillText, type TextValues } from './i18n.ts';

export function costCapRows(
  cap: { maxTotalCostMinor: number; lateMonthlyBp: number; law: string },
  money: (minor: number) => string,
  /** Fills the values' places: the page's `t` writes them in its language; the server translates its answers whole. */
  text: (english: string, values: TextValues) => string = fillText,
): Array<{ text: string; value: string }> {
  return [
    {
      text: 'Most this loan can ever cost',
      value: text('{amount} (interest, fees and late charges together; {law})', { amount: money(cap.maxTotalCostMinor), law: cap.law }),
    },
    { text: 'Late charges', value: text('At most {percent}% a month of the amount due, counted day by day', { percent: cap.lateMonthlyBp / 100 }) },
  ];
}
