/**
 * When the lender may text a borrower about a loan: inside the market's contact hours of the contact
 * guard (contact-guard.ts, the one place they are written): 06:00–22:00 Manila for the Philippines,
 * 08:00–19:00 Kolkata for India. The reminder job (modules/reminders) schedules its own messages in
 * them; outside them it sends nothing, and a message that falls due then waits for them to open.
 */
import type { Market } from '@cashloan/contract';
import { CONTACT_HOURS, nextContactHour, withinContactHours } from './contact-guard.ts';

/** The first allowed hour of the morning in the Philippines (06:00), from which a reminder's day counts. */
export const QUIET_UNTIL_HOUR = CONTACT_HOURS.PH.fromHour;

/** Whether `at` falls outside the market's contact hours. */
export function isQuietHour(at: Date, market: Market = 'PH'): boolean {
  return !withinContactHours(at, market);
}

/** `at` itself inside the contact hours, otherwise the moment they next open. */
export function nextAllowedMoment(at: Date, market: Market = 'PH'): Date {
  return nextContactHour(at, market);
}
