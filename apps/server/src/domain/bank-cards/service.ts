/**
 * The bank-cards room's door: a borrower's bound payout accounts and the cards they repay with, read
 * and written with masked numbers only (the protected forms come from card-numbers.ts; the one decrypt
 * is payout-account.ts; adding a repayment card is card-on-file.ts). SQL stays in store.ts.
 */
import type { Queryable } from '../../platform/db/client.ts';
import { lastFourOnly } from './card-numbers.ts';
import { eraseAccountsOf } from './store.ts';

export {
  cardsOfOrderPayCodes,
  currentAccount,
  currentAccountIs,
  findAccount,
  findBorrowerCard,
  insertAccount,
  listAccounts,
  listBorrowerCards,
  replaceCurrentAccounts,
  type AccountRow,
  type BoundVia,
  type NewAccount,
  type RepaymentCard,
} from './store.ts';

/** The erasure run's part (issue 39, store.ts): last 4 digits kept, the form's fields gone, the sealed number kept only while the law keeps the records. */
export async function eraseAccounts(tx: Queryable, borrowerId: number, keepSealed: boolean): Promise<number> {
  return eraseAccountsOf(tx, borrowerId, (masked) => lastFourOnly(masked), keepSealed);
}
