/** Amounts as the screens show them: minor units / 100 with 2 decimals, grouped, in the request's currency. */
import { PESO_SYMBOL, groupedMoneyText } from '@cashloan/contract';

/** '5605.00', '-2.50': major units with 2 decimals and no symbol — integer arithmetic, never a float. */
export function majorUnits(minor: number): string {
  const abs = Math.abs(minor);
  return `${minor < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** '₱5,605.00', '₹1,23,456.00', '-₹2.50': grouped as the market reads amounts (groupedMoneyText). */
export function moneyText(minor: number, symbol: string = PESO_SYMBOL): string {
  // Intl's grouping is the dearest part of a screen's text, and a screen writes the same few amounts
  // again and again (issue 42): each text is kept once written, per currency.
  let texts = keptTexts.get(symbol);
  if (!texts) keptTexts.set(symbol, (texts = new Map()));
  let text = texts.get(minor);
  if (text === undefined) {
    text = groupedMoneyText(minor < 0, String(Math.abs(minor)), symbol);
    if (texts.size >= KEPT_TEXTS) texts.clear();
    texts.set(minor, text);
  }
  return text;
}
const keptTexts = new Map<string, Map<number, string>>();
/** At most this many amounts are kept per currency (all are dropped at once past it). */
const KEPT_TEXTS = 20_000;

export type MoneyText = (minor: number) => string;
export const moneyTextIn = (symbol: string): MoneyText => (minor) => moneyText(minor, symbol);
