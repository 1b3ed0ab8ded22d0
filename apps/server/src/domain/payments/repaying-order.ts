/**
 * What every payment into an order checks first: whether money can go to the order now, and for a
 * borrower's repayment call (the repayment screens', the card's) that the order is the borrower's,
 * it is being repaid, and a repayment (or a rollover) may be made today — with the message the
 * borrower reads when not.
 */
import type { Queryable } from '../../platform/db/client.ts';
import { notFound, refused } from '../../platform/http/api-error.ts';
import type { DateText } from '../../loan-terms/date-text.ts';
import type { LoanPosition, PaymentPurpose } from '../../loan-terms/position.ts';
import { DUE_WINDOW_DAYS, PREPAYMENT_MIN_DAYS } from '../../loan-terms/rules.ts';
import { ORDER_STATUS, isRepaying } from '../../loan-terms/status.ts';
import { loadBorrowerOrder, loadBorrowerOrderWith, viewOrder, type OrderRow, type OrderView } from '../orders/service.ts';
import type { ColumnPart, PartValues } from '../../platform/db/column-part.ts';
import type { MoneyText } from '../../loan-terms/money-text.ts';

/** Whether money can go to the order now: disbursed, not settled, with a position to pay into. */
export function isBeingRepaid(view: OrderView): view is OrderView & { position: NonNullable<OrderView['position']> } {
  return isRepaying(view.order.status) && view.position !== null && view.shownStatus !== ORDER_STATUS.settled;
}

export const MESSAGES = {
  orderNotFound: 'This order was not found. Please check your orders and try again.',
  settled: 'You have repaid this loan in full. Thank you!',
  notDisbursed: 'This loan has not been disbursed yet, so there is nothing to repay.',
  rejected: 'This loan application was not approved, so there is nothing to repay.',
  noRollover: 'This loan cannot be rolled over.',
  rolloverAtCap: 'This loan has reached the most it may cost under the law, so a rollover has nothing to charge and is not needed. Please repay the amount due.',
  upiOnlyIndia: 'UPI payments are only for loans in India.',
  upiUnavailable: 'Paying with a UPI app is not available right now. Please choose another payment method.',
} as const;

/** The early-repayment refusal (spec section 9): names the day it opens and why, on the request market's calendar. */
export function earlyRepaymentMessage(position: LoanPosition, { date }: DateText): string {
  return (
    `Early repayment opens on ${date(position.earlyRepaymentOpensAt)}: a loan can be repaid early only after half of its term, ` +
    `and never before ${PREPAYMENT_MIN_DAYS} days from disbursement. Your repayment is due on ${date(position.currentDueAt)}.`
  );
}

export function rolloverNotYetMessage(position: LoanPosition, { date }: DateText): string {
  return `You can roll this loan over once it is due, from ${DUE_WINDOW_DAYS} days before ${date(position.currentDueAt)}.`;
}

/** A repaying order of the borrower (with productId when the page names one), viewed now. */
export async function repayingOrder(db: Queryable, borrowerId: number, ids: { productId?: number; orderId: number }, now: Date): Promise<OrderView & { position: LoanPosition }> {
  return repayingView(await loadBorrowerOrder(db, borrowerId, ids.orderId), ids, now);
}

/** repayingOrder with what other rooms lend to the order's statement (platform/db/column-part.ts), in one round trip. */
export async function repayingOrderWith<P extends Record<string, ColumnPart<unknown>>>(
  db: Queryable,
  borrowerId: number,
  ids: { productId?: number; orderId: number },
  now: Date,
  parts: P,
): Promise<{ view: OrderView & { position: LoanPosition }; parts: PartValues<P> }> {
  const found = await loadBorrowerOrderWith(db, borrowerId, ids.orderId, parts);
  return { view: repayingView(found?.order ?? null, ids, now), parts: found?.parts as PartValues<P> };
}

function repayingView(order: OrderRow | null, ids: { productId?: number; orderId: number }, now: Date): OrderView & { position: LoanPosition } {
  if (!order || (ids.productId !== undefined && order.productId !== ids.productId)) throw notFound(MESSAGES.orderNotFound);
  const view = viewOrder(order, now);
  if (view.shownStatus === ORDER_STATUS.settled) throw refused(MESSAGES.settled);
  if (view.shownStatus === ORDER_STATUS.rejected) throw refused(MESSAGES.rejected);
  if (!isRepaying(order.status) || !view.position) throw refused(MESSAGES.notDisbursed);
  return { ...view, position: view.position };
}

/** Refuses a payment of this purpose that may not be made today; the refusal's dates written by `dates`. */
export function assertPaymentAllowed(view: OrderView & { position: LoanPosition }, purpose: PaymentPurpose, dates: DateText): void {
  if (purpose === 'repay') {
    if (!view.position.repaymentOpen) throw refused(earlyRepaymentMessage(view.position, dates));
    return;
  }
  if (view.order.flags.isDelay !== '1') throw refused(MESSAGES.noRollover);
  if (view.shownStatus !== ORDER_STATUS.due && view.shownStatus !== ORDER_STATUS.overdue) throw refused(rolloverNotYetMessage(view.position, dates));
  // At the total-cost cap with every charge paid, a rollover would cost nothing: there is no pay code for 0.
  const p = view.position;
  if (p.unpaidChargesMinor + p.overdueInterestMinor + p.penaltyMinor + p.rolloverFeeMinor === 0) throw refused(MESSAGES.rolloverAtCap);
}

/** Refuses an amount that is not what the order owes for this purpose now (the screen was stale). */
export function assertAmount(sent: number, quoted: number, money: MoneyText): void {
  if (sent !== quoted) throw refused(`The amount to pay is now ${money(quoted)}. Please reload the page and try again.`);
}
