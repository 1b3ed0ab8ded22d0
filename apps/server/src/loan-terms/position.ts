/**
 * What a loan owes at a given moment, the status the borrower is shown, and how a payment changes
 * the loan. Pure: the orders service loads a LoanState, asks here, and stores what comes back.
 *
 * Ledger model: the base (principal + interest + fee) is split into instalments. Late charges and
 * rollover fees are "booked" into extraChargesMinor when a payment arrives; until then overdue
 * interest accrues from the day after lateInterestBookedThroughDay (or after each instalment's due
 * day). So at any time: owed = principal + interest + fee + booked charges − paid
 *                                + overdue interest accrued since the last booking + penalty not yet charged.
 *
 * Caps (market-rules.ts, docs/loan-terms.md): where caps cover the loan, the late charges (overdue
 * interest and penalty, one kind) stop at the late allowance — Σ over overdue days of the amount
 * overdue × the monthly cap / 30 — and everything charged stops at the total-cost cap; a rollover fee
 * is charged only up to what is left of it. Below the caps the seed's bands and penalty decide.
 */
import type { Market } from '@cashloan/contract';
import { addDays, daysBetween, lenderDay } from './calendar.ts';
import { lateAllowance, renewalFeeCap, totalCostCap } from './caps.ts';
import type { ChargeCaps } from './market-rules.ts';
import {
  BP,
  DUE_WINDOW_DAYS,
  canPrepay,
  cumulativeOverdueBp,
  extensionDays,
  latePenalty,
  prepaymentOpensAfterDays,
  rolloverFee,
} from './rules.ts';
import { ORDER_STATUS, isRepaying, type OrderStatus } from './status.ts';

export interface InstalmentState {
  seq: number;
  dueAt: Date;
  amountMinor: number;
  paidMinor: number;
  settledAt: Date | null;
}

export interface LoanState {
  principalMinor: number;
  interestMinor: number;
  feeMinor: number;
  /** Late interest, penalty and rollover fees booked so far. */
  extraChargesMinor: number;
  /**
   * Everything applied to the order (base, charges, rollovers). Money received beyond what the order
   * owed is never added here: it is held apart as the borrower's credit (a payment exception).
   */
  paidMinor: number;
  isRepeatBorrower: boolean;
  /** The one-time late penalty has been charged (it is never charged twice). */
  penaltyCharged: boolean;
  /** Lender day number up to which overdue interest is already booked; null when never. */
  lateInterestBookedThroughDay: number | null;
  termDays: number;
  periods: number;
  rolloverFeeBp: number;
  rolloverCount: number;
  disbursedAt: Date | null;
  instalments: InstalmentState[];
  /** Whose calendar the days are counted on. */
  market: Market;
  /** The caps that cover this loan (capsFor), null when none do. */
  caps: ChargeCaps | null;
  /** Late interest and penalty booked so far (the part of extraChargesMinor that is late charges). */
  lateChargesMinor: number;
  /** Σ over overdue days through lateInterestBookedThroughDay of the amount overdue that day (the late allowance's base). */
  overdueMinorDays: number;
}

export interface LoanPosition {
  /** Principal, interest and fee not yet repaid. */
  outstandingBaseMinor: number;
  /** Booked charges (late interest, penalty, rollover fees) not yet paid. */
  unpaidChargesMinor: number;
  /** Overdue interest accrued since the last booking. */
  overdueInterestMinor: number;
  /** The one-time penalty, owed from the first overdue day until it is charged. */
  penaltyMinor: number;
  totalOwedMinor: number;
  /** What brings the loan current: due and overdue instalments plus every charge. */
  currentDueMinor: number;
  /** Unpaid amount of instalments whose due date has passed (what overdue interest runs on). */
  overdueAmountMinor: number;
  /**
   * paidMinor beyond everything charged: always 0 on a ledger applyPayment and closeInCoolingOff
   * wrote (money beyond what is owed is never added to paidMinor; migration 031 took it out of the
   * ledgers written before), so anything else is a ledger to look at.
   */
  creditMinor: number;
  daysOverdue: number;
  /** Calendar days until the current instalment is due (negative once overdue); null when nothing is open. */
  daysUntilDue: number | null;
  currentDueAt: Date | null;
  currentSeq: number | null;
  openInstalments: number;
  /** Whether a repayment may be made now: the current instalment is due, or early repayment is open. */
  repaymentOpen: boolean;
  earlyRepaymentOpensAt: Date | null;
  /** Interest, fee, late charges and rollover fees so far, booked or accrued (what the total-cost cap limits). */
  costSoFarMinor: number;
  /** The most the loan may ever cost; null when no cap covers it. */
  costCapMinor: number | null;
  /** What a rollover bought now adds as its fee (the product's, cut to what the total-cost cap leaves). */
  rolloverFeeMinor: number;
  /** Σ over overdue days, through today, of the amount overdue that day. */
  overdueMinorDays: number;
}

const remainingOf = (i: InstalmentState) => Math.max(0, i.amountMinor - i.paidMinor);
const openOf = (state: LoanState) => state.instalments.filter((i) => i.settledAt === null).sort((a, b) => a.seq - b.seq);

/**
 * Overdue interest for the days after the last booking, and those days' overdue amounts summed
 * (minor-days, for the late allowance). Each open instalment accrues from the day after its due
 * day; every day is charged at the tier of the loan's overdue day number, counted from the earliest
 * unpaid due date (the anchor). Summed exactly, rounded half up once.
 */
function accruedSinceBooking(open: InstalmentState[], today: number, bookedThrough: number | null, market: Market): { interestMinor: number; minorDays: number } {
  const first = open[0];
  if (!first) return { interestMinor: 0, minorDays: 0 };
  const anchor = lenderDay(first.dueAt, market);
  if (today <= anchor) return { interestMinor: 0, minorDays: 0 };
  let sum = 0n;
  let minorDays = 0;
  for (const instalment of open) {
    const from = Math.max(lenderDay(instalment.dueAt, market), bookedThrough ?? Number.NEGATIVE_INFINITY);
    if (today <= from) continue;
    const bp = cumulativeOverdueBp(today - anchor) - cumulativeOverdueBp(from - anchor);
    sum += BigInt(remainingOf(instalment)) * BigInt(bp);
    minorDays += remainingOf(instalment) * (today - from);
  }
  return { interestMinor: Number((sum * 2n + BigInt(BP)) / (2n * BigInt(BP))), minorDays };
}

export function loanPosition(state: LoanState, now: Date): LoanPosition {
  const { market } = state;
  const today = lenderDay(now, market);
  const open = openOf(state);
  const current = open[0] ?? null;
  const outstandingBaseMinor = open.reduce((sum, i) => sum + remainingOf(i), 0);
  const charged = state.principalMinor + state.interestMinor + state.feeMinor + state.extraChargesMinor;
  const unpaidChargesMinor = Math.max(0, charged - state.paidMinor - outstandingBaseMinor);
  const creditMinor = Math.max(0, state.paidMinor - charged);
  const daysUntilDue = current ? lenderDay(current.dueAt, market) - today : null;
  const daysOverdue = daysUntilDue !== null && daysUntilDue < 0 ? -daysUntilDue : 0;
  const accrued = accruedSinceBooking(open, today, state.lateInterestBookedThroughDay, market);
  const overdueMinorDays = state.overdueMinorDays + accrued.minorDays;
  const bookedCost = state.interestMinor + state.feeMinor + state.extraChargesMinor;
  const costCapMinor = state.caps ? totalCostCap(state.caps, state.principalMinor) : null;
  // What is left under the caps; without caps, no limit.
  const costRoom = costCapMinor === null ? Number.POSITIVE_INFINITY : Math.max(0, costCapMinor - bookedCost);
  const lateRoom = state.caps ? Math.min(costRoom, Math.max(0, lateAllowance(state.caps, overdueMinorDays) - state.lateChargesMinor)) : costRoom;
  // The penalty falls on the first overdue day, so it takes the allowance first; the bands' interest the rest.
  const penaltyMinor = Math.min(lateRoom, daysOverdue >= 1 && !state.penaltyCharged ? latePenalty(state.isRepeatBorrower) : 0);
  const overdueInterestMinor = Math.min(lateRoom - penaltyMinor, accrued.interestMinor);
  const renewalCap = state.caps ? renewalFeeCap(state.caps, state.principalMinor, extensionDays(state.termDays, state.periods)) : Number.POSITIVE_INFINITY;
  const rolloverFeeMinor = Math.min(costRoom - penaltyMinor - overdueInterestMinor, renewalCap, rolloverFee(state.principalMinor, state.rolloverFeeBp));
  const charges = unpaidChargesMinor + overdueInterestMinor + penaltyMinor;
  const dueThrough = Math.max(today, current ? lenderDay(current.dueAt, market) : today);
  const currentDueBase = open.filter((i) => lenderDay(i.dueAt, market) <= dueThrough).reduce((sum, i) => sum + remainingOf(i), 0);
  const overdueAmountMinor = open.filter((i) => lenderDay(i.dueAt, market) < today).reduce((sum, i) => sum + remainingOf(i), 0);
  const earlyRepaymentOpensAt = state.disbursedAt ? addDays(state.disbursedAt, prepaymentOpensAfterDays(state.termDays)) : null;
  const inDueWindow = daysUntilDue !== null && daysUntilDue <= DUE_WINDOW_DAYS;
  const earlyOpen = state.disbursedAt !== null && canPrepay(state.termDays, daysBetween(state.disbursedAt, now, market));
  return {
    outstandingBaseMinor,
    unpaidChargesMinor,
    overdueInterestMinor,
    penaltyMinor,
    totalOwedMinor: outstandingBaseMinor + charges,
    currentDueMinor: currentDueBase + charges,
    overdueAmountMinor,
    creditMinor,
    daysOverdue,
    daysUntilDue,
    currentDueAt: current?.dueAt ?? null,
    currentSeq: current?.seq ?? null,
    openInstalments: open.length,
    repaymentOpen: current !== null && (inDueWindow || earlyOpen),
    earlyRepaymentOpensAt,
    costSoFarMinor: bookedCost + penaltyMinor + overdueInterestMinor,
    costCapMinor,
    rolloverFeeMinor,
    overdueMinorDays,
  };
}

/** The status shown for a repaying loan on a given day: the stored status plus the clock. */
export function statusForPosition(position: Pick<LoanPosition, 'openInstalments' | 'daysOverdue' | 'daysUntilDue'>): OrderStatus {
  if (position.openInstalments === 0) return ORDER_STATUS.settled;
  if (position.daysOverdue >= 1) return ORDER_STATUS.overdue;
  if (position.daysUntilDue !== null && position.daysUntilDue <= DUE_WINDOW_DAYS) return ORDER_STATUS.due;
  return ORDER_STATUS.repaying;
}

/**
 * The status the borrower sees. Review, disbursing, rejected and settled are what is stored;
 * a disbursed loan's 170/174/180 follows from its current due date and today, so an order stored
 * as 170 whose due date has passed is shown as 180 (and its figures include the late charges).
 */
export function shownStatus(stored: OrderStatus, state: LoanState, now: Date): OrderStatus {
  if (!isRepaying(stored)) return stored;
  return statusForPosition(loanPosition(state, now));
}

/** 'cancel' is a cooling-off exit (cooling-off.ts quotes and closes it); one that does not close the loan is applied here as 'repay'. */
export type PaymentPurpose = 'repay' | 'rollover' | 'cancel';

/** What a pay code for `purpose` should ask for now. */
export function quote(state: LoanState, purpose: Exclude<PaymentPurpose, 'cancel'>, now: Date): number {
  const position = loanPosition(state, now);
  if (purpose === 'repay') return position.currentDueMinor;
  return position.unpaidChargesMinor + position.overdueInterestMinor + position.penaltyMinor + position.rolloverFeeMinor;
}

/** 'cancelled': closed in the cooling-off period (cooling-off.ts). */
export type PaymentOutcome = 'settled' | 'instalment' | 'rolled_over' | 'partial' | 'overpaid' | 'cancelled';

/**
 * How one payment was applied, in minor units; the parts add up to the payment. Charges (late
 * interest, the penalty, rollover fees) are paid first. The money to instalments is then split by a
 * waterfall over the loan's base: everything paid to instalments so far, this payment included,
 * fills the loan's interest first, then its service fee, then its principal.
 */
export interface PaymentAllocation {
  lateChargesMinor: number;
  interestMinor: number;
  serviceFeeMinor: number;
  principalMinor: number;
  /** Received beyond everything owed. */
  unappliedMinor: number;
}

/**
 * Splits `amountMinor` paid to instalments, after `basePaidBeforeMinor` was paid to them before,
 * into interest, service fee and principal: the base fills interest first, then fee, then principal.
 */
export function splitBasePayment(
  loan: Pick<LoanState, 'interestMinor' | 'feeMinor' | 'principalMinor'>,
  basePaidBeforeMinor: number,
  amountMinor: number,
): Pick<PaymentAllocation, 'interestMinor' | 'serviceFeeMinor' | 'principalMinor'> {
  const from = basePaidBeforeMinor;
  const to = basePaidBeforeMinor + amountMinor;
  const part = (start: number, end: number) => Math.max(0, Math.min(to, end) - Math.max(from, start));
  const feeEnd = loan.interestMinor + loan.feeMinor;
  const interestMinor = part(0, loan.interestMinor);
  const serviceFeeMinor = part(loan.interestMinor, feeEnd);
  return { interestMinor, serviceFeeMinor, principalMinor: amountMinor - interestMinor - serviceFeeMinor };
}

export interface AppliedPayment {
  state: LoanState;
  outcome: PaymentOutcome;
  /** Charges booked by this payment (accrued late interest, penalty, rollover fee). */
  bookedChargesMinor: number;
  toChargesMinor: number;
  toInstalmentsMinor: number;
  /** Received beyond everything owed. */
  unappliedMinor: number;
  settledSeqs: number[];
  /** Where this payment went: charges, then interest, service fee and principal (splitBasePayment). */
  allocation: PaymentAllocation;
}

/**
 * Applies money received at `now`. Charges are booked and paid first, then instalments in order.
 * A rollover books its fee and extends every open instalment by one period only when the charges
 * are covered in full; otherwise the money stays applied and the due dates do not move. What is left
 * beyond everything owed is `unappliedMinor`: it is not added to paidMinor (the caller holds it apart
 * as the borrower's credit), so the ledger never says more was paid than was owed.
 */
export function applyPayment(state: LoanState, amountMinor: number, purpose: PaymentPurpose, now: Date): AppliedPayment {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) throw new RangeError(`amountMinor must be a positive whole number, got ${amountMinor}`);
  const position = loanPosition(state, now);
  const next: LoanState = { ...state, instalments: state.instalments.map((i) => ({ ...i })) };
  if (position.openInstalments === 0) {
    const allocation = { lateChargesMinor: 0, interestMinor: 0, serviceFeeMinor: 0, principalMinor: 0, unappliedMinor: amountMinor };
    return { state: next, outcome: 'overpaid', bookedChargesMinor: 0, toChargesMinor: 0, toInstalmentsMinor: 0, unappliedMinor: amountMinor, settledSeqs: [], allocation };
  }
  const lateCharges = position.overdueInterestMinor + position.penaltyMinor;
  // The rollover fee is only booked when the rollover is bought, i.e. every charge is covered.
  const fee = purpose === 'rollover' ? position.rolloverFeeMinor : 0;
  const rollingOver = purpose === 'rollover' && amountMinor >= position.unpaidChargesMinor + lateCharges + fee;
  const bookedChargesMinor = lateCharges + (rollingOver ? fee : 0);
  next.extraChargesMinor += bookedChargesMinor;
  next.lateChargesMinor += lateCharges;
  next.overdueMinorDays = position.overdueMinorDays;
  next.penaltyCharged = state.penaltyCharged || position.penaltyMinor > 0;
  next.lateInterestBookedThroughDay = lenderDay(now, state.market);

  const chargesOwed = position.unpaidChargesMinor + bookedChargesMinor;
  const toChargesMinor = Math.min(amountMinor, chargesOwed);
  let rest = amountMinor - toChargesMinor;
  const settledSeqs: number[] = [];
  for (const instalment of openOf(next)) {
    if (rest === 0) break;
    const pay = Math.min(rest, remainingOf(instalment));
    instalment.paidMinor += pay;
    rest -= pay;
    if (remainingOf(instalment) === 0) {
      instalment.settledAt = now;
      settledSeqs.push(instalment.seq);
    }
  }
  const toInstalmentsMinor = amountMinor - toChargesMinor - rest;
  const basePaidBefore = state.instalments.reduce((sum, i) => sum + i.paidMinor, 0);
  const allocation: PaymentAllocation = {
    lateChargesMinor: toChargesMinor,
    ...splitBasePayment(state, basePaidBefore, toInstalmentsMinor),
    unappliedMinor: rest,
  };
  next.paidMinor = state.paidMinor + amountMinor - rest;
  const allSettled = openOf(next).length === 0 && toChargesMinor === chargesOwed;

  let outcome: PaymentOutcome;
  if (allSettled) outcome = 'settled';
  else if (rollingOver) {
    const days = extensionDays(state.termDays, state.periods);
    for (const instalment of openOf(next)) instalment.dueAt = addDays(instalment.dueAt, days);
    next.rolloverCount += 1;
    outcome = 'rolled_over';
  } else outcome = settledSeqs.length > 0 ? 'instalment' : 'partial';
  return { state: next, outcome, bookedChargesMinor, toChargesMinor, toInstalmentsMinor, unappliedMinor: rest, settledSeqs, allocation };
}
