/**
 * The repayment screens' information and their pay codes: what /allowedAlso (loan-play-detail) and
 * /votingCandidates (story/inherited) show, and generate-vcode, which issues a code through the
 * payment provider. Every amount comes from loan-terms; a live code is reused.
 */
import { RUPEE_SYMBOL, type DefaultChannelDetail, type PayChannel, type RepayPlanRow, type RepaymentPlanInfo, type RolloverInfo, type TextRow, type UpiPayment } from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import { invalidInput, refused } from '../../platform/http/api-error.ts';
import { applyPayment, quote, type LoanPosition, type PaymentPurpose } from '../../loan-terms/position.ts';
import { extensionDays } from '../../loan-terms/rules.ts';
import { ORDER_STATUS } from '../../loan-terms/status.ts';
import { moneyTextIn, type MoneyText } from '../../loan-terms/money-text.ts';
import { toLoanState, type OrderView } from '../../domain/orders/service.ts';
import { issuePayCode, liveCodesOfOrder, pickLiveCode, type LiveCode } from '../../domain/payments/pay-codes.ts';
import { findActiveChannel } from '../../domain/payments/channels.ts';
import { payCodePageUrl } from '../../domain/payments/pay-code-page.ts';
import type { Borrower } from '../../domain/borrowers/session.ts';
import { dateTextIn, type DateText } from '../../loan-terms/date-text.ts';
import { MESSAGES, assertAmount, assertPaymentAllowed, repayingOrder, repayingOrderWith } from '../../domain/payments/repaying-order.ts';
import { COUNTER_KINDS, listCounterChannels, type CounterChannel } from './channels.ts';
import { UPI_CHANNEL, payQrImagePath, upiLinkOf } from './pay-qr.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'payments'>;
type Ids = { productId: number; orderId: number };
type RepayingView = OrderView & { position: LoanPosition };

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** The order's live codes, read with the order in its one statement (a constant: its SQL is written once). */
const WITH_LIVE_CODES = { codes: liveCodesOfOrder };

const toPayChannel = (c: CounterChannel): PayChannel => ({ name: c.name, logo: c.logo, channel_number: c.channelNumber });

/**
 * The default channel's card: the channel of the live code already issued for this order, purpose
 * and amount (so a borrower who comes back finds the code they were given), otherwise the first
 * channel, with no code yet.
 */
function defaultDetail(deps: Deps, channels: CounterChannel[], codes: readonly LiveCode[], key: { purpose: PaymentPurpose; amountMinor: number }): DefaultChannelDetail {
  // The channels are the active counter ones: a live code on any of them is the borrower's.
  const live = pickLiveCode(codes, channels, { ...key, now: deps.clock.now(), kinds: COUNTER_KINDS });
  const liveChannel = live ? channels.find((c) => c.channelNumber === live.channelNumber) : undefined;
  const channel = liveChannel ?? channels[0]!;
  return { payCode: liveChannel && live ? live.code : '', logo: channel.logo, title: channel.name, payNotice: channel.payNotice };
}

async function channelsOrFail(deps: Deps): Promise<CounterChannel[]> {
  const channels = await listCounterChannels(deps.db);
  if (channels.length === 0) throw new Error('No over-the-counter payment channel is active');
  return channels;
}

/** The detail rows of the repayment-by-plan screen; the screen folds all but the first 2. */
function planRows(view: RepayingView, money: MoneyText, { date: dateOf }: DateText): TextRow[] {
  const { order, position: p } = view;
  const rows: TextRow[] = [
    { text: 'Amount due', value: money(p.currentDueMinor) },
    { text: 'Due date', value: dateOf(p.currentDueAt) },
    { text: 'Loan amount', value: money(order.principalMinor) },
    { text: 'Interest', value: money(order.interestMinor) },
    { text: 'Service fee', value: money(order.feeMinor) },
  ];
  if (order.periods > 1 && p.currentSeq !== null) rows.push({ text: 'Instalment', value: `${p.currentSeq} of ${order.periods}` });
  if (p.daysOverdue > 0) {
    rows.push({ text: 'Days overdue', value: String(p.daysOverdue) });
    rows.push({ text: 'Overdue interest', value: money(p.overdueInterestMinor) });
    rows.push({ text: 'Late penalty', value: money(p.penaltyMinor) });
  }
  if (p.unpaidChargesMinor > 0) rows.push({ text: 'Unpaid charges', value: money(p.unpaidChargesMinor) });
  if (order.paidMinor > 0) rows.push({ text: 'Repaid so far', value: money(order.paidMinor) });
  rows.push({ text: 'Order No.', value: order.orderNo });
  return rows;
}

function planNotice(view: RepayingView, money: MoneyText, { date: dateOf }: DateText): string {
  const p = view.position;
  const amount = money(p.currentDueMinor);
  const due = dateOf(p.currentDueAt);
  if (view.shownStatus === ORDER_STATUS.overdue) return `Your repayment is ${days(p.daysOverdue)} overdue. Please repay ${amount} today to stop further late charges.`;
  if (view.shownStatus === ORDER_STATUS.due) return p.daysUntilDue === 0 ? `Please repay ${amount} today (${due}).` : `Please repay ${amount} by ${due}.`;
  if (!p.repaymentOpen) return `Your repayment of ${amount} is due on ${due}. Early repayment opens on ${dateOf(p.earlyRepaymentOpensAt)}.`;
  return `You may repay ${amount} now, ahead of the due date ${due}.`;
}

/** loan-play-detail: the repayment-by-plan screen (/allowedAlso). */
export async function repaymentPlanInfo(deps: Deps, borrower: Borrower, ids: Ids, currency: string): Promise<RepaymentPlanInfo> {
  const money = moneyTextIn(currency);
  const dates = dateTextIn(currency);
  const dateOf = dates.date;
  // One statement: the order with its plan and its live codes (issue 42); the channels are kept in memory.
  const [{ view, parts }, channels] = await Promise.all([repayingOrderWith(deps.db, borrower.id, ids, deps.clock.now(), WITH_LIVE_CODES), channelsOrFail(deps)]);
  const repayAmount = quote(toLoanState(view.order), 'repay', deps.clock.now());
  return {
    productName: view.order.productName,
    productLogo: view.order.productLogo,
    repayAmount,
    repayDate: dateOf(view.position.currentDueAt),
    noticeMsg: planNotice(view, money, dates),
    detail: planRows(view, money, dates),
    repayList: channels.map(toPayChannel),
    defDetail: defaultDetail(deps, channels, parts.codes, { purpose: 'repay', amountMinor: repayAmount }),
    isShowReyTop: channels.some((c) => c.kind === 'code') ? 1 : 0,
  };
}

/** story/inherited: the rollover screen (/votingCandidates). What paying the fee would do comes from loan-terms' applyPayment. */
export async function rolloverInfo(deps: Deps, borrower: Borrower, ids: Ids, currency: string): Promise<RolloverInfo> {
  const money = moneyTextIn(currency);
  const dates = dateTextIn(currency);
  const dateOf = dates.date;
  const now = deps.clock.now();
  const [{ view, parts }, channels] = await Promise.all([repayingOrderWith(deps.db, borrower.id, ids, now, WITH_LIVE_CODES), channelsOrFail(deps)]);
  assertPaymentAllowed(view, 'rollover', dates);
  const state = toLoanState(view.order);
  const delayAmount = quote(state, 'rollover', now);
  if (delayAmount <= 0) throw refused(MESSAGES.noRollover);
  const after = applyPayment(state, delayAmount, 'rollover', now).state;
  const open = after.instalments.filter((i) => i.settledAt === null).sort((a, b) => a.seq - b.seq);
  const { periods } = view.order;
  const repayPlan: RepayPlanRow[] = open.map((i) => ({
    remark: periods > 1 ? `Instalment ${i.seq} of ${periods}` : 'Loan repayment',
    title: 'Due after the rollover',
    amount: i.amountMinor - i.paidMinor,
    time: dateOf(i.dueAt),
  }));
  const extension = extensionDays(view.order.termDays, periods);
  const newDueDate = repayPlan[0]?.time ?? dateOf(view.position.currentDueAt);
  return {
    productName: view.order.productName,
    productLogo: view.order.productLogo,
    repayDate: newDueDate,
    noticeMsg:
      `Pay ${money(delayAmount)} to move your due date from ${dateOf(view.position.currentDueAt)} to ${newDueDate}. ` +
      'The rollover fee and any late charges are paid now; the loan itself stays to be repaid.',
    delayInfo: { delayAmount, title: `Extend your loan by ${days(extension)}` },
    repayPlan,
    repayList: channels.map(toPayChannel),
    defDetail: defaultDetail(deps, channels, parts.codes, { purpose: 'rollover', amountMinor: delayAmount }),
    isShowReyTop: channels.some((c) => c.kind === 'code') ? 1 : 0,
  };
}

/**
 * generate-vcode: a pay code for the order, channel and amount (a rollover with isDelay=1), from the
 * payment provider; the same live code when asked again. Answers the repayment-code screen's URL.
 */
export async function generatePayCode(
  deps: Deps,
  borrower: Borrower,
  request: Ids & { amountMinor: number; channelNumber: string; rollover: boolean },
  currency: string,
): Promise<{ payUrl: string }> {
  const now = deps.clock.now();
  const purpose: PaymentPurpose = request.rollover ? 'rollover' : 'repay';
  const view = await repayingOrder(deps.db, borrower.id, request, now);
  assertPaymentAllowed(view, purpose, dateTextIn(currency));
  const channel = await findActiveChannel(deps.db, request.channelNumber);
  if (!channel || !(COUNTER_KINDS as readonly string[]).includes(channel.kind)) {
    throw invalidInput(`channelNumber ${request.channelNumber} is not a repayment channel`);
  }
  assertAmount(request.amountMinor, quote(toLoanState(view.order), purpose, now), moneyTextIn(currency));
  const payCode = await issuePayCode(deps, { orderId: view.order.id, purpose, channelNumber: channel.channelNumber, now });
  return { payUrl: payCodePageUrl(deps.payments, payCode, channel as CounterChannel) };
}

/**
 * upi-pay (Indian orders, real=1; not in the spec): a pay code on the internal UPI channel for what
 * the order owes now (the same live code when asked again), and its upi://pay link paying the
 * lender's own collection account, with the link's QR image for a second phone.
 */
export async function startUpiPayment(
  deps: Deps & Pick<AppDeps, 'config'>,
  borrower: Borrower,
  request: Ids & { amountMinor: number; rollover: boolean },
  currency: string,
): Promise<UpiPayment> {
  if (currency !== RUPEE_SYMBOL) throw refused(MESSAGES.upiOnlyIndia);
  const now = deps.clock.now();
  const purpose: PaymentPurpose = request.rollover ? 'rollover' : 'repay';
  const view = await repayingOrder(deps.db, borrower.id, request, now);
  assertPaymentAllowed(view, purpose, dateTextIn(currency));
  if (!(await findActiveChannel(deps.db, UPI_CHANNEL))) throw refused(MESSAGES.upiUnavailable);
  assertAmount(request.amountMinor, quote(toLoanState(view.order), purpose, now), moneyTextIn(currency));
  const payCode = await issuePayCode(deps, { orderId: view.order.id, purpose, channelNumber: UPI_CHANNEL, now });
  return {
    upiUrl: upiLinkOf(deps.config, payCode, view.order.orderNo),
    qrImg: payQrImagePath(view.order.id, payCode.code),
    payCode: payCode.code,
    repayAmount: payCode.amountMinor,
  };
}
