/** Amounts as the screens show them: minor units / 100 with 2 decimals, grouped, in the request's currency. */
import { PESO_SYMBOL, groupedMoneyText } from '@cashloan/contract';
import { keptAnswers } from '../platform/kept-answers.ts';

/** '5605.00', '-2.50': major units with 2 decimals and no symbol — integer arithmetic, never a float. */
export function majorUnits(minor: number): string {
  const abs = Math.abs(minor);
  return `${minor < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** '₱5,605.00', '₹1,23,456.00', '-₹2.50': grouped as the market reads amounts (groupedMoneyText). */
export function moneyText(minor: number, symbol: string = PESO_SYMBOL): string {
  // Intl's grouping is the dearest part of a screen's text, and a screen writes the same few amounts
  // again and again (issue 42): each text is kept once written, per currency.
  let textOf = keptTexts.get(symbol);
  if (!textOf) keptTexts.set(symbol, (textOf = keptAnswers((amount: number) => groupedMoneyText(amount < 0, String(Math.abs(amount)), symbol))));
  return textOf(minor);
}
const keptTexts = new Map<string, (minor: number) => string>();

export type MoneyText = (minor: number) => string;
export const moneyTextIn = (symbol: string): MoneyText => (minor) => moneyText(minor, symbol);
