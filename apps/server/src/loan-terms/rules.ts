/**
 * The money rules of the loan terms (spec section 9) as pure integer functions on minor units.
 *
 * Rounding rule: amounts are multiplied out exactly (BigInt) and rounded half up to a whole minor
 * unit once, on the total of a computation — never per day — so splitting a period into days
 * cannot drift the sum, and the result is monotonic in both the amount and the number of days.
 */

/** Loan term bounds in calendar days. */
export const TERM_DAYS = { min: 91, max: 365 } as const;

/** Basis points: 1 bp = 0.01 %, so 10 000 bp = 100 %. */
export const BP = 10_000;

/**
 * Daily interest on the overdue amount, by overdue day. Each day is charged at its own tier's
 * rate: day 30 at 5 %, day 31 at 4 %, day 90 at 4 %, day 91 at 2 %.
 */
export const OVERDUE_TIERS = [
  { firstDay: 1, lastDay: 30, dailyBp: 500 },
  { firstDay: 31, lastDay: 90, dailyBp: 400 },
  { firstDay: 91, lastDay: Number.POSITIVE_INFINITY, dailyBp: 200 },
] as const;

/** One-time late penalty in minor units (1,000 and 800 in major units). */
export const LATE_PENALTY_MINOR = { newBorrower: 100_000, repeatBorrower: 80_000 } as const;

/** Early repayment opens after half the term, and never before this many days from disbursement. */
export const PREPAYMENT_MIN_DAYS = 7;
/** The share of the term that must have passed before early repayment opens (the published terms state it). */
export const PREPAYMENT_TERM_SHARE = { numerator: 1, denominator: 2 } as const;

/**
 * The due window: an order is shown as "due" (174) from this many days before its due date through
 * the due date itself, so the borrower sees the reminder state before it turns overdue.
 */
export const DUE_WINDOW_DAYS = 3;

const assertMinor = (name: string, value: number) => {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number of minor units ≥ 0, got ${value}`);
};
const assertDays = (name: string, value: number) => {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number of days ≥ 0, got ${value}`);
};

/** amount × numerator / denominator, rounded half up, exact for any safe integer inputs. */
export function mulDivRoundHalfUp(amount: number, numerator: number | bigint, denominator: number | bigint): number {
  const product = BigInt(amount) * BigInt(numerator);
  const d = BigInt(denominator);
  return Number((product * 2n + d) / (2n * d));
}

export function isValidTerm(termDays: number): boolean {
  return Number.isInteger(termDays) && termDays >= TERM_DAYS.min && termDays <= TERM_DAYS.max;
}

/** The daily rate (bp) charged on overdue day `day` (1-based). */
export function dailyOverdueBp(day: number): number {
  if (!Number.isInteger(day) || day < 1) throw new RangeError(`overdue day must be ≥ 1, got ${day}`);
  const tier = OVERDUE_TIERS.find((t) => day <= t.lastDay)!;
  return tier.dailyBp;
}

/** Sum of the daily rates (bp) of overdue days 1..days: the closed form of the tier table. */
export function cumulativeOverdueBp(days: number): number {
  assertDays('days', days);
  let total = 0;
  for (const tier of OVERDUE_TIERS) {
    const daysInTier = Math.max(0, Math.min(days, tier.lastDay) - tier.firstDay + 1);
    total += daysInTier * tier.dailyBp;
  }
  return total;
}

/** Overdue interest on a constant overdue amount after `days` overdue days (0 days → 0). */
export function overdueInterest(overdueMinor: number, days: number): number {
  assertMinor('overdueMinor', overdueMinor);
  return mulDivRoundHalfUp(overdueMinor, cumulativeOverdueBp(days), BP);
}

export function latePenalty(isRepeatBorrower: boolean): number {
  return isRepeatBorrower ? LATE_PENALTY_MINOR.repeatBorrower : LATE_PENALTY_MINOR.newBorrower;
}

/** Days from disbursement after which early repayment is allowed: half the term, at least 7. */
export function prepaymentOpensAfterDays(termDays: number): number {
  if (!Number.isInteger(termDays) || termDays < 1) throw new RangeError(`termDays must be ≥ 1, got ${termDays}`);
  return Math.max(PREPAYMENT_MIN_DAYS, Math.ceil((termDays * PREPAYMENT_TERM_SHARE.numerator) / PREPAYMENT_TERM_SHARE.denominator));
}

/** Whether a loan disbursed `daysSinceDisbursement` calendar days ago may be repaid early. */
export function canPrepay(termDays: number, daysSinceDisbursement: number): boolean {
  return daysSinceDisbursement >= prepaymentOpensAfterDays(termDays);
}

/** Interest and service fee for the whole term, from the product's rates per 10 000 of principal. */
export function termCharges(principalMinor: number, interestBp: number, serviceFeeBp: number): { interestMinor: number; feeMinor: number } {
  assertMinor('principalMinor', principalMinor);
  return { interestMinor: mulDivRoundHalfUp(principalMinor, interestBp, BP), feeMinor: mulDivRoundHalfUp(principalMinor, serviceFeeBp, BP) };
}

/** Fee for one rollover (extension), from the product's rate per 10 000 of principal. */
export function rolloverFee(principalMinor: number, rolloverFeeBp: number): number {
  assertMinor('principalMinor', principalMinor);
  return mulDivRoundHalfUp(principalMinor, rolloverFeeBp, BP);
}

/** Splits a total into `periods` instalments: equal shares, the remainder on the last one. */
export function splitInstalments(totalMinor: number, periods: number): number[] {
  assertMinor('totalMinor', totalMinor);
  if (!Number.isInteger(periods) || periods < 1) throw new RangeError(`periods must be ≥ 1, got ${periods}`);
  const share = Math.floor(totalMinor / periods);
  return Array.from({ length: periods }, (_, i) => (i === periods - 1 ? totalMinor - share * (periods - 1) : share));
}

/** Day offsets from disbursement of each instalment's due date; the last falls on the term's end. */
export function instalmentDueOffsets(termDays: number, periods: number): number[] {
  return Array.from({ length: periods }, (_, i) => Math.round((termDays * (i + 1)) / periods));
}

/**
 * How far one paid rollover moves the due dates: one instalment period, which for a single-period
 * loan is the whole term of the product.
 */
export function extensionDays(termDays: number, periods: number): number {
  return Math.ceil(termDays / Math.max(1, periods));
}
