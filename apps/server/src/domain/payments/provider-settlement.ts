/**
 * The payments room's door for a provider's word: where a provider says a transaction stands (asked
 * of the provider by the provider notifications' module, never taken from a notification), acted on
 * once. SQL stays in store.ts.
 */
import type { AppDeps } from '../../deps.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { ORDER_STATUS } from '../../loan-terms/status.ts';
import { loadOrder, viewOrder } from '../orders/service.ts';
import { countPaymentApplied } from '../../platform/metrics/metrics.ts';
import type { ProviderTransaction } from '../../providers/payments/payment-provider.ts';
import { voidAtProvider } from './pay-codes.ts';
import { applyMoney, type PaymentResult } from './payments.ts';
import { isBeingRepaid } from './repaying-order.ts';
import { findPayCodeByTxn, findPaymentByPayCode, findPaymentByRef, setUnpaidPayCodeStatus, type PaymentExceptionKind } from './store.ts';
import { holdUnappliedMoney } from './exceptions.ts';

/** What a provider's transaction status did to our books. */
export type SettlementOutcome = 'applied' | 'already applied' | 'pending' | 'failed' | 'voided' | 'exception' | 'unchanged' | 'unknown';

/**
 * Acts on where a provider says a transaction stands (asked of the provider, never taken from a
 * notification): S applies the money exactly once through applyMoney, P/U mark the code pending,
 * F/V/K close an unpaid code; a paid code never moves back. Money that cannot be applied as it came
 * (an amount other than the code's, a code paid before under another reference, an order no longer
 * being repaid, a txnid we never issued) is recorded as an exception for finance, the whole amount
 * held as the borrower's credit, and nothing is applied.
 */
export async function settleProviderTransaction(
  deps: Pick<AppDeps, 'db' | 'payments'>,
  provider: string,
  t: ProviderTransaction,
  now: Date,
  /**
   * Runs in the same transaction with what was done (the notifications' module marks the notification
   * it settles), so a process killed in between settles it again, never twice (one exception, not two).
   */
  onSettled?: (tx: Queryable, settled: { outcome: SettlementOutcome; detail: string }) => Promise<void>,
): Promise<{ outcome: SettlementOutcome; detail: string }> {
  const settled = await deps.db.transaction(async (tx) => {
    const inTx = await settleTransactionIn(tx, provider, t, now);
    await onSettled?.(tx, inTx);
    return inTx;
  });
  // Counted once committed: the sandbox's counter (the dev /ops "paid") or a real provider.
  if (settled.outcome === 'applied') countPaymentApplied(provider.startsWith('sandbox') ? 'sandbox' : 'provider');
  if (settled.settledOrderId !== undefined) await voidAtProvider(deps, settled.settledOrderId);
  return { outcome: settled.outcome, detail: settled.detail };
}

async function settleTransactionIn(tx: Queryable, provider: string, t: ProviderTransaction, now: Date): Promise<{ outcome: SettlementOutcome; detail: string; settledOrderId?: number }> {
  const payCode = await findPayCodeByTxn(tx, t.txnId, { forUpdate: true });
  const exception = async (kind: PaymentExceptionKind, detail: string, borrowerId: number | null = null) => {
    await holdUnappliedMoney(tx, {
      kind,
      provider,
      txnId: t.txnId,
      refNo: t.refNo,
      payCodeId: payCode?.id ?? null,
      orderId: payCode?.orderId ?? null,
      borrowerId,
      receivedMinor: t.amountMinor,
      expectedMinor: payCode?.amountMinor ?? null,
      // Nothing of it was applied: all of it is held.
      heldMinor: t.amountMinor,
      paymentId: null,
      detail,
      createdAt: now,
    });
    return { outcome: 'exception' as const, detail };
  };
  if (!payCode) {
    return t.status === 'S' ? exception('unknown_reference', `txnid ${t.txnId} is not a pay code of ours`) : { outcome: 'unknown' as const, detail: `txnid ${t.txnId} is not a pay code of ours` };
  }
  if (t.status === 'P' || t.status === 'U') {
    if (payCode.status === 'paid') return { outcome: 'unchanged' as const, detail: 'a paid code never moves back to pending' };
    if (payCode.voidReason) return { outcome: 'unchanged' as const, detail: `a voided code stays voided (${payCode.voidReason})` };
    await setUnpaidPayCodeStatus(tx, payCode.id, 'pending');
    return { outcome: 'pending' as const, detail: `the provider has not confirmed ${t.refNo} yet` };
  }
  if (t.status === 'F' || t.status === 'V' || t.status === 'K') {
    if (payCode.status === 'paid') return { outcome: 'unchanged' as const, detail: `status ${t.status} for a paid code: left paid` };
    const closed = t.status === 'F' ? 'failed' : 'voided';
    await setUnpaidPayCodeStatus(tx, payCode.id, closed);
    return { outcome: closed, detail: `the provider reports ${t.status}` };
  }
  if (t.status !== 'S') return { outcome: 'unchanged' as const, detail: `status ${t.status} is not acted on` };

  const providerRef = `${provider}:${t.refNo}`;
  const order = await loadOrder(tx, payCode.orderId, { forUpdate: true });
  const borrowerId = order?.borrowerId ?? null;
  const earlier = await findPaymentByPayCode<PaymentResult>(tx, payCode.id);
  if (earlier) {
    if (earlier.providerRef === providerRef) return { outcome: 'already applied' as const, detail: `payment ${earlier.id}` };
    return exception('already_paid', `pay code ${payCode.code} was paid before (payment ${earlier.id}); ${t.refNo} brought ${t.amountMinor} more`, borrowerId);
  }
  if (t.amountMinor !== payCode.amountMinor) {
    return exception('amount_mismatch', `pay code ${payCode.code} is for ${payCode.amountMinor}; the provider received ${t.amountMinor}`, borrowerId);
  }
  const view = order ? viewOrder(order, now) : null;
  if (!view || !isBeingRepaid(view)) {
    const voided = payCode.voidReason ? `; the code was voided: ${payCode.voidReason}` : '';
    return exception('order_closed', `order ${order?.orderNo ?? payCode.orderId} is no longer being repaid (status ${view?.shownStatus ?? 'none'})${voided}`, borrowerId);
  }
  if (await findPaymentByRef(tx, providerRef)) return exception('already_paid', `${providerRef} was applied to another pay code`, borrowerId);
  const result = await applyMoney(tx, payCode, providerRef, now, null);
  const detail = `payment ${result.paymentId}: ${result.outcome}${result.unappliedMinor > 0 ? `, ${result.unappliedMinor} beyond what was owed held as an overpayment exception` : ''}`;
  return { outcome: 'applied' as const, detail, ...(result.order.status === ORDER_STATUS.settled ? { settledOrderId: result.order.id } : {}) };
}

