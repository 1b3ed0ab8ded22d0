import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DAYS_PER_YEAR, costFigures, impliedDailyRate, presentValue, projectLoan, type OfferTerms } from './disclosure.ts';
import { BP, TERM_DAYS, instalmentDueOffsets, splitInstalments, termCharges } from './rules.ts';

const terms = fc.record({
  principalMinor: fc.integer({ min: 10_000, max: 10_000_000_000 }),
  termDays: fc.integer({ min: TERM_DAYS.min, max: TERM_DAYS.max }),
  periods: fc.integer({ min: 1, max: 12 }),
  interestBp: fc.integer({ min: 0, max: 6_000 }),
  serviceFeeBp: fc.integer({ min: 0, max: 2_000 }),
});

const flowsOf = (loan: ReturnType<typeof projectLoan>) => loan.instalments.map((i) => ({ day: i.dueInDays, amountMinor: i.amountMinor }));

describe('projectLoan', () => {
  it('splits principal, interest and fee into the instalments the order would get', () => {
    fc.assert(
      fc.property(terms, (t) => {
        const loan = projectLoan(t);
        const { interestMinor, feeMinor } = termCharges(t.principalMinor, t.interestBp, t.serviceFeeBp);
        expect(loan.interestMinor).toBe(interestMinor);
        expect(loan.feeMinor).toBe(feeMinor);
        expect(loan.instalments.map((i) => i.amountMinor)).toEqual(splitInstalments(t.principalMinor + interestMinor + feeMinor, t.periods));
        expect(loan.instalments.map((i) => i.dueInDays)).toEqual(instalmentDueOffsets(t.termDays, t.periods));
        expect(loan.instalments.reduce((s, i) => s + i.amountMinor, 0)).toBe(loan.totalMinor);
        expect(loan.instalments.at(-1)!.dueInDays).toBe(t.termDays);
      }),
    );
  });

  it('gives the demo product PesoNow Cash (5,000.00 for 91 days, 9.1 % interest, 3 % fee) one payment of 5,605.00', () => {
    const loan = projectLoan({ principalMinor: 500_000, termDays: 91, periods: 1, interestBp: 910, serviceFeeBp: 300 });
    expect(loan).toEqual({
      principalMinor: 500_000,
      interestMinor: 45_500,
      feeMinor: 15_000,
      totalMinor: 560_500,
      instalments: [{ seq: 1, dueInDays: 91, amountMinor: 560_500 }],
    });
  });
});

describe('cost figures (Truth in Lending, Key Fact Statement)', () => {
  it('are worked example figures for PesoNow Cash', () => {
    const figures = costFigures(projectLoan({ principalMinor: 500_000, termDays: 91, periods: 1, interestBp: 910, serviceFeeBp: 300 }));
    // (5605 / 5000)^(1/91) − 1 per day.
    const d = Math.pow(560_500 / 500_000, 1 / 91) - 1;
    expect(figures.dailyRate).toBeCloseTo(d, 12);
    expect(figures).toMatchObject({
      amountFinancedMinor: 500_000,
      financeChargeMinor: 60_500,
      netProceedsMinor: 500_000,
      totalOfPaymentsMinor: 560_500,
      eirMonthlyBp: Math.round((Math.pow(1 + d, 365 / 12) - 1) * BP),
      eirAnnualBp: Math.round((Math.pow(1 + d, 365) - 1) * BP),
      aprBp: Math.round(d * 365 * BP),
    });
    expect([figures.eirMonthlyBp, figures.eirAnnualBp, figures.aprBp]).toEqual([389, 5811, 4584]);
  });

  it('the rate reproduces the plan: the payments discounted at it are worth exactly the money received', () => {
    fc.assert(
      fc.property(terms, (t) => {
        const loan = projectLoan(t);
        const figures = costFigures(loan);
        const pv = presentValue(figures.dailyRate, flowsOf(loan));
        expect(Math.abs(pv - figures.netProceedsMinor)).toBeLessThanOrEqual(Math.max(0.01, figures.netProceedsMinor * 1e-9));
      }),
    );
  });

  it('a single payment is the money received grown at the rate for the term, to the minor unit', () => {
    fc.assert(
      fc.property(terms, (t) => {
        const loan = projectLoan({ ...t, periods: 1 });
        const figures = costFigures(loan);
        const grown = figures.netProceedsMinor * Math.pow(1 + figures.dailyRate, t.termDays);
        expect(Math.round(grown)).toBe(loan.instalments[0]!.amountMinor);
      }),
    );
  });

  it('the annual EIR as shown (to 0.01 %) reproduces each plan to within what that rounding can move it', () => {
    fc.assert(
      fc.property(terms, (t) => {
        const loan = projectLoan(t);
        const figures = costFigures(loan);
        const shownDaily = Math.pow(1 + figures.eirAnnualBp / BP, 1 / DAYS_PER_YEAR) - 1;
        const pv = presentValue(shownDaily, flowsOf(loan));
        // Half a basis point of annual rate moves a payment due in T days by at most T/365 × 0.005 % of it.
        const bound = loan.totalMinor * (t.termDays / DAYS_PER_YEAR) * (0.5 / BP) + 1;
        expect(Math.abs(pv - figures.netProceedsMinor)).toBeLessThanOrEqual(bound);
      }),
    );
  });

  it('states the rates consistently: APR is the daily rate × 365, the EIR compounds it', () => {
    fc.assert(
      fc.property(terms, (t) => {
        const f = costFigures(projectLoan(t));
        expect(f.aprBp).toBe(Math.round(f.dailyRate * 365 * BP));
        expect(f.eirMonthlyBp).toBeLessThanOrEqual(f.eirAnnualBp);
        // Compounding never gives less than the simple annualisation.
        expect(f.eirAnnualBp).toBeGreaterThanOrEqual(f.aprBp - 1);
        expect(f.financeChargeMinor).toBe(f.totalOfPaymentsMinor - f.amountFinancedMinor);
      }),
    );
  });

  it('is 0 % without charges and grows with the fee', () => {
    fc.assert(
      fc.property(terms, fc.integer({ min: 1, max: 2_000 }), (t, extraFeeBp) => {
        expect(costFigures(projectLoan({ ...t, interestBp: 0, serviceFeeBp: 0 }))).toMatchObject({ dailyRate: 0, eirAnnualBp: 0, aprBp: 0 });
        const base = costFigures(projectLoan(t));
        const dearer = costFigures(projectLoan({ ...t, serviceFeeBp: t.serviceFeeBp + extraFeeBp }));
        expect(dearer.dailyRate).toBeGreaterThanOrEqual(base.dailyRate);
      }),
    );
  });

  it('charges the same money over a longer term at a lower rate', () => {
    const at = (termDays: number) => costFigures(projectLoan({ principalMinor: 1_000_000, termDays, periods: 1, interestBp: 1_000, serviceFeeBp: 0 } satisfies OfferTerms));
    expect(at(91).aprBp).toBeGreaterThan(at(180).aprBp);
    expect(at(180).aprBp).toBeGreaterThan(at(365).aprBp);
    // 10 % for exactly a year: the annual EIR is 10 %.
    expect(at(365).eirAnnualBp).toBe(1_000);
  });

  it('refuses cash flows that do not cover the money received', () => {
    expect(() => impliedDailyRate(1_000, [{ day: 30, amountMinor: 999 }])).toThrow(RangeError);
    expect(() => impliedDailyRate(0, [{ day: 30, amountMinor: 999 }])).toThrow(RangeError);
  });
});
