/** Demo data of the repayment family: a bank card the demo borrower can repay by card with. */
import type { Queryable } from '../../db/client.ts';
import { insertRepaymentCard } from './store.ts';

/** A test number of the sandbox (no real account); only its last 4 digits are ever shown. */
export const DEMO_REPAYMENT_CARD = { bankName: 'BDO Unibank', bankCode: 'BDO', cardNo: '4000123412344821' } as const;

export async function seedDemoRepaymentCard(db: Queryable, borrowerId: number, now: Date): Promise<void> {
  await insertRepaymentCard(db, { borrowerId, ...DEMO_REPAYMENT_CARD, now });
}
