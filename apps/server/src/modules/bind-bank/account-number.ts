/**
 * Account numbers on the bank form: which fields hold one, which one payouts go to, and the masked
 * form every answer, every stored copy and the back office show.
 */
import type { BankFormItem } from '@cashloan/contract';

/** The field whose value payouts go to: stored only encrypted (bank_cards.card_no_encrypted) and hashed, never in the clear. */
export const PAYOUT_NUMBER_FIELD = 'cardNo';
/** The least digits a number must have before its last 4 are shown. */
const SHOW_LAST_FROM = 8;
const SHOWN_DIGITS = 4;

/** Bank card and phone inputs hold account numbers (an account, or the mobile number of an e-wallet). */
export function holdsAccountNumber(item: Pick<BankFormItem, 'cate' | 'inputType'>): boolean {
  return item.cate === 'txt' && (item.inputType === 'bankCard' || item.inputType === 'phone');
}

/**
 * The number with every digit but the last 4 replaced by '*' (every digit when it has fewer than 8),
 * grouped like the screen groups it: a phone 3-4-4, anything else in fours counted from the end.
 * '001234567890' → '**** **** 7890'; '09171234567' (phone) → '*** **** 4567'.
 */
export function maskNumber(digits: string, inputType: BankFormItem['inputType']): string {
  const shown = digits.length >= SHOW_LAST_FROM ? SHOWN_DIGITS : 0;
  const masked = '*'.repeat(digits.length - shown) + digits.slice(digits.length - shown);
  if (inputType === 'phone' && masked.length === 11) return `${masked.slice(0, 3)} ${masked.slice(3, 7)} ${masked.slice(7)}`;
  const groups: string[] = [];
  for (let end = masked.length; end > 0; end -= 4) groups.unshift(masked.slice(Math.max(0, end - 4), end));
  return groups.join(' ');
}
