/**
 * Finance's writes on an order: the moves the status graph allows (approve, reject, disburse) and
 * money received outside the provider, posted under its reference. The rules are the domain's
 * (moveOrder, postReceivedPayment), which the dev /ops API uses too; each write and its audit entry
 * are one transaction. A posting that settles the order voids its other open pay codes in that
 * transaction, and at the provider after it.
 */
import type { FastifyInstance } from 'fastify';
import { moveOrderCall, postPaymentCall } from '@cashloan/contract';
import { loadOrder, moveOrder } from '../../domain/orders/service.ts';
import { postReceivedPayment, voidAtProvider } from '../../domain/payments/service.ts';
import { countPaymentApplied } from '../../platform/metrics/metrics.ts';
import { ORDER_STATUS, type OrderStatus } from '../../loan-terms/status.ts';
import { mountStaffCall, type StaffDeps } from '../http/mount.ts';
import { orderForStaff, orderNotFound } from './service.ts';

/** What the audit log keeps of an order before and after a write. */
const ledgerValues = (o: { status: number; paidMinor: number; disbursedAt: Date | null; settledAt: Date | null }) => ({
  status: o.status,
  paidMinor: o.paidMinor,
  disbursedAt: o.disbursedAt?.toISOString() ?? null,
  settledAt: o.settledAt?.toISOString() ?? null,
});

export function registerFinanceCalls(app: FastifyInstance, deps: StaffDeps): void {
  mountStaffCall(app, deps, moveOrderCall, (ctx) =>
    ctx.write(async (tx) => {
      const before = await loadOrder(tx, ctx.input.id);
      if (!before) throw orderNotFound(ctx.input.id);
      const after = await moveOrder(tx, before.id, ctx.input.to as OrderStatus, ctx.now);
      return { answer: await orderForStaff({ ...deps, db: tx }, after.id, ctx.now), audit: { before: ledgerValues(before), after: ledgerValues(after) } };
    }),
  );

  mountStaffCall(app, deps, postPaymentCall, async (ctx) => {
    const answer = await ctx.write(async (tx) => {
      const { id, amountMinor, method, reference } = ctx.input;
      const before = await loadOrder(tx, id);
      if (!before) throw orderNotFound(id);
      const result = await postReceivedPayment(tx, { orderId: id, amountMinor, method, reference, staffId: ctx.current.staff.id, now: ctx.now });
      const after = (await loadOrder(tx, id))!;
      return {
        answer: { order: await orderForStaff({ ...deps, db: tx }, id, ctx.now), paymentId: result.paymentId, outcome: result.outcome },
        audit: { before: ledgerValues(before), after: { ...ledgerValues(after), payment: { id: result.paymentId, amountMinor, method, reference, outcome: result.outcome } } },
      };
    });
    // Counted once the payment and its audit entry committed.
    countPaymentApplied('staff');
    // A posting that settled the order voided its other open codes: the provider is asked now, after
    // the commit, and finance is shown its answers.
    if (answer.order.order.status === ORDER_STATUS.settled) {
      await voidAtProvider(deps, ctx.input.id);
      return { ...answer, order: await orderForStaff(deps, ctx.input.id, ctx.now) };
    }
    return answer;
  });
}
