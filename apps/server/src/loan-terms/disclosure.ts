/**
 * What a loan offer costs, worked out before the borrower signs: the projected repayment plan
 * (built with the same functions createOrder books an order with, so the confirmation screen and the
 * order can never disagree) and the cost disclosures — the Philippine Truth in Lending disclosure
 * (amount financed, finance charges, net proceeds, payment schedule, effective interest rate) and
 * the Indian Key Fact Statement's annual percentage rate.
 *
 * Rate conventions (docs/loan-confirmation.md):
 * - the daily rate d is the internal rate of return of the loan's cash flows: the net proceeds paid
 *   out on day 0 against each instalment on its due day (days counted on the lender's calendar);
 * - effective interest rate (EIR), compounded: per month (1 + d)^(365/12) − 1, per year (1 + d)^365 − 1;
 * - annual percentage rate (APR), as the Key Fact Statement annualises the internal rate: d × 365.
 * Rates travel in basis points (0.01 %), rounded half up.
 */
import { BP, instalmentDueOffsets, splitInstalments, termCharges } from './rules.ts';

export const DAYS_PER_YEAR = 365;
export const MONTHS_PER_YEAR = 12;

/** The terms an offer is made on: the product's, frozen when the borrower is shown them. */
export interface OfferTerms {
  principalMinor: number;
  termDays: number;
  /** Number of instalments. */
  periods: number;
  interestBp: number;
  serviceFeeBp: number;
}

export interface ProjectedInstalment {
  seq: number;
  /** Calendar days from disbursement to the due date. */
  dueInDays: number;
  amountMinor: number;
}

export interface ProjectedLoan {
  principalMinor: number;
  interestMinor: number;
  feeMinor: number;
  /** Principal, interest and fee: what the instalments add up to. */
  totalMinor: number;
  instalments: ProjectedInstalment[];
}

/** The plan a loan on these terms gets if it is paid out today: the same split createOrder stores. */
export function projectLoan(terms: OfferTerms): ProjectedLoan {
  const { interestMinor, feeMinor } = termCharges(terms.principalMinor, terms.interestBp, terms.serviceFeeBp);
  const totalMinor = terms.principalMinor + interestMinor + feeMinor;
  const amounts = splitInstalments(totalMinor, terms.periods);
  const offsets = instalmentDueOffsets(terms.termDays, terms.periods);
  return {
    principalMinor: terms.principalMinor,
    interestMinor,
    feeMinor,
    totalMinor,
    instalments: amounts.map((amountMinor, i) => ({ seq: i + 1, dueInDays: offsets[i]!, amountMinor })),
  };
}

export interface CashFlow {
  /** Days after disbursement. */
  day: number;
  amountMinor: number;
}

/** The value on day 0 of payments discounted at a daily rate. */
export function presentValue(dailyRate: number, flows: readonly CashFlow[]): number {
  return flows.reduce((sum, f) => sum + f.amountMinor / Math.pow(1 + dailyRate, f.day), 0);
}

/**
 * The daily rate at which the payments are worth exactly the money received (the internal rate of
 * return). Payments never worth less than the money received, so the rate is ≥ 0; found by bisection,
 * which cannot fail to converge on this monotonic function.
 */
export function impliedDailyRate(netProceedsMinor: number, flows: readonly CashFlow[]): number {
  if (!(netProceedsMinor > 0)) throw new RangeError(`netProceedsMinor must be > 0, got ${netProceedsMinor}`);
  const total = flows.reduce((sum, f) => sum + f.amountMinor, 0);
  if (total < netProceedsMinor) throw new RangeError('the payments must cover the money received');
  if (total === netProceedsMinor) return 0;
  let lo = 0;
  let hi = 1e-3;
  while (presentValue(hi, flows) > netProceedsMinor) {
    lo = hi;
    hi *= 2;
    if (hi > 1e6) break;
  }
  for (let i = 0; i < 200 && hi - lo > 1e-16; i++) {
    const mid = (lo + hi) / 2;
    if (presentValue(mid, flows) > netProceedsMinor) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

const toBp = (rate: number) => Math.min(Number.MAX_SAFE_INTEGER, Math.round(rate * BP));

export interface CostFigures {
  /** Truth in Lending: the amount to be financed (the principal). */
  amountFinancedMinor: number;
  /** Interest plus service fee for the whole term. */
  financeChargeMinor: number;
  /**
   * What reaches the borrower's account: the amount financed less charges deducted at
   * disbursement. This lender deducts none (interest and fee are repaid with the instalments).
   */
  netProceedsMinor: number;
  totalOfPaymentsMinor: number;
  /** Internal rate of return per day. */
  dailyRate: number;
  eirMonthlyBp: number;
  eirAnnualBp: number;
  aprBp: number;
}

/** Charges taken out of the loan before it is paid out. */
export const DEDUCTED_AT_DISBURSEMENT_MINOR = 0;

export function costFigures(loan: ProjectedLoan): CostFigures {
  const netProceedsMinor = loan.principalMinor - DEDUCTED_AT_DISBURSEMENT_MINOR;
  const flows = loan.instalments.map((i) => ({ day: i.dueInDays, amountMinor: i.amountMinor }));
  const dailyRate = impliedDailyRate(netProceedsMinor, flows);
  return {
    amountFinancedMinor: loan.principalMinor,
    financeChargeMinor: loan.interestMinor + loan.feeMinor,
    netProceedsMinor,
    totalOfPaymentsMinor: loan.totalMinor,
    dailyRate,
    eirMonthlyBp: toBp(Math.pow(1 + dailyRate, DAYS_PER_YEAR / MONTHS_PER_YEAR) - 1),
    eirAnnualBp: toBp(Math.pow(1 + dailyRate, DAYS_PER_YEAR) - 1),
    aprBp: toBp(dailyRate * DAYS_PER_YEAR),
  };
}
