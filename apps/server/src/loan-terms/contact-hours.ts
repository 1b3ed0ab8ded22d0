/**
 * When the lender may text a borrower about a loan: never between 22:00 and 06:00 in the lender's
 * time zone of the loan's market (Manila by default, Kolkata for India; the rule on collection contact, in one place). A message that falls due then
 * waits for 06:00. Pure: the reminder job (modules/reminders) asks here before every send.
 */
import type { Market } from '@cashloan/contract';
import { lenderDay, lenderDayStartsAt } from './calendar.ts';

/** The first quiet hour (22:00) and the first allowed hour of the morning (06:00), lender time. */
export const QUIET_FROM_HOUR = 22;
export const QUIET_UNTIL_HOUR = 6;
const HOUR_MS = 3_600_000;

/** Milliseconds since the start of the lender day `at` falls on. */
function lenderTimeOfDay(at: Date, market: Market): number {
  return at.getTime() - lenderDayStartsAt(lenderDay(at, market), market).getTime();
}

/** Whether `at` falls in the quiet hours (22:00 inclusive to 06:00 exclusive, lender time). */
export function isQuietHour(at: Date, market: Market = 'PH'): boolean {
  const t = lenderTimeOfDay(at, market);
  return t >= QUIET_FROM_HOUR * HOUR_MS || t < QUIET_UNTIL_HOUR * HOUR_MS;
}

/** `at` itself outside the quiet hours, otherwise the 06:00 that ends them (at most 8 hours later). */
export function nextAllowedMoment(at: Date, market: Market = 'PH'): Date {
  if (!isQuietHour(at, market)) return at;
  const day = lenderDay(at, market);
  const morningOf = lenderTimeOfDay(at, market) >= QUIET_FROM_HOUR * HOUR_MS ? day + 1 : day;
  return new Date(lenderDayStartsAt(morningOf, market).getTime() + QUIET_UNTIL_HOUR * HOUR_MS);
}
