/**
 * Finance's writes on an order: the moves the status graph allows (approve, recording the approver;
 * reject; the payout is released in payouts.ts) and
 * money received outside the provider, posted under its reference. The rules are the domain's
 * (moveOrder, postReceivedPayment), which the dev /ops API uses too; each write and its audit entry
 * are one transaction. A posting that settles the order voids its other open pay codes in that
 * transaction, and at the provider after it. A posting above POSTING_APPROVAL_ABOVE_MINOR is held for
 * a second finance user, who approves (applies) or rejects it (postings.ts).
 */
import type { FastifyInstance } from 'fastify';
import { approvePostingCall, listPostingsCall, moveOrderCall, postPaymentCall, rejectPostingCall } from '@cashloan/contract';
import { loadOrder, moveOrder } from '../../domain/orders/service.ts';
import { postReceivedPayment } from '../../domain/payments/posting.ts';
import { voidAtProvider } from '../../domain/payments/pay-codes.ts';
import { countPaymentApplied } from '../../platform/metrics/metrics.ts';
import { ORDER_STATUS, type OrderStatus } from '../../loan-terms/status.ts';
import type { StaffRow } from '../accounts/service.ts';
import { mountCall } from '../../platform/http/mount.ts';
import { staffCalls, type StaffDeps } from '../http/mount.ts';
import { approvePosting, listPostings, needsSecondApproval, postingView, rejectPosting, requestPosting, reserveReference } from './postings.ts';
import { orderForStaff, orderNotFound } from './service.ts';

/** What the audit log keeps of an order before and after a write. */
const ledgerValues = (o: { status: number; paidMinor: number; disbursedAt: Date | null; settledAt: Date | null }) => ({
  status: o.status,
  paidMinor: o.paidMinor,
  disbursedAt: o.disbursedAt?.toISOString() ?? null,
  settledAt: o.settledAt?.toISOString() ?? null,
});

/** Who a posting names as its maker or checker, as they are now. */
const memberOf = (staff: StaffRow) => ({ id: staff.id, name: staff.name, email: staff.email });

export function registerFinanceCalls(app: FastifyInstance, deps: StaffDeps): void {
  const staff = staffCalls(deps);
  mountCall(app, staff, moveOrderCall, (ctx) =>
    ctx.write(async (tx) => {
      const before = await loadOrder(tx, ctx.input.id);
      if (!before) throw orderNotFound(ctx.input.id);
      const after = await moveOrder(tx, before.id, ctx.input.to as OrderStatus, ctx.now, { approvedBy: ctx.current.staff.id });
      return { answer: await orderForStaff({ ...deps, db: tx }, after.id, ctx.now, ctx.current.staff.id), audit: { before: ledgerValues(before), after: ledgerValues(after) } };
    }),
  );

  mountCall(app, staff, postPaymentCall, async (ctx) => {
    const { id, amountMinor, method, reference } = ctx.input;
    if (needsSecondApproval(deps.config, amountMinor)) {
      // Above the threshold nothing is applied: the posting waits for another finance user.
      ctx.auditAs('payment.post-requested');
      return ctx.write(async (tx) => {
        const { posting, order } = await requestPosting(tx, { orderId: id, amountMinor, method, reference, maker: memberOf(ctx.current.staff), now: ctx.now });
        return {
          answer: { order: await orderForStaff({ ...deps, db: tx }, id, ctx.now), paymentId: null, outcome: 'awaiting approval', posting: postingView(posting) },
          audit: { before: ledgerValues(order), after: { ...ledgerValues(order), posting: postingView(posting) } },
        };
      });
    }
    const answer = await ctx.write(async (tx) => {
      const before = await loadOrder(tx, id);
      if (!before) throw orderNotFound(id);
      await reserveReference(tx, reference);
      const result = await postReceivedPayment(tx, { orderId: id, amountMinor, method, reference, staffId: ctx.current.staff.id, now: ctx.now });
      const after = (await loadOrder(tx, id))!;
      return {
        answer: { order: await orderForStaff({ ...deps, db: tx }, id, ctx.now), paymentId: result.paymentId, outcome: result.outcome, posting: null },
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

  mountCall(app, staff, listPostingsCall, async ({ input }) => listPostings(deps.db, input));

  mountCall(app, staff, approvePostingCall, async (ctx) => {
    const answer = await ctx.write(async (tx) => {
      const { id, postingId } = ctx.input;
      const { before, posting, orderBefore, result } = await approvePosting(tx, { orderId: id, postingId, checker: memberOf(ctx.current.staff), now: ctx.now });
      const after = (await loadOrder(tx, id))!;
      const payment = { id: result.paymentId, amountMinor: posting.amountMinor, method: posting.method, reference: posting.reference, outcome: result.outcome };
      return {
        answer: { order: await orderForStaff({ ...deps, db: tx }, id, ctx.now), posting: postingView(posting), paymentId: result.paymentId, outcome: result.outcome },
        // The maker is in the posting, the checker is the entry's actor (and the posting's decidedBy).
        audit: { before: { ...ledgerValues(orderBefore), posting: postingView(before) }, after: { ...ledgerValues(after), posting: postingView(posting), payment } },
      };
    });
    countPaymentApplied('staff');
    // An approval that settled the order voided its other open codes, as a posting at once does.
    if (answer.order.order.status === ORDER_STATUS.settled) {
      await voidAtProvider(deps, ctx.input.id);
      return { ...answer, order: await orderForStaff(deps, ctx.input.id, ctx.now) };
    }
    return answer;
  });

  mountCall(app, staff, rejectPostingCall, (ctx) =>
    ctx.write(async (tx) => {
      const { id, postingId, reason } = ctx.input;
      const { before, posting } = await rejectPosting(tx, { orderId: id, postingId, reason, checker: memberOf(ctx.current.staff), now: ctx.now });
      return {
        answer: { order: await orderForStaff({ ...deps, db: tx }, id, ctx.now), posting: postingView(posting) },
        audit: { before: { posting: postingView(before) }, after: { posting: postingView(posting) } },
      };
    }),
  );
}
