/**
 * The nightly buckets (issue 38, docs/collections.md): every overdue order's row for the lender day
 * that just ended, with its days past due, bucket, currency and outstanding principal, written once
 * however often the job runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BUCKET_STARTS } from '@cashloan/contract';
import { createHarness, type Harness } from '../../test-support/repayment-harness.ts';
import { createTestApp } from '../../test-support/test-app.ts';
import { createStaff } from '../../staff/accounts/service.ts';
import { ORDER_STATUS } from '../../loan-terms/status.ts';
import { createOrder, findProduct, viewOrder } from '../orders/service.ts';
import { postReceivedPayment } from '../payments/posting.ts';
import { collectionBucketsJob, recordBuckets } from './bucket-job.ts';

const DAY = 86_400_000;
const starts = [...DEFAULT_BUCKET_STARTS];
let h: Harness;
let staffId: number;

beforeAll(async () => {
  h = await createHarness(await createTestApp({ SESSION_TTL_DAYS: 3650 }));
  staffId = (await createStaff(h.t.db, { email: 'buckets@collections.test', name: 'Fin Ance', roles: ['finance'], password: 'a long enough password' }, h.t.clock.now())).account.id;
});
afterAll(() => h.t.close());

const rowsOf = async (day?: string) =>
  (
    await h.t.db.query<{ day: string; order_id: string; currency: string; days_past_due: number; bucket: string; outstanding_principal_minor: string }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, order_id, currency, days_past_due, bucket, outstanding_principal_minor FROM collection_buckets ${day ? 'WHERE day = $1' : ''} ORDER BY day, order_id`,
      day ? [day] : [],
    )
  ).rows.map((r) => ({ day: r.day, orderId: Number(r.order_id), currency: r.currency, daysPastDue: r.days_past_due, bucket: r.bucket, outstandingPrincipalMinor: Number(r.outstanding_principal_minor) }));

describe('the nightly bucket of each overdue order', () => {
  it('records the day that just ended once, with the right bucket and outstanding principal, and nothing new on a second run', async () => {
    // 1 November 2026, 10:00 Manila.
    const { borrowerId } = await h.t.newBorrower();
    const late = await h.order(borrowerId, ORDER_STATUS.overdue, { dueInDays: -5 }); // due 27 October: 4 days past due at the end of the 31st
    const later = await h.order(borrowerId, ORDER_STATUS.overdue, { dueInDays: -40 }); // due 22 September: 39 days
    const firstDay = await h.order(borrowerId, ORDER_STATUS.overdue, { dueInDays: -1 }); // due 31 October: not past due at its end
    const current = await h.order(borrowerId, ORDER_STATUS.due, { dueInDays: 1 });
    const settled = await h.order(borrowerId, ORDER_STATUS.settled, { dueInDays: -10 });
    const product = (await findProduct(h.t.db, h.productIds[0]!))!;
    const indian = await h.t.db.transaction((tx) =>
      createOrder(tx, { borrower: { id: borrowerId, isRepeat: false }, product, status: ORDER_STATUS.overdue, dueInDays: -3, market: 'IN' }, h.t.clock.now()),
    );

    expect(await recordBuckets(h.t.db, h.t.clock.now(), starts)).toBe(3);
    expect(await rowsOf()).toEqual([
      { day: '2026-10-31', orderId: late.id, currency: 'PHP', daysPastDue: 4, bucket: '1-7', outstandingPrincipalMinor: late.principalMinor },
      { day: '2026-10-31', orderId: later.id, currency: 'PHP', daysPastDue: 39, bucket: '31-60', outstandingPrincipalMinor: later.principalMinor },
      { day: '2026-10-31', orderId: indian.id, currency: 'INR', daysPastDue: 2, bucket: '1-7', outstandingPrincipalMinor: indian.principalMinor },
    ]);
    for (const id of [firstDay.id, current.id, settled.id]) expect((await rowsOf()).some((r) => r.orderId === id)).toBe(false);

    // Again (another process, a restart, the next pass): nothing new, nothing changed.
    const before = await rowsOf();
    expect(await recordBuckets(h.t.db, h.t.clock.now(), starts)).toBe(0);
    const job = collectionBucketsJob({ db: h.t.db, clock: h.t.clock, config: { COLLECTION_BUCKETS: starts } }, { info: () => {}, error: () => {} });
    expect(job).toMatchObject({ name: 'collection-buckets', intervalMs: 15 * 60_000 });
    await job.run();
    expect(await rowsOf()).toEqual(before);

    // A day given: judged at its end. Today has not ended: nothing.
    // (the Indian order fell due on 29 October in Kolkata: not yet past due at its end).
    expect(await recordBuckets(h.t.db, h.t.clock.now(), starts, '2026-10-29')).toBe(2);
    expect((await rowsOf('2026-10-29')).map((r) => [r.orderId, r.daysPastDue, r.bucket])).toEqual([
      [late.id, 2, '1-7'],
      [later.id, 37, '31-60'],
    ]);
    expect(await recordBuckets(h.t.db, h.t.clock.now(), starts, '2026-11-01')).toBe(0);

    // Part of the principal repaid: the next night's row has what is left of it.
    const due = viewOrder(await h.reload(late.id), h.t.clock.now()).position!.currentDueMinor;
    const paid = await h.t.db.transaction((tx) =>
      postReceivedPayment(tx, { orderId: late.id, amountMinor: due - 100_000, method: 'counter', reference: 'BUCKET-1', staffId, now: h.t.clock.now() }),
    );
    expect(paid.allocation.principalMinor).toBeGreaterThan(0);
    await h.advance(DAY);
    await job.run();
    expect((await rowsOf('2026-11-01')).find((r) => r.orderId === late.id)).toEqual({
      day: '2026-11-01',
      orderId: late.id,
      currency: 'PHP',
      daysPastDue: 5,
      bucket: '1-7',
      outstandingPrincipalMinor: late.principalMinor - paid.allocation.principalMinor,
    });
    // The order that fell due on 31 October is 1 day past due at the end of 1 November.
    expect((await rowsOf('2026-11-01')).find((r) => r.orderId === firstDay.id)).toMatchObject({ daysPastDue: 1, bucket: '1-7' });
  });
});
