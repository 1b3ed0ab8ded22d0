/**
 * The model side of the loan state machine test (loan-state-machine.test.ts): what the lender
 * expects an order to look like after each borrower action, computed only with the loan-terms
 * functions, and the graph of status moves an order may make.
 *
 * The status graph, derived from loan-terms/status.ts (the codes), position.ts (statusForPosition:
 * nothing open → 200, ≥ 1 day overdue → 180, due within DUE_WINDOW_DAYS → 174, else 170) and
 * docs/statuses.md (who moves what). Only a disbursed loan is modelled (21/110/151 are back-office
 * moves before any money): those three are never reached.
 *
 *   by the clock, one lender day at a time:   170 → 174 → 180   (never backwards, never 170 → 180
 *                                              within one day: the due window is 3 days wide)
 *   by a payment applied:                      170|174|180 → 200 (everything paid)
 *                                              174|180 → 170     (rollover, or an instalment paid)
 *                                              180 → 174         (an overdue instalment paid, the next one due within 3 days)
 *   200 is final; staying put is always allowed.
 *
 * Money (issue 34): a payment is applied up to what the order owes; what it brings beyond that is
 * never in the ledger but one payment exception, held as the borrower's credit. A payment that settles
 * the order voids its other open codes (here and at the sandbox), which then take no money; a code
 * that had expired is not voided, and paid after settlement it is held whole (order_closed).
 */
import { applyPayment, loanPosition, quote, statusForPosition, type LoanState, type PaymentPurpose } from '../../apps/server/src/loan-terms/position.ts';
import { ORDER_STATUS, type OrderStatus } from '../../apps/server/src/loan-terms/status.ts';
import { SANDBOX_CODE_TTL_MS } from '../../apps/server/src/providers/payments/sandbox.ts';
import { CARD_REPAYMENTS_PER_DAY, REPAY_TOKEN_TTL_MS } from '../../apps/server/src/modules/card-repayment/service.ts';
import { CODE_CHECKS_PER_DAY, CODE_CHECKS_PER_REPAYMENT, CODE_RESENDS_PER_REPAYMENT, CODES_SENT_PER_DAY } from '../../apps/server/src/modules/card-repayment/codes.ts';
import { SMS_RESEND_SECONDS } from '@cashloan/contract';
import { DAY_MS } from '../../apps/server/src/platform/clock/clock.ts';
import { lenderDay } from '../../apps/server/src/loan-terms/calendar.ts';

const { repaying, due, overdue, settled } = ORDER_STATUS;
const edge = (from: OrderStatus, to: OrderStatus) => `${from}>${to}`;
export const CLOCK_MOVES: ReadonlySet<string> = new Set([edge(repaying, due), edge(due, overdue)]);
export const PAYMENT_MOVES: ReadonlySet<string> = new Set([
  edge(repaying, settled),
  edge(due, settled),
  edge(overdue, settled),
  edge(due, repaying),
  edge(overdue, repaying),
  edge(overdue, due),
]);

/**
 * Whether the shown status may go from `from` to `to` by this kind of event: 'day' is the clock
 * crossing one lender day (one edge at most), 'clock' any forward move of it (a path of day edges),
 * 'payment' one applied payment.
 */
export function allowedMove(from: OrderStatus, to: OrderStatus, by: 'day' | 'clock' | 'payment'): boolean {
  if (from === to) return true;
  if (by === 'payment') return PAYMENT_MOVES.has(edge(from, to));
  if (by === 'day') return CLOCK_MOVES.has(edge(from, to));
  return CLOCK_MOVES.has(edge(from, to)) || (from === repaying && to === overdue);
}

/** 'closed': stopped after its last code check was wrong; only a new repayment can pay. */
export type RecordStatus = 'pending' | 'paid' | 'cancelled' | 'closed';

/** A card repayment as the model expects it. */
export interface CardRecord {
  id: number;
  token: string;
  /** When its repay token (from repayment-way) expires. */
  tokenExpiresAt: number;
  amountMinor: number;
  status: RecordStatus;
  /** When its newest verification code was sent, how many were sent and how many were checked. */
  codeSentAt: number;
  sends: number;
  checks: number;
}

/** A pay code issued and left open, to be paid later (by then the order may owe less, or be settled). */
export interface OpenCode {
  code: string;
  amountMinor: number;
  purpose: 'repay' | 'rollover';
  /** When it stops being payable (the end of the lender day it was issued on). */
  expiresAt: number;
  /** Voided by the payment that settled the order (and at the sandbox): it takes no money. */
  voided: boolean;
}

export interface LoanModel {
  state: LoanState;
  rolloverAllowed: boolean;
  /** Payments the lender has applied to the order (card, counter code, rollover). */
  payments: number;
  cardPayments: number;
  /** The sandbox provider charges a card without a code once it has completed a verified charge. */
  cardRemembered: boolean;
  records: CardRecord[];
  /** When each card repayment was made, each code sent and each code checked (the borrower's daily limits). */
  madeAt: number[];
  sentAt: number[];
  checkedAt: number[];
  /** The newest pay code paid by the provider (to repeat its notification). */
  lastPaidCode: string | null;
  /** Codes issued and not paid yet. */
  openCodes: OpenCode[];
  /** Payment exceptions of the order, and what they hold as the borrower's credit. */
  exceptions: number;
  heldMinor: number;
  /** The status shown after the previous command. */
  shown: OrderStatus;
  /** The days counted for the charge caps (countDays). */
  caps: CapTracker;
}

export const shownOf = (state: LoanState, now: Date): OrderStatus => statusForPosition(loanPosition(state, now));

export function newModel(state: LoanState, rolloverAllowed: boolean, now: Date): LoanModel {
  return {
    state,
    rolloverAllowed,
    payments: 0,
    cardPayments: 0,
    cardRemembered: false,
    records: [],
    madeAt: [],
    sentAt: [],
    checkedAt: [],
    lastPaidCode: null,
    openCodes: [],
    exceptions: 0,
    heldMinor: 0,
    shown: shownOf(state, now),
    caps: newCapTracker(state),
  };
}

/** Why a payment of this purpose is refused now (null when the server must accept it). */
export function paymentRefusal(m: LoanModel, purpose: PaymentPurpose, now: Date): string | null {
  const shown = shownOf(m.state, now);
  if (shown === settled) return 'settled';
  if (purpose === 'repay') return loanPosition(m.state, now).repaymentOpen ? null : 'early repayment not open';
  if (!m.rolloverAllowed) return 'no rollover';
  if (shown !== due && shown !== overdue) return 'rollover not yet';
  return quote(m.state, 'rollover', now) === 0 ? 'rollover at the cap' : null;
}

// The model buys repayments and rollovers; cooling-off exits are tested in modules/cancel-loan.
export const quoteOf = (m: LoanModel, purpose: Exclude<PaymentPurpose, 'cancel'>, now: Date) => quote(m.state, purpose, now);

/**
 * The lender applies money received: the model's ledger moves by the loan-terms rules, which apply
 * at most what is owed; the rest is one payment exception holding it (issue 34). A payment that
 * settles the order voids its other open codes that have not expired.
 */
export function pay(m: LoanModel, amountMinor: number, purpose: PaymentPurpose, now: Date): void {
  // The caps count every day up to today with the loan as it stood before this payment.
  countDays(m.caps, m.state, now);
  const applied = applyPayment(m.state, amountMinor, purpose, now);
  m.state = applied.state;
  m.payments += 1;
  if (applied.unappliedMinor > 0) hold(m, applied.unappliedMinor);
  if (shownOf(m.state, now) === settled) for (const c of m.openCodes) if (c.expiresAt > now.getTime()) c.voided = true;
}

/** Money that arrived and was not applied: one payment exception holding it. */
export function hold(m: LoanModel, amountMinor: number): void {
  m.exceptions += 1;
  m.heldMinor += amountMinor;
}

/** How many of these moments fall in the 24 hours before `now`. */
const inLastDay = (times: number[], now: Date) => times.filter((t) => t > now.getTime() - DAY_MS).length;

/** Why a new card repayment is refused by the borrower's daily limits (null when it is not). */
export function commitLimit(m: LoanModel, now: Date): 'repayments' | 'sends' | 'checks' | null {
  if (inLastDay(m.madeAt, now) >= CARD_REPAYMENTS_PER_DAY) return 'repayments';
  if (inLastDay(m.sentAt, now) >= CODES_SENT_PER_DAY) return 'sends';
  if (inLastDay(m.checkedAt, now) >= CODE_CHECKS_PER_DAY) return 'checks';
  return null;
}

/**
 * What confirming a pending record with a code answers: the lender's counts first (the record's
 * checks, then the borrower's of the day), then the provider's verdict on a counted check (expiry,
 * then the code). A wrong code that was the record's last check closes it.
 */
export function codeVerdict(m: LoanModel, record: CardRecord, now: Date, right: boolean): 'closed' | 'checksToday' | 'expired' | 'wrong' | 'ok' {
  if (record.checks >= CODE_CHECKS_PER_REPAYMENT) return 'closed';
  if (inLastDay(m.checkedAt, now) >= CODE_CHECKS_PER_DAY) return 'checksToday';
  record.checks += 1;
  m.checkedAt.push(now.getTime());
  if (now.getTime() - record.codeSentAt >= SANDBOX_CODE_TTL_MS) return 'expired';
  if (right) return 'ok';
  return record.checks >= CODE_CHECKS_PER_REPAYMENT ? 'closed' : 'wrong';
}

/**
 * What a commit repeated with a pending record's token does about its code: nothing inside the
 * countdown; otherwise a resend, unless the record's resends or the borrower's codes of the day are used up.
 */
export function resendOutcome(m: LoanModel, record: CardRecord, now: Date): 'notDue' | 'resendsUsed' | 'sendsToday' | 'sent' {
  if (now.getTime() - record.codeSentAt < SMS_RESEND_SECONDS * 1000) return 'notDue';
  if (record.sends >= 1 + CODE_RESENDS_PER_REPAYMENT) return 'resendsUsed';
  if (inLastDay(m.sentAt, now) >= CODES_SENT_PER_DAY) return 'sendsToday';
  return 'sent';
}

export const tokenExpired = (record: CardRecord, now: Date) => now.getTime() >= record.tokenExpiresAt;
export { REPAY_TOKEN_TTL_MS };

// ---- the charge caps (docs/loan-terms.md), computed apart from position.ts -----------------------

/**
 * The amount overdue on lender day `day` of the loan as it stands at that day's start: the unpaid
 * part of every open instalment whose due day is before `day`. A payment made during a day counts
 * from the next day on (the ledger books the day it is paid with the amount before the payment).
 */
export function overdueOnDay(state: LoanState, day: number): number {
  return state.instalments
    .filter((i) => i.settledAt === null && lenderDay(i.dueAt, state.market) < day)
    .reduce((sum, i) => sum + Math.max(0, i.amountMinor - i.paidMinor), 0);
}

/**
 * The caps' side of the model: every lender day is counted once, with the amount overdue at its
 * start, into Σ amount × days; the late allowance is that × the monthly cap / 30, rounded down.
 */
export interface CapTracker {
  /** The last lender day counted. */
  countedThrough: number;
  overdueMinorDays: number;
}
/** Counting starts after the last booking (what the ledger stored), or at disbursement. */
export const newCapTracker = (state: LoanState): CapTracker => ({
  countedThrough: state.lateInterestBookedThroughDay ?? (state.disbursedAt ? lenderDay(state.disbursedAt, state.market) : Number.MAX_SAFE_INTEGER),
  overdueMinorDays: state.overdueMinorDays,
});

/** Counts the days up to and including the day `now` falls on; call before any payment made `now`. */
export function countDays(tracker: CapTracker, state: LoanState, now: Date): void {
  const today = lenderDay(now, state.market);
  for (let day = tracker.countedThrough + 1; day <= today; day++) tracker.overdueMinorDays += overdueOnDay(state, day);
  tracker.countedThrough = Math.max(tracker.countedThrough, today);
}

/** Late charges the caps allow for `overdueMinorDays`, in exact integers: ⌊Σ × bp / (30 × 10 000)⌋. */
export const allowedLateCharges = (lateMonthlyBp: number, overdueMinorDays: number) =>
  Number((BigInt(overdueMinorDays) * BigInt(lateMonthlyBp)) / 300_000n);

/** Why the loan breaks a cap now (null when it keeps every one): total cost and late charges. */
export function capViolation(state: LoanState, now: Date, tracker: CapTracker): string | null {
  if (!state.caps) return null;
  const p = loanPosition(state, now);
  const cost = state.interestMinor + state.feeMinor + state.extraChargesMinor + p.penaltyMinor + p.overdueInterestMinor;
  if (cost !== p.costSoFarMinor) return `costSoFar ${p.costSoFarMinor} is not interest + fee + charges ${cost}`;
  const cap = Math.floor((state.principalMinor * state.caps.totalCostBp) / 10_000);
  if (cost > cap) return `total cost ${cost} above the cap ${cap}`;
  if (p.overdueMinorDays !== tracker.overdueMinorDays) return `overdue minor-days ${p.overdueMinorDays}, the model counted ${tracker.overdueMinorDays}`;
  const late = state.lateChargesMinor + p.penaltyMinor + p.overdueInterestMinor;
  const allowed = allowedLateCharges(state.caps.lateMonthlyBp, tracker.overdueMinorDays);
  if (late > allowed) return `late charges ${late} above the allowance ${allowed}`;
  return null;
}
