/**
 * What a provider's word on a payout does (a notification, a status query, the answer to the call
 * that made it), acted on once, under the order's and the payout's row locks, in the caller's
 * transaction:
 *
 * - processing → paid: the money arrived; the order moves 110 → 170 dated from that moment (the plan,
 *   the term and the cooling-off period start then, not at the click);
 * - processing → failed: nothing was paid; the order stays 110 with the reason, and finance may
 *   release again once the borrower corrected the account;
 * - paid (or processing) → reversed: the bank sent the money back: an exception for finance (the
 *   payouts list), never booked silently; the order is not moved back or forward;
 * - anything else (the same status again, a late "processing", a stale "failed" after "paid") changes
 *   nothing.
 */
import type { Queryable } from '../../platform/db/client.ts';
import { ORDER_STATUS } from '../../loan-terms/status.ts';
import { loadOrder, moveOrder } from '../orders/service.ts';
import { bookDisbursement, bookPayoutReversal } from '../books/journal.ts';
import type { PayoutAnswer } from '../../providers/payouts/payout-provider.ts';
import { loadPayout, loadPayoutByReference, markChecked, savePayout, type PayoutRow } from './store.ts';

const paidOut = (p: PayoutRow) => ({ payoutId: p.id, reference: p.reference, provider: p.provider, amountMinor: p.amountMinor });

export type PayoutEvent = 'arrived' | 'failed' | 'reversed' | 'unchanged' | 'unknown';

/** The moment the money arrived: the provider's, kept between the release and now. */
function arrivalMoment(payout: PayoutRow, answer: PayoutAnswer, now: Date): Date {
  const said = answer.paidAt?.getTime();
  if (said === undefined || Number.isNaN(said)) return now;
  return new Date(Math.min(now.getTime(), Math.max(payout.releasedAt.getTime(), said)));
}

export async function applyPayoutAnswer(tx: Queryable, answer: PayoutAnswer, now: Date): Promise<{ event: PayoutEvent; payout: PayoutRow | null }> {
  const found = await loadPayoutByReference(tx, answer.reference);
  if (!found) return { event: 'unknown', payout: null };
  // The order's lock first, then the payout's: the order a release takes them in.
  const order = await loadOrder(tx, found.orderId, { forUpdate: true });
  const payout = (await loadPayout(tx, found.id, { forUpdate: true }))!;
  const keep = { providerRef: answer.providerRef, now };
  if (payout.status === 'processing' && answer.status === 'paid') {
    const arrivedAt = arrivalMoment(payout, answer, now);
    const saved = await savePayout(tx, payout.id, { ...keep, status: 'paid', failureKind: null, failureReason: null, paidAt: arrivedAt, reversedAt: null });
    if (order?.status === ORDER_STATUS.disbursing) {
      const moved = await moveOrder(tx, order.id, ORDER_STATUS.repaying, arrivedAt);
      await bookDisbursement(tx, moved, paidOut(saved), now);
    }
    return { event: 'arrived', payout: saved };
  }
  if (payout.status === 'processing' && answer.status === 'failed') {
    const saved = await savePayout(tx, payout.id, {
      ...keep,
      status: 'failed',
      failureKind: answer.failureKind ?? 'other',
      failureReason: answer.failureReason ?? 'The provider gave no reason',
      paidAt: null,
      reversedAt: null,
    });
    return { event: 'failed', payout: saved };
  }
  if ((payout.status === 'processing' || payout.status === 'paid') && answer.status === 'reversed') {
    const saved = await savePayout(tx, payout.id, {
      ...keep,
      status: 'reversed',
      failureKind: answer.failureKind ?? 'other',
      failureReason: answer.failureReason ?? 'The bank returned the payout',
      paidAt: payout.paidAt ?? arrivalMoment(payout, answer, now),
      reversedAt: now,
    });
    if (order) await bookPayoutReversal(tx, order, paidOut(saved), now);
    return { event: 'reversed', payout: saved };
  }
  if (payout.status === 'processing') await markChecked(tx, payout.id, now);
  return { event: 'unchanged', payout };
}
