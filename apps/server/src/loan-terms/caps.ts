/**
 * The legal caps as money rules (market-rules.ts holds the numbers, docs/loan-terms.md the law):
 * whether an offer's own terms fit them — an offer that does not is withheld — and the allowances the
 * ledger (position.ts) charges late charges and rollover fees within.
 */
import type { Market } from '@cashloan/contract';
import { costFigures, projectLoan, type OfferTerms } from './disclosure.ts';
import { capsFor, effectiveMonthlyCapBp, type ChargeCaps } from './market-rules.ts';
import { BP, extensionDays } from './rules.ts';

/** The caps count a month as 30 days (SEC MC 3 s2022 states its rates per month). */
export const CAP_MONTH_DAYS = 30;

/**
 * The late charges a loan may have had through some day: every overdue day allows its overdue
 * amount × the monthly cap / 30 ("5% a month", pro rata by day). `overdueMinorDays` is Σ over overdue
 * days of the amount overdue that day. Rounded down, once: a cap must never be passed by a fraction.
 */
export function lateAllowance(caps: ChargeCaps, overdueMinorDays: number): number {
  return Number((BigInt(overdueMinorDays) * BigInt(caps.lateMonthlyBp)) / BigInt(CAP_MONTH_DAYS * BP));
}

/** The most a loan may ever cost (interest, fees, late charges and rollover fees together), rounded down. */
export function totalCostCap(caps: ChargeCaps, principalMinor: number): number {
  return Number((BigInt(principalMinor) * BigInt(caps.totalCostBp)) / BigInt(BP));
}

/**
 * The most one rollover may cost as a renewal: nominal interest at the cap for the extension's days
 * (rounded down). Offers whose rollover fee is above it are withheld; this also holds an order to it
 * if its product's fee were raised later.
 */
export function renewalFeeCap(caps: ChargeCaps, principalMinor: number, extensionDays: number): number {
  return Number((BigInt(principalMinor) * BigInt(caps.nominalMonthlyBp) * BigInt(extensionDays)) / BigInt(CAP_MONTH_DAYS * BP));
}

/** A daily internal rate of return as a rate per 30-day month. */
export const monthlyRate = (dailyRate: number) => Math.pow(1 + dailyRate, CAP_MONTH_DAYS) - 1;

/** An offer's terms with the rollover the product sells (a renewal, capped like a new loan). */
export interface CappedTerms extends OfferTerms {
  rolloverFeeBp: number;
}

const pct = (rate: number) => `${(rate * 100).toFixed(2)}%`;
const pctBp = (bp: number) => pct(bp / BP);
// A rate is over its cap only by more than float noise (bisection gives the IRR to ~1e-15).
const over = (rate: number, capBp: number) => rate > capBp / BP + 1e-12;

/**
 * Why a loan on these terms cannot be offered in this market on `madeOn` ('YYYY-MM-DD', the day
 * the offer is made), in words naming the cap and the figure; null when it may be (or no cap covers it).
 * The effective rate is the monthly internal rate of return of the plan: interest and every fee,
 * late charges excluded. A rollover is a renewal: its fee over its extension must pass as a new loan.
 */
export function offerCapBreach(name: string, terms: CappedTerms, market: Market, madeOn: string): string | null {
  const caps = capsFor(market, terms.principalMinor, terms.termDays);
  if (!caps) return null;
  const refuse = (what: string, figure: string, capBp: number) =>
    `${name} cannot be offered: ${what} is ${figure}, above the ${pctBp(capBp)} the SEC allows (${caps.circular} as amended).`;
  const effectiveCap = effectiveMonthlyCapBp(caps, madeOn);
  if (terms.interestBp * CAP_MONTH_DAYS > caps.nominalMonthlyBp * terms.termDays) {
    return refuse('its nominal interest', `${pct((terms.interestBp * CAP_MONTH_DAYS) / terms.termDays / BP)} a month`, caps.nominalMonthlyBp);
  }
  const eir = monthlyRate(costFigures(projectLoan(terms)).dailyRate);
  if (over(eir, effectiveCap)) return refuse('its effective interest rate', `${pct(eir)} a month`, effectiveCap);
  if (terms.interestBp + terms.serviceFeeBp > caps.totalCostBp) {
    return refuse('its interest and fees together', `${pctBp(terms.interestBp + terms.serviceFeeBp)} of the principal`, caps.totalCostBp);
  }
  const days = extensionDays(terms.termDays, terms.periods);
  if (terms.rolloverFeeBp * CAP_MONTH_DAYS > caps.nominalMonthlyBp * days) {
    return refuse(`its rollover fee, as a renewal for ${days} days,`, `${pct((terms.rolloverFeeBp * CAP_MONTH_DAYS) / days / BP)} a month`, caps.nominalMonthlyBp);
  }
  const renewalEir = Math.pow(1 + terms.rolloverFeeBp / BP, CAP_MONTH_DAYS / days) - 1;
  if (over(renewalEir, effectiveCap)) {
    return refuse(`the effective interest rate of its rollover, a renewal for ${days} days,`, `${pct(renewalEir)} a month`, effectiveCap);
  }
  return null;
}
