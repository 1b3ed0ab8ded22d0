/**
 * The SEC caps as a property (issue 23, docs/loan-terms.md): for any loan inside their scope —
 * random principal up to ₱10,000, term 91–120 days, 1–4 instalments, rates the caps allow — and any
 * sequence of days passing, partial payments, repayments and rollovers, the total cost never passes
 * 100 % of the principal and the late charges never pass the allowance the model counts day by day
 * (loan-model.ts, apart from position.ts). The server's ledger is checked against the same functions
 * by loan-state-machine.test.ts, whose PesoNow Cash and Plus orders are capped.
 *
 * FC_SEED / FC_RUNS reproduce or widen a run.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../apps/server/src/loan-terms/calendar.ts';
import { offerCapBreach, type CappedTerms } from '../../apps/server/src/loan-terms/caps.ts';
import { applyPayment, loanPosition, quote, type LoanState } from '../../apps/server/src/loan-terms/position.ts';
import { extensionDays } from '../../apps/server/src/loan-terms/rules.ts';
import { capViolation, countDays, newCapTracker } from './loan-model.ts';
import { paidOutLoan } from '../../apps/server/src/test-support/loan-state.ts';

const RUNS = Number(process.env.FC_RUNS ?? 500);
const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : Date.now() ^ (Math.random() * 0x7fffffff);
// 10:00 in Manila on a day the 12 % effective cap applies.
const DISBURSED = new Date('2026-05-04T02:00:00Z');

const product = fc
  .record({
    principalMinor: fc.integer({ min: 1, max: 1_000_000 }),
    termDays: fc.integer({ min: 91, max: 120 }),
    periods: fc.integer({ min: 1, max: 4 }),
    interestShare: fc.double({ min: 0, max: 1, noNaN: true }),
    serviceFeeBp: fc.integer({ min: 0, max: 2_500 }),
    rolloverShare: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map(({ interestShare, rolloverShare, ...p }): CappedTerms => ({
    ...p,
    // Nominal interest and the rollover (a renewal) at most 6 % a month.
    interestBp: Math.floor(interestShare * Math.floor((600 * p.termDays) / 30)),
    rolloverFeeBp: Math.floor(rolloverShare * Math.floor((600 * extensionDays(p.termDays, p.periods)) / 30)),
  }))
  // Only terms that may be offered (the effective rate too).
  .filter((terms) => offerCapBreach('P', terms, 'PH', '2026-05-04') === null);

type Step = { kind: 'days'; days: number } | { kind: 'pay'; share: number } | { kind: 'repay' } | { kind: 'rollover' };
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.integer({ min: 1, max: 400 }).map((days) => ({ kind: 'days' as const, days })),
  fc.double({ min: 0.01, max: 0.99, noNaN: true }).map((share) => ({ kind: 'pay' as const, share })),
  fc.constant({ kind: 'repay' as const }),
  fc.constant({ kind: 'rollover' as const }),
);

const loanOf = (terms: CappedTerms, isRepeatBorrower: boolean): LoanState => paidOutLoan(terms, { disbursedAt: DISBURSED, isRepeatBorrower });

describe('charge caps (fast-check, loan-terms against the model)', () => {
  it(`${RUNS} random capped loans: total cost ≤ 100% of principal, late charges ≤ 5% a month of the amount due, pro rata`, () => {
    let reachedCap = 0;
    fc.assert(
      fc.property(product, fc.boolean(), fc.array(step, { minLength: 1, maxLength: 25 }), (terms, repeat, steps) => {
        let state = loanOf(terms, repeat);
        expect(state.caps).not.toBeNull();
        const tracker = newCapTracker(state);
        let now = DISBURSED;
        for (const s of steps) {
          if (s.kind === 'days') now = addDays(now, s.days);
          // Every day up to today is counted with the loan as it stood at that day's start, before today's payment.
          countDays(tracker, state, now);
          const p = loanPosition(state, now);
          if (s.kind !== 'days' && p.openInstalments > 0) {
            const amount = s.kind === 'pay' ? Math.max(1, Math.round(p.currentDueMinor * s.share)) : s.kind === 'repay' ? p.totalOwedMinor : quote(state, 'rollover', now);
            if (amount > 0) state = applyPayment(state, amount, s.kind === 'rollover' ? 'rollover' : 'repay', now).state;
          }
          expect(capViolation(state, now, tracker), `after ${JSON.stringify(s)}`).toBeNull();
          expect(state.extraChargesMinor).toBeGreaterThanOrEqual(state.lateChargesMinor);
        }
        if (loanPosition(state, now).costSoFarMinor === state.principalMinor) reachedCap += 1;
      }),
      { numRuns: RUNS, seed: SEED },
    );
    console.log(`charge caps: ${RUNS} loans, seed ${SEED}, ${reachedCap} reached the total-cost cap`);
    expect(reachedCap).toBeGreaterThan(0);
  });
});
