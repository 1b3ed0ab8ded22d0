/**
 * The retention job (issue 39, docs/privacy.md "Retention"), hourly, on one process at a time like
 * the other jobs:
 * - approved erasures whose borrower's loans have closed since are carried out (erase.ts);
 * - a borrower whose loans all closed and whose retention period (the market's law, or the lender's
 *   longer RETENTION_YEARS_PH / _IN) has ended is anonymised the same way;
 * - the sealed identities and account numbers kept for the law until a day now past are deleted.
 * Each borrower is one transaction of its own: a failure leaves the others done and is tried again.
 */
import type { AppDeps } from '../../deps.ts';
import type { JobLog, PeriodicJob } from '../../platform/jobs/scheduler.ts';
import type { PersonalDataSection } from '../../platform/personal-data.ts';
import { dayToIsoDate, lenderDay } from '../../loan-terms/calendar.ts';
import { RETENTION } from '../../loan-terms/data-rights.ts';
import { endRetentionBefore } from '../../domain/borrowers/erasure.ts';
import { eraseAccounts } from '../../domain/bank-cards/service.ts';
import { closedBorrowersBefore, listBorrowerOrders } from '../../domain/orders/service.ts';
import { eraseBorrower, retentionOf, type ErasureDeps } from './erase.ts';
import { runErasure } from './service.ts';
import { approvedErasures } from './store.ts';

export const RETENTION_JOB_INTERVAL_MS = 60 * 60_000;
const BATCH = 100;

type Deps = Pick<AppDeps, 'db' | 'clock'> & ErasureDeps;

export interface RetentionPass {
  /** Request references carried out. */
  erasures: string[];
  /** Borrowers anonymised because their retention ended. */
  anonymised: number[];
  /** Borrowers whose sealed identity was deleted. */
  unsealed: number[];
}

export async function runRetentionPass(deps: Deps, sections: readonly PersonalDataSection[], log: Pick<JobLog, 'info'> = { info: () => undefined }): Promise<RetentionPass> {
  const now = deps.clock.now();
  const pass: RetentionPass = { erasures: [], anonymised: [], unsealed: [] };

  for (const request of await approvedErasures(deps.db, BATCH)) {
    const run = await deps.db.transaction((tx) => runErasure(tx, deps, sections, request, null, now));
    if (!run) continue; // a loan is still open: next pass
    await run.afterCommit();
    // Logged for a restore from a backup older than the erasure (docs/deploy.md, "Backups"): ids only.
    log.info({ borrowerId: request.borrowerId, refNo: request.refNo }, 'erasure done');
    pass.erasures.push(request.refNo);
  }

  // No market keeps records less than the law's shortest period: older closures are the only candidates.
  const shortest = Math.min(...Object.values(RETENTION).map((r) => r.years));
  const cutoff = new Date(now.getTime());
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - shortest);
  for (const candidate of await closedBorrowersBefore(deps.db, cutoff, BATCH)) {
    const run = await deps.db.transaction(async (tx) => {
      if (retentionOf(deps.config, await listBorrowerOrders(tx, candidate.borrowerId), now) !== null) return null;
      return eraseBorrower(tx, deps, candidate.borrowerId, sections, now);
    });
    if (!run) continue;
    await run.afterCommit();
    log.info({ borrowerId: candidate.borrowerId }, 'erasure done (retention ended)');
    pass.anonymised.push(candidate.borrowerId);
  }

  const today = dayToIsoDate(lenderDay(now));
  pass.unsealed = await deps.db.transaction(async (tx) => {
    const ended = await endRetentionBefore(tx, today);
    for (const borrowerId of ended) await eraseAccounts(tx, borrowerId, false);
    return ended;
  });
  return pass;
}

export function dataRetentionJob(deps: Deps, log: JobLog, sections: readonly PersonalDataSection[]): PeriodicJob {
  return {
    name: 'data-retention',
    intervalMs: RETENTION_JOB_INTERVAL_MS,
    failureMessage: 'the data retention pass failed',
    run: async () => {
      const pass = await runRetentionPass(deps, sections, log);
      if (pass.erasures.length + pass.anonymised.length + pass.unsealed.length > 0) {
        log.info({ erasures: pass.erasures.length, anonymised: pass.anonymised.length, unsealed: pass.unsealed.length }, 'data retention pass');
      }
    },
  };
}
