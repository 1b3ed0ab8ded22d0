/**
 * Business days on the lender's calendar: Monday to Friday, except the lender's holidays
 * (LENDER_HOLIDAYS, config.ts). The one place the market's "N business days" is counted: the
 * complaint's promised answer (docs/complaints.md) and the back office's "past review" both use it.
 */
import { isoDateToDay, lenderDay, lenderDayStartsAt } from './calendar.ts';

/** The lender's holidays as lender day numbers (see holidayCalendar). */
export type Holidays = ReadonlySet<number>;

export function holidayCalendar(dates: readonly string[]): Holidays {
  return new Set(dates.map(isoDateToDay));
}

export const NO_HOLIDAYS: Holidays = new Set();

/** 0 Sunday … 6 Saturday, of a lender day number (day 0, 1970-01-01, was a Thursday). */
export const weekdayOf = (day: number) => (((day + 4) % 7) + 7) % 7;

export function isBusinessDay(day: number, holidays: Holidays): boolean {
  const weekday = weekdayOf(day);
  return weekday !== 0 && weekday !== 6 && !holidays.has(day);
}

/** The lender day that is the `count`-th business day after `day` (strictly after it; day itself never counts). */
export function addBusinessDays(day: number, count: number, holidays: Holidays): number {
  let at = day;
  for (let counted = 0; counted < count; ) {
    at += 1;
    if (isBusinessDay(at, holidays)) counted += 1;
  }
  return at;
}

/** The first business day strictly after the lender day `at` falls on. */
export function nextBusinessDay(at: Date, holidays: Holidays): number {
  return addBusinessDays(lenderDay(at), 1, holidays);
}

/** The last millisecond of the `count`-th business day after the lender day of `at`. */
export function businessDaysDeadline(at: Date, count: number, holidays: Holidays): Date {
  return new Date(lenderDayStartsAt(addBusinessDays(lenderDay(at), count, holidays) + 1).getTime() - 1);
}

/** Business days strictly after `from` up to and including `to` (lender day numbers). */
export function businessDaysBetween(from: number, to: number, holidays: Holidays): number {
  let n = 0;
  for (let day = from + 1; day <= to; day += 1) if (isBusinessDay(day, holidays)) n += 1;
  return n;
}
