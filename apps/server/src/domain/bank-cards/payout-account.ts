/**
 * The one way to read a payout account's number whole: disbursement, which sends the loan to it
 * (the coming staff back office calls it; docs/bind-bank.md). Everything else shows card_no_masked.
 */
import type { Queryable } from '../../platform/db/client.ts';
import type { CardData } from '../../providers/card-data/card-data.ts';
import { payoutContext } from './card-numbers.ts';
import { findEncryptedNumber } from './store.ts';

/**
 * The account's number, or null when the row does not exist or keeps no number (a repayment card,
 * or a form without one). A number that does not open (wrong key, altered value) throws: never a
 * wrong number.
 */
export async function payoutAccountNumber(deps: { db: Queryable; cardData: CardData }, accountId: number): Promise<string | null> {
  const row = await findEncryptedNumber(deps.db, accountId);
  if (!row?.cardNoEncrypted) return null;
  return deps.cardData.open(row.cardNoEncrypted, payoutContext(row.borrowerId));
}
