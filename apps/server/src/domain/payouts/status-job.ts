/**
 * The periodic job `payout-status` (jobs.ts): payouts with no news from their provider for
 * PAYOUT_CHECK_AFTER_MINUTES are asked about (and made, when the provider never got them), on one
 * process at a time; each payout is also claimed, so two processes never ask about the same one at once.
 */
import type { JobLog, PeriodicJob } from '../../platform/jobs/scheduler.ts';
import type { Config } from '../../config.ts';
import { checkQuietPayouts, type PayoutDeps } from './sending.ts';

export const PAYOUT_STATUS_INTERVAL_MS = 60 * 1000;

export function payoutStatusJob(deps: PayoutDeps & { config: Pick<Config, 'PAYOUT_CHECK_AFTER_MINUTES'> }, log: JobLog): PeriodicJob {
  return {
    name: 'payout-status',
    intervalMs: PAYOUT_STATUS_INTERVAL_MS,
    failureMessage: 'payout status check failed',
    run: async () => {
      const outcomes = await checkQuietPayouts(deps, deps.config.PAYOUT_CHECK_AFTER_MINUTES * 60_000);
      const counts: Record<string, number> = {};
      for (const o of outcomes) counts[o.event] = (counts[o.event] ?? 0) + 1;
      if (outcomes.length > 0) log.info(counts, 'payouts checked at their provider');
      for (const o of outcomes) if (o.error) log.error({ reference: o.payout.reference, error: o.error }, 'payout provider call failed; the payout stays processing');
    },
  };
}
