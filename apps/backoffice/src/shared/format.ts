/** How the back office writes money, times, market days and order statuses. */
import { MARKET_CALENDAR } from '@cashloan/contract/common';
import { ORDER_STATUS, type OrderStatus } from '@cashloan/contract/routes';
import type { BookCurrency } from '@cashloan/contract/staff/books';

/** The lender's time zone: every time on screen is the lender's, whatever the staff computer says. */
export const LENDER_TIME_ZONE = 'Asia/Manila';

/** Each currency in its market's locale: pesos grouped by thousands, rupees by lakhs and crores. */
const MONEY_FORMATS: Record<BookCurrency, Intl.NumberFormat> = {
  PHP: new Intl.NumberFormat('en-PH', { style: 'currency', currency: 'PHP' }),
  INR: new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }),
};

/** Minor units as money with 2 decimals, pesos unless said: 560500 → ₱5,605.00; (12345600, 'INR') → ₹1,23,456.00. */
export function formatMoney(minor: number, currency: BookCurrency = 'PHP'): string {
  return MONEY_FORMATS[currency].format(minor / 100);
}

/** Pesos typed by staff → whole centavos (rounded, so 0.1 + 0.2 does not become 30.000000000000004). */
export function pesosToMinor(pesos: number): number {
  return Math.round(pesos * 100);
}

const dateTimeParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: LENDER_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An ISO date and time as yyyy-mm-dd hh:mm in the lender's time zone; '' for none, the text itself if unreadable. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const part = Object.fromEntries(dateTimeParts.formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}

const marketDayParts: Record<BookCurrency, Intl.DateTimeFormat> = {
  PHP: new Intl.DateTimeFormat('en-CA', { timeZone: MARKET_CALENDAR.PH.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  INR: new Intl.DateTimeFormat('en-CA', { timeZone: MARKET_CALENDAR.IN.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
};

/** The market day (yyyy-mm-dd) of a currency at an instant: the books' day is Manila's for pesos, Kolkata's for rupees. */
export function marketDay(currency: BookCurrency, at: Date = new Date()): string {
  const part = Object.fromEntries(marketDayParts[currency].formatToParts(at).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day}`;
}

/** A calendar day (yyyy-mm-dd) moved by whole days: ('2025-03-01', -1) → '2025-02-28'. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A lender's calendar day (yyyy-mm-dd) as the first or last instant of it, for a date-range filter. */
export function lenderDayStart(day: string): string {
  return `${day}T00:00:00+08:00`;
}
export function lenderDayEnd(day: string): string {
  return `${day}T23:59:59.999+08:00`;
}

/** What each order status means, as staff say it (docs/statuses.md). */
export const ORDER_STATUS_TITLES: Record<OrderStatus, string> = {
  [ORDER_STATUS.inReview]: 'In review',
  [ORDER_STATUS.disbursing]: 'Approved, disbursing',
  [ORDER_STATUS.rejected]: 'Rejected',
  [ORDER_STATUS.repaying]: 'Repaying',
  [ORDER_STATUS.due]: 'Due',
  [ORDER_STATUS.overdue]: 'Overdue',
  [ORDER_STATUS.settled]: 'Settled',
};

export function orderStatusTitle(status: number): string {
  return `${status} ${ORDER_STATUS_TITLES[status as OrderStatus] ?? 'Unknown status'}`;
}

/** Basis points as a percentage: 150 → 1.50 %. */
export function formatBasisPoints(bp: number): string {
  return `${(bp / 100).toFixed(2)} %`;
}

/** How a borrower is named on screen and in links: their name, or their number when they gave none yet. */
export function borrowerLabel(name: string | null | undefined, id: number): string {
  return name?.trim() ? name : `Borrower #${id}`;
}
