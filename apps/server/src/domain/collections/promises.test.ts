/**
 * Promises to pay (issue 38, docs/collections.md): recorded for a day from today to 30 days on and an
 * amount up to what is due, each wrong field refused with a 400 naming it; kept by the money applied
 * from the promise until the end of its day, broken when the day ends without, open before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test-support/repayment-harness.ts';
import { createTestApp } from '../../test-support/test-app.ts';
import { createStaff } from '../../staff/accounts/service.ts';
import { ApiError } from '../../platform/http/api-error.ts';
import { dayToIsoDate, lenderDay } from '../../loan-terms/calendar.ts';
import { ORDER_STATUS } from '../../loan-terms/status.ts';
import { viewOrder, type OrderRow } from '../orders/service.ts';
import { postReceivedPayment } from '../payments/posting.ts';
import { promisesOf, promiseStanding, recordPromise, type NewPromise } from './promises.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
let h: Harness;
let staffId: number;
let reference = 0;

beforeAll(async () => {
  h = await createHarness(await createTestApp({ SESSION_TTL_DAYS: 3650 }));
  staffId = (await createStaff(h.t.db, { email: 'promises@collections.test', name: 'Carla Collector', roles: ['collector'], password: 'a long enough password' }, h.t.clock.now())).account.id;
});
afterAll(() => h.t.close());

const now = () => h.t.clock.now();
const dayFromToday = (days: number) => dayToIsoDate(lenderDay(now(), 'PH') + days);
const dueOf = async (order: OrderRow) => viewOrder(await h.reload(order.id), now()).position!.currentDueMinor;

async function overdueOrder(): Promise<OrderRow> {
  const { borrowerId } = await h.t.newBorrower();
  return h.order(borrowerId, ORDER_STATUS.overdue, { dueInDays: -3 });
}
async function promise(order: OrderRow, fields: Partial<NewPromise> = {}) {
  const input: NewPromise = { orderId: order.id, promisedOn: dayFromToday(0), amountMinor: 100_000, staffId, now: now(), market: 'PH', amountDueMinor: await dueOf(order), ...fields };
  return h.t.db.transaction((tx) => recordPromise(tx, input));
}
const pay = (order: OrderRow, amountMinor: number) =>
  h.t.db.transaction((tx) => postReceivedPayment(tx, { orderId: order.id, amountMinor, method: 'counter', reference: `PROMISE-${++reference}`, staffId, now: now() }));
const stateOf = async (order: OrderRow, id: number) => (await promisesOf(h.t.db, order.id, now(), 'PH')).find((p) => p.id === id)!;

describe('a promise to pay', () => {
  it('is recorded open, with who made it, and kept by a payment on its day', async () => {
    const order = await overdueOrder();
    const made = await promise(order, { promisedOn: dayFromToday(2), amountMinor: 150_000 });
    expect(made).toEqual({ id: expect.any(Number), promisedOn: dayFromToday(2), amountMinor: 150_000, paidMinor: 0, state: 'open', createdBy: 'Carla Collector', createdAt: now().toISOString() });
    expect(await promisesOf(h.t.db, order.id, now(), 'PH')).toEqual([made]);

    // Part of it the next day: still open, the part counted.
    await h.advance(DAY);
    await pay(order, 50_000);
    expect(await stateOf(order, made.id)).toMatchObject({ paidMinor: 50_000, state: 'open' });
    // The rest on the day itself, late in the evening (Manila): kept, and kept it stays.
    await h.advance(DAY + 13 * HOUR); // 23:00 Manila on the promised day
    expect(dayToIsoDate(lenderDay(now(), 'PH'))).toBe(made.promisedOn);
    await pay(order, 100_000);
    expect(await stateOf(order, made.id)).toMatchObject({ paidMinor: 150_000, state: 'kept' });
    await h.advance(3 * DAY);
    expect(await stateOf(order, made.id)).toMatchObject({ paidMinor: 150_000, state: 'kept' });
  });

  it('is broken when its day ends unpaid (or underpaid), and money paid before it or after its day does not count', async () => {
    const order = await overdueOrder();
    await pay(order, 20_000); // before the promise: not toward it
    await h.advance(60_000);
    const made = await promise(order, { promisedOn: dayFromToday(1), amountMinor: 80_000 });
    await pay(order, 30_000);
    expect(await stateOf(order, made.id)).toMatchObject({ paidMinor: 30_000, state: 'open' });
    // The last minute of its day in Manila: still open.
    const dayEnds = new Date((lenderDay(now(), 'PH') + 2) * DAY - 8 * HOUR);
    await h.advance(dayEnds.getTime() - now().getTime() - 60_000);
    expect(await stateOf(order, made.id)).toMatchObject({ state: 'open' });
    await h.advance(60_000);
    expect(await stateOf(order, made.id)).toMatchObject({ paidMinor: 30_000, state: 'broken' });
    // Paid after its day: still broken.
    await pay(order, 60_000);
    expect(await stateOf(order, made.id)).toMatchObject({ paidMinor: 30_000, state: 'broken' });
  });

  it('may be for today, and an order keeps every promise, newest first', async () => {
    const order = await overdueOrder();
    const first = await promise(order, { promisedOn: dayFromToday(0), amountMinor: 10_000 });
    await h.advance(HOUR);
    const second = await promise(order, { promisedOn: dayFromToday(30), amountMinor: 20_000 });
    expect((await promisesOf(h.t.db, order.id, now(), 'PH')).map((p) => p.id)).toEqual([second.id, first.id]);
  });

  it('refuses a day that is not a date, in the past or more than 30 days on, and an amount above what is due, naming the field', async () => {
    const order = await overdueOrder();
    const due = await dueOf(order);
    const refusal = async (fields: Partial<NewPromise>) => {
      const error = await promise(order, fields).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).httpStatus).toBe(400);
      return (error as ApiError).message;
    };
    const today = dayFromToday(0);
    const last = dayFromToday(30);
    expect(await refusal({ promisedOn: dayFromToday(-1) })).toBe(`promisedOn must be a day from today (${today}) to 30 days on (${last}), not ${dayFromToday(-1)}`);
    expect(await refusal({ promisedOn: dayFromToday(31) })).toBe(`promisedOn must be a day from today (${today}) to 30 days on (${last}), not ${dayFromToday(31)}`);
    expect(await refusal({ promisedOn: '2026-02-30' })).toBe('promisedOn must be a calendar date (YYYY-MM-DD), not "2026-02-30"');
    expect(await refusal({ promisedOn: 'tomorrow' })).toBe('promisedOn must be a calendar date (YYYY-MM-DD), not "tomorrow"');
    expect(await refusal({ amountMinor: due + 1 })).toBe(`amountMinor ${due + 1} is more than is due on this order today (${due})`);
    expect(await refusal({ amountMinor: 0 })).toBe('amountMinor must be a positive whole number of minor units');
    expect(await refusal({ amountMinor: 10.5 })).toBe('amountMinor must be a positive whole number of minor units');
    expect(await refusal({ amountDueMinor: 0 })).toBe('amountMinor: nothing is due on this order today, so there is nothing to promise');
    // Nothing was written.
    expect(await promisesOf(h.t.db, order.id, now(), 'PH')).toEqual([]);
    // The whole amount due is allowed.
    expect((await promise(order, { amountMinor: due })).amountMinor).toBe(due);
  });
});

describe("a promise's day on its market's calendar", () => {
  it("ends at midnight in Kolkata for an Indian order, in Manila for a Philippine one", () => {
    const promise = { orderId: 1, promisedOn: '2026-11-10', amountMinor: 500, createdAt: new Date('2026-11-09T00:00:00Z') };
    // 23:59 on 10 November in Kolkata is 18:29 UTC; in Manila it is already 11 November.
    const late = [{ orderId: 1, appliedAt: new Date('2026-11-10T18:29:00Z'), appliedMinor: 500 }];
    const after = new Date('2026-11-12T00:00:00Z');
    expect(promiseStanding(promise, late, after, 'IN')).toEqual({ paidMinor: 500, state: 'kept' });
    expect(promiseStanding(promise, late, after, 'PH')).toEqual({ paidMinor: 0, state: 'broken' });
    // Another order's payment never counts.
    expect(promiseStanding(promise, [{ ...late[0]!, orderId: 2 }], after, 'IN')).toEqual({ paidMinor: 0, state: 'broken' });
    // Before the day ends in Kolkata (18:29 UTC), unpaid: open.
    expect(promiseStanding(promise, [], new Date('2026-11-10T18:00:00Z'), 'IN').state).toBe('open');
    expect(promiseStanding(promise, [], new Date('2026-11-10T18:30:00Z'), 'IN').state).toBe('broken');
  });
});
