/**
 * The law of each market, in one place (docs/loan-terms.md names the circulars): the caps on what a
 * loan may cost and the cooling-off period after disbursement. Every other module asks here; the
 * numbers are never written anywhere else. The market of an order is fixed when it is made
 * (orders.market, from the currency the borrower confirmed in).
 */
import type { Market } from '@cashloan/contract';

/** Caps on the cost of a loan, in basis points (10 000 bp = 100 %); a month is 30 days. */
export interface ChargeCaps {
  /** The rule that sets them, as refusals and disclosures name it. */
  circular: string;
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
      circular: 'MC 3 s2022',
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

/** The caps that cover a loan of this market, principal and term; null outside their scope (the seed's terms alone then). */
export function capsFor(market: Market, principalMinor: number, termDays: number): ChargeCaps | null {
  const caps = MARKET_RULES[market].caps;
  if (!caps) return null;
  return principalMinor <= caps.scope.maxPrincipalMinor && termDays <= caps.scope.maxTermDays ? caps : null;
}

/** The effective-rate cap (bp a month) for a loan made on `madeOn` ('YYYY-MM-DD' on the market's calendar). */
export function effectiveMonthlyCapBp(caps: ChargeCaps, madeOn: string): number {
  let bp = caps.effectiveMonthlyBp[0]!.bp;
  for (const step of caps.effectiveMonthlyBp) if (step.fromDate <= madeOn) bp = step.bp;
  return bp;
}

/**
 * Why a market's rules are unusable, or null: every number positive and whole, the effective-rate
 * steps dated in order. Checked at start (main.ts), so a bad edit stops the server before any loan.
 */
export function marketRulesProblem(rules: Record<Market, MarketRules>): string | null {
  const whole = (n: number) => Number.isSafeInteger(n) && n > 0;
  for (const r of Object.values(rules)) {
    if (!whole(r.coolingOffDays)) return `${r.market}: coolingOffDays must be a positive whole number`;
    const c = r.caps;
    if (!c) continue;
    const numbers = { maxPrincipalMinor: c.scope.maxPrincipalMinor, maxTermDays: c.scope.maxTermDays, nominalMonthlyBp: c.nominalMonthlyBp, lateMonthlyBp: c.lateMonthlyBp, totalCostBp: c.totalCostBp };
    for (const [name, n] of Object.entries(numbers)) if (!whole(n)) return `${r.market}: ${name} must be a positive whole number, got ${n}`;
    if (c.effectiveMonthlyBp.length === 0) return `${r.market}: effectiveMonthlyBp needs at least one step`;
    for (const [i, step] of c.effectiveMonthlyBp.entries()) {
      if (!whole(step.bp)) return `${r.market}: effectiveMonthlyBp[${i}].bp must be a positive whole number`;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(step.fromDate)) return `${r.market}: effectiveMonthlyBp[${i}].fromDate must be YYYY-MM-DD`;
      const before = c.effectiveMonthlyBp[i - 1];
      if (before && before.fromDate >= step.fromDate) return `${r.market}: effectiveMonthlyBp dates must be in increasing order`;
    }
  }
  return null;
}
