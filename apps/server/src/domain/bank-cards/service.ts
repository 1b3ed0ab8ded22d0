/**
 * The bank-cards room's door: a borrower's bound payout accounts and the cards they repay with, read
 * and written with masked numbers only (the protected forms come from card-numbers.ts; the one decrypt
 * is payout-account.ts; adding a repayment card is card-on-file.ts). SQL stays in store.ts.
 */
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
