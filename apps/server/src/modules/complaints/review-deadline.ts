/**
 * When a complaint's review is due: the spec promises a review within 3 weekdays (section 9). The
 * deadline is the end of the third lender-calendar weekday after the day it was filed (Saturdays and
 * Sundays do not count; a complaint filed on a weekend counts from the Monday).
 */
import { DAY_MS } from '../../platform/clock/clock.ts';
import { LENDER_UTC_OFFSET_MINUTES, lenderDay } from '../../loan-terms/calendar.ts';

export const REVIEW_WEEKDAYS = 3;
const OFFSET_MS = LENDER_UTC_OFFSET_MINUTES * 60_000;

/** 0 Sunday … 6 Saturday, of a lender day number (day 0, 1970-01-01, was a Thursday). */
const weekday = (day: number) => (((day + 4) % 7) + 7) % 7;
const isWeekend = (day: number) => weekday(day) === 0 || weekday(day) === 6;

export function reviewDueAt(filedAt: Date): Date {
  let day = lenderDay(filedAt);
  for (let counted = 0; counted < REVIEW_WEEKDAYS; ) {
    day += 1;
    if (!isWeekend(day)) counted += 1;
  }
  // The last millisecond of that lender day.
  return new Date((day + 1) * DAY_MS - OFFSET_MS - 1);
}

/** Waiting for a reply and past its promised review. */
export const pastReview = (filedAt: Date, repliedAt: Date | null, now: Date) => repliedAt === null && now.getTime() > reviewDueAt(filedAt).getTime();
