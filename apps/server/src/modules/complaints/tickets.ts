/**
 * A complaint's reference, read out over the phone: CMP-YYYYMMDD-NNNN, the lender-calendar date it was
 * filed and that day's sequence (4 digits, more after the 9 999th of a day). The sequence is taken from
 * the day's counter row inside the filing's transaction (store.ts takeTicketSequence), so it is unique
 * and gap-free per day across concurrent filings and server processes.
 */
import type { Queryable } from '../../platform/db/client.ts';
import { dayToIsoDate, lenderDay } from '../../loan-terms/calendar.ts';
import { takeTicketSequence } from './store.ts';

export const TICKET_PATTERN = /^CMP-\d{8}-\d{4,}$/;

export const formatTicketNo = (isoDay: string, sequence: number) => `CMP-${isoDay.replaceAll('-', '')}-${String(sequence).padStart(4, '0')}`;

/** The next reference of the lender day `now` falls on; call inside the transaction that files the complaint. */
export async function takeTicketNo(tx: Queryable, now: Date): Promise<string> {
  const day = dayToIsoDate(lenderDay(now));
  return formatTicketNo(day, await takeTicketSequence(tx, day));
}
