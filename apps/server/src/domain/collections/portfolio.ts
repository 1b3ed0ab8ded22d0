/**
 * The portfolio's health for the collections lead (issue 38, docs/collections.md, "Portfolio health"),
 * one currency at a time: PAR 1/30/60/90 from the orders as they are now; roll rates month on month
 * from the nightly job's stored rows (bucket-job.ts); this month's promises to pay, kept, broken or
 * open; and the money collected this month by the bucket each order was in the night before. Buckets
 * are named from the days past due each row keeps, with the buckets configured now, so a change of
 * COLLECTION_BUCKETS reads the whole history the new way. SQL in portfolio-store.ts.
 */
import type { Market, portfolioCall, StaffAnswerOf } from '@cashloan/contract';
import type { Queryable } from '../../platform/db/client.ts';
import { dayToIsoDate, isoDateToDay, lenderDay, lenderDayStartsAt } from '../../loan-terms/calendar.ts';
import { REPAYING_STATUSES } from '../../loan-terms/status.ts';
import { listOrdersInStatuses, loadOrder } from '../orders/service.ts';
import { listMoneyApplied } from '../payments/payments.ts';
import { bucketNames, bucketOf } from './buckets.ts';
import { standingOf } from './bucket-job.ts';
import { bucketsOf, bucketsOnDays, latestBucketDay, type BucketRow } from './portfolio-store.ts';
import { judgePromises } from './promises.ts';
import { listPromisesDueBetween } from './promise-store.ts';

export type PortfolioHealth = StaffAnswerOf<typeof portfolioCall>;
export type PortfolioCurrency = PortfolioHealth['currency'];

/** PAR N: outstanding principal of orders more than N days past due ÷ all outstanding principal. */
export const PAR_DAYS = [1, 30, 60, 90] as const;
/** How many months of roll rates: this one and the two before. */
export const ROLL_RATE_MONTHS = 3;

const MARKET_OF: Record<PortfolioCurrency, Market> = { PHP: 'PH', INR: 'IN' };

/** 'YYYY-MM' `by` months from `month`. */
function shiftMonth(month: string, by: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m - 1 + by, 1)).toISOString().slice(0, 7);
}
const firstDayOf = (month: string) => isoDateToDay(`${month}-01`);
const lastDayOf = (month: string) => firstDayOf(shiftMonth(month, 1)) - 1;
const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

export interface PortfolioQuery {
  currency: PortfolioCurrency;
  now: Date;
  /** COLLECTION_BUCKETS: the days past due each bucket starts at. */
  starts: readonly number[];
}

export async function portfolio(db: Queryable, query: PortfolioQuery): Promise<PortfolioHealth> {
  const { currency, now, starts } = query;
  const market = MARKET_OF[currency];
  const names = bucketNames(starts);
  const bucketName = (row: Pick<BucketRow, 'daysPastDue'>) => bucketOf(row.daysPastDue, starts);
  const today = lenderDay(now, market);
  const month = dayToIsoDate(today).slice(0, 7);

  // PAR: the orders being repaid, as they stand now.
  const repaying = await listOrdersInStatuses(db, REPAYING_STATUSES);
  const marketOfOrder = new Map(repaying.map((o) => [o.id, o.market]));
  const standings = repaying.filter((o) => o.market === market).map((o) => standingOf(o, now));
  const outstandingPrincipalMinor = standings.reduce((sum, s) => sum + s.outstandingPrincipalMinor, 0);
  const par = PAR_DAYS.map((days) => {
    const pastDuePrincipalMinor = standings.filter((s) => s.daysPastDue > days).reduce((sum, s) => sum + s.outstandingPrincipalMinor, 0);
    return { days, pastDuePrincipalMinor, ratio: ratio(pastDuePrincipalMinor, outstandingPrincipalMinor) };
  });

  // Roll rates: from the last day of the month before to the month's last day (this month: its latest recorded day).
  const periods = await Promise.all(
    Array.from({ length: ROLL_RATE_MONTHS }, (_, i) => shiftMonth(month, i - ROLL_RATE_MONTHS + 1)).map(async (m) => {
      const start = dayToIsoDate(firstDayOf(m) - 1);
      const end = m === month ? await latestBucketDay(db, currency, start, dayToIsoDate(lastDayOf(m))) : dayToIsoDate(lastDayOf(m));
      return { month: m, start, end };
    }),
  );
  const rows = await bucketsOnDays(db, currency, periods.flatMap((p) => (p.end ? [p.start, p.end] : [p.start])));
  const bucketOn = new Map<string, string | null>(rows.map((r) => [`${r.day}/${r.orderId}`, bucketName(r)]));
  const rollRates = periods.flatMap(({ month: m, start, end }) =>
    names.slice(0, -1).map((from, i) => {
      const to = names[i + 1]!;
      const inFrom = rows.filter((r) => r.day === start && bucketName(r) === from);
      const rolled = end === null ? 0 : inFrom.filter((r) => bucketOn.get(`${end}/${r.orderId}`) === to).length;
      return { month: m, from, to, orders: inFrom.length, rolled, ratio: ratio(rolled, inFrom.length) };
    }),
  );

  // Promises whose day has come this month, on this currency's orders (one settled since is read on its own).
  const promiseRows = await listPromisesDueBetween(db, `${month}-01`, dayToIsoDate(today));
  for (const orderId of new Set(promiseRows.map((p) => p.orderId))) {
    if (marketOfOrder.has(orderId)) continue;
    const order = await loadOrder(db, orderId);
    if (order) marketOfOrder.set(orderId, order.market);
  }
  const judged = await judgePromises(
    db,
    promiseRows.filter((p) => marketOfOrder.get(p.orderId) === market),
    now,
    () => market,
  );
  const count = (state: string) => judged.filter((p) => p.state === state).length;
  const kept = count('kept');
  const broken = count('broken');
  const promises = { kept, broken, open: count('open'), keptRatio: kept + broken > 0 ? kept / (kept + broken) : null };

  // Collected this month: the money applied, by the bucket its order was in at the end of the day before the payment.
  const payments = await listMoneyApplied(db, { from: lenderDayStartsAt(firstDayOf(month), market), to: new Date(now.getTime() + 1) });
  const nightBefore = (p: { appliedAt: Date; orderId: number }) => ({ day: dayToIsoDate(lenderDay(p.appliedAt, market) - 1), orderId: p.orderId });
  const before = await bucketsOf(db, currency, payments.map(nightBefore));
  const bucketBefore = new Map(before.map((r) => [`${r.day}/${r.orderId}`, bucketName(r)]));
  const collected = new Map(names.map((name) => [name, 0]));
  for (const payment of payments) {
    const key = nightBefore(payment);
    const bucket = bucketBefore.get(`${key.day}/${key.orderId}`);
    if (bucket) collected.set(bucket, collected.get(bucket)! + payment.appliedMinor);
  }

  return {
    currency,
    asOf: now.toISOString(),
    outstandingPrincipalMinor,
    par,
    rollRates,
    promises,
    collectedThisMonth: names.map((bucket) => ({ bucket, amountMinor: collected.get(bucket)! })),
  };
}
