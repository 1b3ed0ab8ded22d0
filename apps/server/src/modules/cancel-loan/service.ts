/**
 * The rules of the cancel-loan family (docs/cancel-loan.md): whether the borrower's order can be
 * cancelled in its cooling-off period now, for how much, and a pay code for that exit amount through
 * the payments room (purpose 'cancel'). The window and the amount are loan-terms' cooling-off.ts;
 * applying the paid code is the payments room's, like every other payment.
 */
import type { CoolingOffInfo, TextRow } from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import { invalidInput, notFound, refused } from '../../platform/http/api-error.ts';
import { coolingOff, type CoolingOff } from '../../loan-terms/cooling-off.ts';
import { moneyTextIn, type MoneyText } from '../../loan-terms/money-text.ts';
import { loadBorrowerOrder, toLoanState, type OrderRow } from '../../domain/orders/service.ts';
import { issuePayCode } from '../../domain/payments/pay-codes.ts';
import { listCounterChannels, payCodePageUrl } from '../../domain/payments/pay-code-page.ts';
import type { Borrower } from '../../domain/borrowers/session.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'payments'>;

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

export const CANCEL_MESSAGES = {
  /** The same words as order details: another borrower's order and a missing one are not told apart. */
  orderNotFound: 'This order was not found. Please check your orders and try again.',
  notDisbursed: 'This loan has not been paid out yet, so there is nothing to cancel.',
  settled: 'This loan is already closed, so there is nothing to cancel.',
  rolledOver: 'This loan was rolled over, so it can no longer be cancelled. You can still repay it early or on time.',
  ended: (lastDate: string) => `The cooling-off period for this loan ended on ${lastDate}. You can still repay it early or on time.`,
  nothingToPay: 'Your payments already cover what cancelling costs. Please call us to close the loan.',
  noChannel: 'Paying to cancel is not available right now. Please try again later.',
  staleAmount: (amount: string) => `The amount to cancel is now ${amount}. Please reload the page and try again.`,
} as const;

/** The borrower's own order, or the refusal order details gives. */
async function ownOrder(deps: Deps, borrower: Borrower, orderId: number): Promise<OrderRow> {
  const order = await loadBorrowerOrder(deps.db, borrower.id, orderId);
  if (!order) throw notFound(CANCEL_MESSAGES.orderNotFound);
  return order;
}

/** The order's cooling-off now; refused with the reason when it cannot be cancelled. */
function openCoolingOff(order: OrderRow, now: Date): Extract<CoolingOff, { open: true }> {
  const cooling = coolingOff({ status: order.status, market: order.market, state: toLoanState(order) }, now);
  if (cooling.open) {
    if (cooling.exit.amountMinor <= 0) throw refused(CANCEL_MESSAGES.nothingToPay);
    return cooling;
  }
  switch (cooling.reason) {
    case 'not-disbursed':
      throw refused(CANCEL_MESSAGES.notDisbursed);
    case 'settled':
      throw refused(CANCEL_MESSAGES.settled);
    case 'rolled-over':
      throw refused(CANCEL_MESSAGES.rolledOver);
    case 'ended':
      throw refused(CANCEL_MESSAGES.ended(cooling.window!.lastDate));
  }
}

function exitRows(cooling: Extract<CoolingOff, { open: true }>, money: MoneyText): TextRow[] {
  const { exit } = cooling;
  const rows: TextRow[] = [
    { text: 'Loan amount', value: money(exit.principalMinor) },
    { text: `Interest for ${days(exit.daysUsed)}`, value: money(exit.interestMinor) },
    { text: 'Service fee', value: `Waived (${money(0)})` },
  ];
  if (exit.paidMinor > 0) rows.push({ text: 'Already paid', value: `−${money(exit.paidMinor)}` });
  rows.push({ text: 'Total to pay', value: money(exit.amountMinor) });
  return rows;
}

/** cooling-off: whether the order can be cancelled now, until when, and the exact exit amount. */
export async function coolingOffInfo(deps: Deps, borrower: Borrower, orderId: number, currency: string): Promise<CoolingOffInfo> {
  const money = moneyTextIn(currency);
  const order = await ownOrder(deps, borrower, orderId);
  const cooling = openCoolingOff(order, deps.clock.now());
  const channels = await listCounterChannels(deps.db);
  if (channels.length === 0) throw refused(CANCEL_MESSAGES.noChannel);
  const { exit, window } = cooling;
  return {
    orderNo: order.orderNo,
    lastDay: window.lastDate,
    exitAmount: exit.amountMinor,
    exitAmountText: money(exit.amountMinor),
    principal: exit.principalMinor,
    interest: exit.interestMinor,
    interestDays: exit.daysUsed,
    fee: exit.feeMinor,
    paid: exit.paidMinor,
    rows: exitRows(cooling, money),
    notice: `Pay ${money(exit.amountMinor)} by ${window.lastDate} to cancel this loan. Once it is paid, the loan is closed and nothing more is owed.`,
    channels: channels.map((c) => ({ name: c.name, channelNumber: c.channelNumber })),
  };
}

/**
 * pay-code: a pay code for the exit amount on a counter channel (the same live code when asked
 * again, like generate-vcode), answered as the repayment-code page that shows it.
 */
export async function cancelPayCode(
  deps: Deps,
  borrower: Borrower,
  request: { orderId: number; amountMinor: number; channelNumber: string },
  currency: string,
): Promise<{ payUrl: string }> {
  const now = deps.clock.now();
  const order = await ownOrder(deps, borrower, request.orderId);
  const cooling = openCoolingOff(order, now);
  const channel = (await listCounterChannels(deps.db)).find((c) => c.channelNumber === request.channelNumber);
  if (!channel) throw invalidInput(`channelNumber ${request.channelNumber} is not a repayment channel`);
  if (request.amountMinor !== cooling.exit.amountMinor) throw refused(CANCEL_MESSAGES.staleAmount(moneyTextIn(currency)(cooling.exit.amountMinor)));
  const payCode = await issuePayCode(deps, { orderId: order.id, purpose: 'cancel', channelNumber: channel.channelNumber, now });
  return { payUrl: payCodePageUrl(deps.payments, payCode, channel) };
}
