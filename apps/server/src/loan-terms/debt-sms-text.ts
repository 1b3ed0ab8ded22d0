/**
 * The words every SMS about a debt shares (the reminders' and the collectors' templates): amounts
 * in GSM-safe characters, the grievance officer's line India requires in every recovery message, and
 * the label a disputed debt carries (SEC MC 18 s2019, Section 1).
 */
import { currencyOfMarket, type Market } from '@cashloan/contract';
import type { Lang } from '@cashloan/contract/i18n';
import { textIn } from '../platform/i18n/answer-texts.ts';
import { moneyText } from './money-text.ts';

/**
 * Amounts written with the ISO code and grouped as the market reads them, 'PHP 8,286.50' and
 * 'INR 1,23,456.00', not '₱8,286.50': neither ₱ nor ₹ is in the GSM 7-bit alphabet, and one character
 * outside it sends the whole text as UCS-2 (70 characters a part instead of 160), five parts instead of two.
 */
export const SMS_PESO = 'PHP ';
export const SMS_RUPEE = 'INR ';
const SMS_CURRENCY: Record<Market, string> = { PH: SMS_PESO, IN: SMS_RUPEE };

/** An amount as a reminder writes it: the market's grouping (groupedMoneyText) behind its GSM-safe code. */
export function smsMoneyText(minor: number, market: Market = 'PH'): string {
  const symbol = currencyOfMarket(market);
  return moneyText(minor, symbol).replace(symbol, SMS_CURRENCY[market]);
}
export const grievanceLine = (officer: string) => `Grievance officer: ${officer}.`;

/** Opens every message about a debt the borrower disputes. */
export const DISPUTED_LINE = 'This amount is disputed and under review.';

/**
 * The two lines the law asks of a message about a debt, as a message in `lang` writes them (the
 * catalogue's 'server' texts): what the reminders and the collectors' templates add, and what the
 * contact guard is told to look for.
 */
export const debtLinesIn = (lang: Lang, grievanceOfficer: string) => ({
  disputed: textIn(lang, DISPUTED_LINE),
  grievance: textIn(lang, grievanceLine(grievanceOfficer)),
});
