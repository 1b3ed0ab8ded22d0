/**
 * Money as the spec shows it (section 1): amounts travel in minor units (centavos / paise) and are
 * shown as value / 100 with exactly 2 decimals, the whole units grouped in the market's convention. The split is done on the decimal digits, never by
 * dividing a float, so 1999 is always '19.99' and never '19.990000000000002'.
 */
import { currencySymbolFor, groupedMoneyText } from '@cashloan/contract/common';
import { pageParam } from '../params/page-params.ts';

export { PESO_SYMBOL, RUPEE_SYMBOL } from '@cashloan/contract/common';

/** The currency symbol: the rupee when the page parameter real equals 1, otherwise the peso. */
export function currencySymbol(real: string | null | undefined = pageParam('real')): string {
  return currencySymbolFor(real?.trim());
}

export type MinorAmount = number | string | null | undefined;

/** Sign and integer digits (no leading zeros) of a minor-unit amount; undefined when it is not a number. */
export function minorDigits(value: MinorAmount): { negative: boolean; digits: string } | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') {
    const text = value.trim();
    // Integer strings of any length are split as text, so big amounts never lose precision.
    const integer = /^([+-]?)(\d+)$/.exec(text);
    if (integer) return normalise(integer[1] === '-', integer[2]!);
    if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(text)) return undefined;
    return minorDigits(Number(text));
  }
  if (!Number.isFinite(value)) return undefined;
  // Minor units should be whole; a fractional value (float arithmetic upstream) is rounded half up.
  const whole = Math.round(value);
  if (!Number.isSafeInteger(whole)) return undefined;
  return normalise(whole < 0, String(Math.abs(whole)));
}

function normalise(negative: boolean, digits: string): { negative: boolean; digits: string } {
  const trimmed = digits.replace(/^0+(?=\d)/, '');
  return { negative: negative && trimmed !== '0', digits: trimmed };
}

/**
 * A minor-unit amount as major units with 2 decimals: 1999 → '19.99', 5 → '0.05', -250 → '-2.50'.
 * Returns '' for a missing or non-numeric value, so a page never shows 'NaN'.
 */
export function formatMinor(value: MinorAmount): string {
  const parsed = minorDigits(value);
  if (!parsed) return '';
  const padded = parsed.digits.padStart(3, '0');
  return `${parsed.negative ? '-' : ''}${padded.slice(0, -2)}.${padded.slice(-2)}`;
}

/**
 * A minor-unit amount with the currency symbol, grouped as the market reads it: '₱8,286.50',
 * '₹1,23,456.00', '-₱2.50' ('' when not a number).
 */
export function formatMoney(value: MinorAmount, symbol: string = currencySymbol()): string {
  const parsed = minorDigits(value);
  return parsed ? groupedMoneyText(parsed.negative, parsed.digits, symbol) : '';
}
