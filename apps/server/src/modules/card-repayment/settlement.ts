/**
 * Booking what the provider took on a card: the money is applied through the pay code it was charged
 * under (applyPaidPayCode, once, whichever door it comes by), then the repayment is marked paid. The
 * normal path of a confirmed or remembered card, and what the crash recovery (recovery.ts) finishes.
 */
import type { AppDeps } from '../../deps.ts';
import { applyPaidPayCode } from '../../domain/payments/payments.ts';
import { findRepayment, moveRepayment, type CardRepayment } from './store.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'payments'>;

/** Applies the money the provider took (exactly once: applyPaidPayCode replays a paid code) and marks the repayment paid. */
export async function settle(deps: Deps, repayment: CardRepayment): Promise<void> {
  await applyPaidPayCode(deps, { code: repayment.payCode, providerRef: repayment.providerRef ?? undefined, now: deps.clock.now(), source: 'card' });
  await moveRepayment(deps.db, repayment.id, ['charged'], 'paid', {}, deps.clock.now());
}

/** Books a charge the provider reports succeeded; 'pending' too, in case a release raced the charge. */
export async function settleSucceeded(deps: Deps, id: number, providerRef: string): Promise<void> {
  await moveRepayment(deps.db, id, ['confirming', 'pending'], 'charged', { providerRef, claimedAt: null }, deps.clock.now());
  await settle(deps, (await findRepayment(deps.db, id))!);
}
