/**
 * The cooling-off exit (docs/loan-terms.md, "Cooling-off"): until when a borrower may cancel a
 * disbursed loan, what cancelling costs, and what paying that does to the ledger. Pure, like
 * position.ts; the orders service and the cancel-loan module ask here.
 *
 * Window: through the end of the lender day that is coolingOffDays calendar days after the
 * disbursement day, on the order's market calendar. Disbursed on 2026-11-27 in the Philippines
 * (3 days): cancellable until 2026-11-30 23:59:59.999 Manila time.
 *
 * Exit amount: principal + interest for the days used − everything already paid. Days used are the
 * lender days from the disbursement day to today, at least 1 (disbursed today or yesterday: 1). The
 * interest for those days is the loan's interest × days used / term days, multiplied out exactly and
 * rounded half up once. No fee is kept: the service fee is waived on cancellation (the disclosure
 * says so).
 */
import type { Market } from '@cashloan/contract';
import { dayToIsoDate, lenderDay, lenderDayStartsAt } from './calendar.ts';
import { MARKET_RULES } from './market-rules.ts';
import type { AppliedPayment, LoanState } from './position.ts';
import { ORDER_STATUS, isRepaying, type OrderStatus } from './status.ts';

export interface CoolingOffWindow {
  /** The last lender day on which the borrower may cancel (a day number, calendar.ts). */
  lastDay: number;
  /** That day as 'YYYY-MM-DD'. */
  lastDate: string;
  /** The last millisecond of that day on the market's calendar. */
  endsAt: Date;
}

/** The window of a loan disbursed at `disbursedAt` in `market`; `days` is the market's law unless given. */
export function coolingOffWindow(disbursedAt: Date, market: Market, days: number = MARKET_RULES[market].coolingOffDays): CoolingOffWindow {
  const lastDay = lenderDay(disbursedAt, market) + days;
  return { lastDay, lastDate: dayToIsoDate(lastDay), endsAt: new Date(lenderDayStartsAt(lastDay + 1, market).getTime() - 1) };
}

/**
 * The cooling-off right as the disclosure (Disclosure Statement / Key Fact Statement) states it: the
 * period, and that cancelling costs the principal plus interest for the days used, with no fee.
 */
export function coolingOffStatement(market: Market, days: number = MARKET_RULES[market].coolingOffDays): string {
  const period = `${days} ${days === 1 ? 'day' : 'days'}`;
  return (
    `Cooling-off period: you may cancel this loan until the end of the ${period} after the day it is paid out ` +
    '(from Order details). Cancelling costs only the loan amount plus interest for the days you had the money; ' +
    'no fee is charged (the service fee is waived).'
  );
}

/** Lender days the money was held: from the disbursement day to today, at least 1. */
export function daysUsed(disbursedAt: Date, now: Date, market: Market): number {
  return Math.max(1, lenderDay(now, market) - lenderDay(disbursedAt, market));
}

/** interestMinor × days / termDays, exact, rounded half up once; never more than the loan's interest. */
export function interestForDays(interestMinor: number, days: number, termDays: number): number {
  if (!Number.isSafeInteger(interestMinor) || interestMinor < 0) throw new RangeError(`interestMinor must be a whole number ≥ 0, got ${interestMinor}`);
  if (!Number.isSafeInteger(days) || days < 0) throw new RangeError(`days must be a whole number ≥ 0, got ${days}`);
  if (!Number.isSafeInteger(termDays) || termDays <= 0) throw new RangeError(`termDays must be a whole number > 0, got ${termDays}`);
  const t = BigInt(termDays);
  const rounded = Number((BigInt(interestMinor) * BigInt(days) * 2n + t) / (2n * t));
  return Math.min(interestMinor, rounded);
}

export interface ExitAmount {
  principalMinor: number;
  daysUsed: number;
  /** Interest for the days used. */
  interestMinor: number;
  /** Fees kept on cancellation: none (the service fee is waived). */
  feeMinor: 0;
  /** Already paid on the order, taken off. */
  paidMinor: number;
  /** What the borrower pays now to cancel (never below 0). */
  amountMinor: number;
}

type ExitState = Pick<LoanState, 'principalMinor' | 'interestMinor' | 'termDays' | 'paidMinor' | 'disbursedAt'>;

export function exitAmount(state: ExitState, market: Market, now: Date): ExitAmount {
  if (!state.disbursedAt) throw new RangeError('a loan not disbursed has no exit amount');
  const days = daysUsed(state.disbursedAt, now, market);
  const interestMinor = interestForDays(state.interestMinor, days, state.termDays);
  const amountMinor = Math.max(0, state.principalMinor + interestMinor - state.paidMinor);
  return { principalMinor: state.principalMinor, daysUsed: days, interestMinor, feeMinor: 0, paidMinor: state.paidMinor, amountMinor };
}

/** Why a loan cannot be cancelled now. */
export type NotCancellable = 'not-disbursed' | 'settled' | 'rolled-over' | 'ended';

export type CoolingOff =
  | { open: true; window: CoolingOffWindow; exit: ExitAmount }
  | { open: false; reason: NotCancellable; window: CoolingOffWindow | null };

export interface CoolingOffOrder {
  /** The stored status (docs/statuses.md). */
  status: OrderStatus;
  market: Market;
  state: LoanState;
}

/**
 * Whether the loan may be cancelled at `now`: disbursed, nothing settled it, never rolled over, and
 * today is on or before the window's last day. `days` overrides the market's period (configuration).
 */
export function coolingOff(order: CoolingOffOrder, now: Date, days?: number): CoolingOff {
  const { state, market } = order;
  if (!state.disbursedAt || (!isRepaying(order.status) && order.status !== ORDER_STATUS.settled)) return { open: false, reason: 'not-disbursed', window: null };
  const window = coolingOffWindow(state.disbursedAt, market, days);
  if (order.status === ORDER_STATUS.settled || state.instalments.every((i) => i.settledAt !== null)) return { open: false, reason: 'settled', window };
  if (state.rolloverCount > 0) return { open: false, reason: 'rolled-over', window };
  if (lenderDay(now, market) > window.lastDay) return { open: false, reason: 'ended', window };
  return { open: true, window, exit: exitAmount(state, market, now) };
}

/**
 * The exit a cancel payment of `amountMinor` closes the loan for, or null when it is a repayment:
 * outside the window, short of the exit amount, or with nothing left to pay to cancel (an exit amount
 * of 0: other payments already cover what cancelling costs, and cancelling would leave more paid than
 * the cancelled loan owes; staff close such a loan, refunding what is over, as the cancel screen says).
 */
export function exitPaidBy(cooling: CoolingOff, amountMinor: number): ExitAmount | null {
  return cooling.open && cooling.exit.amountMinor > 0 && amountMinor >= cooling.exit.amountMinor ? cooling.exit : null;
}

/**
 * Applies a cancellation payment that covers the exit amount: every open instalment is closed, the
 * interest kept is the days used, the fee is waived, and anything beyond the exit amount is
 * `unappliedMinor`, not added to paidMinor (the caller holds it apart as the borrower's credit). The
 * caller (orders' recordPayment) asks exitPaidBy first; a payment that does not qualify goes through
 * applyPayment as a repayment.
 */
export function closeInCoolingOff(state: LoanState, amountMinor: number, exit: ExitAmount, now: Date): AppliedPayment {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < exit.amountMinor || amountMinor <= 0) {
    throw new RangeError(`a cancellation needs at least ${exit.amountMinor}, got ${amountMinor}`);
  }
  const instalments = state.instalments.map((i) => (i.settledAt === null ? { ...i, settledAt: now } : { ...i }));
  const settledSeqs = state.instalments.filter((i) => i.settledAt === null).map((i) => i.seq);
  const applied = exit.amountMinor;
  const unappliedMinor = amountMinor - applied;
  // Money paid before went to interest first (splitBasePayment's waterfall), so this pays the rest of
  // the interest kept, then principal.
  const interestMinor = Math.max(0, Math.min(applied, exit.interestMinor - state.paidMinor));
  const next: LoanState = { ...state, interestMinor: exit.interestMinor, feeMinor: 0, paidMinor: state.paidMinor + applied, instalments };
  return {
    state: next,
    outcome: 'cancelled',
    bookedChargesMinor: 0,
    toChargesMinor: 0,
    toInstalmentsMinor: applied,
    unappliedMinor,
    settledSeqs,
    allocation: { lateChargesMinor: 0, interestMinor, serviceFeeMinor: 0, principalMinor: applied - interestMinor, unappliedMinor },
  };
}
