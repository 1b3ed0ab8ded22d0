/**
 * The staff API's payment exceptions (finance): money not applied as it came, or beyond what its order
 * owed, newest first; and a held credit refunded to the borrower, booked in the same transaction.
 */
import type { FastifyInstance } from 'fastify';
import { listPaymentExceptionsCall, refundCreditCall } from '@cashloan/contract';
import { orderNumbersOf } from '../../domain/orders/service.ts';
import { refundHeldCredit } from '../../domain/payments/exceptions.ts';
import { mountCall } from '../../platform/http/mount.ts';
import { staffCalls, type StaffDeps } from '../http/mount.ts';
import { exceptionView, paymentExceptionsForStaff } from './service.ts';

export function registerPaymentExceptionCalls(app: FastifyInstance, deps: StaffDeps): void {
  const staff = staffCalls(deps);
  mountCall(app, staff, listPaymentExceptionsCall, async ({ input }) => paymentExceptionsForStaff(deps, input));

  mountCall(app, staff, refundCreditCall, async (ctx) =>
    ctx.write(async (tx) => {
      const refunded = await refundHeldCredit(tx, { id: ctx.input.id, reference: ctx.input.reference, staff: { id: ctx.current.staff.id, name: ctx.current.staff.name }, now: ctx.now });
      const answer = exceptionView(refunded, await orderNumbersOf(tx, refunded.orderId === null ? [] : [refunded.orderId]));
      return { answer, audit: { targetType: 'payment-exception', targetId: refunded.id, before: { refund: null }, after: { refund: answer.refund, heldMinor: refunded.heldMinor } } };
    }),
  );
}
