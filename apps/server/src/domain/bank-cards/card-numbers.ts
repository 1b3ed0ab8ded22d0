/**
 * What bank_cards keeps instead of a card or account number (migration 016): the masked number
 * (made by each writer), a keyed hash that tells the same number again, and, for a payout account
 * only, the number encrypted and bound to its borrower. Shared by the bank screen, the repayment
 * cards and the conversion of rows written before.
 */
import type { CardData } from '../../providers/card-data/card-data.ts';

const digitsOf = (number: string): string => number.replace(/\D/g, '');

/** The keyed hash "same number" is decided by (spaces and dashes do not count); null without digits. */
export function numberHash(cardData: CardData, number: string): string | null {
  const digits = digitsOf(number);
  return digits === '' ? null : cardData.hash(digits);
}

/** Where an encrypted payout number belongs: it does not open as another borrower's. */
export const payoutContext = (borrowerId: number): string => `bank_cards.borrower:${borrowerId}`;

export interface ProtectedPayoutNumber {
  cardNoHash: string | null;
  cardNoEncrypted: string | null;
}

/** A payout account's number as stored: hashed and encrypted; both null when the form has none. */
export function protectPayoutNumber(cardData: CardData, borrowerId: number, number: string): ProtectedPayoutNumber {
  const cardNoHash = numberHash(cardData, number);
  return { cardNoHash, cardNoEncrypted: cardNoHash === null ? null : cardData.seal(number, payoutContext(borrowerId)) };
}

const SHOWN_DIGITS = 4;

/**
 * A masked number as the back office shows it: every digit but the last 4 is '*', whatever the
 * stored mask kept (the masks written today keep no more, so they come back unchanged).
 */
export function lastFourOnly(masked: string): string {
  let shown = 0;
  const kept = [...masked].reverse().map((ch) => (/\d/.test(ch) && shown++ >= SHOWN_DIGITS ? '*' : ch));
  return kept.reverse().join('');
}

/** The last 4 digits of a masked number ('**** **** 7890' → '7890'): what the screens say a payout goes to. */
export function lastFourDigits(masked: string): string {
  return masked.replace(/\D/g, '').slice(-4);
}
