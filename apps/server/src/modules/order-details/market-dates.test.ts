/**
 * Dates on the calendar of the request's market: the same order read by a ₱ page (real absent) is
 * written on Asia/Manila, by a ₹ page (real=1) on Asia/Kolkata, at moments where the two differ.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateVcodeRoute, loanDetailsRoute, loanPlayDetailRoute, paymentHistoryRoute, receiptRoute, type SessionParams } from '@cashloan/contract';
import { createTestApp } from '../../test-support/test-app.ts';
import { createHarness, type Harness } from '../../test-support/repayment-harness.ts';
import type { OrderRow } from '../../domain/orders/service.ts';

// 01:00 on 2 November in Manila (UTC+8) is 22:30 on 1 November in Kolkata (UTC+5:30).
const START = new Date('2026-11-01T17:00:00Z');
const HOUR_MS = 3_600_000;

describe('dates on the calendar of the request market', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(await createTestApp({ SESSION_TTL_DAYS: 3650 }, START));
  });
  afterAll(() => h.t.close());

  const ids = (order: OrderRow) => ({ productId: order.productId, orderId: order.id });
  const rupees = (session: SessionParams) => ({ ...session, real: '1' });
  const rowsOf = (rows: Array<{ text: string; value: string }>) => Object.fromEntries(rows.map((r) => [r.text, r.value]));
  const detailsOf = async (session: SessionParams & { real?: string }, order: OrderRow) => {
    const { body } = await h.call(loanDetailsRoute, session, ids(order));
    expect(body.code).toBe(0);
    return { rows: rowsOf(body.data.userOrderDetail.detail), notice: body.data.noticeDesText as string };
  };

  it('order details: the due and disbursement dates a day apart when Manila is past midnight and Kolkata is not', async () => {
    const { borrowerId, session } = await h.t.newBorrower();
    // Due at 17:00 UTC on 21 Nov: 01:00 on the 22nd in Manila, 22:30 on the 21st in Kolkata.
    const order = await h.order(borrowerId, 170, { dueInDays: 20 });
    expect(order.plan[0]!.dueAt.toISOString()).toBe('2026-11-21T17:00:00.000Z');

    // Paid out at 17:00 UTC too, some days earlier: that UTC date in Kolkata, the next day in Manila.
    const disbursed = order.disbursedAt!;
    expect(disbursed.toISOString().slice(11)).toBe('17:00:00.000Z');
    const utcDay = disbursed.toISOString().slice(0, 10);
    const nextDay = new Date(disbursed.getTime() + 24 * HOUR_MS).toISOString().slice(0, 10);

    const manila = await detailsOf(session, order);
    expect(manila.rows['Due date']).toBe('2026-11-22');
    expect(manila.rows['Disbursement date']).toBe(nextDay);
    expect(manila.notice).toMatch(/^Your next repayment of ₱[\d,]+\.\d{2} is due on 2026-11-22\.$/);

    const kolkata = await detailsOf(rupees(session), order);
    expect(kolkata.rows['Due date']).toBe('2026-11-21');
    expect(kolkata.rows['Disbursement date']).toBe(utcDay);
    expect(kolkata.notice).toMatch(/^Your next repayment of ₹[\d,]+\.\d{2} is due on 2026-11-21\.$/);
  });

  it('order details: the same date in both when Manila is at 23:00 (20:30 in Kolkata)', async () => {
    const { borrowerId, session } = await h.t.newBorrower();
    await h.advance(-2 * HOUR_MS); // 23:00 on 1 Nov in Manila, 20:30 on 1 Nov in Kolkata
    try {
      const order = await h.order(borrowerId, 170, { dueInDays: 20 });
      expect(order.plan[0]!.dueAt.toISOString()).toBe('2026-11-21T15:00:00.000Z');
      expect((await detailsOf(session, order)).rows['Due date']).toBe('2026-11-21');
      expect((await detailsOf(rupees(session), order)).rows['Due date']).toBe('2026-11-21');
    } finally {
      await h.advance(2 * HOUR_MS);
    }
  });

  it('repayment plan, payment history and receipt: the due date and the payment time on each calendar', async () => {
    const { borrowerId, session } = await h.t.newBorrower();
    // Due in 2 days: repayment is open, and the due moment is 17:00 UTC.
    const order = await h.order(borrowerId, 174, { dueInDays: 2 });

    const manilaPlan = (await h.call(loanPlayDetailRoute, session, ids(order))).body.data;
    const kolkataPlan = (await h.call(loanPlayDetailRoute, rupees(session), ids(order))).body.data;
    expect(manilaPlan.repayDate).toBe('2026-11-04');
    expect(rowsOf(manilaPlan.detail)['Due date']).toBe('2026-11-04');
    expect(manilaPlan.noticeMsg).toContain('by 2026-11-04.');
    expect(kolkataPlan.repayDate).toBe('2026-11-03');
    expect(rowsOf(kolkataPlan.detail)['Due date']).toBe('2026-11-03');
    expect(kolkataPlan.noticeMsg).toContain('by 2026-11-03.');

    // Pay it at the clock's 17:00 UTC: 01:00 on 2 Nov in Manila, 22:30 on 1 Nov in Kolkata.
    const issued = await h.call(generateVcodeRoute, session, { ...ids(order), amount: manilaPlan.repayAmount, channelNumber: manilaPlan.repayList[0].channel_number });
    expect(issued.body.code).toBe(0);
    const payCode = new URL(issued.body.data.payUrl, 'http://h5').searchParams.get('payCode')!;
    expect((await h.markPaid(payCode)).status).toBe(200);

    const manilaHistory = (await h.call(paymentHistoryRoute, session, { orderId: order.id })).body.data;
    const kolkataHistory = (await h.call(paymentHistoryRoute, rupees(session), { orderId: order.id })).body.data;
    expect(manilaHistory.payments[0].paidAt).toBe('2026-11-02 01:00:00');
    expect(kolkataHistory.payments[0].paidAt).toBe('2026-11-01 22:30:00');

    const paymentId = manilaHistory.payments[0].paymentId;
    expect((await h.call(receiptRoute, session, { orderId: order.id, paymentId })).body.data.paidAt).toBe('2026-11-02 01:00:00');
    expect((await h.call(receiptRoute, rupees(session), { orderId: order.id, paymentId })).body.data.paidAt).toBe('2026-11-01 22:30:00');
  });
});
