import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays } from './calendar.ts';
import { closeInCoolingOff, coolingOff, coolingOffWindow, daysUsed, exitAmount, exitPaidBy, interestForDays } from './cooling-off.ts';
import { loanPosition, type LoanState } from './position.ts';
import { ORDER_STATUS } from './status.ts';
import { paidOutLoan } from '../test-support/loan-state.ts';

// 10:00 in Manila (08:00... 07:30 in Kolkata) on 2026-11-27.
const DISBURSED = new Date('2026-11-27T02:00:00Z');

/** PesoNow Cash (₱5,000, 91 days, interest 9.10 %, fee 3 %), uncapped, with the given changes. */
function loan(overrides: Partial<LoanState> = {}): LoanState {
  const cash = { principalMinor: 500_000, termDays: 91, periods: 1, interestBp: 910, serviceFeeBp: 300, rolloverFeeBp: 1_500 };
  return { ...paidOutLoan(cash, { disbursedAt: DISBURSED, caps: null }), ...overrides };
}

describe('the cooling-off window', () => {
  it('ends at the end of the lender day coolingOffDays after the disbursement day (PH 3, IN 1)', () => {
    const ph = coolingOffWindow(DISBURSED, 'PH');
    expect(ph.lastDate).toBe('2026-11-30');
    expect(ph.endsAt.toISOString()).toBe('2026-11-30T15:59:59.999Z'); // 23:59:59.999 Manila
    const india = coolingOffWindow(DISBURSED, 'IN');
    expect(india.lastDate).toBe('2026-11-28');
    expect(india.endsAt.toISOString()).toBe('2026-11-28T18:29:59.999Z'); // 23:59:59.999 Kolkata
  });

  it('counts on the market calendar: 23:00 UTC is already the next day in Manila, not yet in Kolkata', () => {
    const late = new Date('2026-11-27T17:00:00Z'); // 01:00 on the 28th in Manila, 22:30 on the 27th in Kolkata
    expect(coolingOffWindow(late, 'PH').lastDate).toBe('2026-12-01');
    expect(coolingOffWindow(late, 'IN').lastDate).toBe('2026-11-28');
  });

  it('is open through the last millisecond of the last day and closed one millisecond later', () => {
    for (const market of ['PH', 'IN'] as const) {
      const { endsAt } = coolingOffWindow(DISBURSED, market);
      expect(coolingOff({ status: ORDER_STATUS.repaying, market, state: loan() }, endsAt).open).toBe(true);
      const after = coolingOff({ status: ORDER_STATUS.repaying, market, state: loan() }, new Date(endsAt.getTime() + 1));
      expect(after).toMatchObject({ open: false, reason: 'ended' });
    }
  });

  it('takes a configured number of days instead of the law', () => {
    expect(coolingOffWindow(DISBURSED, 'PH', 5).lastDate).toBe('2026-12-02');
  });

  it('is not offered before disbursement, once settled, or after a rollover', () => {
    const now = addDays(DISBURSED, 1);
    expect(coolingOff({ status: ORDER_STATUS.disbursing, market: 'PH', state: loan({ disbursedAt: null }) }, now)).toMatchObject({ reason: 'not-disbursed' });
    expect(coolingOff({ status: ORDER_STATUS.settled, market: 'PH', state: loan() }, now)).toMatchObject({ reason: 'settled' });
    expect(coolingOff({ status: ORDER_STATUS.repaying, market: 'PH', state: loan({ rolloverCount: 1 }) }, now)).toMatchObject({ reason: 'rolled-over' });
  });
});

describe('the exit amount', () => {
  it('is principal plus interest for the days used (at least 1), no fee', () => {
    // 45,500 × 1 / 91 = 500
    expect(exitAmount(loan(), 'PH', DISBURSED)).toEqual({ principalMinor: 500_000, daysUsed: 1, interestMinor: 500, feeMinor: 0, paidMinor: 0, amountMinor: 500_500 });
    expect(exitAmount(loan(), 'PH', addDays(DISBURSED, 1)).amountMinor).toBe(500_500);
    expect(exitAmount(loan(), 'PH', addDays(DISBURSED, 3))).toMatchObject({ daysUsed: 3, interestMinor: 1_500, amountMinor: 501_500 });
  });

  it('rounds half up once', () => {
    expect(interestForDays(1, 1, 2)).toBe(1); // 0.5 → 1
    expect(interestForDays(1, 1, 3)).toBe(0); // 0.33 → 0
    expect(interestForDays(100, 1, 91)).toBe(1); // 1.0989 → 1
    expect(interestForDays(91, 3, 91)).toBe(3);
  });

  it('takes off what was paid already', () => {
    expect(exitAmount(loan({ paidMinor: 100_000 }), 'PH', DISBURSED).amountMinor).toBe(400_500);
    expect(exitAmount(loan({ paidMinor: 900_000 }), 'PH', DISBURSED).amountMinor).toBe(0);
  });

  it('counts days used on the market calendar', () => {
    const now = new Date('2026-11-27T17:00:00Z'); // the 28th in Manila, still the 27th in Kolkata
    expect(daysUsed(DISBURSED, now, 'PH')).toBe(1);
    expect(daysUsed(DISBURSED, addDays(DISBURSED, 2), 'IN')).toBe(2);
  });
});

describe('which cancel payment closes the loan', () => {
  it('one covering the exit amount within the window; not one short of it, nor after the window', () => {
    const open = coolingOff({ status: ORDER_STATUS.repaying, market: 'PH', state: loan() }, DISBURSED);
    if (!open.open) throw new Error('the window is open on the disbursement day');
    expect(exitPaidBy(open, open.exit.amountMinor)).toEqual(open.exit);
    expect(exitPaidBy(open, open.exit.amountMinor + 1)).toEqual(open.exit);
    expect(exitPaidBy(open, open.exit.amountMinor - 1)).toBeNull();
    const ended = coolingOff({ status: ORDER_STATUS.repaying, market: 'PH', state: loan() }, addDays(DISBURSED, 30));
    expect(exitPaidBy(ended, 1_000_000)).toBeNull();
  });

  it('none once other payments cover what cancelling costs (an exit amount of 0)', () => {
    const covered = exitAmount(loan(), 'PH', DISBURSED);
    const state = loan({ paidMinor: covered.amountMinor + 1 });
    const cooling = coolingOff({ status: ORDER_STATUS.repaying, market: 'PH', state }, DISBURSED);
    expect(cooling).toMatchObject({ open: true, exit: { amountMinor: 0 } });
    expect(exitPaidBy(cooling, 500_000)).toBeNull();
  });
});

describe('closing in cooling-off', () => {
  it('settles every instalment, keeps the interest for the days used, waives the fee, leaves the excess unapplied', () => {
    const state = loan({ periods: 2, instalments: [
      { seq: 1, dueAt: addDays(DISBURSED, 45), amountMinor: 280_250, paidMinor: 0, settledAt: null },
      { seq: 2, dueAt: addDays(DISBURSED, 91), amountMinor: 280_250, paidMinor: 0, settledAt: null },
    ] });
    const exit = exitAmount(state, 'PH', DISBURSED);
    const applied = closeInCoolingOff(state, exit.amountMinor + 7, exit, DISBURSED);
    expect(applied.outcome).toBe('cancelled');
    expect(applied.settledSeqs).toEqual([1, 2]);
    expect(applied.allocation).toEqual({ lateChargesMinor: 0, interestMinor: 500, serviceFeeMinor: 0, principalMinor: 500_000, unappliedMinor: 7 });
    const after = loanPosition(applied.state, DISBURSED);
    expect(after).toMatchObject({ openInstalments: 0, totalOwedMinor: 0, unpaidChargesMinor: 0, creditMinor: 0 });
    // Only the exit amount counts as paid; the 7 beyond it is the caller's to hold apart.
    expect(applied.state.paidMinor).toBe(exit.amountMinor);
  });

  it('refuses a payment short of the exit amount', () => {
    const exit = exitAmount(loan(), 'PH', DISBURSED);
    expect(() => closeInCoolingOff(loan(), exit.amountMinor - 1, exit, DISBURSED)).toThrow(RangeError);
  });
});

describe('properties', () => {
  const arbLoan = fc.record({
    principal: fc.integer({ min: 100, max: 100_000_000 }),
    interest: fc.integer({ min: 0, max: 50_000_000 }),
    term: fc.integer({ min: 91, max: 365 }),
    paid: fc.integer({ min: 0, max: 1_000_000 }),
    minutes: fc.integer({ min: 0, max: 10 * 24 * 60 }),
    market: fc.constantFrom('PH' as const, 'IN' as const),
  });

  it('the exit amount is principal + rounded interest share − paid, never negative, and never more than the loan costs', () => {
    fc.assert(
      fc.property(arbLoan, ({ principal, interest, term, paid, minutes, market }) => {
        const now = new Date(DISBURSED.getTime() + minutes * 60_000);
        const exit = exitAmount(loan({ principalMinor: principal, interestMinor: interest, termDays: term, paidMinor: paid }), market, now);
        const exact = (BigInt(interest) * BigInt(exit.daysUsed) * 2n + BigInt(term)) / (2n * BigInt(term));
        expect(BigInt(exit.interestMinor)).toBe(exact < BigInt(interest) ? exact : BigInt(interest));
        expect(exit.daysUsed).toBeGreaterThanOrEqual(1);
        expect(exit.amountMinor).toBe(Math.max(0, principal + exit.interestMinor - paid));
        expect(Number.isSafeInteger(exit.amountMinor)).toBe(true);
      }),
    );
  });

  it('the exit amount never falls as days pass, and the window closes exactly after its last day', () => {
    fc.assert(
      fc.property(arbLoan, fc.integer({ min: 0, max: 24 * 60 }), ({ principal, interest, term, minutes, market }, later) => {
        const state = loan({ principalMinor: principal, interestMinor: interest, termDays: term });
        const now = new Date(DISBURSED.getTime() + minutes * 60_000);
        const next = new Date(now.getTime() + later * 60_000);
        expect(exitAmount(state, market, next).amountMinor).toBeGreaterThanOrEqual(exitAmount(state, market, now).amountMinor);
        const view = coolingOff({ status: ORDER_STATUS.repaying, market, state }, now);
        const { endsAt } = coolingOffWindow(DISBURSED, market);
        expect(view.open).toBe(now.getTime() <= endsAt.getTime());
      }),
    );
  });

  it('closing leaves nothing owed and accounts for every minor unit paid', () => {
    fc.assert(
      fc.property(arbLoan, fc.integer({ min: 0, max: 10_000 }), ({ principal, interest, term, minutes, market }, extra) => {
        const state = loan({
          principalMinor: principal,
          interestMinor: interest,
          termDays: term,
          instalments: [{ seq: 1, dueAt: addDays(DISBURSED, term), amountMinor: principal + interest, paidMinor: 0, settledAt: null }],
        });
        const now = new Date(DISBURSED.getTime() + minutes * 60_000);
        const exit = exitAmount(state, market, now);
        const applied = closeInCoolingOff(state, exit.amountMinor + extra, exit, now);
        const a = applied.allocation;
        expect(a.lateChargesMinor + a.interestMinor + a.serviceFeeMinor + a.principalMinor + a.unappliedMinor).toBe(exit.amountMinor + extra);
        const after = loanPosition(applied.state, now);
        expect(after.totalOwedMinor).toBe(0);
        expect(applied.unappliedMinor).toBe(extra);
        expect(applied.state.paidMinor).toBe(exit.amountMinor);
        expect(after.creditMinor).toBe(0);
      }),
    );
  });
});
