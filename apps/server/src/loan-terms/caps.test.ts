import { describe, expect, it } from 'vitest';
import { addDays } from './calendar.ts';
import { lateAllowance, offerCapBreach, totalCostCap, type CappedTerms } from './caps.ts';
import { MARKET_RULES, capsFor, effectiveMonthlyCapBp, marketRulesProblem } from './market-rules.ts';
import { applyPayment, loanPosition, quote, type LoanState } from './position.ts';
import { rolloverFee } from './rules.ts';
import { paidOutLoan } from '../test-support/loan-state.ts';

const PH = MARKET_RULES.PH.caps!;
// 10:00 in Manila, so whole-day steps never cross a lender midnight by accident.
const DISBURSED = new Date('2026-01-10T02:00:00Z');
/** PesoNow Cash as seeded: ₱5,000 for 91 days, interest 9.10 %, fee 3 %, rollover fee 15 %. */
const CASH: CappedTerms = { principalMinor: 500_000, termDays: 91, periods: 1, interestBp: 910, serviceFeeBp: 300, rolloverFeeBp: 1_500 };

const loanOf = (terms: CappedTerms, market: 'PH' | 'IN' = 'PH'): LoanState => paidOutLoan(terms, { disbursedAt: DISBURSED, market });
const overdueBy = (s: LoanState, days: number) => addDays(s.instalments[0]!.dueAt, days);

describe('which loans the caps cover', () => {
  it('covers Philippine loans of ₱10,000 or less for 120 days or less, nothing else', () => {
    expect(capsFor('PH', 500_000, 91)).toBe(PH);
    expect(capsFor('PH', 1_000_000, 120)).toBe(PH);
    expect(capsFor('PH', 1_000_001, 120)).toBeNull();
    expect(capsFor('PH', 500_000, 121)).toBeNull();
    expect(capsFor('PH', 2_000_000, 180)).toBeNull();
    expect(capsFor('IN', 500_000, 91)).toBeNull();
  });

  it('caps the effective rate at 15% a month for loans made before 2026-04-01 and 12% from that day', () => {
    expect(effectiveMonthlyCapBp(PH, '2026-03-31')).toBe(1_500);
    expect(effectiveMonthlyCapBp(PH, '2026-04-01')).toBe(1_200);
    expect(effectiveMonthlyCapBp(PH, '2026-11-27')).toBe(1_200);
  });

  it('finds the market rules usable, and says what is wrong with bad ones', () => {
    expect(marketRulesProblem(MARKET_RULES)).toBeNull();
    const unsorted = { ...PH, effectiveMonthlyBp: [...PH.effectiveMonthlyBp].reverse() };
    expect(marketRulesProblem({ ...MARKET_RULES, PH: { ...MARKET_RULES.PH, caps: unsorted } })).toBe('PH: effectiveMonthlyBp dates must be in increasing order');
    expect(marketRulesProblem({ ...MARKET_RULES, PH: { ...MARKET_RULES.PH, caps: { ...PH, lateMonthlyBp: 0 } } })).toBe('PH: lateMonthlyBp must be a positive whole number, got 0');
  });
});

describe('an offer whose own terms break a cap is withheld', () => {
  it('offers the seed products', () => {
    expect(offerCapBreach('PesoNow Cash', CASH, 'PH', '2026-11-27')).toBeNull();
    const plus = { principalMinor: 1_000_000, termDays: 120, periods: 1, interestBp: 960, serviceFeeBp: 300, rolloverFeeBp: 1_200 };
    expect(offerCapBreach('PesoNow Plus', plus, 'PH', '2026-11-27')).toBeNull();
  });

  it('refuses nominal interest above 6% a month (19% over 91 days is 6.26%)', () => {
    expect(offerCapBreach('PesoNow X', { ...CASH, interestBp: 1_900 }, 'PH', '2026-11-27')).toBe(
      'PesoNow X cannot be offered: its nominal interest is 6.26% a month, above the 6.00% the SEC allows (MC 3 s2022 as amended).',
    );
  });

  it('refuses an effective rate above the cap of the day the offer is made', () => {
    // 18% interest and 25% fee repaid on day 91: 1.43^(30/91) − 1 = 12.51% a month.
    const terms = { ...CASH, interestBp: 1_800, serviceFeeBp: 2_500 };
    expect(offerCapBreach('PesoNow X', terms, 'PH', '2026-03-31')).toBeNull();
    expect(offerCapBreach('PesoNow X', terms, 'PH', '2026-04-01')).toBe(
      'PesoNow X cannot be offered: its effective interest rate is 12.51% a month, above the 12.00% the SEC allows (MC 3 s2022 as amended).',
    );
  });

  it('treats a rollover as a renewal: its fee over the extension must pass as a new loan', () => {
    expect(offerCapBreach('PesoNow X', { ...CASH, rolloverFeeBp: 2_000 }, 'PH', '2026-11-27')).toBe(
      'PesoNow X cannot be offered: its rollover fee, as a renewal for 91 days, is 6.59% a month, above the 6.00% the SEC allows (MC 3 s2022 as amended).',
    );
  });

  it('does not cap loans outside the scope, nor India', () => {
    expect(offerCapBreach('PesoNow X', { ...CASH, interestBp: 1_900 }, 'IN', '2026-11-27')).toBeNull();
    expect(offerCapBreach('PesoNow X', { ...CASH, interestBp: 1_900, termDays: 180 }, 'PH', '2026-11-27')).toBeNull();
  });
});

describe('late charges stop at 5% a month of the amount due, pro rata by day', () => {
  it('allows overdue amount × days × 5% / 30, rounded down', () => {
    expect(lateAllowance(PH, 560_500 * 120)).toBe(112_100);
    expect(lateAllowance(PH, 560_500 * 6)).toBe(5_605);
    expect(lateAllowance(PH, 1)).toBe(0);
    expect(totalCostCap(PH, 500_000)).toBe(500_000);
  });

  it('charges PesoNow Cash ₱56.05 six days late, not ₱1,681.50 of interest and ₱1,000 of penalty', () => {
    const s = loanOf(CASH);
    const p = loanPosition(s, overdueBy(s, 6));
    // ₱5,605.00 overdue × 6 days × 5% / 30 = ₱56.05, all of it the penalty (it falls on day 1).
    expect(p.penaltyMinor).toBe(5_605);
    expect(p.overdueInterestMinor).toBe(0);
    expect(p.currentDueMinor).toBe(566_105);
    expect(p.costSoFarMinor).toBe(60_500 + 5_605);
  });

  it('reaches ₱1,121.00 at 120 days overdue (₱1,726.00 of ₱5,000.00 with interest and fee)', () => {
    const s = loanOf(CASH);
    const p = loanPosition(s, overdueBy(s, 120));
    expect(p.penaltyMinor + p.overdueInterestMinor).toBe(112_100);
    expect(p.costSoFarMinor).toBe(172_600);
    expect(p.costCapMinor).toBe(500_000);
  });

  it('stops every charge at 100% of the principal: 500 and 600 days overdue owe the same ₱10,000.00', () => {
    const s = loanOf(CASH);
    for (const days of [500, 600, 2_000]) {
      const p = loanPosition(s, overdueBy(s, days));
      expect(p.costSoFarMinor).toBe(500_000);
      expect(p.currentDueMinor).toBe(1_000_000);
    }
  });

  it('carries the allowance across a payment: what was not charged is not lost, what was charged is not charged again', () => {
    const s = loanOf(CASH);
    const paid = applyPayment(s, 100_000, 'repay', overdueBy(s, 10)).state;
    // 10 days on ₱5,605.00: ₱93.41 (93.4166… rounded down) booked.
    expect(paid.lateChargesMinor).toBe(9_341);
    expect(paid.overdueMinorDays).toBe(560_500 * 10);
    // Then 20 days on what is left overdue: 5,605.00 − (1,000.00 − 93.41).
    const left = 560_500 - (100_000 - 9_341);
    const p = loanPosition(paid, overdueBy(s, 30));
    expect(p.overdueMinorDays).toBe(560_500 * 10 + left * 20);
    expect(9_341 + p.penaltyMinor + p.overdueInterestMinor).toBe(lateAllowance(PH, 560_500 * 10 + left * 20));
  });

  it('charges a rollover fee only up to what the total-cost cap leaves', () => {
    const s = loanOf(CASH);
    const at = overdueBy(s, 450);
    const p = loanPosition(s, at);
    // 450 days: late charges ₱4,203.75 of the ₱4,395.00 left, so the ₱750.00 fee is cut to ₱191.25.
    expect(p.penaltyMinor + p.overdueInterestMinor).toBe(420_375);
    expect(p.rolloverFeeMinor).toBe(19_125);
    expect(rolloverFee(500_000, 1_500)).toBe(75_000);
    const rolled = applyPayment(s, quote(s, 'rollover', at), 'rollover', at);
    expect(rolled.outcome).toBe('rolled_over');
    expect(rolled.state.interestMinor + rolled.state.feeMinor + rolled.state.extraChargesMinor).toBe(500_000);
    expect(loanPosition(rolled.state, addDays(at, 400)).costSoFarMinor).toBe(500_000);
  });

  it('holds a rollover to the renewal cap, 6% a month over its extension, even if the product fee is higher', () => {
    // ₱5,000 over 91 days at 6% a month: ₱910.00, not the ₱1,000.00 of a 20% fee.
    const s = loanOf({ ...CASH, rolloverFeeBp: 2_000 });
    expect(loanPosition(s, overdueBy(s, 1)).rolloverFeeMinor).toBe(91_000);
    expect(loanPosition(loanOf(CASH), overdueBy(s, 1)).rolloverFeeMinor).toBe(75_000);
  });

  it('keeps the seed terms for loans the caps do not cover', () => {
    const s = loanOf({ ...CASH, termDays: 180 });
    const p = loanPosition(s, overdueBy(s, 6));
    expect(p.penaltyMinor).toBe(100_000);
    expect(p.overdueInterestMinor).toBe(Math.round(s.instalments[0]!.amountMinor * 0.3));
    expect(p.costCapMinor).toBeNull();
  });
});
