import type { BookCurrency } from '@cashloan/contract/staff/books';
import { formatMoney } from '../format.ts';

/** An amount of minor units in its currency (pesos unless said); negative amounts keep their sign. */
export function Money({ minor, currency }: { minor: number; currency?: BookCurrency }) {
  return <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{formatMoney(minor, currency)}</span>;
}
