/**
 * Dates as the screens show them, on the lender's calendar of the request's market: Asia/Manila for
 * a peso page, Asia/Kolkata for a rupee page (`real=1`), as moneyTextIn writes amounts in its currency.
 * Only the text changes: stored instants and the ledger's day counting stay as they are.
 */
import { marketOfCurrency, type Market } from '@cashloan/contract';
import { lenderDate, lenderDateTime } from './calendar.ts';

export interface DateText {
  market: Market;
  /** 'YYYY-MM-DD' of the market's calendar day the moment falls on ('' for none). */
  date: (at: Date | null) => string;
  /** 'YYYY-MM-DD HH:mm:ss' wall time in the market's zone. */
  dateTime: (at: Date) => string;
}

export function dateTextOf(market: Market): DateText {
  return { market, date: (at) => lenderDate(at, market), dateTime: (at) => lenderDateTime(at, market) };
}

/** The date writer of a request whose amounts are written in `symbol` (₹ → India, otherwise the Philippines). */
export const dateTextIn = (symbol: string): DateText => dateTextOf(marketOfCurrency(symbol));
