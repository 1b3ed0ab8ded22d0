/**
 * When a complaint's review is due: the spec promises a review within 3 weekdays (section 9), counted
 * here in business days of the lender's calendar (loan-terms/business-days.ts: no weekends, no
 * LENDER_HOLIDAYS). The deadline is the end of the third business day after the day it was filed (a
 * complaint filed on a weekend or holiday counts from the next business day).
 */
import { businessDaysDeadline, holidayCalendar, nextBusinessDay, type Holidays } from '../../loan-terms/business-days.ts';
import { lenderDayStartsAt } from '../../loan-terms/calendar.ts';

export const REVIEW_WEEKDAYS = 3;

/** The lender's holidays of the configuration (LENDER_HOLIDAYS). */
export const lenderHolidays = (config: { LENDER_HOLIDAYS: readonly string[] }): Holidays => holidayCalendar(config.LENDER_HOLIDAYS);

export function reviewDueAt(filedAt: Date, holidays: Holidays): Date {
  return businessDaysDeadline(filedAt, REVIEW_WEEKDAYS, holidays);
}

/** Waiting for a reply and past its promised review. */
export const pastReview = (filedAt: Date, repliedAt: Date | null, now: Date, holidays: Holidays) =>
  repliedAt === null && now.getTime() > reviewDueAt(filedAt, holidays).getTime();

/**
 * received: filed, before the first business day after the filing day starts (no agent works on it
 * yet); inReview: from then until the reply; answered: replied.
 */
export type ComplaintState = 'received' | 'inReview' | 'answered';
export function complaintState(filedAt: Date, repliedAt: Date | null, now: Date, holidays: Holidays): ComplaintState {
  if (repliedAt !== null) return 'answered';
  return now.getTime() < lenderDayStartsAt(nextBusinessDay(filedAt, holidays)).getTime() ? 'received' : 'inReview';
}
