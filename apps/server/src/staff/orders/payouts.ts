/** Money out as finance sees it on an order (docs/backoffice.md, "Release"): its payouts, and what Release would send. */
import type { StaffOrder, StaffPayout } from '@cashloan/contract';
import type { Queryable } from '../../platform/db/client.ts';
import { ORDER_STATUS } from '../../loan-terms/status.ts';
import type { OrderRow } from '../../domain/orders/service.ts';
import { listOrderPayouts, type PayoutRow } from '../../domain/payouts/payouts.ts';
import { netProceedsOf, RELEASE_MESSAGES } from '../../domain/payouts/release.ts';
import type { StaffDeps } from '../http/mount.ts';

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

