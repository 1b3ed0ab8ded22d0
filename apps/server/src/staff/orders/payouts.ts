/**
 * Money out for finance (docs/backoffice.md, "Release"): an order's payouts and what Release would
 * send, the release itself (the payouts room's checks and attempt, with its audit entry naming the
 * approver and the releaser, in one transaction; the provider called after the commit), and the list of
 * payouts by status, reversals first (money the bank returned: finance's to resolve).
 */
import type { FastifyInstance } from 'fastify';
import { listPayoutsCall, releaseOrderCall, type StaffOrder, type StaffPayout } from '@cashloan/contract';
import type { Queryable } from '../../platform/db/client.ts';
import { ORDER_STATUS } from '../../loan-terms/status.ts';
import type { OrderRow } from '../../domain/orders/service.ts';
import { listOrderPayouts, listPayoutsIn, type PayoutRow } from '../../domain/payouts/payouts.ts';
import { netProceedsOf, releaseOrder, RELEASE_MESSAGES, CURRENCY_OF_MARKET } from '../../domain/payouts/release.ts';
import { sendPayout } from '../../domain/payouts/sending.ts';
import { orderNumbersOf } from '../../domain/orders/service.ts';
import { mountCall } from '../../platform/http/mount.ts';
import { findStaffById } from '../accounts/service.ts';
import { staffCalls, type StaffDeps } from '../http/mount.ts';
import { orderForStaff, orderNotFound } from './service.ts';
import { loadOrder } from '../../domain/orders/service.ts';

const iso = (at: Date | null) => at?.toISOString() ?? null;

export function payoutView(p: PayoutRow, orderNo: string): StaffPayout {
  return {
    id: p.id,
    orderId: p.orderId,
    orderNo,
    attempt: p.attempt,
    reference: p.reference,
    provider: p.provider,
    currency: p.currency,
    amountMinor: p.amountMinor,
    account: { bankName: p.bankName, last4: p.accountLast4 },
    status: p.status,
    providerRef: p.providerRef,
    failureKind: p.failureKind,
    failureReason: p.failureReason,
    approvedBy: p.approvedBy,
    releasedBy: p.releasedBy,
    releasedAt: p.releasedAt.toISOString(),
    paidAt: iso(p.paidAt),
    reversedAt: iso(p.reversedAt),
  };
}

/** The order's payouts, and for an approved order with none on its way, what Release would send and whether this viewer may. */
export async function orderPayoutsForStaff(deps: { db: Queryable; config: StaffDeps['config'] }, order: OrderRow, viewerId: number | undefined): Promise<StaffOrder['payouts']> {
  const payouts = await listOrderPayouts(deps.db, order.id);
  const live = payouts.find((p) => p.status !== 'failed');
  const release =
    order.status === ORDER_STATUS.disbursing && !live
      ? {
          amountMinor: await netProceedsOf(deps.db, order),
          blockedBy:
            order.payoutAccountId === null
              ? RELEASE_MESSAGES.noAccount(order.orderNo)
              : viewerId !== undefined && order.approvedBy === viewerId
                ? RELEASE_MESSAGES.ownApproval(order.orderNo)
                : null,
        }
      : null;
  return { items: payouts.map((p) => payoutView(p, order.orderNo)), release, dailyLimitMinor: deps.config.PAYOUT_DAILY_LIMIT_MINOR };
}

/** The audit's view of a payout: both people named. */
const auditedPayout = (p: PayoutRow) => ({
  reference: p.reference,
  amountMinor: p.amountMinor,
  currency: p.currency,
  provider: p.provider,
  account: `${p.bankName} ****${p.accountLast4}`,
  approvedBy: p.approvedBy,
  releasedBy: p.releasedBy,
});

export function registerPayoutCalls(app: FastifyInstance, deps: StaffDeps): void {
  const staff = staffCalls(deps);

  mountCall(app, staff, releaseOrderCall, async (ctx) => {
    const me = { id: ctx.current.staff.id, name: ctx.current.staff.name };
    const before = await loadOrder(deps.db, ctx.input.id);
    if (!before) throw orderNotFound(ctx.input.id);
    const provider = deps.payouts.forCurrency(CURRENCY_OF_MARKET[before.market]).name;
    const { payoutId } = await ctx.write(async (tx) => {
      const { order, payout } = await releaseOrder(tx, {
        orderId: ctx.input.id,
        releasedBy: me,
        approverName: async (id) => (await findStaffById(tx, id))?.name ?? `staff ${id}`,
        provider,
        dailyLimitMinor: deps.config.PAYOUT_DAILY_LIMIT_MINOR,
        now: ctx.now,
      });
      return { answer: { payoutId: payout.id }, audit: { targetType: 'order', targetId: order.id, before: { status: order.status }, after: { status: order.status, payout: auditedPayout(payout) } } };
    });
    // After the commit: the provider is asked to pay under the attempt's reference. No answer leaves it
    // processing, for the status job; an answer (or the sandbox's notification) is acted on once.
    const sent = await sendPayout(deps, payoutId);
    const order = await orderForStaff(deps, ctx.input.id, deps.clock.now(), me.id);
    return { order, payout: payoutView(sent.payout, order.order.orderNo) };
  });

  mountCall(app, staff, listPayoutsCall, async ({ input }) => {
    const { rows, total } = await listPayoutsIn(deps.db, [input.status], (input.page - 1) * input.pageSize, input.pageSize);
    const numbers = await orderNumbersOf(deps.db, rows.map((r) => r.orderId));
    return { items: rows.map((r) => payoutView(r, numbers.get(r.orderId) ?? String(r.orderId))), total };
  });
}
