/** The demo catalogue's loan products (seed/demo.ts composes the demo from the rooms' seeds). */
import type { Queryable } from '../../platform/db/client.ts';
import { insertProduct } from './product-store.ts';

/** Cash-loan products; amounts in minor units (centavos), rates per 10 000 of principal. */
const PRODUCTS = [
  { name: 'PesoNow Cash', logo: '/logos/pesonow-cash.svg', rateDesc: 'Daily interest 0.10%', amountMinor: 500_000, termDays: 91, periods: 1, interestBp: 910, serviceFeeBp: 300, rolloverFeeBp: 1_500 },
  { name: 'PesoNow Plus', logo: '/logos/pesonow-plus.svg', rateDesc: 'Daily interest 0.08%', amountMinor: 1_000_000, termDays: 120, periods: 1, interestBp: 960, serviceFeeBp: 300, rolloverFeeBp: 1_200 },
  { name: 'PesoNow Installment', logo: '/logos/pesonow-installment.svg', rateDesc: 'Monthly interest 1.5%, 3 instalments', amountMinor: 2_000_000, termDays: 180, periods: 3, interestBp: 900, serviceFeeBp: 250, rolloverFeeBp: 1_000 },
  { name: 'PesoNow Salary Loan', logo: '/logos/pesonow-salary.svg', rateDesc: 'Monthly interest 1.2%, 12 instalments', amountMinor: 3_000_000, termDays: 365, periods: 12, interestBp: 1_440, serviceFeeBp: 200, rolloverFeeBp: 800 },
] as const;

/** Inserts the demo products; answers their ids in display order. */
export async function seedProducts(db: Queryable): Promise<number[]> {
  const ids: number[] = [];
  for (const [sort, p] of PRODUCTS.entries()) ids.push(await insertProduct(db, { ...p, sort }));
  return ids;
}
