/** Demo data of the card repayment: a bank card the demo borrower can repay by card with. */
import type { Queryable } from '../../platform/db/client.ts';
import type { CardData } from '../../providers/card-data/card-data.ts';
import { addRepaymentCard } from '../../domain/bank-cards/card-on-file.ts';

/** A test number of the sandbox (no real account); only its masked form and keyed hash are stored. */
export const DEMO_REPAYMENT_CARD = { bankName: 'BDO Unibank', bankCode: 'BDO', cardNo: '4000123412344821' } as const;

export async function seedDemoRepaymentCard(tx: Queryable, cardData: CardData, borrowerId: number, now: Date): Promise<void> {
  await addRepaymentCard(tx, cardData, { borrowerId, ...DEMO_REPAYMENT_CARD, now });
}
