/**
 * Dates as the spec shows them (section 1): year-month-day, optionally with hours:minutes:seconds.
 *
 * Time-zone rule: every date is shown on the lender's calendar, Asia/Manila (UTC+08:00, no daylight
 * saving since 1978, so a fixed offset is exact and needs no Intl time-zone data in old webviews).
 * Why not the phone's zone: the dates borrowers read here are business dates — due dates, repayment
 * dates, order times — that the contract, the SMS reminders, the collection agents and the server all
 * count on the Manila calendar. A due date of 2024-03-10 00:00 Manila is 2024-03-09 on a phone set to
 * UTC or India time (and many phones have the wrong zone), which would tell the borrower the wrong day
 * to pay. One calendar for everyone also makes the screens match what customer service sees.
 *
 * Accepted inputs: a Date; epoch milliseconds (a number or a string of digits); an ISO-like string
 * 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm[:ss[.sss]]' or with 'T' (also with '/' separators). A string with
 * 'Z' or an offset is an exact instant; a string without one is already Manila wall-clock time (what a
 * server in Manila writes). Anything else formats as '' rather than as a guess.
 */

export const LENDER_TIME_ZONE = 'Asia/Manila';
const LENDER_OFFSET_MS = 8 * 60 * 60 * 1000;

export type DateInput = Date | string | number | null | undefined;

const ISO_LIKE =
  /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** The instant (epoch ms) a value names, or undefined when it names none. */
export function toEpochMs(value: DateInput): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date) return finite(value.getTime());
  if (typeof value === 'number') return finite(value);
  const text = value.trim();
  if (/^\d+$/.test(text)) return finite(Number(text));
  const m = ISO_LIKE.exec(text);
  if (!m) return undefined;
  const [year, month, day, hour = 0, minute = 0, second = 0] = m.slice(1, 7).map((part) => (part === undefined ? undefined : Number(part)));
  const millis = m[7] ? Number(m[7].slice(0, 3).padEnd(3, '0')) : 0;
  if (month! < 1 || month! > 12 || hour > 23 || minute > 59 || second > 59) return undefined;
  const wall = Date.UTC(year!, month! - 1, day!, hour, minute, second, millis);
  // Date.UTC rolls 2023-02-30 over to March: a day that does not exist is rejected instead.
  if (new Date(wall).getUTCDate() !== day) return undefined;
  return wall - zoneOffsetMs(m[8]);
}

function finite(ms: number): number | undefined {
  return Number.isFinite(ms) && Math.abs(ms) <= 8.64e15 ? ms : undefined;
}

/** The offset of a zone designator; no designator means Manila wall time. */
function zoneOffsetMs(zone: string | undefined): number {
  if (zone === undefined) return LENDER_OFFSET_MS;
  if (zone.toUpperCase() === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0')) * 60_000;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'YYYY-MM-DD' (or 'YYYY-MM-DD HH:mm:ss' with withTime) on the Manila calendar; '' when not a date. */
export function formatDate(value: DateInput, options: { withTime?: boolean } = {}): string {
  const ms = toEpochMs(value);
  if (ms === undefined) return '';
  // Shift to Manila and read the UTC fields: the result does not depend on the phone's zone.
  const d = new Date(ms + LENDER_OFFSET_MS);
  const date = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  if (!options.withTime) return date;
  return `${date} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** 'YYYY-MM-DD HH:mm:ss' on the Manila calendar; '' when not a date. */
export function formatDateTime(value: DateInput): string {
  return formatDate(value, { withTime: true });
}
