/**
 * How the collections desk writes an order's money and times: amounts in the order's currency, and
 * the contact guard's times on the order's market clock (the law's hours are Manila's or Kolkata's,
 * whatever the staff computer says), with the zone named.
 */
import { MARKET_CALENDAR, type Market } from '@cashloan/contract/common';
import type { BookCurrency } from '@cashloan/contract/staff/books';
import { CALL_OUTCOME_TITLES, type CallOutcome } from '@cashloan/contract/staff/collections';

export const MARKET_TITLES: Record<Market, string> = { PH: 'Philippines', IN: 'India' };
const ZONE_NAMES: Record<Market, string> = { PH: 'Manila', IN: 'Kolkata' };

/** The currency an order's amounts are in: the answer's own, else its market's. */
export function currencyOf(order: { market: Market; currency: string }): BookCurrency {
  if (order.currency === 'PHP' || order.currency === 'INR') return order.currency;
  return order.market === 'IN' ? 'INR' : 'PHP';
}

/** The currency's major unit, as a form's label says it. */
export const MAJOR_UNIT_NAMES: Record<BookCurrency, string> = { PHP: 'pesos', INR: 'rupees' };
export const CURRENCY_SIGNS: Record<BookCurrency, string> = { PHP: '₱', INR: '₹' };

const marketTimeFormats: Record<Market, Intl.DateTimeFormat> = {
  PH: new Intl.DateTimeFormat('en-GB', { timeZone: MARKET_CALENDAR.PH.timeZone, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  IN: new Intl.DateTimeFormat('en-GB', { timeZone: MARKET_CALENDAR.IN.timeZone, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
};

/** An instant on the market's clock, the zone named: '30 Nov 2026, 06:00 Manila time'; '' for none. */
export function formatMarketTime(iso: string | null | undefined, market: Market): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${marketTimeFormats[market].format(date)} ${ZONE_NAMES[market]} time`;
}

/** When the guard next allows a contact: 'Now' once that time has come, the time on the market's clock, or '—' when waiting does not help. */
export function nextAllowedText(iso: string | null, market: Market, now: number = Date.now()): string {
  if (iso === null) return '—';
  return new Date(iso).getTime() <= now ? 'Now' : formatMarketTime(iso, market);
}

export const outcomeTitle = (outcome: CallOutcome | null): string => (outcome ? CALL_OUTCOME_TITLES[outcome] : '');

/** A ratio (0–1) as a percentage with one decimal: 0.1234 → '12.3 %'. */
export const formatRatio = (ratio: number): string => `${(ratio * 100).toFixed(1)} %`;

/** "Assigned 1 order", "Assigned 3 orders". */
export const assignedText = (n: number): string => `Assigned ${n} ${n === 1 ? 'order' : 'orders'}`;
