/** Amounts as the screens show them: minor units / 100 with 2 decimals, grouped, in the request's currency. */
import { PESO_SYMBOL, groupedMoneyText } from '@cashloan/contract';

/** '5605.00', '-2.50': major units with 2 decimals and no symbol — integer arithmetic, never a float. */
export function majorUnits(minor: number): string {
  const abs = Math.abs(minor);
  return `${minor < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** '₱5,605.00', '₹1,23,456.00', '-₹2.50': grouped as the market reads amounts (groupedMoneyText). */
export function moneyText(minor: number, symbol: string = PESO_SYMBOL): string {
  return groupedMoneyText(minor < 0, String(Math.abs(minor)), symbol);
}

export type MoneyText = (minor: number) => string;
export const moneyTextIn = (symbol: string): MoneyText => (minor) => moneyText(minor, symbol);
