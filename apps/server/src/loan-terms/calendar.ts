/**
 * The lender's calendar. Every "day" in the money rules (days overdue, days until due, days since
 * disbursement) is a calendar day in the lender's time zone, not a 24-hour span: a loan due on
 * 5 March is one day overdue from 00:00 on 6 March Manila time, whatever the hour it was disbursed.
 */
import { MARKET_CALENDAR, type Market } from '@cashloan/contract';
import { DAY_MS } from '../platform/clock/clock.ts';
import { keptAnswers } from '../platform/kept-answers.ts';

/**
 * Each function takes the market whose calendar it counts on: Asia/Manila (UTC+8) for the
 * Philippines, the default, and Asia/Kolkata (UTC+5:30) for India. Neither has daylight saving.
 */
export const LENDER_UTC_OFFSET_MINUTES = MARKET_CALENDAR.PH.utcOffsetMinutes;
const offsetMs = (market: Market) => MARKET_CALENDAR[market].utcOffsetMinutes * 60_000;

/** The lender calendar day a moment falls on, as a day number (days since 1970-01-01 local). */
export function lenderDay(at: Date, market: Market = 'PH'): number {
  return Math.floor((at.getTime() + offsetMs(market)) / DAY_MS);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: Date, to: Date, market: Market = 'PH'): number {
  return lenderDay(to, market) - lenderDay(from, market);
}

export function addDays(at: Date, days: number): Date {
  return new Date(at.getTime() + days * DAY_MS);
}

/** The first millisecond of the lender day `at` falls on (the back office's "today"). */
export function startOfLenderDay(at: Date, market: Market = 'PH'): Date {
  return new Date(lenderDay(at, market) * DAY_MS - offsetMs(market));
}

/** The first millisecond of lender day number `day` (the inverse of lenderDay). */
export function lenderDayStartsAt(day: number, market: Market = 'PH'): Date {
  return new Date(day * DAY_MS - offsetMs(market));
}

/** The last millisecond of the lender day `at` falls on (pay-code quotes hold until then). */
export function endOfLenderDay(at: Date, market: Market = 'PH'): Date {
  return new Date((lenderDay(at, market) + 1) * DAY_MS - offsetMs(market) - 1);
}

/** 'YYYY-MM-DD' of a lender day number; kept once written, as every screen writes the same few days again and again (issue 42). */
export const dayToIsoDate: (day: number) => string = keptAnswers((day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10));

/** The lender day number of a 'YYYY-MM-DD' date. */
export function isoDateToDay(date: string): number {
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (!Number.isFinite(ms)) throw new Error(`Not a date: ${date}`);
  return Math.round(ms / DAY_MS);
}

/** 'YYYY-MM-DD HH:mm:ss' in the lender's time zone, as the screens show times. */
export function lenderDateTime(at: Date, market: Market = 'PH'): string {
  return new Date(at.getTime() + offsetMs(market)).toISOString().slice(0, 19).replace('T', ' ');
}

/** 'YYYY-MM-DD' of the lender day a moment falls on in the market ('' for none). */
export function lenderDate(at: Date | null, market: Market = 'PH'): string {
  return at ? dayToIsoDate(lenderDay(at, market)) : '';
}
