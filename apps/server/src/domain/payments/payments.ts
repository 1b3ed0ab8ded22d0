/**
 * The payments room's door to the payments applied: applyMoney, the one place money is written into an
 * order's ledger (every door ends here: a provider's notification, a card charge, a staff posting),
 * applyPaidPayCode (a paid pay code: the card, the demo seed), and the reads of what was applied. SQL
 * stays in store.ts.
 */
import type { AppDeps } from '../../deps.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { notFound, refused } from '../../platform/http/api-error.ts';
import type { AppliedPayment, PaymentPurpose } from '../../loan-terms/position.ts';
import { ORDER_STATUS, type OrderStatus } from '../../loan-terms/status.ts';
import { recordPayment } from '../orders/service.ts';
import { bookPayment } from '../books/journal.ts';
import { countPaymentApplied, type PaymentSource } from '../../platform/metrics/metrics.ts';
import { voidAtProvider } from './pay-codes.ts';
import {
  findPayCode,
  findPaymentByPayCode,
  findPaymentByRef,
  insertPayment,
  insertPaymentException,
  listOrderPaymentRecords,
  listOrderPayments as selectOrderPayments,
  markPayCodePaid,
  paymentsAppliedSince as selectPaymentsAppliedSince,
  moneyApplied as selectMoneyApplied,
  type MoneyApplied,
  savePaymentResult,
  voidOpenPayCodes,
  type PayCodeRow,
  type PaymentRow,
} from './store.ts';

export type { OrderPaymentRecord, PaymentRow } from './store.ts';

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
export async function applyMoney(tx: Queryable, payCode: PayCodeRow, providerRef: string, now: Date, postedByStaffId: number | null): Promise<PaymentResult> {
  const { order, status, paidMinor, dueAt, settledAt, books, ...applied } = await recordPayment(tx, payCode.orderId, payCode.amountMinor, payCode.purpose, now);
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
  // The books: this payment's entry, split as the ledger applied it, in this same transaction, so every
  // door of money writes it once.
  await bookPayment(tx, order, { paymentId, providerRef, amountMinor: payCode.amountMinor, allocation: applied.allocation, books }, now);
  return result;
}

/** The payment applied on a pay code, with what it did, or null. */
export const findPaymentOfPayCode = (db: Queryable, payCodeId: number) => findPaymentByPayCode<PaymentResult>(db, payCodeId);
/** Every payment applied to an order, with its pay code, channel and what it did, newest first (the borrower's records). */
export const listOrderPaymentResults = (db: Queryable, orderId: number) => listOrderPaymentRecords<PaymentResult>(db, orderId);

/** Every payment received on an order, newest first. */
export function listOrderPayments<R = PaymentResult>(db: Queryable, orderId: number): Promise<Array<PaymentRow<R>>> {
  return selectOrderPayments<R>(db, orderId);
}
/**
 * The money applied from `from` (inclusive) to `to` (exclusive), oldest first, to these orders or to
 * any (the collections desk's promises kept and money collected).
 */
export type { MoneyApplied };
export function listMoneyApplied(db: Queryable, range: { from: Date; to: Date; orderIds?: readonly number[] | undefined }): Promise<MoneyApplied[]> {
  return selectMoneyApplied(db, range);
}

/** How many payments were applied at or after `since`, and their sum (the back office's dashboard). */
export function paymentsAppliedSince(db: Queryable, since: Date): Promise<{ count: number; amountMinor: number }> {
  return selectPaymentsAppliedSince(db, since);
}
