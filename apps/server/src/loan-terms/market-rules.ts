/**
 * The law of each market, in one place (docs/loan-terms.md names the circulars): the caps on what a
 * loan may cost and the cooling-off period after disbursement. Every other module asks here; the
 * numbers are never written anywhere else. The market of an order is fixed when it is made
 * (orders.market, from the currency the borrower confirmed in).
 */
import type { Market } from '@cashloan/contract';

/** Caps on the cost of a loan, in basis points (10 000 bp = 100 %); a month is 30 days. */
export interface ChargeCaps {
  /** The loans the caps cover: principal and term at most these. */
  scope: { maxPrincipalMinor: number; maxTermDays: number };
  /** Nominal interest per month. */
  nominalMonthlyBp: number;
  /** Effective interest rate per month (interest and every fee, late charges excluded), by the date the loan is made. */
  effectiveMonthlyBp: ReadonlyArray<{ fromDate: string; bp: number }>;
  /** Late-payment charges per month of the amount due. */
  lateMonthlyBp: number;
  /** Interest, fees and late charges together, of the principal, however long the loan runs. */
  totalCostBp: number;
}

export interface MarketRules {
  market: Market;
  /** Null where the law sets no numeric cap. */
  caps: ChargeCaps | null;
  /** Calendar days after disbursement in which the borrower may cancel the loan. */
  coolingOffDays: number;
}

/**
 * The Philippines: SEC Memorandum Circular No. 3, series of 2022, as amended by MC No. 14, series of
 * 2025 (unsecured loans of ₱10,000 or less, terms of 4 months or less); cooling-off under SEC MC No. 5,
 * series of 2023, implementing RA 11765. India: no numeric cap (the Key Fact Statement's APR must be
 * what is charged) and a one-day cooling-off under the RBI's Digital Lending Directions, 2025.
 */
export const MARKET_RULES: Record<Market, MarketRules> = {
  PH: {
    market: 'PH',
    caps: {
      // 4 months of 30 days.
      scope: { maxPrincipalMinor: 1_000_000, maxTermDays: 120 },
      nominalMonthlyBp: 600,
      effectiveMonthlyBp: [
        { fromDate: '0000-01-01', bp: 1_500 },
        { fromDate: '2026-04-01', bp: 1_200 },
      ],
      lateMonthlyBp: 500,
      totalCostBp: 10_000,
    },
    coolingOffDays: 3,
  },
  IN: { market: 'IN', caps: null, coolingOffDays: 1 },
};
