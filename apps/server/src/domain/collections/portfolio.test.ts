/**
 * The portfolio's health (issue 38, docs/collections.md): PAR from a small portfolio made overdue by
 * different days as the clock moves, roll rates from stored bucket rows, this month's promises, and
 * the money collected this month by the bucket each order was in the night before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BUCKET_STARTS } from '@cashloan/contract';
import { createHarness, type Harness } from '../../test-support/repayment-harness.ts';
import { createTestApp } from '../../test-support/test-app.ts';
import { createStaff } from '../../staff/accounts/service.ts';
import { ORDER_STATUS } from '../../loan-terms/status.ts';
import { viewOrder, type OrderRow } from '../orders/service.ts';
import { postReceivedPayment } from '../payments/posting.ts';
import { recordBuckets } from './bucket-job.ts';
import { portfolio } from './portfolio.ts';
import { recordPromise } from './promises.ts';

const DAY = 86_400_000;
const starts = [...DEFAULT_BUCKET_STARTS];
let h: Harness;
let staffId: number;
let reference = 0;

beforeAll(async () => {
  h = await createHarness(await createTestApp({ SESSION_TTL_DAYS: 3650 }));
  staffId = (await createStaff(h.t.db, { email: 'portfolio@collections.test', name: 'Lea Lead', roles: ['collections_lead'], password: 'a long enough password' }, h.t.clock.now())).account.id;
});
afterAll(() => h.t.close());

const now = () => h.t.clock.now();
const pay = (order: OrderRow, amountMinor: number) =>
  h.t.db.transaction((tx) => postReceivedPayment(tx, { orderId: order.id, amountMinor, method: 'counter', reference: `PORTFOLIO-${++reference}`, staffId, now: now() }));
const promise = async (order: OrderRow, promisedOn: string, amountMinor: number) => {
  const amountDueMinor = viewOrder(await h.reload(order.id), now()).position!.currentDueMinor;
  return h.t.db.transaction((tx) => recordPromise(tx, { orderId: order.id, promisedOn, amountMinor, staffId, now: now(), market: 'PH', amountDueMinor }));
};
async function insertRow(day: string, order: OrderRow, daysPastDue: number, currency = 'PHP') {
  await h.t.db.query(
    `INSERT INTO collection_buckets (day, order_id, currency, days_past_due, bucket, outstanding_principal_minor) VALUES ($1, $2, $3, $4, 'as then', $5)`,
    [day, order.id, currency, daysPastDue, order.principalMinor],
  );
}

describe("the portfolio's health", () => {
  it('answers PAR, roll rates, promises and collected by bucket for one currency', async () => {
    // 1 November 2026, 10:00 Manila: a current order, one falling due on the 3rd, one 38 days past due.
    const { borrowerId } = await h.t.newBorrower();
    const current = await h.order(borrowerId, ORDER_STATUS.repaying, { dueInDays: 9 });
    const soon = await h.order(borrowerId, ORDER_STATUS.due, { dueInDays: 2 });
    const old = await h.order(borrowerId, ORDER_STATUS.overdue, { dueInDays: -38 });
    // Orders settled long ago, for the history rows of the roll rates.
    const a = await h.order(borrowerId, ORDER_STATUS.settled, { dueInDays: -100 });
    const b = await h.order(borrowerId, ORDER_STATUS.settled, { dueInDays: -100 });

    // A promise for 3 November on the old order, never paid: broken by the 8th.
    await promise(old, '2026-11-03', 10_000);

    const empty = await portfolio(h.t.db, { currency: 'PHP', now: now(), starts });
    const total = current.principalMinor + soon.principalMinor + old.principalMinor;
    expect(empty.outstandingPrincipalMinor).toBe(total);
    expect(empty.par.map((p) => [p.days, p.pastDuePrincipalMinor])).toEqual([
      [1, old.principalMinor],
      [30, old.principalMinor],
      [60, 0],
      [90, 0],
    ]);

    // A week on: 8 November. The order due on the 3rd is 5 days past due, the old one 45.
    await h.advance(7 * DAY);
    expect(await recordBuckets(h.t.db, now(), starts)).toBe(2); // the end of 7 November: 4 and 44 days
    const health = await portfolio(h.t.db, { currency: 'PHP', now: now(), starts });
    expect(health.currency).toBe('PHP');
    expect(health.asOf).toBe(now().toISOString());
    expect(health.outstandingPrincipalMinor).toBe(total);
    expect(health.par).toEqual([
      { days: 1, pastDuePrincipalMinor: soon.principalMinor + old.principalMinor, ratio: (soon.principalMinor + old.principalMinor) / total },
      { days: 30, pastDuePrincipalMinor: old.principalMinor, ratio: old.principalMinor / total },
      { days: 60, pastDuePrincipalMinor: 0, ratio: 0 },
      { days: 90, pastDuePrincipalMinor: 0, ratio: 0 },
    ]);

    // Roll rates from stored rows: September (31 Aug → 30 Sep), October (30 Sep → 31 Oct), November (31 Oct → 7 Nov, the latest night).
    await insertRow('2026-08-31', a, 3);
    await insertRow('2026-08-31', b, 5);
    await insertRow('2026-09-30', a, 33); // two buckets on: not "the next"
    await insertRow('2026-09-30', b, 20);
    await insertRow('2026-10-31', b, 51);
    await insertRow('2026-10-31', old, 37);
    await insertRow('2026-10-31', a, 3, 'INR'); // another currency: not in the pesos' figures
    await insertRow('2026-11-07', b, 61);
    const rolled = await portfolio(h.t.db, { currency: 'PHP', now: now(), starts });
    expect(rolled.rollRates.map((r) => r.month)).toEqual([...Array(4).fill('2026-09'), ...Array(4).fill('2026-10'), ...Array(4).fill('2026-11')]);
    const rate = (month: string, from: string) => rolled.rollRates.find((r) => r.month === month && r.from === from);
    expect(rate('2026-09', '1-7')).toEqual({ month: '2026-09', from: '1-7', to: '8-30', orders: 2, rolled: 1, ratio: 0.5 });
    expect(rate('2026-09', '8-30')).toEqual({ month: '2026-09', from: '8-30', to: '31-60', orders: 0, rolled: 0, ratio: 0 });
    expect(rate('2026-10', '8-30')).toEqual({ month: '2026-10', from: '8-30', to: '31-60', orders: 1, rolled: 1, ratio: 1 });
    expect(rate('2026-10', '31-60')).toEqual({ month: '2026-10', from: '31-60', to: '61-90', orders: 1, rolled: 0, ratio: 0 }); // a was cured
    expect(rate('2026-11', '31-60')).toEqual({ month: '2026-11', from: '31-60', to: '61-90', orders: 2, rolled: 1, ratio: 0.5 }); // b rolled, old stayed
    expect(rate('2026-11', '1-7')).toEqual({ month: '2026-11', from: '1-7', to: '8-30', orders: 0, rolled: 0, ratio: 0 });
    expect(rate('2026-11', '61-90')).toEqual({ month: '2026-11', from: '61-90', to: '91+', orders: 0, rolled: 0, ratio: 0 });

    // Today: a promise kept in full on the soon order, one half paid on the old order (open until midnight),
    // one for later this month (its day has not come: not counted); money on each, and on the current order.
    await promise(soon, '2026-11-08', 100_000);
    await promise(old, '2026-11-08', 60_000);
    await promise(old, '2026-11-20', 10_000);
    await h.advance(60_000);
    const soonPaid = await pay(soon, 100_000);
    const oldPaid = await pay(old, 50_000);
    await pay(current, 20_000);
    const today = await portfolio(h.t.db, { currency: 'PHP', now: now(), starts });
    expect(today.promises).toEqual({ kept: 1, broken: 1, open: 1, keptRatio: 0.5 });
    expect(today.collectedThisMonth).toEqual([
      { bucket: '1-7', amountMinor: soonPaid.amountMinor - soonPaid.unappliedMinor },
      { bucket: '8-30', amountMinor: 0 },
      { bucket: '31-60', amountMinor: oldPaid.amountMinor - oldPaid.unappliedMinor },
      { bucket: '61-90', amountMinor: 0 },
      { bucket: '91+', amountMinor: 0 },
    ]);
    expect(today.collectedThisMonth[0]!.amountMinor).toBe(100_000);

    // The rupees: nothing outstanding, no promises, every bucket listed with nothing collected.
    const rupees = await portfolio(h.t.db, { currency: 'INR', now: now(), starts });
    expect(rupees).toMatchObject({ currency: 'INR', outstandingPrincipalMinor: 0, promises: { kept: 0, broken: 0, open: 0, keptRatio: null } });
    expect(rupees.par.every((p) => p.ratio === 0 && p.pastDuePrincipalMinor === 0)).toBe(true);
    expect(rupees.collectedThisMonth.map((c) => c.amountMinor)).toEqual([0, 0, 0, 0, 0]);
    expect(rupees.rollRates.find((r) => r.month === '2026-11' && r.from === '1-7')).toMatchObject({ orders: 1, rolled: 0 });
  });
});
