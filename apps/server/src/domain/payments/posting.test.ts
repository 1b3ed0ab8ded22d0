import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { seedCatalog } from '../../seed/demo.ts';
import { createStaff } from '../../staff/accounts/service.ts';
import { createOrder, findProduct, loadOrder, viewOrder, type ProductRow } from '../orders/service.ts';
import type { OrderStatus } from '../../loan-terms/status.ts';
import { postReceivedPayment, type PostedPayment } from './posting.ts';

describe('money received outside the provider, posted by finance', () => {
  let t: TestApp;
  let product: ProductRow;
  let borrowerId: number;
  let staffId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const ids = await seedCatalog(t.db);
    product = (await findProduct(t.db, ids[0]!))!;
    borrowerId = (await t.newBorrower()).borrowerId;
    staffId = (await createStaff(t.db, { email: 'fin@lender.test', name: 'Fin', roles: ['finance'], password: 'a long enough password' }, t.clock.now())).account.id;
  });
  afterAll(() => t.close());

  const create = (status: OrderStatus, dueInDays?: number) =>
    t.db.transaction((tx) => createOrder(tx, { borrower: { id: borrowerId, isRepeat: false }, product, status, dueInDays }, t.clock.now()));
  const post = (input: Omit<PostedPayment, 'staffId' | 'now'>) => t.db.transaction((tx) => postReceivedPayment(tx, { ...input, staffId, now: t.clock.now() }));
  const paymentsOf = async (orderId: number) =>
    (
      await t.db.query<{ provider_ref: string; amount_minor: number; posted_by_staff_id: number; channel_number: string }>(
        'SELECT pm.provider_ref, pm.amount_minor, pm.posted_by_staff_id, pc.channel_number FROM payments pm JOIN pay_codes pc ON pc.id = pm.pay_code_id WHERE pc.order_id = $1',
        [orderId],
      )
    ).rows;

  it('settles an overdue order with a counter payment of what it owes, booked on the internal channel under its reference', async () => {
    const order = await create(180, -3);
    const owed = viewOrder(order, t.clock.now()).position!.totalOwedMinor;
    const result = await post({ orderId: order.id, amountMinor: owed, method: 'counter', reference: 'OR-2026-0001' });
    expect(result).toMatchObject({ outcome: 'settled', amountMinor: owed, providerRef: 'posted:OR-2026-0001', order: { status: 200 } });
    expect((await loadOrder(t.db, order.id))!.status).toBe(200);
    expect(await paymentsOf(order.id)).toEqual([{ provider_ref: 'posted:OR-2026-0001', amount_minor: owed, posted_by_staff_id: staffId, channel_number: 'COUNTER-POSTED' }]);
  });

  it('refuses the same reference twice (on any order), writing nothing', async () => {
    const order = await create(170);
    await post({ orderId: order.id, amountMinor: 10_000, method: 'bank-transfer', reference: 'BT-77' });
    const other = await create(170);
    await expect(post({ orderId: other.id, amountMinor: 10_000, method: 'counter', reference: 'BT-77' })).rejects.toMatchObject({
      httpStatus: 409,
      message: expect.stringMatching(/^reference BT-77 was already posted \(payment \d+, order PN\d+\); nothing was posted again\.$/),
    });
    expect(await paymentsOf(other.id)).toEqual([]);
    expect((await loadOrder(t.db, order.id))!.paidMinor).toBe(10_000);
  });

  it('applies two postings of one reference sent at once exactly once', async () => {
    const order = await create(170);
    const results = await Promise.allSettled([1, 2, 3].map(() => post({ orderId: order.id, amountMinor: 5_000, method: 'counter', reference: 'RACE-1' })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await loadOrder(t.db, order.id))!.paidMinor).toBe(5_000);
    expect(await paymentsOf(order.id)).toHaveLength(1);
  });

  it('refuses more than the order owes, and an order not being repaid', async () => {
    const order = await create(170);
    const owed = viewOrder(order, t.clock.now()).position!.totalOwedMinor;
    await expect(post({ orderId: order.id, amountMinor: owed + 1, method: 'counter', reference: 'TOO-MUCH' })).rejects.toMatchObject({
      httpStatus: 400,
      message: `amountMinor ${owed + 1} is more than order ${order.orderNo} owes now (${owed}).`,
    });
    const inReview = await create(21);
    await expect(post({ orderId: inReview.id, amountMinor: 100, method: 'counter', reference: 'EARLY' })).rejects.toMatchObject({ httpStatus: 409 });
    await expect(post({ orderId: 999_999, amountMinor: 100, method: 'counter', reference: 'NONE' })).rejects.toMatchObject({ httpStatus: 404 });
    expect(await paymentsOf(order.id)).toEqual([]);
  });
});
