import { formatMoney } from '../format.ts';

/** An amount of minor units in pesos; negative amounts keep their sign. */
export function Money({ minor }: { minor: number }) {
  return <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{formatMoney(minor)}</span>;
}
