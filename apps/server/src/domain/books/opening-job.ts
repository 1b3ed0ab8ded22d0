/**
 * The job `books-opening`, every 5 minutes: opens in the books any order paid out outside a payout
 * provider since the last pass (the dev API's move to 170, an order made already paid out), as the
 * start does. An order's first money event opens it too, so this only keeps the trial balance whole
 * in between.
 */
import type { Db } from '../../platform/db/client.ts';
import type { Clock } from '../../platform/clock/clock.ts';
import type { JobLog, PeriodicJob } from '../../platform/jobs/scheduler.ts';
import { openAllOrders } from './journal.ts';

export const BOOKS_OPENING_INTERVAL_MS = 5 * 60_000;

export function booksOpeningJob(deps: { db: Db; clock: Pick<Clock, 'now'> }, log: JobLog): PeriodicJob {
  return {
    name: 'books-opening',
    intervalMs: BOOKS_OPENING_INTERVAL_MS,
    failureMessage: 'opening orders in the books failed',
    run: async () => {
      const opened = await openAllOrders(deps.db, deps.clock.now());
      if (opened > 0) log.info({ opened }, 'orders opened in the books');
    },
  };
}
