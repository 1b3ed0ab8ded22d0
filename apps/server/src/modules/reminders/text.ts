/**
 * The words of an SMS payment reminder: neutral only (SEC Memorandum Circular 18 s2019 on fair debt
 * collection: no threats, no shaming, never a word about contacting anyone else). Every text names the
 * brand, the order number, the amount due now, the due date as YYYY-MM-DD on the order's market calendar
 * (never "in 3 days": a text sent late must stay true), how to pay and how to stop the reminders, in
 * plain GSM 7-bit characters.
 */
import type { Market } from '@cashloan/contract';
import { DEFAULT_LANG, type Lang } from '@cashloan/contract/i18n';
import { smsSentences } from '../../platform/i18n/sms-text.ts';

import { grievanceLine, smsMoneyText } from '../../loan-terms/debt-sms-text.ts';
import { isOverdueKind, type ReminderKind } from './schedule.ts';

export { SMS_PESO, SMS_RUPEE, grievanceLine, smsMoneyText } from '../../loan-terms/debt-sms-text.ts';

export const HOW_TO_PAY = 'To pay, open the app and tap Repayment, or pay at a partner outlet with a pay code.';
export const HOW_TO_STOP = 'Reply STOP to stop these reminders.';
/** A payment and a reminder can cross. */
export const ALREADY_PAID = 'If you have paid already, please ignore this message.';

/**
 * Words no reminder uses (the tests check every text against them): threats, shaming, the contact of
 * third parties, and relative dates that a late send would make untrue.
 */
export const NEVER_IN_A_REMINDER: readonly string[] = [
  'legal',
  'court',
  'police',
  'arrest',
  'jail',
  'prison',
  'sue',
  'lawsuit',
  'threat',
  'warning',
  'final notice',
  'shame',
  'blacklist',
  'collector',
  'family',
  'friend',
  'relative',
  'employer',
  'contacts',
  'neighbo',
  'in 3 days',
  'tomorrow',
];

export interface ReminderFacts {
  brand: string;
  orderNo: string;
  /** The order's amount due now (its position's currentDueMinor), in minor units (centavos, paise). */
  amountDueMinor: number;
  /** The instalment's due date, YYYY-MM-DD on the order's market calendar. */
  dueOn: string;
  /** The order's market: its currency code and grouping (the Philippines when absent). */
  market?: Market;
  /** India: the borrower's grievance officer, named in every recovery message (RBI). */
  grievanceOfficer?: string;
}

/**
 * The reminder in `lang` (the language the loan was confirmed in; English by default), sentence by
 * sentence from the catalogue; India's names the grievance officer (the contact guard checks a
 * message carries that line, in the message's language).
 */
export function reminderText(kind: ReminderKind, f: ReminderFacts, lang: Lang = DEFAULT_LANG): string {
  const lead = isOverdueKind(kind)
    ? `${f.brand}: the payment for your loan ${f.orderNo} was due on ${f.dueOn} and is overdue since that date.`
    : `${f.brand}: a reminder that the payment for your loan ${f.orderNo} is due on ${f.dueOn}.`;
  const grievance = f.market === 'IN' && f.grievanceOfficer ? grievanceLine(f.grievanceOfficer) : '';
  return smsSentences(lang, [lead, `Amount due: ${smsMoneyText(f.amountDueMinor, f.market ?? 'PH')}.`, HOW_TO_PAY, ALREADY_PAID, grievance, HOW_TO_STOP]);
}
