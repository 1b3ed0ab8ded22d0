import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, lenderDay } from './calendar.ts';
import { applyPayment, loanPosition, quote, shownStatus, type LoanState } from './position.ts';
import { dailyOverdueBp, overdueInterest } from './rules.ts';
import { ORDER_STATUS } from './status.ts';
import { paidOutLoan } from '../test-support/loan-state.ts';

// 10:00 in Manila, so whole-day steps never cross a lender midnight by accident.
const DISBURSED = new Date('2026-01-10T02:00:00Z');

/** A loan on the seed's terms; no caps unless given (the capped ledger is tested in caps.test.ts). */
function loan(opts: { principal?: number; term?: number; periods?: number; repeat?: boolean } = {}): LoanState {
  const terms = { principalMinor: opts.principal ?? 1_000_000, termDays: opts.term ?? 91, periods: opts.periods ?? 1, interestBp: 1_000, serviceFeeBp: 500, rolloverFeeBp: 1_500 };
  return paidOutLoan(terms, { disbursedAt: DISBURSED, isRepeatBorrower: opts.repeat ?? false, caps: null });
}
const dueOf = (s: LoanState) => s.instalments[0]!.dueAt;
const dayAfterDue = (s: LoanState, n: number) => addDays(dueOf(s), n);

/** Day-by-day oracle: every overdue calendar day, its overdue amount times its tier rate. */
function oracleInterest(s: LoanState, now: Date): number {
  const open = s.instalments.filter((i) => !i.settledAt).sort((a, b) => a.seq - b.seq);
  if (!open[0]) return 0;
  const anchor = lenderDay(open[0].dueAt);
  let sum = 0n;
  for (let day = anchor + 1; day <= lenderDay(now); day++) {
    if (s.lateInterestBookedThroughDay !== null && day <= s.lateInterestBookedThroughDay) continue;
    const overdue = open.filter((i) => lenderDay(i.dueAt) < day).reduce((a, i) => a + i.amountMinor - i.paidMinor, 0);
    sum += BigInt(overdue) * BigInt(dailyOverdueBp(day - anchor));
  }
  return Number((sum * 2n + 10_000n) / 20_000n);
}

describe('what a loan owes', () => {
  it('owes exactly principal + interest + fee until the due date, with no late charges', () => {
    const s = loan();
    for (const at of [DISBURSED, addDays(DISBURSED, 45), dueOf(s)]) {
      const p = loanPosition(s, at);
      expect(p).toMatchObject({ overdueInterestMinor: 0, penaltyMinor: 0, daysOverdue: 0, totalOwedMinor: 1_150_000 });
    }
  });

  it('adds the penalty and 5 % of the overdue amount from the first overdue day', () => {
    const s = loan();
    const p = loanPosition(s, dayAfterDue(s, 1));
    expect(p).toMatchObject({ daysOverdue: 1, overdueAmountMinor: 1_150_000, overdueInterestMinor: 57_500, penaltyMinor: 100_000 });
    expect(p.totalOwedMinor).toBe(1_150_000 + 57_500 + 100_000);
    expect(loanPosition(loan({ repeat: true }), dayAfterDue(s, 1)).penaltyMinor).toBe(80_000);
  });

  it('charges the tiers at the loan level on day 30/31 and 90/91', () => {
    const s = loan();
    const at = (d: number) => loanPosition(s, dayAfterDue(s, d)).overdueInterestMinor;
    expect(at(31) - at(30)).toBe(46_000); // 4 % of 1,150,000
    expect(at(30) - at(29)).toBe(57_500);
    expect(at(91) - at(90)).toBe(23_000);
    expect(at(90) - at(89)).toBe(46_000);
  });

  it('equals the single-amount formula for a one-instalment loan', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50_000_000 }), fc.integer({ min: 0, max: 400 }), (principal, d) => {
        const s = loan({ principal });
        const base = s.instalments[0]!.amountMinor;
        expect(loanPosition(s, dayAfterDue(s, d)).overdueInterestMinor).toBe(overdueInterest(base, d));
      }),
    );
  });

  it('matches the day-by-day oracle for instalment loans, also after partial payments', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 100_000, max: 10_000_000 }),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 1, max: 2_000_000 }),
        (periods, principal, payDay, later, amount) => {
          const s = loan({ principal, periods, term: 180 });
          const paidAt = addDays(DISBURSED, payDay);
          expect(loanPosition(s, paidAt).overdueInterestMinor).toBe(oracleInterest(s, paidAt));
          const after = applyPayment(s, amount, 'repay', paidAt).state;
          const at = addDays(paidAt, later);
          expect(loanPosition(after, at).overdueInterestMinor).toBe(oracleInterest(after, at));
        },
      ),
    );
  });

  it('never decreases as time passes without payments, and every figure is a whole number ≥ 0', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 0, max: 600 }), fc.integer({ min: 0, max: 600 }), (periods, a, b) => {
        const s = loan({ periods, term: 120 });
        const p1 = loanPosition(s, addDays(DISBURSED, Math.min(a, b)));
        const p2 = loanPosition(s, addDays(DISBURSED, Math.max(a, b)));
        expect(p1.totalOwedMinor).toBeLessThanOrEqual(p2.totalOwedMinor);
        for (const v of [p2.totalOwedMinor, p2.currentDueMinor, p2.overdueInterestMinor, p2.penaltyMinor, p2.overdueAmountMinor]) {
          expect(Number.isSafeInteger(v) && v >= 0).toBe(true);
        }
        expect(p2.currentDueMinor).toBeLessThanOrEqual(p2.totalOwedMinor);
      }),
    );
  });
});

describe('the status shown', () => {
  it('moves 170 → 174 three days before the due date → 180 the day after', () => {
    const s = loan();
    const shown = (d: number) => shownStatus(ORDER_STATUS.repaying, s, dayAfterDue(s, d));
    expect(shown(-4)).toBe(170);
    expect(shown(-3)).toBe(174);
    expect(shown(0)).toBe(174);
    expect(shown(1)).toBe(180);
    expect(shown(400)).toBe(180);
  });

  it('keeps review, disbursing, rejected and settled as stored, and derives from any repaying status', () => {
    const s = loan();
    const later = dayAfterDue(s, 10);
    for (const stored of [21, 110, 151, 200] as const) expect(shownStatus(stored, s, later)).toBe(stored);
    expect(shownStatus(ORDER_STATUS.overdue, s, addDays(DISBURSED, 1))).toBe(170);
    expect(shownStatus(ORDER_STATUS.repaying, s, later)).toBe(180);
  });
});

describe('repayment', () => {
  it('opens early only after half the term, and always in the due window', () => {
    const s = loan({ term: 120 });
    expect(loanPosition(s, addDays(DISBURSED, 59)).repaymentOpen).toBe(false);
    expect(loanPosition(s, addDays(DISBURSED, 60)).repaymentOpen).toBe(true);
    expect(loanPosition(s, addDays(DISBURSED, 60)).earlyRepaymentOpensAt).toEqual(addDays(DISBURSED, 60));
  });

  it('settles the loan when the quote is paid, whenever that is', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500 }), fc.boolean(), (day, repeat) => {
        const s = loan({ repeat });
        const at = addDays(DISBURSED, day);
        const applied = applyPayment(s, quote(s, 'repay', at), 'repay', at);
        expect(applied.outcome).toBe('settled');
        expect(applied.unappliedMinor).toBe(0);
        const after = loanPosition(applied.state, addDays(at, 30));
        expect(after.totalOwedMinor).toBe(0);
        expect(after.creditMinor).toBe(0);
        expect(shownStatus(ORDER_STATUS.overdue, applied.state, addDays(at, 30))).toBe(200);
      }),
    );
  });

  it('reduces what is owed by exactly what was paid, and never records more paid than was owed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 0, max: 300 }), fc.integer({ min: 1, max: 3_000_000 }), (periods, day, amount) => {
        const s = loan({ periods, term: 180 });
        const at = addDays(DISBURSED, day);
        const before = loanPosition(s, at).totalOwedMinor;
        const applied = applyPayment(s, amount, 'repay', at);
        const after = loanPosition(applied.state, at);
        expect(after.totalOwedMinor).toBe(Math.max(0, before - amount));
        // What is beyond everything owed is unapplied, and only what was applied counts as paid.
        expect(applied.unappliedMinor).toBe(Math.max(0, amount - before));
        expect(applied.state.paidMinor).toBe(s.paidMinor + Math.min(amount, before));
        expect(after.creditMinor).toBe(0);
        expect(applied.toChargesMinor + applied.toInstalmentsMinor + applied.unappliedMinor).toBe(amount);
      }),
    );
  });

  it('adds nothing to what was paid when a settled loan is paid again', () => {
    const s = loan();
    const settled = applyPayment(s, quote(s, 'repay', DISBURSED), 'repay', DISBURSED).state;
    const again = applyPayment(settled, 12_345, 'repay', DISBURSED);
    expect(again).toMatchObject({ outcome: 'overpaid', unappliedMinor: 12_345, toChargesMinor: 0, toInstalmentsMinor: 0 });
    expect(again.state.paidMinor).toBe(settled.paidMinor);
  });

  it('settles the due instalment of an instalment loan and leaves the rest open', () => {
    const s = loan({ periods: 3, term: 180 });
    const firstDue = s.instalments[0]!.dueAt;
    const amount = quote(s, 'repay', firstDue);
    expect(amount).toBe(s.instalments[0]!.amountMinor);
    const applied = applyPayment(s, amount, 'repay', firstDue);
    expect(applied.outcome).toBe('instalment');
    expect(applied.settledSeqs).toEqual([1]);
    const p = loanPosition(applied.state, firstDue);
    expect(p.currentSeq).toBe(2);
    expect(shownStatus(ORDER_STATUS.due, applied.state, firstDue)).toBe(170);
  });
});

describe('the late penalty is charged once', () => {
  it('is booked by the first payment after it falls due and never owed again', () => {
    const s = loan();
    const overdueDay = dayAfterDue(s, 5);
    const partial = applyPayment(s, 200_000, 'repay', overdueDay);
    expect(partial.outcome).toBe('partial');
    expect(partial.state.penaltyCharged).toBe(true);
    expect(loanPosition(partial.state, dayAfterDue(s, 40)).penaltyMinor).toBe(0);
  });

  it('is not charged again when a rolled-over loan falls overdue a second time', () => {
    const s = loan();
    const overdueDay = dayAfterDue(s, 3);
    const rolled = applyPayment(s, quote(s, 'rollover', overdueDay), 'rollover', overdueDay);
    expect(rolled.outcome).toBe('rolled_over');
    expect(rolled.bookedChargesMinor).toBe(overdueInterest(1_150_000, 3) + 100_000 + 150_000);
    const againOverdue = addDays(rolled.state.instalments[0]!.dueAt, 2);
    const p = loanPosition(rolled.state, againOverdue);
    expect(p.penaltyMinor).toBe(0);
    expect(p.overdueInterestMinor).toBe(overdueInterest(1_150_000, 2));
  });
});

describe('rollover', () => {
  it('moves the due date by one period, returns the loan to 170 and leaves the base owed', () => {
    const s = loan();
    const due = dueOf(s);
    const price = quote(s, 'rollover', due);
    expect(price).toBe(150_000); // 15 % of principal, nothing overdue yet
    const rolled = applyPayment(s, price, 'rollover', due);
    expect(rolled.state.instalments[0]!.dueAt).toEqual(addDays(due, 91));
    expect(rolled.state.rolloverCount).toBe(1);
    expect(shownStatus(ORDER_STATUS.due, rolled.state, due)).toBe(170);
    expect(loanPosition(rolled.state, due).totalOwedMinor).toBe(1_150_000);
  });

  it('does not extend when the money does not cover the charges, and books no fee then', () => {
    const s = loan();
    const at = dayAfterDue(s, 2);
    const short = applyPayment(s, quote(s, 'rollover', at) - 1, 'rollover', at);
    expect(short.outcome).toBe('partial');
    expect(short.state.instalments[0]!.dueAt).toEqual(dueOf(s));
    expect(short.bookedChargesMinor).toBe(overdueInterest(1_150_000, 2) + 100_000);
  });

  it('keeps owed = owed before + fee − paid for any overdue day', () => {
    fc.assert(
      fc.property(fc.integer({ min: -3, max: 200 }), (d) => {
        const s = loan();
        const at = dayAfterDue(s, d);
        const before = loanPosition(s, at).totalOwedMinor;
        const price = quote(s, 'rollover', at);
        const rolled = applyPayment(s, price, 'rollover', at);
        expect(rolled.outcome).toBe('rolled_over');
        expect(loanPosition(rolled.state, at).totalOwedMinor).toBe(before + 150_000 - price);
      }),
    );
  });
});

describe('how a payment is allocated', () => {
  it('splits every payment into parts that add up to it, and over a whole loan never allocates more interest, fee or principal than the loan has', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3 }),
        fc.array(fc.record({ step: fc.integer({ min: 0, max: 60 }), amount: fc.integer({ min: 1, max: 900_000 }), rollover: fc.boolean() }), { minLength: 1, maxLength: 8 }),
        (periods, payments) => {
          let s = loan({ periods, term: 180 });
          const start = s;
          let at = DISBURSED;
          const total = { lateChargesMinor: 0, interestMinor: 0, serviceFeeMinor: 0, principalMinor: 0, unappliedMinor: 0 };
          let booked = 0;
          for (const p of payments) {
            at = addDays(at, p.step);
            const applied = applyPayment(s, p.amount, p.rollover ? 'rollover' : 'repay', at);
            const a = applied.allocation;
            expect(a.lateChargesMinor + a.interestMinor + a.serviceFeeMinor + a.principalMinor + a.unappliedMinor).toBe(p.amount);
            expect(a.lateChargesMinor).toBe(applied.toChargesMinor);
            expect(a.interestMinor + a.serviceFeeMinor + a.principalMinor).toBe(applied.toInstalmentsMinor);
            for (const part of Object.values(a)) expect(part).toBeGreaterThanOrEqual(0);
            for (const key of Object.keys(total) as Array<keyof typeof total>) total[key] += a[key];
            booked += applied.bookedChargesMinor;
            s = applied.state;
          }
          expect(total.interestMinor).toBeLessThanOrEqual(start.interestMinor);
          expect(total.serviceFeeMinor).toBeLessThanOrEqual(start.feeMinor);
          expect(total.principalMinor).toBeLessThanOrEqual(start.principalMinor);
          expect(total.lateChargesMinor).toBeLessThanOrEqual(booked);
          // Interest is filled before the fee, and the fee before principal.
          if (total.serviceFeeMinor > 0) expect(total.interestMinor).toBe(start.interestMinor);
          if (total.principalMinor > 0) expect(total.serviceFeeMinor).toBe(start.feeMinor);
        },
      ),
    );
  });

  it('pays interest first, then the service fee, then principal', () => {
    const s = loan(); // principal 1,000,000, interest 100,000, fee 50,000
    const first = applyPayment(s, 120_000, 'repay', DISBURSED);
    expect(first.allocation).toEqual({ lateChargesMinor: 0, interestMinor: 100_000, serviceFeeMinor: 20_000, principalMinor: 0, unappliedMinor: 0 });
    const second = applyPayment(first.state, 1_100_000, 'repay', DISBURSED);
    expect(second.allocation).toEqual({ lateChargesMinor: 0, interestMinor: 0, serviceFeeMinor: 30_000, principalMinor: 1_000_000, unappliedMinor: 70_000 });
  });
});
