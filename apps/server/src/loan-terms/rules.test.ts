import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  LATE_PENALTY_MINOR,
  canPrepay,
  cumulativeOverdueBp,
  dailyOverdueBp,
  extensionDays,
  instalmentDueOffsets,
  isValidTerm,
  latePenalty,
  mulDivRoundHalfUp,
  overdueInterest,
  prepaymentOpensAfterDays,
  rolloverFee,
  splitInstalments,
  termCharges,
} from './rules.ts';
import { addDays, daysBetween, endOfLenderDay, lenderDay } from './calendar.ts';

const amount = fc.integer({ min: 0, max: 10_000_000_000 });
const days = fc.integer({ min: 0, max: 2_000 });

describe('overdue interest', () => {
  it('charges each day at its own tier: 5 % on days 1-30, 4 % on 31-90, 2 % from 91', () => {
    expect(dailyOverdueBp(1)).toBe(500);
    expect(dailyOverdueBp(30)).toBe(500);
    expect(dailyOverdueBp(31)).toBe(400);
    expect(dailyOverdueBp(90)).toBe(400);
    expect(dailyOverdueBp(91)).toBe(200);
    expect(dailyOverdueBp(1_000)).toBe(200);
  });

  it('is exact at the tier boundaries on 10,000.00 overdue', () => {
    const overdue = 1_000_000; // 10,000.00
    expect(overdueInterest(overdue, 0)).toBe(0);
    expect(overdueInterest(overdue, 1)).toBe(50_000);
    expect(overdueInterest(overdue, 30)).toBe(1_500_000);
    expect(overdueInterest(overdue, 31)).toBe(1_540_000);
    expect(overdueInterest(overdue, 90)).toBe(3_900_000);
    expect(overdueInterest(overdue, 91)).toBe(3_920_000);
    expect(overdueInterest(overdue, 100)).toBe(3_900_000 + 10 * 20_000);
  });

  it('rounds half up once on the total, not per day', () => {
    // 1 minor unit at 5 % a day: 0.05 per day; ten days make 0.5 → rounds up to 1, per-day rounding would give 0.
    expect(overdueInterest(1, 10)).toBe(1);
    expect(overdueInterest(1, 9)).toBe(0);
    expect(mulDivRoundHalfUp(5, 1, 10)).toBe(1);
    expect(mulDivRoundHalfUp(4, 1, 10)).toBe(0);
  });

  it('agrees with charging each day at its own rate', () => {
    fc.assert(
      fc.property(days, (d) => {
        let bp = 0;
        for (let day = 1; day <= d; day++) bp += dailyOverdueBp(day);
        expect(cumulativeOverdueBp(d)).toBe(bp);
      }),
      { numRuns: 60 },
    );
  });

  it('is a whole number ≥ 0, zero on day 0, and monotonic in days and in amount', () => {
    fc.assert(
      fc.property(amount, amount, days, days, (a, b, d1, d2) => {
        const i = overdueInterest(a, d1);
        expect(Number.isSafeInteger(i) && i >= 0).toBe(true);
        expect(overdueInterest(a, 0)).toBe(0);
        expect(overdueInterest(a, Math.min(d1, d2))).toBeLessThanOrEqual(overdueInterest(a, Math.max(d1, d2)));
        expect(overdueInterest(Math.min(a, b), d1)).toBeLessThanOrEqual(overdueInterest(Math.max(a, b), d1));
      }),
    );
  });

  it('stays within half a minor unit of the exact value', () => {
    fc.assert(
      fc.property(amount, days, (a, d) => {
        const exact = (BigInt(a) * BigInt(cumulativeOverdueBp(d)) * 2n) / 10_000n; // twice the exact value, floored
        const twice = BigInt(overdueInterest(a, d)) * 2n;
        expect(twice - exact <= 1n && exact - twice <= 1n).toBe(true);
      }),
    );
  });

  it('refuses negative or fractional inputs', () => {
    expect(() => overdueInterest(-1, 3)).toThrow(RangeError);
    expect(() => overdueInterest(100, -1)).toThrow(RangeError);
    expect(() => overdueInterest(1.5, 3)).toThrow(RangeError);
    expect(() => dailyOverdueBp(0)).toThrow(RangeError);
  });
});

describe('late penalty', () => {
  it('is 1,000 for a new borrower and 800 for a repeat borrower, in minor units', () => {
    expect(latePenalty(false)).toBe(100_000);
    expect(latePenalty(true)).toBe(80_000);
    expect(LATE_PENALTY_MINOR).toEqual({ newBorrower: 100_000, repeatBorrower: 80_000 });
  });
});

describe('prepayment', () => {
  it('opens once half the term has passed', () => {
    expect(prepaymentOpensAfterDays(91)).toBe(46);
    expect(canPrepay(91, 45)).toBe(false);
    expect(canPrepay(91, 46)).toBe(true);
    expect(prepaymentOpensAfterDays(180)).toBe(90);
    expect(canPrepay(180, 89)).toBe(false);
    expect(canPrepay(180, 90)).toBe(true);
  });

  it('never opens before 7 days from disbursement, even on a short term', () => {
    expect(prepaymentOpensAfterDays(10)).toBe(7);
    expect(canPrepay(10, 5)).toBe(false);
    expect(canPrepay(10, 6)).toBe(false);
    expect(canPrepay(10, 7)).toBe(true);
  });

  it('respects both bounds for any term', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 730 }), fc.integer({ min: 0, max: 800 }), (term, elapsed) => {
        const allowed = canPrepay(term, elapsed);
        expect(allowed).toBe(elapsed >= 7 && elapsed * 2 >= term);
      }),
    );
  });
});

describe('term, charges and instalments', () => {
  it('accepts terms of 91 to 365 days only', () => {
    expect([90, 91, 365, 366, 120.5].map(isValidTerm)).toEqual([false, true, true, false, false]);
  });

  it('computes the term interest, fee and rollover fee from the product rates', () => {
    expect(termCharges(500_000, 1_820, 500)).toEqual({ interestMinor: 91_000, feeMinor: 25_000 });
    expect(rolloverFee(500_000, 1_500)).toBe(75_000);
    expect(rolloverFee(333, 1_500)).toBe(50); // 49.95 rounds half up
  });

  it('splits into instalments that add up exactly, the remainder on the last', () => {
    expect(splitInstalments(1_000, 3)).toEqual([333, 333, 334]);
    fc.assert(
      fc.property(amount, fc.integer({ min: 1, max: 24 }), (total, periods) => {
        const parts = splitInstalments(total, periods);
        expect(parts).toHaveLength(periods);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        expect(parts.every((p) => Number.isSafeInteger(p) && p >= 0)).toBe(true);
      }),
    );
  });

  it('puts the last due date on the term end and extends by one period', () => {
    expect(instalmentDueOffsets(180, 3)).toEqual([60, 120, 180]);
    expect(instalmentDueOffsets(91, 1)).toEqual([91]);
    expect(extensionDays(91, 1)).toBe(91);
    expect(extensionDays(180, 3)).toBe(60);
  });
});

describe('lender calendar', () => {
  it('counts Manila calendar days, not 24-hour spans', () => {
    const lateEvening = new Date('2026-03-05T15:30:00Z'); // 23:30 in Manila
    const nextMorning = new Date('2026-03-05T16:30:00Z'); // 00:30 next day in Manila
    expect(daysBetween(lateEvening, nextMorning)).toBe(1);
    expect(lenderDay(addDays(lateEvening, 2)) - lenderDay(lateEvening)).toBe(2);
    expect(endOfLenderDay(lateEvening).toISOString()).toBe('2026-03-05T15:59:59.999Z');
  });
});
