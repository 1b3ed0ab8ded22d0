import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { seedCatalog } from '../../seed/demo.ts';
import { daysBetween } from '../../loan-terms/calendar.ts';
import { termCharges } from '../../loan-terms/rules.ts';
import { createOrder, moveOrder, viewOrder } from './service.ts';
import { findProduct, listBorrowerOrders, loadBorrowerOrder, type ProductRow } from './service.ts';
import type { OrderStatus } from '../../loan-terms/status.ts';

describe('orders', () => {
  let t: TestApp;
  let single: ProductRow;
  let threeParts: ProductRow;
  let borrower: { id: number; isRepeat: boolean };

  beforeAll(async () => {
    t = await createTestApp();
    const ids = await seedCatalog(t.db);
    single = (await findProduct(t.db, ids[0]!))!;
    threeParts = (await findProduct(t.db, ids[2]!))!;
    const b = await t.newBorrower({ isRepeat: true });
    borrower = { id: b.borrowerId, isRepeat: true };
  });
  afterAll(() => t.close());

  const create = (status: OrderStatus, extra: { product?: ProductRow; dueInDays?: number; disbursedDaysAgo?: number; principalMinor?: number } = {}) =>
    t.db.transaction((tx) => createOrder(tx, { borrower, product: extra.product ?? single, status, ...extra }, t.clock.now()));

  it('prices the order from the product and splits it into its instalments', async () => {
    const order = await create(170, { product: threeParts, principalMinor: 1_000_000 });
    const { interestMinor, feeMinor } = termCharges(1_000_000, threeParts.interestBp, threeParts.serviceFeeBp);
    expect(order).toMatchObject({ principalMinor: 1_000_000, interestMinor, feeMinor, termDays: 180, periods: 3, isRepeatBorrower: true, paidMinor: 0 });
    expect(order.plan.reduce((s, p) => s + p.amountMinor, 0)).toBe(1_000_000 + interestMinor + feeMinor);
    expect(order.plan.map((p) => daysBetween(order.disbursedAt!, p.dueAt))).toEqual([60, 120, 180]);
    expect(order.dueAt).toEqual(order.plan[0]!.dueAt);
  });

  it('marks earlier instalments paid on time for a repaying order, and unpaid for an overdue one', async () => {
    const repaying = await create(170, { product: threeParts, disbursedDaysAgo: 70 });
    expect(repaying.plan.map((p) => p.settledAt !== null)).toEqual([true, false, false]);
    expect(repaying.paidMinor).toBe(repaying.plan[0]!.amountMinor);
    expect(repaying.dueAt).toEqual(repaying.plan[1]!.dueAt);
    expect(viewOrder(repaying, t.clock.now()).shownStatus).toBe(170);

    const overdue = await create(180, { product: threeParts, disbursedDaysAgo: 70 });
    expect(overdue.plan.every((p) => p.settledAt === null)).toBe(true);
    const view = viewOrder(overdue, t.clock.now());
    expect(view.shownStatus).toBe(180);
    expect(view.position!.daysOverdue).toBe(10);
    expect(view.position!.penaltyMinor).toBe(80_000); // repeat borrower
  });

  it('creates a settled order fully paid, and reads nothing owed for orders not disbursed', async () => {
    const settled = await create(200);
    expect(settled.paidMinor).toBe(settled.principalMinor + settled.interestMinor + settled.feeMinor);
    expect(settled.plan.every((p) => p.settledAt !== null)).toBe(true);
    expect(settled.settledAt).not.toBeNull();
    for (const status of [21, 110, 151] as const) {
      const order = await create(status);
      expect(order.disbursedAt).toBeNull();
      expect(viewOrder(order, t.clock.now())).toMatchObject({ shownStatus: status, position: null });
    }
  });

  it('moves 21 → 110 → 170 and refuses moves the back office may not make', async () => {
    const order = await create(21);
    await t.db.transaction((tx) => moveOrder(tx, order.id, 110, t.clock.now()));
    const disbursed = await t.db.transaction((tx) => moveOrder(tx, order.id, 170, t.clock.now()));
    expect(disbursed.status).toBe(170);
    expect(disbursed.disbursedAt).toEqual(t.clock.now());
    await expect(t.db.transaction((tx) => moveOrder(tx, order.id, 151, t.clock.now()))).rejects.toMatchObject({ code: 409 });
    await expect(t.db.transaction((tx) => moveOrder(tx, 987_654, 110, t.clock.now()))).rejects.toMatchObject({ code: 404 });
  });

  it("finds a borrower's orders, and not someone else's", async () => {
    const other = await t.newBorrower();
    const mine = await create(174);
    expect((await listBorrowerOrders(t.db, borrower.id)).map((o) => o.id)).toContain(mine.id);
    expect(await loadBorrowerOrder(t.db, other.borrowerId, mine.id)).toBeNull();
    expect((await loadBorrowerOrder(t.db, borrower.id, mine.id))!.orderNo).toBe(mine.orderNo);
  });
});
