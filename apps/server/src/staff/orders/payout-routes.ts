/**
 * Finance's release (docs/backoffice.md, "Release"): the payouts room's checks and attempt, with its
 * audit entry naming the approver and the releaser, in one transaction; the provider called after the
 * commit. And the list of payouts by status, reversals first (money the bank returned: finance's to resolve).
 */
import type { FastifyInstance } from 'fastify';
import { listPayoutsCall, releaseOrderCall } from '@cashloan/contract';
import { orderNumbersOf } from '../../domain/orders/service.ts';
import { listPayoutsIn, type PayoutRow } from '../../domain/payouts/payouts.ts';
import { releaseOrder } from '../../domain/payouts/release.ts';
import { sendPayout } from '../../domain/payouts/sending.ts';
import { mountCall } from '../../platform/http/mount.ts';
import { findStaffById } from '../accounts/service.ts';
import { staffCalls, type StaffDeps } from '../http/mount.ts';
import { payoutView } from './payouts.ts';
import { orderForStaff } from './service.ts';

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
    const { payoutId } = await ctx.write(async (tx) => {
      const { order, payout } = await releaseOrder(tx, {
        orderId: ctx.input.id,
        releasedBy: me,
        approverName: async (id) => (await findStaffById(tx, id))?.name ?? `staff ${id}`,
        providerFor: (currency) => deps.payouts.forCurrency(currency).name,
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
