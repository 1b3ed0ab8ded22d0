/**
 * Adding a card a borrower repays with (the ops API and the demo seed). The number is kept only as
 * its masked form and its keyed hash: the same card added again is recognised by the hash and
 * answered as the card already on file, not stored twice.
 */
import type { Queryable } from '../../platform/db/client.ts';
import { numberHash } from './card-numbers.ts';
import type { CardData } from '../../providers/card-data/card-data.ts';
import { lockBorrower } from '../borrowers/service.ts';
import { findRepaymentCardByHash, insertRepaymentCard, maskCardNo, type RepaymentCard } from './store.ts';

export interface NewRepaymentCard {
  borrowerId: number;
  bankName: string;
  bankCode: string;
  /** The whole number as typed: used for the mask and the hash here, and dropped. */
  cardNo: string;
  now: Date;
}

/** Call inside a transaction: the borrower's lock then keeps two simultaneous additions of one card to one row. */
export async function addRepaymentCard(tx: Queryable, cardData: CardData, c: NewRepaymentCard): Promise<{ card: RepaymentCard; added: boolean }> {
  const cardNoHash = numberHash(cardData, c.cardNo);
  if (cardNoHash === null) throw new Error('A repayment card needs a number');
  await lockBorrower(tx, c.borrowerId);
  const onFile = await findRepaymentCardByHash(tx, c.borrowerId, cardNoHash);
  if (onFile) return { card: onFile, added: false };
  const card = await insertRepaymentCard(tx, { borrowerId: c.borrowerId, bankName: c.bankName, bankCode: c.bankCode, maskedNo: maskCardNo(c.cardNo), cardNoHash, now: c.now });
  return { card, added: true };
}
