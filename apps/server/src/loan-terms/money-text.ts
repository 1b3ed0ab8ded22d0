/** Amounts as the screens show them: minor units / 100 with 2 decimals, in the request's currency. */
import { PESO_SYMBOL } from '@cashloan/contract';

/** '5605.00', '-2.50': major units with 2 decimals and no symbol — integer arithmetic, never a float. */
export function majorUnits(minor: number): string {
  const abs = Math.abs(minor);
  return `${minor < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** '₱5605.00', '-₹2.50'. */
export function moneyText(minor: number, symbol: string = PESO_SYMBOL): string {
  return `${minor < 0 ? '-' : ''}${symbol}${majorUnits(Math.abs(minor))}`;
}

export type MoneyText = (minor: number) => string;
export const moneyTextIn = (symbol: string): MoneyText => (minor) => moneyText(minor, symbol);
