/**
 * The payments room's door (payment channels, pay codes, payments): issuing pay codes and applying a
 * paid one. applyPaidPayCode is what the payment provider's notification calls (today the ops API
 * stands in for it): it applies the money exactly once. SQL stays in store.ts.
 */
import type { AppDeps } from '../../deps.ts';
import { invalidInput, notFound, refused } from '../../platform/http/api-error.ts';
import { dayToIsoDate, endOfLenderDay, lenderDay } from '../../loan-terms/calendar.ts';
import { quote, type AppliedPayment, type PaymentPurpose } from '../../loan-terms/position.ts';
import { ORDER_STATUS, isRepaying, type OrderStatus } from '../../loan-terms/status.ts';
import { loadOrder, recordPayment, toLoanState, viewOrder } from '../orders/service.ts';
import {
  findActiveChannel,
  findLivePayCode,
  findPayCode,
  findPaymentByPayCode,
  findPaymentByRef,
  insertPayCode,
  insertPayment,
  listActiveChannels,
  markPayCodePaid,
  savePaymentResult,
  type PayCodeRow,
} from './store.ts';

// What other rooms read of channels and payments, as the store answers it.
export {
  findActiveChannel,
  findLiveCodeOnKinds,
  isChannelActive,
  listActiveChannels,
  listChannels,
  listOrderPayCodes,
  listOrderPayments,
  paymentsAppliedSince,
  type ChannelRow,
  type PayCodeRow,
  type PaymentRow,
  type PayNoticeStep,
} from './store.ts';

export interface IssuePayCodeInput {
  orderId: number;
  purpose: PaymentPurpose;
  /** The default (first) channel when absent. */
  channelNumber?: string | undefined;
  /** Only for back-office partial payments; the server's quote otherwise. */
  amountMinor?: number | undefined;
  now: Date;
}

/**
 * Issues (or reuses) a pay code for what the order owes now. The quote holds until the end of the
 * lender day, since late interest only changes when the lender's day changes.
 */
export async function issuePayCode(deps: Pick<AppDeps, 'db' | 'payments'>, input: IssuePayCodeInput): Promise<PayCodeRow> {
  return deps.db.transaction(async (tx) => {
    const order = await loadOrder(tx, input.orderId, { forUpdate: true });
    if (!order) throw notFound(`Order ${input.orderId} does not exist`);
    const view = viewOrder(order, input.now);
    if (!isRepaying(order.status) || !view.position || view.shownStatus === ORDER_STATUS.settled) {
      throw refused(`Order ${order.orderNo} is not being repaid (status ${view.shownStatus})`);
    }
    const position = view.position;
    if (input.purpose === 'repay' && !position.repaymentOpen) {
      throw refused(`Early repayment opens on ${dayToIsoDate(lenderDay(position.earlyRepaymentOpensAt!))}`);
    }
    if (input.purpose === 'rollover') {
      if (order.flags.isDelay !== '1') throw refused(`Order ${order.orderNo} cannot be rolled over`);
      if (view.shownStatus !== ORDER_STATUS.due && view.shownStatus !== ORDER_STATUS.overdue) {
        throw refused(`Order ${order.orderNo} can be rolled over only once it is due`);
      }
    }
    const channel = input.channelNumber
      ? await findActiveChannel(tx, input.channelNumber)
      : ((await listActiveChannels(tx))[0] ?? null);
    if (!channel) throw invalidInput(input.channelNumber ? `channelNumber ${input.channelNumber} is not an active payment channel` : 'No payment channel is set up');
    const amountMinor = input.amountMinor ?? quote(toLoanState(order), input.purpose, input.now);
    if (amountMinor <= 0) throw refused(`Order ${order.orderNo} owes nothing now`);
    const key = { orderId: order.id, channelNumber: channel.channelNumber, amountMinor, purpose: input.purpose, now: input.now };
    const live = await findLivePayCode(tx, key);
    if (live) return live;
    const expiresAt = endOfLenderDay(input.now);
    for (let attempt = 0; attempt < 5; attempt++) {
      // The payment provider mints the code (the only way one is made): its reference when money arrives.
      const code = await deps.payments.createPayCode({ orderNo: order.orderNo, channelNumber: channel.channelNumber, amountMinor, purpose: input.purpose, expiresAt });
      const created = await insertPayCode(tx, { ...key, code, expiresAt });
      if (created) return created;
    }
    throw new Error('Could not draw a free pay code');
  });
}

/** What applying a payment did; stored with the payment and returned again on a repeated notification. */
export interface PaymentResult extends Omit<AppliedPayment, 'state'> {
  paymentId: number;
  payCode: string;
  providerRef: string;
  purpose: PaymentPurpose;
  amountMinor: number;
  appliedAt: string;
  order: { id: number; orderNo: string; status: OrderStatus; paidMinor: number; dueAt: string | null; settledAt: string | null };
}

export interface ApplyPaidInput {
  code: string;
  /** The provider's reference; one per payment. Defaults to one derived from the code. */
  providerRef?: string | undefined;
  now: Date;
}

/**
 * Applies the money received on a pay code, exactly once: a repeated notification (same code)
 * returns the stored result and changes nothing. A 'repay' code pays charges, then instalments;
 * a 'rollover' code extends the due dates and returns the order to 170.
 */
export async function applyPaidPayCode(deps: Pick<AppDeps, 'db'>, input: ApplyPaidInput): Promise<{ result: PaymentResult; replay: boolean }> {
  return deps.db.transaction(async (tx) => {
    const payCode = await findPayCode(tx, input.code, { forUpdate: true });
    if (!payCode) throw notFound(`Pay code ${input.code} does not exist`);
    const earlier = await findPaymentByPayCode<PaymentResult>(tx, payCode.id);
    if (earlier) return { result: earlier.result, replay: true };
    const providerRef = input.providerRef ?? `code:${payCode.code}`;
    if (await findPaymentByRef(tx, providerRef)) throw refused(`providerRef ${providerRef} was already used for another pay code`);

    const { order, status, paidMinor, dueAt, settledAt, ...applied } = await recordPayment(tx, payCode.orderId, payCode.amountMinor, payCode.purpose, input.now);
    await markPayCodePaid(tx, payCode.id, input.now);
    const paymentId = await insertPayment(tx, { payCodeId: payCode.id, providerRef, amountMinor: payCode.amountMinor, appliedAt: input.now });
    const result: PaymentResult = {
      paymentId,
      payCode: payCode.code,
      providerRef,
      purpose: payCode.purpose,
      amountMinor: payCode.amountMinor,
      appliedAt: input.now.toISOString(),
      ...applied,
      order: {
        id: order.id,
        orderNo: order.orderNo,
        status,
        paidMinor,
        dueAt: dueAt?.toISOString() ?? null,
        settledAt: settledAt?.toISOString() ?? null,
      },
    };
    await savePaymentResult(tx, paymentId, result);
    return { result, replay: false };
  });
}
