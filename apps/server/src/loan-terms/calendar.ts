/**
 * The lender's calendar. Every "day" in the money rules (days overdue, days until due, days since
 * disbursement) is a calendar day in the lender's time zone, not a 24-hour span: a loan due on
 * 5 March is one day overdue from 00:00 on 6 March Manila time, whatever the hour it was disbursed.
 */
import { DAY_MS } from '../platform/clock/clock.ts';

/** Asia/Manila, UTC+8 all year (no daylight saving). An India deployment would use +330. */
export const LENDER_UTC_OFFSET_MINUTES = 8 * 60;
const OFFSET_MS = LENDER_UTC_OFFSET_MINUTES * 60_000;

/** The lender calendar day a moment falls on, as a day number (days since 1970-01-01 local). */
export function lenderDay(at: Date): number {
  return Math.floor((at.getTime() + OFFSET_MS) / DAY_MS);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: Date, to: Date): number {
  return lenderDay(to) - lenderDay(from);
}

export function addDays(at: Date, days: number): Date {
  return new Date(at.getTime() + days * DAY_MS);
}

/** The first millisecond of the lender day `at` falls on (the back office's "today"). */
export function startOfLenderDay(at: Date): Date {
  return new Date(lenderDay(at) * DAY_MS - OFFSET_MS);
}

/** The first millisecond of lender day number `day` (the inverse of lenderDay). */
export function lenderDayStartsAt(day: number): Date {
  return new Date(day * DAY_MS - OFFSET_MS);
}

/** The last millisecond of the lender day `at` falls on (pay-code quotes hold until then). */
export function endOfLenderDay(at: Date): Date {
  return new Date((lenderDay(at) + 1) * DAY_MS - OFFSET_MS - 1);
}

/** 'YYYY-MM-DD' of a lender day number. */
export function dayToIsoDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The lender day number of a 'YYYY-MM-DD' date. */
export function isoDateToDay(date: string): number {
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (!Number.isFinite(ms)) throw new Error(`Not a date: ${date}`);
  return Math.round(ms / DAY_MS);
}

/** 'YYYY-MM-DD HH:mm:ss' in the lender's time zone, as the screens show times. */
export function lenderDateTime(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}
