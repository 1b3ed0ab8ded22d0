/**
 * Every periodic job of the server, in one table (docs/deploy.md, "Periodic jobs"): server.ts hands
 * the list to the scheduler (platform/jobs/scheduler.ts), which runs each on one process at a time.
 * A job's name, period and pass are its module's (a PeriodicJob); this table says which run, and when
 * one runs at all.
 */
import type { AppDeps } from './deps.ts';
import type { JobLog, PeriodicJob } from './platform/jobs/scheduler.ts';
import { orphanSweepJob } from './modules/complaints/orphan-sweep.ts';
import { cardRecoveryJob } from './modules/card-repayment/recovery.ts';
import { notificationSettlingJob } from './modules/provider-notifications/service.ts';
import { paymentRemindersJob } from './modules/reminders/job.ts';
import { payoutStatusJob } from './domain/payouts/status-job.ts';
import { booksOpeningJob } from './domain/books/opening-job.ts';
import { agentNoticesJob } from './domain/collections/agent-notices.ts';
import { collectionBucketsJob } from './domain/collections/bucket-job.ts';
import { dataRetentionJob } from './modules/my-data/retention-job.ts';
import { personalDataSections } from './modules/index.ts';

interface JobEntry {
  make(deps: AppDeps, log: JobLog): PeriodicJob;
  /** Absent: always. */
  runsWhen?(config: AppDeps['config']): boolean;
}

const JOBS: JobEntry[] = [
  // orphan-sweep, hourly: uploads no complaint uses (and files a crash left without a row).
  { make: orphanSweepJob },
  // card-recovery, every minute: card confirmations a crash left half-done, booked or released by the provider's answer.
  { make: cardRecoveryJob },
  // provider-notifications, every 30 s: notifications stored but not settled (the provider did not answer, or the process stopped).
  { make: notificationSettlingJob },
  // payout-status, every minute: payouts with no news from their provider for PAYOUT_CHECK_AFTER_MINUTES, asked about (and made once if it never got them).
  { make: payoutStatusJob },
  // books-opening, every 5 minutes (docs/books.md): orders paid out outside a payout provider, opened in the books.
  { make: booksOpeningJob },
  // collection-buckets, every 15 minutes (docs/collections.md): each overdue order's bucket at the end of the lender day just ended, written once.
  { make: collectionBucketsJob },
  // collections-agent-notices, every 5 minutes (docs/collections.md): India's notices naming the agent, sent through the contact guard.
  { make: agentNoticesJob },
  // payment-reminders, every 5 minutes (docs/records.md): each reminder a claimed row, so sent once.
  { make: paymentRemindersJob, runsWhen: (config) => config.PAYMENT_REMINDERS },
  // data-retention, hourly (docs/privacy.md): approved erasures once the loans close, borrowers past their retention anonymised, sealed identities past it deleted.
  { make: (deps, log) => dataRetentionJob(deps, log, personalDataSections(deps)) },
];

export function periodicJobs(deps: AppDeps, log: JobLog): PeriodicJob[] {
  return JOBS.filter((entry) => entry.runsWhen?.(deps.config) ?? true).map((entry) => entry.make(deps, log));
}
