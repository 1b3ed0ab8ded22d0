/**
 * The payments room's door to payment exceptions (migrations 022, 031): money the provider received
 * that was not applied as it came, held as the borrower's credit for finance. SQL stays in store.ts.
 */
import type { Queryable } from '../../platform/db/client.ts';
import { notFound, refused } from '../../platform/http/api-error.ts';
import { loadOrder } from '../orders/service.ts';
import { bookCreditRefund, bookHeldCredit, CURRENCY_OF } from '../books/journal.ts';
import {
  findPaymentException,
  insertPaymentException,
  listPaymentExceptions as selectPaymentExceptions,
  listPaymentExceptionsPage as selectPaymentExceptionsPage,
  markExceptionRefunded,
  type PaymentException,
  type PaymentExceptionKind,
} from './store.ts';

export type { PaymentException, PaymentExceptionKind } from './store.ts';

/** The newest exceptions (at most `limit`). */
export function listPaymentExceptions(db: Queryable, limit?: number): Promise<PaymentException[]> {
  return selectPaymentExceptions(db, limit);
}
/** A page of exceptions, newest first, of one kind or all, and how many match in all (the back office). */
export function listPaymentExceptionsPage(db: Queryable, filter: { kind?: PaymentExceptionKind | undefined; offset: number; limit: number }): Promise<{ rows: PaymentException[]; total: number }> {
  return selectPaymentExceptionsPage(db, filter);
}

/** The currency of an exception's money: its order's market's; pesos when no order of ours is known. */
async function currencyOf(tx: Queryable, orderId: number | null) {
  const order = orderId === null ? null : await loadOrder(tx, orderId);
  return { order, currency: order ? CURRENCY_OF[order.market] : ('PHP' as const) };
}

/**
 * Records money the provider received that could not be applied as it came (all of it held as the
 * borrower's credit), once per provider payment and kind, and books it. An overpayment is recorded by
 * applyMoney, whose payment books the credit itself.
 */
export async function holdUnappliedMoney(tx: Queryable, e: Omit<PaymentException, 'id' | 'refund'>): Promise<void> {
  const id = await insertPaymentException(tx, e);
  if (id === null) return;
  const { currency } = await currencyOf(tx, e.orderId);
  await bookHeldCredit(tx, {
    provider: e.provider,
    refNo: e.refNo,
    amountMinor: e.heldMinor,
    currency,
    orderId: e.orderId,
    memo: `Payment exception ${id} (${e.kind}): ${e.provider}:${e.refNo} held as the borrower's credit`,
    now: e.createdAt,
  });
}

/**
 * Finance paid a held credit back to the borrower from the lender's bank: recorded once on the
 * exception, and booked (borrowers' credits to cash at bank), in the caller's transaction.
 */
export async function refundHeldCredit(tx: Queryable, input: { id: number; reference: string; staff: { id: number; name: string }; now: Date }): Promise<PaymentException> {
  const found = await findPaymentException(tx, input.id, { forUpdate: true });
  if (!found) throw notFound(`Payment exception ${input.id} does not exist.`);
  if (found.refund) throw refused(`The credit of payment exception ${input.id} was already refunded (${found.refund.reference}, by ${found.refund.refundedBy}).`);
  const { order, currency } = await currencyOf(tx, found.orderId);
  await markExceptionRefunded(tx, found.id, { reference: input.reference, staffId: input.staff.id, staffName: input.staff.name, at: input.now });
  await bookCreditRefund(tx, {
    orderId: found.orderId,
    currency,
    amountMinor: found.heldMinor,
    reference: input.reference,
    memo: `Credit of payment exception ${found.id}${order ? ` (order ${order.orderNo})` : ''} refunded to the borrower (${input.reference})`,
    staffId: input.staff.id,
    now: input.now,
  });
  return (await findPaymentException(tx, found.id))!;
}
