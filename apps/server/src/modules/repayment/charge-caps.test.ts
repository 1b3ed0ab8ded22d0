/** Rollovers of a capped loan (docs/loan-terms.md): the fee only up to what the total-cost cap leaves. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateVcodeRoute, rolloverInfoRoute } from '@cashloan/contract';
import { createHarness, type Harness } from '../../test-support/repayment-harness.ts';
import { recordPayment } from '../../domain/orders/service.ts';
import { MESSAGES } from '../../domain/payments/repaying-order.ts';

describe('rollover of a loan under the SEC caps', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.t.close());

  it('450 days overdue: the ₱750.00 fee is cut to the ₱191.25 the cap leaves, and the rollover moves the due date', async () => {
    const { borrowerId, session } = await h.t.newBorrower();
    const order = await h.order(borrowerId, 180, { dueInDays: -450, flags: { isDelay: '1' } });
    const ids = { productId: order.productId, orderId: order.id };
    const { body } = await h.call(rolloverInfoRoute, session, ids);
    // Late charges ₱4,203.75 (₱5,605.00 × 450 × 5% / 30) + fee ₱191.25 = ₱4,395.00, what is left of ₱5,000.00 after ₱605.00.
    expect(body.data.delayInfo.delayAmount).toBe(439_500);
    const issued = await h.call(generateVcodeRoute, session, { ...ids, amount: 439_500, channelNumber: '90006', isDelay: '1' });
    expect(issued.body.code, issued.body.message).toBe(0);
    const code = new URL(issued.body.data.payUrl, 'http://h5.test').searchParams.get('payCode')!;
    // Moved by 91 days, the due date is still 359 days past: the order stays overdue.
    expect((await h.markPaid(code)).body.data).toMatchObject({ outcome: 'rolled_over', order: { status: 180 } });
    const after = await h.reload(order.id);
    expect(after).toMatchObject({ rolloverCount: 1, extraChargesMinor: 439_500, lateChargesMinor: 420_375 });
    expect(after.interestMinor + after.feeMinor + after.extraChargesMinor).toBe(500_000);
    expect(after.plan[0]!.dueAt.getTime()).toBe(order.plan[0]!.dueAt.getTime() + 91 * 86_400_000);
  });

  it('refuses a rollover that would cost nothing because the loan is at the cap and its charges are paid', async () => {
    const { borrowerId, session } = await h.t.newBorrower();
    const order = await h.order(borrowerId, 180, { dueInDays: -600, flags: { isDelay: '1' } });
    // The late charges the cap allows (₱4,395.00) paid; only the base is owed.
    await h.t.db.transaction((tx) => recordPayment(tx, order.id, 439_500, 'repay', h.t.clock.now()));
    const { status, body } = await h.call(rolloverInfoRoute, session, { productId: order.productId, orderId: order.id });
    expect(status).toBe(409);
    expect(body.message).toBe(MESSAGES.rolloverAtCap);
  });
});
