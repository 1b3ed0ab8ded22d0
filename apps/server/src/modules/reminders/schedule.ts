/**
 * The SMS payment reminder schedule, pure. Each unpaid instalment of a loan being repaid gets up to
 * five reminders, each keyed by its due date: 3 days before it, on the day, and 1, 3 and 7 days
 * overdue (lender calendar days). A reminder becomes sendable at 06:00 lender time on its day, the
 * opening of the Philippines' contact hours (loan-terms/contact-guard.ts), so a send at any allowed hour of the day is
 * on time.
 *
 * Catch-up: a pass sends, per instalment, only the LATEST kind whose moment has come. When the job
 * missed days (the server was down), the older kinds it missed are never sent: a borrower gets one
 * current message, never a burst of stale ones.
 *
 * Kept here rather than in loan-terms/: it is this family's rule of communication, not money; the
 * quiet hours, which any contact with a borrower must respect, are in loan-terms/.
 */
import { lenderDayStartsAt } from '../../loan-terms/calendar.ts';
import { CONTACT_HOURS } from '../../loan-terms/contact-guard.ts';

export const REMINDER_KINDS = ['before_3', 'due', 'overdue_1', 'overdue_3', 'overdue_7'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** Each kind's day, in lender calendar days from the instalment's due day. */
export const REMINDER_DAY_OFFSET: Record<ReminderKind, number> = { before_3: -3, due: 0, overdue_1: 1, overdue_3: 3, overdue_7: 7 };

/** The moment a kind becomes sendable for an instalment due on lender day `dueDay`: 06:00 of its day. */
export function sendableFrom(dueDay: number, kind: ReminderKind): Date {
  return new Date(lenderDayStartsAt(dueDay + REMINDER_DAY_OFFSET[kind]).getTime() + CONTACT_HOURS.PH.fromHour * 3_600_000);
}

/** The latest kind whose moment has come at `now` (the only one a pass may send); null before the first. */
export function latestSendableKind(dueDay: number, now: Date): ReminderKind | null {
  let latest: ReminderKind | null = null;
  for (const kind of REMINDER_KINDS) if (sendableFrom(dueDay, kind) <= now) latest = kind;
  return latest;
}

/** How many lender days before its due day an instalment may get its first reminder. */
export const FIRST_REMINDER_DAYS_BEFORE = -REMINDER_DAY_OFFSET.before_3;

export const isOverdueKind = (kind: ReminderKind) => REMINDER_DAY_OFFSET[kind] > 0;
