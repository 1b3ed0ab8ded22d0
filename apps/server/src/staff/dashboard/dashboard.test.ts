import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffAnswerOf, dashboardCall } from '@cashloan/contract';
import { createHarness, type Harness } from '../../test-support/repayment-harness.ts';
import { signInAgain, signedInStaff, staffCall, type TestStaff } from '../../test-support/staff.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { DAY_MS } from '../../platform/clock/clock.ts';
import { ORDER_STATUSES } from '../../loan-terms/status.ts';
import { findBorrower, type Borrower } from '../../domain/borrowers/service.ts';
import { applyPaidPayCode } from '../../domain/payments/payments.ts';
import { issuePayCode } from '../../domain/payments/pay-codes.ts';
import { replyToComplaint } from '../../modules/complaints/agent-service.ts';
import { fileComplaint } from '../../modules/complaints/service.ts';

type Dashboard = StaffAnswerOf<typeof dashboardCall>;

let h: Harness;
let t: TestApp;
let agent: TestStaff;
let borrower: Borrower;

beforeAll(async () => {
  h = await createHarness();
  t = h.t;
  agent = await signedInStaff(t, ['agent']);
  borrower = (await findBorrower(t.db, { id: (await t.newBorrower({ name: 'Maria Santos' })).borrowerId }))!;
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** Moves the clock; the agent's session ends within hours, so they sign in again. */
async function advance(ms: number) {
  await t.clock.advance(ms);
  agent = await signInAgain(t, agent);
}

async function dashboard(staff = agent): Promise<Dashboard> {
  const res = await staff.call('GET', '/dashboard');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const orderCounts = (d: Dashboard) => Object.fromEntries(d.ordersByStatus.map((r) => [r.status, r.count]));

const complain = (detail: string) => fileComplaint(t, borrower, { problemType: '2', problemSonType: '', orderNo: '', problemDetail: detail, problemImage: [] });

describe('GET /dashboard', () => {
  it('counts nothing on an empty book, every status listed', async () => {
    expect(await dashboard()).toEqual({
      ordersByStatus: ORDER_STATUSES.map((status) => ({ status, count: 0 })),
      complaintsWaiting: 0,
      complaintsPastReview: 0,
      paymentsToday: { count: 0, amountMinor: 0 },
      postingsAwaitingApproval: { count: 0, amountMinor: 0 },
      books: null,
    });
  });

  it('counts orders by the status each shows today: the clock moves 170 to 174 and 174 to 180', async () => {
    await h.order(borrower.id, 21);
    await h.order(borrower.id, 110);
    await h.order(borrower.id, 151);
    await h.order(borrower.id, 170, { dueInDays: 5 });
    await h.order(borrower.id, 174, { dueInDays: 1 });
    await h.order(borrower.id, 180, { dueInDays: -2 });
    await h.order(borrower.id, 200);
    expect(orderCounts(await dashboard())).toEqual({ 21: 1, 110: 1, 151: 1, 170: 1, 174: 1, 180: 1, 200: 1 });

    // Two days on, nothing stored has changed: the 170 is in its due window, the 174 is overdue.
    await advance(2 * DAY_MS);
    expect(orderCounts(await dashboard())).toEqual({ 21: 1, 110: 1, 151: 1, 170: 0, 174: 1, 180: 2, 200: 1 });
  });

  it('counts complaints waiting for a reply, and those past the promised review of 3 weekdays', async () => {
    // Tuesday 3 November 2026 in Manila: the review is promised by the end of Friday.
    await complain('I was charged twice for my repayment.');
    const second = await complain('The app does not show my payment.');
    let d = await dashboard();
    expect([d.complaintsWaiting, d.complaintsPastReview]).toEqual([2, 0]);
    await replyToComplaint(t.db, second.problemId, { disposeDetail: 'Your payment is recorded.', disposeImages: [], isNeedScore: 0 }, t.clock.now());
    d = await dashboard();
    expect([d.complaintsWaiting, d.complaintsPastReview]).toEqual([1, 0]);

    // Saturday: the first is past its review; one filed today is not.
    await advance(4 * DAY_MS);
    await complain('Please call me back about my loan.');
    d = await dashboard();
    expect([d.complaintsWaiting, d.complaintsPastReview]).toEqual([2, 1]);
  });

  it("counts and sums the payments applied since the start of the lender's day (Manila midnight)", async () => {
    const order = await h.order(borrower.id, 180, { dueInDays: -3 });
    // 10:00 in Manila now: pay at 23:59, look again at 00:01 the next day.
    await advance(13 * HOUR + 59 * MINUTE);
    const late = await issuePayCode(t, { orderId: order.id, purpose: 'repay', amountMinor: 100_000, now: t.clock.now() });
    await applyPaidPayCode(t, { code: late.code, now: t.clock.now() });
    expect((await dashboard()).paymentsToday).toEqual({ count: 1, amountMinor: 100_000 });

    await advance(2 * MINUTE);
    expect((await dashboard()).paymentsToday).toEqual({ count: 0, amountMinor: 0 });
    for (const amountMinor of [50_000, 25_050]) {
      const code = await issuePayCode(t, { orderId: order.id, purpose: 'repay', amountMinor, now: t.clock.now() });
      await applyPaidPayCode(t, { code: code.code, now: t.clock.now() });
    }
    expect((await dashboard()).paymentsToday).toEqual({ count: 2, amountMinor: 75_050 });
  });

  it("counts and sums finance's postings awaiting a second approval, until one is decided", async () => {
    const [maker, checker] = [await signedInStaff(t, ['finance']), await signedInStaff(t, ['finance'])];
    const orders = [await h.order(borrower.id, 180, { product: 1, dueInDays: -1 }), await h.order(borrower.id, 180, { product: 1, dueInDays: -1 })];
    const held = [];
    for (const [i, order] of orders.entries()) {
      const res = await maker.call('POST', `/orders/${order.id}/payments`, { amountMinor: 1_000_001 + i, method: 'counter', reference: `OR-DASH-${i}` });
      expect(res.statusCode, res.body).toBe(200);
      held.push(res.json().data.posting.id as number);
    }
    expect((await dashboard()).postingsAwaitingApproval).toEqual({ count: 2, amountMinor: 2_000_003 });
    const rejected = await checker.call('POST', `/orders/${orders[0]!.id}/postings/${held[0]}/reject`, { reason: 'Not on the bank statement.' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await dashboard()).postingsAwaitingApproval).toEqual({ count: 1, amountMinor: 1_000_002 });
  });

  it('answers every role, and no one without a session', async () => {
    const counts = orderCounts(await dashboard());
    for (const roles of [['finance'], ['admin']] as const) {
      const staff = await signedInStaff(t, [...roles]);
      expect(orderCounts(await dashboard(staff))).toEqual(counts);
    }
    expect((await staffCall(t, {}, 'GET', '/dashboard')).statusCode).toBe(401);
  });
});
