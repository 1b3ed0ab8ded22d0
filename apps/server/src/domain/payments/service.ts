/**
 * The payments room's door (payment channels, pay codes, payments): issuing pay codes and applying a
 * paid one. applyPaidPayCode is what the payment provider's notification calls (today the ops API
 * stands in for it), postReceivedPayment what finance's posting calls; both apply the money exactly
 * once through applyMoney. SQL stays in store.ts.
 */
import { randomInt } from 'node:crypto';
import type { AppDeps } from '../../deps.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { invalidInput, notFound, refused } from '../../platform/http/api-error.ts';
import { dayToIsoDate, endOfLenderDay, lenderDay } from '../../loan-terms/calendar.ts';
import { quote, type AppliedPayment, type PaymentPurpose } from '../../loan-terms/position.ts';
import { coolingOff } from '../../loan-terms/cooling-off.ts';
import { ORDER_STATUS, isRepaying, type OrderStatus } from '../../loan-terms/status.ts';
import { loadOrder, recordPayment, toLoanState, viewOrder, type OrderView } from '../orders/service.ts';
import { countPaymentApplied, type PaymentSource } from '../../platform/metrics/metrics.ts';
import {
  findActiveChannel,
  findLivePayCode,
  findPayCode,
  findPayCodeByTxn,
  findPaymentByPayCode,
  findPaymentByRef,
  insertPayCode,
  listOrderPaymentRecords,
  insertPayment,
  insertPaymentException,
  listActiveChannels,
  listPayCodesToVoidAtProvider,
  lockPaymentRef,
  markPayCodePaid,
  recordProviderVoid,
  savePaymentResult,
  setUnpaidPayCodeStatus,
  voidOpenPayCodes,
  type PayCodeRow,
  type PaymentExceptionKind,
  type ProviderVoid,
} from './store.ts';
import type { ProviderTransaction } from '../../providers/payments/payment-provider.ts';

// What other rooms read of channels and payments, as the store answers it.
export {
  findActiveChannel,
  findLiveCodeOnKinds,
  isChannelActive,
  listActiveChannels,
  listChannels,
  listOrderPayCodes,
  listOrderPayments,
  orderHasPendingPayCode,
  listUnpaidPayCodesWithChannel,
  paymentsAppliedSince,
  type OrderPaymentRecord,
  type ChannelRow,
  type PayCodeRow,
  type PaymentRow,
  type PayNoticeStep,
  type PayCodeStatus,
  type ProviderVoid,
  findPayCode,
  listPaymentExceptions,
  listPaymentExceptionsPage,
  type PaymentException,
  type PaymentExceptionKind,
} from './store.ts';

/** Whether money can go to the order now: disbursed, not settled, with a position to pay into. */
function isBeingRepaid(view: OrderView): view is OrderView & { position: NonNullable<OrderView['position']> } {
  return isRepaying(view.order.status) && view.position !== null && view.shownStatus !== ORDER_STATUS.settled;
}

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
    if (!isBeingRepaid(view)) throw refused(`Order ${order.orderNo} is not being repaid (status ${view.shownStatus})`);
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
    let amountMinor: number;
    if (input.purpose === 'cancel') {
      // The exit amount of the cooling-off period (cooling-off.ts); it changes with the order's lender day.
      const cooling = coolingOff({ status: order.status, market: order.market, state: toLoanState(order) }, input.now);
      if (!cooling.open) throw refused(`Order ${order.orderNo} cannot be cancelled now (${cooling.reason})`);
      amountMinor = cooling.exit.amountMinor;
    } else {
      amountMinor = input.amountMinor ?? quote(toLoanState(order), input.purpose, input.now);
    }
    if (amountMinor <= 0) throw refused(`Order ${order.orderNo} owes nothing now`);
    const key = { orderId: order.id, channelNumber: channel.channelNumber, amountMinor, purpose: input.purpose, now: input.now };
    const live = await findLivePayCode(tx, key);
    if (live) return live;
    const expiresAt = input.purpose === 'cancel' ? endOfLenderDay(input.now, order.market) : endOfLenderDay(input.now);
    for (let attempt = 0; attempt < 5; attempt++) {
      // The payment provider mints the code (the only way one is made): its reference when money arrives.
      const { code, txnId } = await deps.payments.createPayCode({ orderNo: order.orderNo, channelNumber: channel.channelNumber, amountMinor, purpose: input.purpose, expiresAt });
      const created = await insertPayCode(tx, { ...key, code, txnId, expiresAt });
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
  /** What the order owed right after this payment. */
  balanceAfterMinor: number;
  order: { id: number; orderNo: string; status: OrderStatus; paidMinor: number; dueAt: string | null; settledAt: string | null };
}

export interface ApplyPaidInput {
  code: string;
  /** The provider's reference; one per payment. Defaults to one derived from the code. */
  providerRef?: string | undefined;
  now: Date;
  /** How the money came, for payments_applied_total: a card charge, the demo seed; by default the provider's word. */
  source?: PaymentSource | undefined;
}

/**
 * Applies the money received on a pay code, exactly once: a repeated notification (same code)
 * returns the stored result and changes nothing. A 'repay' code pays charges, then instalments;
 * a 'rollover' code extends the due dates and returns the order to 170. Once committed, the codes a
 * payment that settled the order voided are voided at the provider (voidAtProvider).
 */
export async function applyPaidPayCode(deps: Pick<AppDeps, 'db' | 'payments'>, input: ApplyPaidInput): Promise<{ result: PaymentResult; replay: boolean }> {
  const applied = await deps.db.transaction(async (tx): Promise<{ result: PaymentResult; replay: boolean }> => {
    const payCode = await findPayCode(tx, input.code, { forUpdate: true });
    if (!payCode) throw notFound(`Pay code ${input.code} does not exist`);
    const earlier = await findPaymentByPayCode<PaymentResult>(tx, payCode.id);
    if (earlier) return { result: earlier.result, replay: true };
    const providerRef = input.providerRef ?? `code:${payCode.code}`;
    if (await findPaymentByRef(tx, providerRef)) throw refused(`providerRef ${providerRef} was already used for another pay code`);
    return { result: await applyMoney(tx, payCode, providerRef, input.now, null), replay: false };
  });
  // Counted once committed, and not for a replay.
  if (!applied.replay) countPaymentApplied(input.source ?? 'provider');
  if (!applied.replay && applied.result.order.status === ORDER_STATUS.settled) await voidAtProvider(deps, applied.result.order.id);
  return applied;
}

/** A payment's reference as `<source>:<reference>` (dragonpay:…, posted:…, sandbox:ch_…), split for an exception's provider and ref_no. */
function referenceParts(providerRef: string): { provider: string; refNo: string } {
  const colon = providerRef.indexOf(':');
  return colon < 0 ? { provider: 'unknown', refNo: providerRef } : { provider: providerRef.slice(0, colon), refNo: providerRef.slice(colon + 1) };
}

/**
 * The one place money is written: into the order's ledger (orders' recordPayment), the pay code
 * marked paid, the payment and what it did stored. Every door (a provider's notification, a card
 * charge, a staff posting) ends here, inside its own transaction. The ledger takes at most what the
 * order owes (for a cooling-off exit, its exit amount); what arrived beyond it (unappliedMinor) is
 * never in the order's paid total: it is one 'overpayment' exception, held as the borrower's credit,
 * for finance to refund or apply. The payment keeps the whole amount received and its allocation.
 * A payment that leaves the order settled (paid in full, or cancelled in its cooling-off period)
 * voids the order's other open codes here, each saying which payment did it; the caller asks the
 * provider to void them once committed (voidAtProvider), never inside the transaction.
 */
async function applyMoney(tx: Queryable, payCode: PayCodeRow, providerRef: string, now: Date, postedByStaffId: number | null): Promise<PaymentResult> {
  const { order, status, paidMinor, dueAt, settledAt, ...applied } = await recordPayment(tx, payCode.orderId, payCode.amountMinor, payCode.purpose, now);
  await markPayCodePaid(tx, payCode.id, now);
  const paymentId = await insertPayment(tx, { payCodeId: payCode.id, providerRef, amountMinor: payCode.amountMinor, appliedAt: now, postedByStaffId });
  if (applied.unappliedMinor > 0) {
    const owed = payCode.amountMinor - applied.unappliedMinor;
    await insertPaymentException(tx, {
      kind: 'overpayment',
      ...referenceParts(providerRef),
      txnId: payCode.txnId,
      payCodeId: payCode.id,
      orderId: order.id,
      borrowerId: order.borrowerId,
      receivedMinor: payCode.amountMinor,
      expectedMinor: owed,
      heldMinor: applied.unappliedMinor,
      paymentId,
      detail:
        owed === 0
          ? `order ${order.orderNo} owed nothing when payment ${paymentId} (${providerRef}) of ${payCode.amountMinor} arrived: all of it is held as the borrower's credit`
          : `payment ${paymentId} (${providerRef}) brought ${payCode.amountMinor}; order ${order.orderNo} owed ${owed}, which was applied, and ${applied.unappliedMinor} is held as the borrower's credit`,
      createdAt: now,
    });
  }
  if (status === ORDER_STATUS.settled) {
    const did = applied.outcome === 'cancelled' ? 'cancelled the loan in its cooling-off period' : applied.outcome === 'overpaid' ? 'came after the order was settled' : 'settled the order';
    await voidOpenPayCodes(tx, order.id, payCode.id, `payment ${paymentId} (${providerRef}) ${did}`, now);
  }
  const result: PaymentResult = {
    paymentId,
    payCode: payCode.code,
    providerRef,
    purpose: payCode.purpose,
    amountMinor: payCode.amountMinor,
    appliedAt: now.toISOString(),
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
  return result;
}

/**
 * Asks the provider to void each code of the order that a payment voided on our books and the
 * provider was not asked about yet, and keeps its answer on the code: done, refused (with its words),
 * not supported (a provider without voidTransaction) or failed (no answer). Called once the payment
 * committed, never inside a transaction; it never throws: whatever the provider says, the code stays
 * void on our books, and money paid on it anyway lands as an 'order_closed' exception.
 */
export async function voidAtProvider(deps: Pick<AppDeps, 'db' | 'payments'>, orderId: number): Promise<void> {
  const codes = await listPayCodesToVoidAtProvider(deps.db, orderId).catch(() => []);
  await Promise.all(
    codes.map(async (code) => {
      let answer: { outcome: ProviderVoid; detail: string | null };
      if (!deps.payments.voidTransaction) answer = { outcome: 'not supported', detail: `the ${deps.payments.name} provider cannot void a transaction` };
      else {
        answer = await deps.payments.voidTransaction(code.txnId).then(
          (a) => (a.outcome === 'done' ? { outcome: 'done' as const, detail: null } : { outcome: 'refused' as const, detail: a.detail }),
          (error: unknown) => ({ outcome: 'failed' as const, detail: error instanceof Error ? error.message : String(error) }),
        );
      }
      // A lost answer leaves the code "not asked"; it stays void on our books either way.
      await recordProviderVoid(deps.db, code.id, answer.outcome, answer.detail).catch(() => undefined);
    }),
  );
}

/** The internal channels money received outside the provider is booked on (migration 020). */
export const POSTED_CHANNELS = { counter: 'COUNTER-POSTED', 'bank-transfer': 'TRANSFER-POSTED' } as const;

export interface PostedPayment {
  orderId: number;
  amountMinor: number;
  method: keyof typeof POSTED_CHANNELS;
  /** The receipt's or the transfer's reference: one payment per reference, whatever the order. */
  reference: string;
  staffId: number;
  now: Date;
}

export const postedRef = (reference: string) => `posted:${reference}`;
/** The receipt's or transfer's reference finance posted a payment with; null for a payment not posted by staff. */
export const postedReferenceOf = (providerRef: string): string | null => (providerRef.startsWith('posted:') ? providerRef.slice('posted:'.length) : null);

/**
 * A posting's reference, for finance's postings that wait for a second approval (staff/orders): the
 * lock postReceivedPayment takes on it (held to the end of the caller's transaction, and taken again
 * by postReceivedPayment in the same one without waiting), and the payment already posted under it.
 */
export const lockPostedReference = (tx: Queryable, reference: string) => lockPaymentRef(tx, postedRef(reference));
export const findPostedPayment = (db: Queryable, reference: string) => findPaymentByRef<PaymentResult>(db, postedRef(reference));

/** Every payment applied to an order, with its pay code, channel and what it did, newest first (the borrower's records). */
export const listOrderPaymentResults = (db: Queryable, orderId: number) => listOrderPaymentRecords<PaymentResult>(db, orderId);

/**
 * Money finance received at a counter or by bank transfer, posted to an order in the caller's
 * transaction (the staff API writes its audit entry in the same one). Booked on an internal pay code
 * and applied like any other payment. Refused, writing nothing: a reference posted before, an order
 * that is not being repaid, an amount above what it owes now (finance's data-entry check: a posting
 * never makes an overpayment). A posting that settles the order voids its other open codes; the
 * caller asks the provider to void them once its transaction committed (voidAtProvider).
 */
export async function postReceivedPayment(tx: Queryable, input: PostedPayment): Promise<PaymentResult> {
  const providerRef = postedRef(input.reference);
  // Two postings of one reference at once: the second waits here, then finds the first.
  await lockPaymentRef(tx, providerRef);
  const earlier = await findPaymentByRef<PaymentResult>(tx, providerRef);
  if (earlier) throw refused(`reference ${input.reference} was already posted (payment ${earlier.id}, order ${earlier.result.order.orderNo}); nothing was posted again.`);
  const order = await loadOrder(tx, input.orderId, { forUpdate: true });
  if (!order) throw notFound(`Order ${input.orderId} does not exist`);
  const view = viewOrder(order, input.now);
  if (!isBeingRepaid(view)) throw refused(`Order ${order.orderNo} is not being repaid (status ${view.shownStatus}): there is nothing to post a payment to.`);
  const owed = view.position.totalOwedMinor;
  if (input.amountMinor > owed) throw invalidInput(`amountMinor ${input.amountMinor} is more than order ${order.orderNo} owes now (${owed}).`);
  const channelNumber = POSTED_CHANNELS[input.method];
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = `FIN${String(randomInt(0, 1e9)).padStart(9, '0')}${String(randomInt(0, 1e3)).padStart(3, '0')}`;
    // Issued and paid at once: it never waits to be paid, so it expires the moment it is made.
    const payCode = await insertPayCode(tx, { orderId: order.id, channelNumber, amountMinor: input.amountMinor, purpose: 'repay', code, now: input.now, expiresAt: input.now });
    if (payCode) return applyMoney(tx, payCode, providerRef, input.now, input.staffId);
  }
  throw new Error('Could not draw a free pay code');
}

/** What a provider's transaction status did to our books. */
export type SettlementOutcome = 'applied' | 'already applied' | 'pending' | 'failed' | 'voided' | 'exception' | 'unchanged' | 'unknown';

/**
 * Acts on where a provider says a transaction stands (asked of the provider, never taken from a
 * notification): S applies the money exactly once through applyMoney, P/U mark the code pending,
 * F/V/K close an unpaid code; a paid code never moves back. Money that cannot be applied as it came
 * (an amount other than the code's, a code paid before under another reference, an order no longer
 * being repaid, a txnid we never issued) is recorded as an exception for finance, the whole amount
 * held as the borrower's credit, and nothing is applied.
 */
export async function settleProviderTransaction(
  deps: Pick<AppDeps, 'db' | 'payments'>,
  provider: string,
  t: ProviderTransaction,
  now: Date,
  /**
   * Runs in the same transaction with what was done (the notifications' module marks the notification
   * it settles), so a process killed in between settles it again, never twice (one exception, not two).
   */
  onSettled?: (tx: Queryable, settled: { outcome: SettlementOutcome; detail: string }) => Promise<void>,
): Promise<{ outcome: SettlementOutcome; detail: string }> {
  const settled = await deps.db.transaction(async (tx) => {
    const inTx = await settleTransactionIn(tx, provider, t, now);
    await onSettled?.(tx, inTx);
    return inTx;
  });
  // Counted once committed: the sandbox's counter (the dev /ops "paid") or a real provider.
  if (settled.outcome === 'applied') countPaymentApplied(provider.startsWith('sandbox') ? 'sandbox' : 'provider');
  if (settled.settledOrderId !== undefined) await voidAtProvider(deps, settled.settledOrderId);
  return { outcome: settled.outcome, detail: settled.detail };
}

async function settleTransactionIn(tx: Queryable, provider: string, t: ProviderTransaction, now: Date): Promise<{ outcome: SettlementOutcome; detail: string; settledOrderId?: number }> {
  const payCode = await findPayCodeByTxn(tx, t.txnId, { forUpdate: true });
  const exception = async (kind: PaymentExceptionKind, detail: string, borrowerId: number | null = null) => {
    await insertPaymentException(tx, {
      kind,
      provider,
      txnId: t.txnId,
      refNo: t.refNo,
      payCodeId: payCode?.id ?? null,
      orderId: payCode?.orderId ?? null,
      borrowerId,
      receivedMinor: t.amountMinor,
      expectedMinor: payCode?.amountMinor ?? null,
      // Nothing of it was applied: all of it is held.
      heldMinor: t.amountMinor,
      paymentId: null,
      detail,
      createdAt: now,
    });
    return { outcome: 'exception' as const, detail };
  };
  if (!payCode) {
    return t.status === 'S' ? exception('unknown_reference', `txnid ${t.txnId} is not a pay code of ours`) : { outcome: 'unknown' as const, detail: `txnid ${t.txnId} is not a pay code of ours` };
  }
  if (t.status === 'P' || t.status === 'U') {
    if (payCode.status === 'paid') return { outcome: 'unchanged' as const, detail: 'a paid code never moves back to pending' };
    if (payCode.voidReason) return { outcome: 'unchanged' as const, detail: `a voided code stays voided (${payCode.voidReason})` };
    await setUnpaidPayCodeStatus(tx, payCode.id, 'pending');
    return { outcome: 'pending' as const, detail: `the provider has not confirmed ${t.refNo} yet` };
  }
  if (t.status === 'F' || t.status === 'V' || t.status === 'K') {
    if (payCode.status === 'paid') return { outcome: 'unchanged' as const, detail: `status ${t.status} for a paid code: left paid` };
    const closed = t.status === 'F' ? 'failed' : 'voided';
    await setUnpaidPayCodeStatus(tx, payCode.id, closed);
    return { outcome: closed, detail: `the provider reports ${t.status}` };
  }
  if (t.status !== 'S') return { outcome: 'unchanged' as const, detail: `status ${t.status} is not acted on` };

  const providerRef = `${provider}:${t.refNo}`;
  const order = await loadOrder(tx, payCode.orderId, { forUpdate: true });
  const borrowerId = order?.borrowerId ?? null;
  const earlier = await findPaymentByPayCode<PaymentResult>(tx, payCode.id);
  if (earlier) {
    if (earlier.providerRef === providerRef) return { outcome: 'already applied' as const, detail: `payment ${earlier.id}` };
    return exception('already_paid', `pay code ${payCode.code} was paid before (payment ${earlier.id}); ${t.refNo} brought ${t.amountMinor} more`, borrowerId);
  }
  if (t.amountMinor !== payCode.amountMinor) {
    return exception('amount_mismatch', `pay code ${payCode.code} is for ${payCode.amountMinor}; the provider received ${t.amountMinor}`, borrowerId);
  }
  const view = order ? viewOrder(order, now) : null;
  if (!view || !isBeingRepaid(view)) {
    const voided = payCode.voidReason ? `; the code was voided: ${payCode.voidReason}` : '';
    return exception('order_closed', `order ${order?.orderNo ?? payCode.orderId} is no longer being repaid (status ${view?.shownStatus ?? 'none'})${voided}`, borrowerId);
  }
  if (await findPaymentByRef(tx, providerRef)) return exception('already_paid', `${providerRef} was applied to another pay code`, borrowerId);
  const result = await applyMoney(tx, payCode, providerRef, now, null);
  const detail = `payment ${result.paymentId}: ${result.outcome}${result.unappliedMinor > 0 ? `, ${result.unappliedMinor} beyond what was owed held as an overpayment exception` : ''}`;
  return { outcome: 'applied' as const, detail, ...(result.order.status === ORDER_STATUS.settled ? { settledOrderId: result.order.id } : {}) };
}

/** The payment applied on a pay code, with what it did, or null. */
export const findPaymentOfPayCode = (db: Queryable, payCodeId: number) => findPaymentByPayCode<PaymentResult>(db, payCodeId);
