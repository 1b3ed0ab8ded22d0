/**
 * Payment exceptions for finance: what the payments room recorded of money that was not applied as it
 * came, or beyond what its order owed, a page at a time, each with its order's number from the orders room.
 */
import type { StaffParsedInputOf, StaffPaymentException, listPaymentExceptionsCall } from '@cashloan/contract';
import type { Queryable } from '../../platform/db/client.ts';
import { orderNumbersOf } from '../../domain/orders/service.ts';
import { listPaymentExceptionsPage, type PaymentException } from '../../domain/payments/exceptions.ts';

/** Exceptions newest first, of one kind or all, a page at a time. */
export async function paymentExceptionsForStaff(
  deps: { db: Queryable },
  input: StaffParsedInputOf<typeof listPaymentExceptionsCall>,
): Promise<{ items: StaffPaymentException[]; total: number }> {
  const { rows, total } = await listPaymentExceptionsPage(deps.db, { kind: input.kind, offset: (input.page - 1) * input.pageSize, limit: input.pageSize });
  const orderNos = await orderNumbersOf(deps.db, rows.flatMap((e) => (e.orderId === null ? [] : [e.orderId])));
  return { items: rows.map((e) => exceptionView(e, orderNos)), total };
}

/** An exception as finance reads it, with its order's number. */
export function exceptionView(e: PaymentException, orderNos: Map<number, string>): StaffPaymentException {
  return {
    id: e.id,
    kind: e.kind,
    provider: e.provider,
    txnId: e.txnId,
    refNo: e.refNo,
    orderId: e.orderId,
    orderNo: e.orderId === null ? null : (orderNos.get(e.orderId) ?? null),
    borrowerId: e.borrowerId,
    receivedMinor: e.receivedMinor,
    expectedMinor: e.expectedMinor,
    heldMinor: e.heldMinor,
    paymentId: e.paymentId,
    detail: e.detail,
    createdAt: e.createdAt.toISOString(),
    refund: e.refund ? { reference: e.refund.reference, refundedBy: e.refund.refundedBy, refundedAt: e.refund.refundedAt.toISOString() } : null,
  };
}
