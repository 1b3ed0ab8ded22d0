/**
 * Card repayments a stopped process left half-done. A confirmation claims its repayment
 * ('confirming') and then asks the provider to take the money; if the process dies before it records
 * the answer, the money may be taken but not applied. Once the claim is older than STALE_CLAIM_MS
 * the provider is asked for the charge's outcome (never asked to charge again): succeeded → booked
 * once; otherwise the claim is released so the borrower can confirm again. A commit that died during
 * startCardCharge leaves its repayment 'starting' with no charge id: the provider is asked for the
 * charge by our reference (the pay code) instead. Runs as the periodic job `card-recovery`
 * every RECOVERY_INTERVAL_MS (main.ts), and when a borrower's confirm finds a stale claim.
 */
import type { AppDeps } from '../../deps.ts';
import type { JobLog, PeriodicJob } from '../../platform/jobs/scheduler.ts';
import { settle, settleSucceeded } from './settlement.ts';
import { findRepayment, listStaleRepayments, moveRepayment, releaseStaleClaim, type CardRepayment } from './store.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'payments'>;

/** A confirmation that has not finished in this long (the process stopped) may be taken over. */
export const STALE_CLAIM_MS = 2 * 60 * 1000;
export const RECOVERY_INTERVAL_MS = 60 * 1000;
/** A repayment whose charge never started (CARD_MESSAGES.startFailed). */
export const START_FAILED_MESSAGE = 'The card payment could not be started. Please try again.';

/**
 * Resolves a stale 'confirming' claim by the provider's outcome of its charge: 'settled' when the
 * money was taken (now booked), 'released' when it was not (back to 'pending'), 'open' when the
 * charge was not taken and the claim is left for the caller to take over.
 */
export async function resolveStaleClaim(deps: Deps, repayment: CardRepayment, options: { release: boolean }): Promise<'settled' | 'released' | 'open'> {
  const outcome = repayment.providerChargeId ? await deps.payments.cardChargeStatus(repayment.providerChargeId) : { status: 'failed' as const };
  if (outcome.status === 'succeeded') {
    await settleSucceeded(deps, repayment.id, outcome.providerRef);
    return 'settled';
  }
  if (!options.release) return 'open';
  // Only a claim still stale: a confirm that took it over meanwhile keeps it.
  const now = deps.clock.now();
  const released = await releaseStaleClaim(deps.db, repayment.id, new Date(now.getTime() - STALE_CLAIM_MS), now);
  return released ? 'released' : 'open';
}

/**
 * Resolves a repayment left 'starting' (its commit never stored the charge id) by the charge the
 * provider holds under its pay code: none → 'failed' ('closed': nothing was taken); waiting for a
 * code → 'pending' ('released': a retried commit of the same token answers needValid 1, Resend sends
 * a code); taken → booked once ('settled'). Only a repayment still 'starting' moves ('open'
 * otherwise): a slow commit that finished meanwhile wins.
 */
export async function resolveStarting(deps: Deps, repayment: CardRepayment): Promise<'settled' | 'released' | 'closed' | 'open'> {
  const found = await deps.payments.findCardChargeByReference(repayment.payCode);
  const now = deps.clock.now();
  if (!found || found.status === 'failed') {
    const charge = found ? { providerChargeId: found.chargeId } : {};
    return (await moveRepayment(deps.db, repayment.id, ['starting'], 'failed', { failureMessage: START_FAILED_MESSAGE, ...charge }, now)) ? 'closed' : 'open';
  }
  if (found.status === 'pending') {
    return (await moveRepayment(deps.db, repayment.id, ['starting'], 'pending', { needValid: 1, providerChargeId: found.chargeId }, now)) ? 'released' : 'open';
  }
  const fields = { needValid: 0, providerChargeId: found.chargeId, providerRef: found.providerRef };
  if (!(await moveRepayment(deps.db, repayment.id, ['starting'], 'charged', fields, now))) return 'open';
  await settle(deps, (await findRepayment(deps.db, repayment.id))!);
  return 'settled';
}

/** One pass over every stale claim, every stale 'starting' repayment and every 'charged' one not yet booked. */
export async function recoverCardRepayments(deps: Deps): Promise<{ settled: number; released: number; closed: number; failed: number }> {
  const staleBefore = new Date(deps.clock.now().getTime() - STALE_CLAIM_MS);
  const counts = { settled: 0, released: 0, closed: 0, failed: 0 };
  for (const repayment of await listStaleRepayments(deps.db, staleBefore)) {
    try {
      if (repayment.status === 'charged') {
        await settle(deps, repayment);
        counts.settled++;
        continue;
      }
      if (repayment.status === 'starting') {
        const result = await resolveStarting(deps, repayment);
        if (result !== 'open') counts[result]++;
        continue;
      }
      const result = await resolveStaleClaim(deps, repayment, { release: true });
      if (result !== 'open') counts[result]++;
    } catch {
      // The provider or database is unavailable: the claim stays and the next pass tries again.
      counts.failed++;
    }
  }
  return counts;
}

/** The periodic job `card-recovery` (platform/jobs/scheduler.ts): a pass every RECOVERY_INTERVAL_MS, on one process. */
export function cardRecoveryJob(deps: Deps, log: JobLog): PeriodicJob {
  return {
    name: 'card-recovery',
    intervalMs: RECOVERY_INTERVAL_MS,
    failureMessage: 'card repayment recovery failed',
    run: async () => {
      const counts = await recoverCardRepayments(deps);
      if (counts.settled + counts.released + counts.closed > 0) log.info(counts, 'card repayments recovered');
      if (counts.failed > 0) log.error(counts, 'card repayment recovery left some for the next pass');
    },
  };
}
