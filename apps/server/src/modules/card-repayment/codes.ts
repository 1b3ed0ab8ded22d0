/**
 * How many verification codes a card repayment may send and check, counted on the lender's side
 * (issue 18, docs/security.md). A provider may reset its own count of wrong tries whenever it sends
 * a new code, so these bounds are ours and hold whatever it does:
 * - per repayment: CODE_CHECKS_PER_REPAYMENT codes checked (after that many wrong ones it is dead and
 *   a new repayment is needed); the first code plus CODE_RESENDS_PER_REPAYMENT resends, at most one
 *   every SMS_RESEND_SECONDS;
 * - per borrower over 24 hours: CODES_SENT_PER_DAY codes sent and CODE_CHECKS_PER_DAY checked.
 * A send or a check is counted before the provider is asked, under the borrower's row lock, so no
 * order or overlap of calls gets past a bound.
 */
import { SMS_RESEND_SECONDS } from '@cashloan/contract';
import type { Queryable } from '../../platform/db/client.ts';
import { DAY_MS } from '../../platform/clock/clock.ts';
import { refused, tooMany, type ApiError } from '../../platform/http/api-error.ts';
import { lockBorrower } from '../../domain/borrowers/service.ts';
import { codeUsage, findRepayment, moveRepayment, recordCodeEvent, type CardRepayment } from './store.ts';

export const CODE_CHECKS_PER_REPAYMENT = 5;
export const CODE_RESENDS_PER_REPAYMENT = 5;
export const CODES_SENT_PER_DAY = 10;
export const CODE_CHECKS_PER_DAY = 15;

export const CODE_MESSAGES = {
  checksUsed: 'Too many wrong codes. For your safety this payment was stopped. Please start the repayment again.',
  resendsUsed: 'No more new codes can be sent for this payment. Please enter the last code we sent, or start the repayment again.',
  sendsToday: 'Too many verification codes were sent today. Please try again tomorrow or pay with a repayment code.',
  checksToday: 'Too many wrong verification codes today. Please try again tomorrow or pay with a repayment code.',
} as const;

const dayBefore = (now: Date) => new Date(now.getTime() - DAY_MS);

/** Why the borrower may not start a card repayment that sends a code now (null: they may). No lock: a hint before anything is made. */
export async function codeLimitReached(db: Queryable, borrowerId: number, now: Date): Promise<ApiError | null> {
  const usage = await codeUsage(db, borrowerId, null, dayBefore(now));
  if (usage.sentSince >= CODES_SENT_PER_DAY) return tooMany(CODE_MESSAGES.sendsToday);
  if (usage.checkedSince >= CODE_CHECKS_PER_DAY) return tooMany(CODE_MESSAGES.checksToday);
  return null;
}

/**
 * Counts a code about to be sent for a repayment waiting for one. False (nothing is sent) when it no
 * longer waits, or when its last code went out less than SMS_RESEND_SECONDS ago: a repeat inside the
 * countdown is the same commit again (a double tap, a retry), answered as before. Refused when its
 * resends are used up or the borrower's codes of the day are. Run inside a transaction.
 */
export async function claimCodeSend(tx: Queryable, repaymentId: number, now: Date): Promise<boolean> {
  const repayment = await findRepayment(tx, repaymentId);
  if (!repayment) return false;
  await lockBorrower(tx, repayment.borrowerId);
  if ((await findRepayment(tx, repaymentId))?.status !== 'pending') return false;
  const usage = await codeUsage(tx, repayment.borrowerId, repayment.id, dayBefore(now));
  const sinceLast = usage.lastSentAt ? now.getTime() - usage.lastSentAt.getTime() : Infinity;
  if (sinceLast < SMS_RESEND_SECONDS * 1000) return false;
  if (usage.sentForRepayment >= 1 + CODE_RESENDS_PER_REPAYMENT) throw tooMany(CODE_MESSAGES.resendsUsed);
  if (usage.sentSince >= CODES_SENT_PER_DAY) throw tooMany(CODE_MESSAGES.sendsToday);
  await recordCodeEvent(tx, { borrowerId: repayment.borrowerId, repaymentId: repayment.id, kind: 'sent', at: now });
  return true;
}

/**
 * Counts the code about to be checked for a repayment, inside the transaction that claims it; the
 * refusal is returned, not thrown, so what it writes is kept. A repayment whose checks are used up is
 * closed (it needs a new one); the borrower's checks of the day refuse it without closing it.
 */
export async function claimCodeCheck(tx: Queryable, repayment: CardRepayment, now: Date): Promise<ApiError | null> {
  await lockBorrower(tx, repayment.borrowerId);
  const usage = await codeUsage(tx, repayment.borrowerId, repayment.id, dayBefore(now));
  if (usage.checkedForRepayment >= CODE_CHECKS_PER_REPAYMENT) {
    await moveRepayment(tx, repayment.id, ['pending', 'confirming'], 'failed', { failureMessage: CODE_MESSAGES.checksUsed, claimedAt: null }, now);
    return refused(CODE_MESSAGES.checksUsed);
  }
  if (usage.checkedSince >= CODE_CHECKS_PER_DAY) return tooMany(CODE_MESSAGES.checksToday);
  await recordCodeEvent(tx, { borrowerId: repayment.borrowerId, repaymentId: repayment.id, kind: 'checked', at: now });
  return null;
}

/** After a wrong code: whether it was the repayment's last check (then it is closed and needs a new repayment). */
export async function closeIfChecksUsed(tx: Queryable, repayment: CardRepayment, now: Date): Promise<boolean> {
  const usage = await codeUsage(tx, repayment.borrowerId, repayment.id, dayBefore(now));
  if (usage.checkedForRepayment < CODE_CHECKS_PER_REPAYMENT) return false;
  return moveRepayment(tx, repayment.id, ['confirming'], 'failed', { failureMessage: CODE_MESSAGES.checksUsed, claimedAt: null }, now);
}
