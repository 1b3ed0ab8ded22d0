/**
 * The borrowers room's door for the rest of the server: finding and making borrowers, their newest
 * session, and the borrower's row lock that other rooms serialise one borrower's work on. The
 * session check itself, and the caller kind the modules mount their calls with (borrowerCalls), are
 * session.ts. SQL stays in store.ts.
 */
import { randomBytes } from 'node:crypto';
import type { SessionParams } from '@cashloan/contract';
import type { Queryable } from '../../platform/db/client.ts';
import { createSession } from './session.ts';
import { recordSignUpConsents } from './consents.ts';
import { DEFAULT_MERCHANT, insertBorrower, type NewBorrower } from './store.ts';

export {
  DEFAULT_MERCHANT,
  borrowerIdsWithPhone,
  borrowerIdsWithPhonePart,
  findBorrower,
  findBorrowerByPhone,
  findBorrowerRecord,
  findBorrowers,
  hasBorrowers,
  latestSession,
  lockBorrower,
  reminderContacts,
  remindersStoppedAt,
  searchBorrowers,
  setBorrowerLang,
  setBorrowerName,
  type BorrowerRecord,
  type NewBorrower,
} from './store.ts';
export { createSession, type Borrower, type SessionBorrower } from './session.ts';

/** Makes a borrower and a session for them: the five session parameters a page is opened with. */
export async function createBorrowerWithSession(
  db: Queryable,
  input: NewBorrower,
  now: Date,
  ttlDays: number,
): Promise<{ borrowerId: number; session: SessionParams }> {
  const merchantNumber = input.merchantNumber ?? DEFAULT_MERCHANT;
  const userId = input.userId ?? newUserId();
  const borrowerId = await insertBorrower(db, { userId, merchantNumber, mobilePhone: input.mobilePhone, name: input.name ?? '', isRepeat: input.isRepeat ?? false, now, lang: input.lang });
  // Signing up grants loan servicing and payment reminders (the sign-up shows their texts); marketing only when ticked.
  await recordSignUpConsents(db, borrowerId, now, { marketing: input.marketingConsent === true, lang: input.lang });
  const deviceId = input.deviceId ?? 'demo-device';
  const sessionId = await createSession(db, borrowerId, deviceId, now, ttlDays);
  return { borrowerId, session: { deviceId, userId, sessionId, merchantNumber, mobilePhone: input.mobilePhone } };
}

/**
 * 64 random bits: the old time-plus-20-bits id collided about once in 1,000 borrowers made within one
 * millisecond of each other (found by the loan state-machine model, which resets the clock).
 */
function newUserId(): string {
  return `U${randomBytes(8).readBigUInt64BE().toString(36).toUpperCase()}`;
}

