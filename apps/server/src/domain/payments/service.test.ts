import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { seedCatalog } from '../../seed/demo.ts';
import { DAY_MS } from '../../platform/clock/clock.ts';
import { createOrder, viewOrder } from '../orders/service.ts';
import { findProduct, loadOrder, type ProductRow } from '../orders/service.ts';
import type { OrderStatus } from '../../loan-terms/status.ts';
import { applyPaidPayCode } from './payments.ts';
import { issuePayCode } from './pay-codes.ts';
import { listPaymentExceptions } from './exceptions.ts';

describe('payments', () => {
  let t: TestApp;
  let products: ProductRow[];
  let borrowerId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const ids = await seedCatalog(t.db);
    products = await Promise.all(ids.map(async (id) => (await findProduct(t.db, id))!));
    borrowerId = (await t.newBorrower()).borrowerId;
  });
  afterAll(() => t.close());

  const create = (status: OrderStatus, product: ProductRow, extra: { dueInDays?: number; isDelay?: string } = {}) =>
    t.db.transaction((tx) =>
      createOrder(tx, { borrower: { id: borrowerId, isRepeat: false }, product, status, dueInDays: extra.dueInDays, flags: { isDelay: extra.isDelay } }, t.clock.now()),
    );

  it('settles the due instalment of an instalment loan and moves the order to the next one', async () => {
    const order = await create(174, products[2]!, { dueInDays: 0 });
    const code = await issuePayCode(t, { orderId: order.id, purpose: 'repay', now: t.clock.now() });
    expect(code.amountMinor).toBe(order.plan[0]!.amountMinor);
    const { result } = await applyPaidPayCode(t, { code: code.code, now: t.clock.now() });
    expect(result).toMatchObject({ outcome: 'instalment', settledSeqs: [1], order: { status: 170 } });
    const after = (await loadOrder(t.db, order.id))!;
    expect(after.dueAt).toEqual(order.plan[1]!.dueAt);
    expect(after.plan.map((p) => p.settledAt !== null)).toEqual([true, false, false]);
    expect(viewOrder(after, t.clock.now()).position!.totalOwedMinor).toBe(order.plan[1]!.amountMinor + order.plan[2]!.amountMinor);
  });

  it('books the penalty with a partial payment and keeps the rest owed', async () => {
    const order = await create(180, products[0]!, { dueInDays: -10 });
    const before = viewOrder(order, t.clock.now()).position!;
    const code = await issuePayCode(t, { orderId: order.id, purpose: 'repay', amountMinor: 150_000, now: t.clock.now() });
    const { result } = await applyPaidPayCode(t, { code: code.code, providerRef: 'partial-1', now: t.clock.now() });
    // PesoNow Cash is capped: 10 days on ₱5,605.00 allow ₱93.41 of late charges, all booked and paid first.
    expect(before.overdueInterestMinor + before.penaltyMinor).toBe(9_341);
    expect(result).toMatchObject({ outcome: 'partial', bookedChargesMinor: 9_341, toChargesMinor: 9_341 });
    const after = viewOrder((await loadOrder(t.db, order.id))!, t.clock.now());
    expect(after.shownStatus).toBe(180);
    expect(after.position!.totalOwedMinor).toBe(before.totalOwedMinor - 150_000);
    expect(after.position!.penaltyMinor).toBe(0);
    expect(after.order.penaltyCharged).toBe(true);
  });

  it('holds money paid on an order settled in the meantime as one exception, without reopening it or adding it to the paid total', async () => {
    const order = await create(174, products[0]!, { dueInDays: 1 });
    const now = t.clock.now();
    const a = await issuePayCode(t, { orderId: order.id, purpose: 'repay', channelNumber: '90006', now });
    const b = await issuePayCode(t, { orderId: order.id, purpose: 'repay', channelNumber: '90007', now });
    expect(b.code).not.toBe(a.code);
    expect((await applyPaidPayCode(t, { code: a.code, now })).result.outcome).toBe('settled');
    const paidBefore = (await loadOrder(t.db, order.id))!.paidMinor;
    expect(paidBefore).toBe(a.amountMinor);
    const second = await applyPaidPayCode(t, { code: b.code, now: new Date(now.getTime() + DAY_MS) });
    expect(second.result).toMatchObject({ outcome: 'overpaid', amountMinor: b.amountMinor, unappliedMinor: b.amountMinor, order: { status: 200, paidMinor: paidBefore } });
    const view = viewOrder((await loadOrder(t.db, order.id))!, t.clock.now());
    expect(view.shownStatus).toBe(200);
    expect(view.order.paidMinor).toBe(paidBefore);
    expect(view.position!.creditMinor).toBe(0);
    expect(view.order.settledAt).toEqual(now);
    const held = (await listPaymentExceptions(t.db)).filter((e) => e.orderId === order.id);
    expect(held).toEqual([
      expect.objectContaining({ kind: 'overpayment', payCodeId: b.id, paymentId: second.result.paymentId, receivedMinor: b.amountMinor, expectedMinor: 0, heldMinor: b.amountMinor, borrowerId }),
    ]);
    // Told again, the payment is answered as it was and nothing more is held.
    expect((await applyPaidPayCode(t, { code: b.code, now })).replay).toBe(true);
    expect((await listPaymentExceptions(t.db)).filter((e) => e.orderId === order.id)).toHaveLength(1);
  });
});
