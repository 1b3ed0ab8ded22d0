/** Demo recommendation cards for the seeded catalogue (db/seed.ts calls this after the products exist). */
import type { Queryable } from '../../platform/db/client.ts';
import { insertRecommendation, type NewRecommendation } from './store.ts';

/** One card per seeded product, in the catalogue's order (PesoNow Cash, Plus, Installment, Salary Loan). */
const CARDS: Array<Omit<NewRecommendation, 'productId' | 'sort'>> = [
  {
    rangeText: '₱1,000 - ₱5,000',
    rangeDesc: 'Loan amount',
    rate: 'Daily interest 0.10%',
    description: 'Money in your account within 1 to 3 days of approval.',
    tags: ['Fast approval', 'No collateral'],
  },
  {
    rangeText: '₱2,000 - ₱10,000',
    rangeDesc: 'Loan amount',
    rate: 'Daily interest 0.08%',
    description: 'A bigger loan for repeat borrowers, repaid in 120 days.',
    tags: ['Higher amount', '120 days'],
  },
  {
    rangeText: '₱5,000 - ₱20,000',
    rangeDesc: 'Loan amount',
    rate: 'Monthly interest 1.5%',
    description: 'Repay in 3 monthly instalments.',
    tags: ['3 instalments', 'Lower payments'],
  },
  {
    rangeText: '₱10,000 - ₱30,000',
    rangeDesc: 'Loan amount',
    rate: 'Monthly interest 1.2%',
    description: 'For salaried employees: 12 monthly instalments.',
    tags: ['12 instalments', 'For employees'],
  },
];

export async function seedRecommendedProducts(db: Queryable, productIds: number[]): Promise<void> {
  for (const [sort, productId] of productIds.entries()) {
    const card = CARDS[sort];
    if (card) await insertRecommendation(db, { ...card, productId, sort });
  }
}
