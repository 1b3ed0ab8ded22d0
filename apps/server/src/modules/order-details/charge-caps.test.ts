/** What a borrower reads of the charge caps on the order screen (docs/loan-terms.md). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUrlPath, loanDetailsRoute, type SessionParams } from '@cashloan/contract';
import { createTestApp, form, FORM_HEADERS, query, type TestApp } from '../../test-support/test-app.ts';
import { seedCatalog } from '../../seed/demo.ts';
import { createOrder, findProduct, type OrderRow } from '../../domain/orders/service.ts';
import { moneyText } from '../../loan-terms/money-text.ts';
import { latePenalty, overdueInterest } from '../../loan-terms/rules.ts';

describe('order details of a capped loan', () => {
  let t: TestApp;
  let productIds: number[];
  beforeAll(async () => {
    t = await createTestApp();
    productIds = await seedCatalog(t.db);
  });
  afterAll(() => t.close());

  async function overdueOrder(borrowerId: number, product: number, dueInDays: number, market: 'PH' | 'IN' = 'PH'): Promise<OrderRow> {
    const p = (await findProduct(t.db, productIds[product]!))!;
    return createOrder(t.db, { borrower: { id: borrowerId, isRepeat: false }, product: p, status: 180, dueInDays, market }, t.clock.now());
  }
  async function rows(session: SessionParams, order: OrderRow, real?: string): Promise<Record<string, string>> {
    const res = await t.app.inject({
      method: 'POST',
      url: `${callUrlPath(loanDetailsRoute)}?${query({ ...session, ...(real ? { real } : {}) } as Record<string, string>)}`,
      headers: FORM_HEADERS,
      payload: form({ productId: order.productId, orderId: order.id }),
    });
    return Object.fromEntries(res.json().data.userOrderDetail.detail.map((r: { text: string; value: string }) => [r.text, r.value]));
  }

  it('PesoNow Cash 6 days overdue: ₱56.05 of late charges (5% a month of ₱5,605.00, pro rata), not the seed ₱2,681.50', async () => {
    const { borrowerId, session } = await t.newBorrower();
    const r = await rows(session, await overdueOrder(borrowerId, 0, -6));
    expect(r).toMatchObject({ 'Days overdue': '6', 'Late penalty': '₱56.05', 'Overdue interest': '₱0.00', 'Charges so far': '₱661.05 of at most ₱5,000.00', 'Amount due': '₱5,661.05' });
  });

  it('PesoNow Cash 120 days overdue: ₱1,121.00 of late charges, ₱1,726.00 of at most ₱5,000.00', async () => {
    const { borrowerId, session } = await t.newBorrower();
    const r = await rows(session, await overdueOrder(borrowerId, 0, -120));
    // ₱5,605.00 overdue × 120 days × 5% / 30 = ₱1,121.00, on top of ₱455.00 interest and ₱150.00 fee.
    expect(r).toMatchObject({ 'Late penalty': '₱1,000.00', 'Overdue interest': '₱121.00', 'Charges so far': '₱1,726.00 of at most ₱5,000.00', 'Amount due': '₱6,726.00' });
  });

  it('stops growing at the cap: 500 and 600 days overdue both owe ₱10,000.00, charges ₱5,000.00 of at most ₱5,000.00', async () => {
    const { borrowerId, session } = await t.newBorrower();
    for (const days of [500, 600]) {
      const r = await rows(session, await overdueOrder(borrowerId, 0, -days));
      expect(r, `${days} days`).toMatchObject({ 'Charges so far': '₱5,000.00 of at most ₱5,000.00', 'Amount due': '₱10,000.00' });
    }
  });

  it('writes the cap in the currency of the request', async () => {
    const { borrowerId, session } = await t.newBorrower();
    const r = await rows(session, await overdueOrder(borrowerId, 0, -120), '1');
    expect(r['Charges so far']).toBe('₹1,726.00 of at most ₹5,000.00');
  });

  it('keeps the seed charges, with no cap row, outside the scope (180 days) and in India', async () => {
    const { borrowerId, session } = await t.newBorrower();
    const long = await overdueOrder(borrowerId, 2, -6);
    const first = long.plan[0]!.amountMinor;
    const r = await rows(session, long);
    expect(r).toMatchObject({ 'Late penalty': moneyText(latePenalty(false), '₱'), 'Overdue interest': moneyText(overdueInterest(first, 6), '₱') });
    expect(r['Overdue interest']).toBe('₱2,230.00');
    expect(r).not.toHaveProperty('Charges so far');
    const india = await rows(session, await overdueOrder(borrowerId, 0, -6, 'IN'), '1');
    // The seed's 5% a day for 6 days on ₹5,605.00, and the ₹1,000.00 penalty.
    expect(india).toMatchObject({ 'Overdue interest': '₹1,681.50', 'Late penalty': '₹1,000.00', 'Amount due': '₹8,286.50' });
    expect(india).not.toHaveProperty('Charges so far');
  });
});
