/**
 * The job `collection-buckets` (issue 38, docs/collections.md, "The nightly buckets"): every overdue
 * order's bucket at the end of the lender day that just ended, one collection_buckets row a day and
 * order, so that the portfolio's history and roll rates come from stored rows, not guesses. It runs
 * every 15 minutes and writes only what is missing (ON CONFLICT DO NOTHING), so a restart, a pass
 * missed, or several processes are harmless: the first pass after midnight (on each market's
 * calendar) records the day before, the others find it there.
 */
import type { Db, Queryable } from '../../platform/db/client.ts';
import type { Clock } from '../../platform/clock/clock.ts';
import type { JobLog, PeriodicJob } from '../../platform/jobs/scheduler.ts';
import { dayToIsoDate, isoDateToDay, lenderDay, lenderDayStartsAt } from '../../loan-terms/calendar.ts';
import { loanPosition, splitBasePayment } from '../../loan-terms/position.ts';
import { REPAYING_STATUSES } from '../../loan-terms/status.ts';
import { listOrdersInStatuses, toLoanState, type OrderRow } from '../orders/service.ts';
import { CURRENCY_OF } from '../books/journal.ts';
import { bucketOf } from './buckets.ts';
import { insertBuckets, type BucketRow } from './portfolio-store.ts';

export const COLLECTION_BUCKETS_INTERVAL_MS = 15 * 60_000;

/**
 * What an order being repaid stands at, at `at`: its days past due (the current instalment's, on its
 * market calendar) and its principal not yet repaid. Money paid to the loan's base fills its interest
 * first, then its service fee, then its principal (loan-terms splitBasePayment, as the books split it);
 * charges never reduce principal.
 */
export function standingOf(order: OrderRow, at: Date): { daysPastDue: number; outstandingPrincipalMinor: number } {
  const state = toLoanState(order);
  const basePaid = state.instalments.reduce((sum, i) => sum + i.paidMinor, 0);
  const principalPaid = splitBasePayment(state, 0, basePaid).principalMinor;
  return { daysPastDue: loanPosition(state, at).daysOverdue, outstandingPrincipalMinor: Math.max(0, state.principalMinor - principalPaid) };
}

/**
 * Records, for every order being repaid that was overdue (1 day past due or more) at the end of the
 * lender day, its row for that day: its days past due and bucket then, and its outstanding principal.
 * The day is the one that just ended on the order's market calendar, or `day` (YYYY-MM-DD) when given;
 * a day not yet ended in a market is skipped there. The order is read as it stands now, judged at the
 * end of that day (so a payment made since that settled it leaves it out; the job runs soon after
 * midnight). Rows already there are left as they are. How many rows were new.
 */
export async function recordBuckets(db: Queryable, now: Date, starts: readonly number[], day?: string): Promise<number> {
  const given = day === undefined ? null : isoDateToDay(day);
  const rows: BucketRow[] = [];
  for (const order of await listOrdersInStatuses(db, REPAYING_STATUSES)) {
    const today = lenderDay(now, order.market);
    const recorded = given ?? today - 1;
    if (recorded >= today) continue;
    const endOfDay = new Date(lenderDayStartsAt(recorded + 1, order.market).getTime() - 1);
    if (order.disbursedAt === null || order.disbursedAt.getTime() > endOfDay.getTime()) continue;
    const { daysPastDue, outstandingPrincipalMinor } = standingOf(order, endOfDay);
    const bucket = daysPastDue >= 1 ? bucketOf(daysPastDue, starts) : null;
    if (bucket === null) continue;
    rows.push({ day: dayToIsoDate(recorded), orderId: order.id, currency: CURRENCY_OF[order.market], daysPastDue, bucket, outstandingPrincipalMinor });
  }
  return insertBuckets(db, rows);
}

export function collectionBucketsJob(deps: { db: Db; clock: Pick<Clock, 'now'>; config: { COLLECTION_BUCKETS: readonly number[] } }, log: JobLog): PeriodicJob {
  return {
    name: 'collection-buckets',
    intervalMs: COLLECTION_BUCKETS_INTERVAL_MS,
    failureMessage: "recording the overdue orders' buckets failed",
    run: async () => {
      const recorded = await recordBuckets(deps.db, deps.clock.now(), deps.config.COLLECTION_BUCKETS);
      if (recorded > 0) log.info({ recorded }, "overdue orders' buckets recorded");
    },
  };
}
