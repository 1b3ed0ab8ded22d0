/**
 * Dates as the spec shows them (section 1): year-month-day, optionally with hours:minutes:seconds.
 *
 * Time-zone rule: every date is shown on the lender's calendar of the page's market, which follows
 * the page parameter `real` exactly as the currency does (money.ts currencySymbol): real=1 is the
 * rupee, India, Asia/Kolkata (UTC+05:30); anything else is the peso, the Philippines, Asia/Manila
 * (UTC+08:00). Neither zone has daylight saving (Manila none since 1978, India none since 1945), so a
 * fixed offset (MARKET_CALENDAR in the contract) is exact and needs no Intl time-zone data in old webviews.
 * Why not the phone's zone: the dates borrowers read here are business dates — due dates, repayment
 * dates, order times — that the contract, the SMS reminders, the collection agents and the server all
 * count on the market's calendar. A due date of 2024-03-10 00:00 Manila is 2024-03-09 on a phone set to
 * UTC (and many phones have the wrong zone), which would tell the borrower the wrong day to pay. One
 * calendar per market also makes the screens match what the server writes for the same page (it
 * writes dates on the calendar of the request's `real`) and what customer service sees.
 *
 * Accepted inputs: a Date; epoch milliseconds (a number or a string of digits); an ISO-like string
 * 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm[:ss[.sss]]' or with 'T' (also with '/' separators). A string with
 * 'Z' or an offset is an exact instant; a string without one is already the market's wall-clock time
 * (what the server writes for this page). Anything else formats as '' rather than as a guess.
 */
import { MARKET_CALENDAR, marketOfCurrency, type Market } from '@cashloan/contract/common';
import { currencySymbol } from './money.ts';

/** The page's market: India when real=1 (the rupee), otherwise the Philippines — the currency's rule. */
export function pageMarket(real?: string | null): Market {
  return marketOfCurrency(currencySymbol(real));
}

/** The IANA name of the lender's zone in a market ('Asia/Manila', 'Asia/Kolkata'); the page's by default. */
export function lenderTimeZone(market: Market = pageMarket()): string {
  return MARKET_CALENDAR[market].timeZone;
}

const offsetMs = (market: Market) => MARKET_CALENDAR[market].utcOffsetMinutes * 60_000;

export type DateInput = Date | string | number | null | undefined;

const ISO_LIKE =
  /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** The instant (epoch ms) a value names, or undefined when it names none; a zoneless string is the market's wall time. */
export function toEpochMs(value: DateInput, market: Market = pageMarket()): number | undefined {
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
  return wall - zoneOffsetMs(m[8], market);
}

function finite(ms: number): number | undefined {
  return Number.isFinite(ms) && Math.abs(ms) <= 8.64e15 ? ms : undefined;
}

/** The offset of a zone designator; no designator means the market's wall time. */
function zoneOffsetMs(zone: string | undefined, market: Market): number {
  if (zone === undefined) return offsetMs(market);
  if (zone.toUpperCase() === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0')) * 60_000;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'YYYY-MM-DD' (or 'YYYY-MM-DD HH:mm:ss' with withTime) on the market's calendar (the page's by default); '' when not a date. */
export function formatDate(value: DateInput, options: { withTime?: boolean; market?: Market } = {}): string {
  const market = options.market ?? pageMarket();
  const ms = toEpochMs(value, market);
  if (ms === undefined) return '';
  // Shift to the market's zone and read the UTC fields: the result does not depend on the phone's zone.
  const d = new Date(ms + offsetMs(market));
  const date = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  if (!options.withTime) return date;
  return `${date} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** 'YYYY-MM-DD HH:mm:ss' on the market's calendar (the page's by default); '' when not a date. */
export function formatDateTime(value: DateInput, market: Market = pageMarket()): string {
  return formatDate(value, { withTime: true, market });
}
