/**
 * The consent ledger's door (issue 39, docs/privacy.md): per borrower and purpose, each grant and
 * withdrawal with its time, channel and the text shown (its version), and the state now. Every sender
 * asks here first (`hasConsent`, `borrowersConsenting`): a withdrawn purpose stops at once. Whether a
 * withdrawal is allowed (loan servicing while a loan is open) is loan-terms/data-rights.ts's rule, asked
 * by the caller that knows the borrower's loans.
 */
import { CONSENT_PURPOSES, CONSENT_TEXTS, SIGN_UP_CONSENT_PURPOSES, type ConsentPurpose } from '@cashloan/contract';
import { DEFAULT_LANG, type Lang } from '@cashloan/contract/i18n';
import { textIn } from '../../platform/i18n/answer-texts.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { borrowerIdsWithPhone } from './store.ts';
import { consentStates, insertConsentEvent, type ConsentChannel } from './consent-store.ts';

export { borrowersConsenting, consentEventsOf, consentStates, type ConsentChannel, type ConsentEventRow } from './consent-store.ts';

/**
 * Records a grant or a withdrawal with the text shown now, in the language it was shown in (`lang`:
 * the catalogue's translation of the version's words, English without one); nothing when the purpose
 * is in that state already (the first moment is kept). A withdrawal of a purpose never granted is
 * recorded too: the ledger shows the borrower's choice. Answers whether the state changed.
 */
export async function recordConsent(
  tx: Queryable,
  c: { borrowerId: number; purpose: ConsentPurpose; granted: boolean; channel: ConsentChannel; at: Date; lang?: Lang },
): Promise<boolean> {
  const now = (await consentStates(tx, c.borrowerId, { forUpdate: true })).get(c.purpose);
  if (now && now.granted === c.granted) return false;
  const text = CONSENT_TEXTS[c.purpose];
  const textShown = textIn(c.lang ?? DEFAULT_LANG, text.text);
  await insertConsentEvent(tx, { borrowerId: c.borrowerId, purpose: c.purpose, granted: c.granted, channel: c.channel, textVersion: text.version, textShown, at: c.at });
  return true;
}

/** Whether the borrower has granted this purpose and not withdrawn it. */
export async function hasConsent(db: Queryable, borrowerId: number, purpose: ConsentPurpose): Promise<boolean> {
  return (await consentStates(db, borrowerId)).get(purpose)?.granted === true;
}

/**
 * What a new borrower grants by signing up: the purposes the sign-up shows before Register (loan
 * servicing and payment reminders, SIGN_UP_CONSENT_PURPOSES); marketing only when ticked. Their
 * words are recorded in the language the sign-up showed them in.
 */
export async function recordSignUpConsents(tx: Queryable, borrowerId: number, at: Date, options: { marketing?: boolean; lang?: Lang | undefined } = {}): Promise<void> {
  const shown: readonly ConsentPurpose[] = SIGN_UP_CONSENT_PURPOSES;
  for (const purpose of CONSENT_PURPOSES) {
    const granted = shown.includes(purpose) || (purpose === 'marketing' && options.marketing === true);
    if (granted) await recordConsent(tx, { borrowerId, purpose, granted, channel: 'sign-up', at, ...(options.lang ? { lang: options.lang } : {}) });
  }
}

/**
 * The borrower's SMS reply STOP (withdraw) or START (grant again) of payment reminders, for every
 * borrower holding the phone. Answers the borrowers holding it.
 */
export async function replyToReminders(tx: Queryable, phone: string, granted: boolean, at: Date): Promise<number[]> {
  const ids = await borrowerIdsWithPhone(tx, phone);
  for (const borrowerId of ids) await recordConsent(tx, { borrowerId, purpose: 'payment_reminders', granted, channel: 'sms', at });
  return ids;
}
