/** Amounts as the screens show them: minor units / 100 with 2 decimals, in the request's currency. */
import { PESO_SYMBOL } from '@cashloan/contract';

/** '₱5605.00', '-₹2.50' — integer arithmetic, never a float. */
export function moneyText(minor: number, symbol: string = PESO_SYMBOL): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${symbol}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export type MoneyText = (minor: number) => string;
export const moneyTextIn = (symbol: string): MoneyText => (minor) => moneyText(minor, symbol);
