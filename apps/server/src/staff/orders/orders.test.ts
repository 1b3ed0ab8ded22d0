import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindCardChangeRoute, loanDetailConfirmRoute, loanDetailPushRoute, type Route, type SessionParams, type StaffOrder, type StaffOrderListItem } from '@cashloan/contract';
import { createHarness, type Harness } from '../../test-support/repayment-harness.ts';
import { signInAgain, signedInStaff, type TestStaff } from '../../test-support/staff.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { DAY_MS } from '../../platform/clock/clock.ts';
import { ORDER_STATUSES } from '../../loan-terms/status.ts';
import { listOrdersInStatuses, loadOrder, moveOrder, viewOrder } from '../../domain/orders/service.ts';
import { applyPaidPayCode } from '../../domain/payments/payments.ts';
import { issuePayCode } from '../../domain/payments/pay-codes.ts';
import { INSTAPAY } from '../../modules/bind-bank/seed.ts';

let h: Harness;
let t: TestApp;
let agent: TestStaff;
let finance: TestStaff;
let admin: TestStaff;

/** Moves the clock; a staff session ends within hours, so the agent signs in again (the others when they next read). */
async function advanceDays(days: number) {
  await t.clock.advance(days * DAY_MS);
  agent = await signInAgain(t, agent);
}

beforeAll(async () => {
  h = await createHarness();
  t = h.t;
  agent = await signedInStaff(t, ['agent']);
  finance = await signedInStaff(t, ['finance']);
  admin = await signedInStaff(t, ['admin']);
});
afterAll(() => t.close());

const MINUTE = 60_000;

async function get<T>(staff: TestStaff, path: string): Promise<{ status: number; message: string; data: T }> {
  const res = await staff.call('GET', path);
  const body = res.json();
  return { status: res.statusCode, message: body.message, data: body.data };
}
const search = (query: string, staff = agent) => get<{ items: StaffOrderListItem[]; total: number }>(staff, `/orders?${query}`);
const orderView = (id: number, staff = agent) => get<StaffOrder>(staff, `/orders/${id}`);

describe('GET /orders: the search', () => {
  let maria: { borrowerId: number };
  let jose: { borrowerId: number };
  const ids = { mariaReview: 0, mariaRepaying: 0, joseOverdue: 0, joseSettled: 0 };

  beforeAll(async () => {
    maria = await t.newBorrower({ name: 'Maria Santos', mobilePhone: '9561239876' });
    jose = await t.newBorrower({ name: 'Jose Rizal', mobilePhone: '9285550002' });
    // A minute apart, so "newest first" is the order they were made in, reversed.
    ids.mariaReview = (await h.order(maria.borrowerId, 21)).id;
    await t.clock.advance(MINUTE);
    ids.mariaRepaying = (await h.order(maria.borrowerId, 170, { product: 2, disbursedDaysAgo: 10 })).id;
    await t.clock.advance(MINUTE);
    ids.joseOverdue = (await h.order(jose.borrowerId, 180, { dueInDays: -5 })).id;
    await t.clock.advance(MINUTE);
    ids.joseSettled = (await h.order(jose.borrowerId, 200, { product: 1 })).id;
  });

  it("finds a borrower's orders by any part of the phone, newest first, with the borrower and the status shown", async () => {
    const { status, data } = await search('phone=5550002');
    expect(status).toBe(200);
    expect(data.total).toBe(2);
    expect(data.items.map((i) => i.id)).toEqual([ids.joseSettled, ids.joseOverdue]);
    const overdue = (await loadOrder(t.db, ids.joseOverdue))!;
    expect(data.items[1]).toEqual({
      id: overdue.id,
      orderNo: overdue.orderNo,
      borrowerId: jose.borrowerId,
      borrowerName: 'Jose Rizal',
      mobilePhone: '9285550002',
      productName: 'PesoNow Cash',
      principalMinor: 500_000,
      status: 180,
      shownStatus: 180,
      createdAt: overdue.createdAt.toISOString(),
      dueAt: overdue.dueAt!.toISOString(),
    });
    // The middle of the number finds it too; digits nobody has find nothing.
    expect((await search('phone=123987')).data.items.map((i) => i.id)).toEqual([ids.mariaRepaying, ids.mariaReview]);
    expect(await search('phone=0000000000000')).toMatchObject({ status: 200, data: { items: [], total: 0 } });
  });

  it('finds one order by its number in any case, and by the status shown, with the other filters', async () => {
    const order = (await loadOrder(t.db, ids.mariaRepaying))!;
    const byNo = await search(`orderNo=${order.orderNo.toLowerCase()}`);
    expect(byNo.data).toMatchObject({ total: 1, items: [{ id: order.id, orderNo: order.orderNo, borrowerName: 'Maria Santos', status: 170, shownStatus: 170 }] });
    expect((await search(`orderNo=${order.orderNo}X`)).data.total).toBe(0);
    expect((await search('phone=9285550002&status=180')).data.items.map((i) => i.id)).toEqual([ids.joseOverdue]);
    expect((await search('phone=9285550002&status=21')).data.total).toBe(0);
    expect((await search(`phone=9561239876&orderNo=${order.orderNo}&status=170`)).data.total).toBe(1);
  });

  it('pages newest first: the total counts every match, a page past the end is empty', async () => {
    expect((await search('phone=9285550002&pageSize=1')).data).toMatchObject({ total: 2, items: [{ id: ids.joseSettled }] });
    expect((await search('phone=9285550002&pageSize=1&page=2')).data).toMatchObject({ total: 2, items: [{ id: ids.joseOverdue }] });
    expect((await search('phone=9285550002&pageSize=1&page=3')).data).toEqual({ total: 2, items: [] });
    // Without a filter: every order, newest first.
    const all = await search('pageSize=100');
    expect(all.data.total).toBe(all.data.items.length);
    expect(all.data.items.slice(0, 2).map((i) => i.id)).toEqual([ids.joseSettled, ids.joseOverdue]);
  });

  it('answers 400 naming the field for a bad phone, status or page size', async () => {
    for (const [query, field] of [
      ['phone=91a', 'phone'],
      ['phone=12', 'phone'],
      ['status=99', 'status'],
      ['status=due', 'status'],
      ['pageSize=101', 'pageSize'],
      ['page=0', 'page'],
    ] as const) {
      const res = await search(query);
      expect(res.status, query).toBe(400);
      expect(res.message, query).toContain(field);
    }
  });
});

describe('the status shown moves with the clock, in the search as in the order', () => {
  /** Every order the search finds under each status agrees with what viewOrder shows now. */
  async function expectSearchAgreesWithViewOrder() {
    const now = t.clock.now();
    const all = await Promise.all(ORDER_STATUSES.map((s) => listOrdersInStatuses(t.db, [s])));
    for (const status of ORDER_STATUSES) {
      const expected = all.flat().filter((o) => viewOrder(o, now).shownStatus === status).map((o) => o.id).sort((a, b) => a - b);
      const found = (await search(`status=${status}&pageSize=100`)).data.items.map((i) => i.id).sort((a, b) => a - b);
      expect(found, `status ${status}`).toEqual(expected);
    }
  }

  it('shows a 170 order as 174 in its due window and 180 once the due day has passed', async () => {
    const ana = await t.newBorrower({ name: 'Ana Cruz', mobilePhone: '9391112222' });
    const order = await h.order(ana.borrowerId, 170, { dueInDays: 5 });
    const shown = async () => (await search('phone=9391112222')).data.items[0]!;
    expect(await shown()).toMatchObject({ status: 170, shownStatus: 170 });
    await expectSearchAgreesWithViewOrder();

    await advanceDays(2);
    expect(await shown()).toMatchObject({ status: 170, shownStatus: 174 });
    expect((await search('phone=9391112222&status=174')).data.total).toBe(1);
    expect((await search('phone=9391112222&status=170')).data.total).toBe(0);
    expect((await orderView(order.id)).data.order).toMatchObject({ status: 170, shownStatus: 174, statusMeaning: 'due today or within 3 days' });
    await expectSearchAgreesWithViewOrder();

    // Due in 3 days at the start; the day after the due day it is overdue.
    await advanceDays(4);
    expect(await shown()).toMatchObject({ status: 170, shownStatus: 180 });
    expect((await search('phone=9391112222&status=180')).data.total).toBe(1);
    expect((await orderView(order.id)).data.order).toMatchObject({ status: 170, shownStatus: 180, statusMeaning: 'overdue' });
    await expectSearchAgreesWithViewOrder();
  });
});

describe('GET /orders/:id: one order whole', () => {
  let carmen: { borrowerId: number; session: SessionParams };
  let orderId: number;
  let confirmedDisclosure: unknown;

  /** A borrower call as the H5 sends it (form-encoded, session in the query). */
  const borrowerCall = (route: Route, payload: Record<string, string | number>) => h.call(route, carmen.session, payload);

  beforeAll(async () => {
    carmen = await t.newBorrower({ name: 'Carmen Reyes', mobilePhone: '9451234567' });
    // The borrower confirms the offer on screen and pushes it: the order is made from that offer.
    const confirmation = await borrowerCall(loanDetailConfirmRoute, { productId: h.productIds[0]! });
    confirmedDisclosure = confirmation.body.data.disclosure;
    const push = await borrowerCall(loanDetailPushRoute, { productId: h.productIds[0]!, amount: '500000', periods: '91', termUnit: '1', extraNumber: '1' });
    expect(push.body.code, JSON.stringify(push.body)).toBe(0);
    orderId = Number(new URLSearchParams(String(push.body.data.lendDetailsUrl).split('?')[1]).get('orderId'));
  });

  it('shows an order in review: its figures, the plan, what the borrower confirmed, and the moves finance may make', async () => {
    const order = (await loadOrder(t.db, orderId))!;
    const { status, data } = await orderView(orderId);
    expect(status).toBe(200);
    expect(data.order).toMatchObject({
      id: orderId,
      orderNo: order.orderNo,
      borrowerName: 'Carmen Reyes',
      mobilePhone: '9451234567',
      productId: h.productIds[0],
      productName: 'PesoNow Cash',
      principalMinor: 500_000,
      interestMinor: 45_500,
      feeMinor: 15_000,
      termDays: 91,
      periods: 1,
      status: 21,
      shownStatus: 21,
      statusMeaning: 'in review',
      disbursedAt: null,
      settledAt: null,
      paidMinor: 0,
      owedNowMinor: 0,
    });
    expect(data.plan).toEqual([{ seq: 1, dueAt: order.plan[0]!.dueAt.toISOString(), amountMinor: 560_500, paidMinor: 0, settledAt: null }]);
    expect(data.ledger).toEqual([]);
    expect(data.payCodes).toEqual([]);
    expect(data.payoutAccount).toBeNull();
    expect(data.moves).toEqual([
      { to: 110, title: 'Approve' },
      { to: 151, title: 'Reject' },
    ]);
    // The disclosure is the one the confirmation screen showed before the push.
    expect(data.confirmed.disclosure).toEqual(confirmedDisclosure);
    expect(data.confirmed.agreements.map((a) => [a.position, a.title])).toEqual([
      [1, 'Loan Agreement'],
      [2, 'Disclosure Statement'],
    ]);
    const loanAgreement = data.confirmed.agreements[0]!.body;
    expect(loanAgreement).toContain(`LOAN AGREEMENT No. ${order.orderNo}`);
    expect(loanAgreement).toContain('Carmen Reyes, mobile number 9451234567');
    expect(loanAgreement).toContain('PHP 5,000.00');
    for (const a of data.confirmed.agreements) expect(a.body).not.toMatch(/\{\w+\}/);
  });

  it('shows what the borrower confirmed as it was stored, after the product and the agreements have changed', async () => {
    const before = (await orderView(orderId)).data.confirmed;
    const { rows: agreements } = await t.db.query<{ id: number; title: string; body: string }>('SELECT id, title, body FROM agreements');
    const { rows: products } = await t.db.query<{ interest_bp: number }>('SELECT interest_bp FROM products WHERE id = $1', [h.productIds[0]]);
    try {
      await t.db.query(`UPDATE products SET interest_bp = interest_bp * 2 WHERE id = $1`, [h.productIds[0]]);
      await t.db.query(`UPDATE agreements SET body = 'CHANGED {principal}', title = 'Changed'`);
      expect((await orderView(orderId)).data.confirmed).toEqual(before);
    } finally {
      for (const a of agreements) await t.db.query('UPDATE agreements SET title = $2, body = $3 WHERE id = $1', [a.id, a.title, a.body]);
      await t.db.query('UPDATE products SET interest_bp = $2 WHERE id = $1', [h.productIds[0], products[0]!.interest_bp]);
    }
  });

  it('shows the payout account with the last 4 digits only, and the next move once approved', async () => {
    const bound = await h.call(bindCardChangeRoute, carmen.session, {
      product_id: String(h.productIds[0]),
      cardType: '1',
      channel: INSTAPAY,
      bankCode: 'BDO',
      cardNo: '001234567890',
      accountName: 'Carmen Reyes',
      city: 'Quezon City',
      payday: '15',
    });
    expect(bound.body.code, JSON.stringify(bound.body)).toBe(0);
    await moveOrder(t.db, orderId, 110, t.clock.now());
    const res = await agent.call('GET', `/orders/${orderId}`);
    const data = res.json().data as StaffOrder;
    expect(data.payoutAccount).toEqual({ bankName: 'BDO Unibank', cardNo: '**** **** 7890' });
    expect(res.body).not.toContain('001234567890');
    expect(res.body).not.toContain('34567890');
    expect(data.order).toMatchObject({ status: 110, shownStatus: 110, statusMeaning: 'approved, disbursing' });
    // An approved order moves on by its payout's arrival, never by a move: Release is offered instead.
    expect(data.moves).toEqual([]);
    expect(data.payouts).toEqual({ items: [], release: { amountMinor: 500_000, blockedBy: null }, dailyLimitMinor: t.config.PAYOUT_DAILY_LIMIT_MINOR });
  });

  it('writes the loan into the ledger at disbursement, and the late charges as they accrue', async () => {
    await moveOrder(t.db, orderId, 170, t.clock.now());
    const disbursedAt = t.clock.now();
    let { data } = await orderView(orderId);
    expect(data.moves).toEqual([]);
    expect(data.order).toMatchObject({ status: 170, shownStatus: 170, disbursedAt: disbursedAt.toISOString(), owedNowMinor: 560_500 });
    expect(data.plan[0]!.dueAt).toBe(new Date(disbursedAt.getTime() + 91 * DAY_MS).toISOString());
    expect(data.ledger).toEqual([
      {
        at: disbursedAt.toISOString(),
        kind: 'loan',
        description: 'Loan paid out: principal ₱5,000.00, interest ₱455.00, service fee ₱150.00',
        amountMinor: 560_500,
        reference: '',
        channel: '',
        applied: null,
      },
    ]);

    // Five days past the due day. PesoNow Cash is under the SEC caps: late charges at most
    // 5,605.00 × 5 days × 5 % / 30 = 46.70, which the first loan's penalty takes first.
    await advanceDays(96);
    ({ data } = await orderView(orderId));
    expect(data.order).toMatchObject({ status: 170, shownStatus: 180, owedNowMinor: 560_500 + 4_670 });
    expect(data.ledger.at(-1)).toEqual({
      at: t.clock.now().toISOString(),
      kind: 'late-charges-accrued',
      description: 'Late charges accrued, booked with the next payment: overdue interest ₱0.00, late penalty ₱46.70',
      amountMinor: 4_670,
      reference: '',
      channel: '',
      applied: null,
    });
  });

  it('shows a payment with how it was applied, and its pay code paid; a live code past its expiry shows expired', async () => {
    const now = t.clock.now();
    const code = await issuePayCode(t, { orderId, purpose: 'repay', amountMinor: 300_000, now });
    await applyPaidPayCode(t, { code: code.code, providerRef: 'BANK-REF-0001', now });
    let { data } = await orderView(orderId);
    expect(data.order).toMatchObject({ paidMinor: 300_000, owedNowMinor: 565_170 - 300_000, shownStatus: 180 });
    expect(data.ledger).toHaveLength(2);
    expect(data.ledger[1]).toEqual({
      at: now.toISOString(),
      kind: 'payment',
      description: 'Repayment through Online Banking: paid part of what was owed',
      amountMinor: -300_000,
      reference: 'BANK-REF-0001',
      channel: 'Online Banking',
      applied: { bookedChargesMinor: 4_670, toChargesMinor: 4_670, toInstalmentsMinor: 295_330, unappliedMinor: 0, outcome: 'partial' },
    });
    expect(data.payCodes).toEqual([
      {
        code: code.code,
        channelNumber: '90006',
        channelName: 'Online Banking',
        purpose: 'repay',
        amountMinor: 300_000,
        status: 'paid',
        createdAt: now.toISOString(),
        expiresAt: code.expiresAt.toISOString(),
        paidAt: now.toISOString(),
        voided: null,
      },
    ]);

    // A code for the rest is issued and not paid; the next day it has lapsed, and a day's interest has accrued.
    const unpaid = await issuePayCode(t, { orderId, purpose: 'repay', channelNumber: '90007', now });
    expect((await orderView(orderId)).data.payCodes[0]).toMatchObject({ code: unpaid.code, channelName: '7-Eleven', status: 'live', paidAt: null });
    await advanceDays(1);
    ({ data } = await orderView(orderId));
    expect(data.payCodes.map((c) => [c.code, c.status])).toEqual([
      [unpaid.code, 'expired'],
      [code.code, 'paid'],
    ]);
    expect(data.ledger.map((l) => l.kind)).toEqual(['loan', 'payment', 'late-charges-accrued']);
    // The bands would charge 5 % of the 2,651.70 left for the day since the payment; the cap allows
    // ⌊(5,605.00 × 5 + 2,651.70 × 1) × 5 % / 30⌋ = 51.12 in all, of which 46.70 is booked: 4.42 more.
    expect(data.ledger[2]).toMatchObject({ amountMinor: 442, description: 'Late charges accrued, booked with the next payment: overdue interest ₱4.42' });
    // What is owed is the ledger's lines plus the charges each payment booked.
    const booked = data.ledger.reduce((sum, l) => sum + (l.applied?.bookedChargesMinor ?? 0), 0);
    expect(data.order.owedNowMinor).toBe(data.ledger.reduce((sum, l) => sum + l.amountMinor, 0) + booked);
    const view = viewOrder((await loadOrder(t.db, orderId))!, t.clock.now());
    expect(data.order.owedNowMinor).toBe(view.position!.totalOwedMinor);
  });

  it('answers an order made without an offer (ops, the demo) with no disclosure but its agreements filled in', async () => {
    const { borrowerId } = await t.newBorrower({ name: 'Pedro Penduko' });
    const order = await h.order(borrowerId, 180, { dueInDays: -1 });
    const { data } = await orderView(order.id);
    expect(data.confirmed.disclosure).toBeNull();
    expect(data.confirmed.agreements[0]!.body).toContain(`LOAN AGREEMENT No. ${order.orderNo}`);
    expect(data.order).toMatchObject({ shownStatus: 180, paidMinor: 0 });
    expect(data.ledger.map((l) => l.kind)).toEqual(['loan', 'late-charges-accrued']);
  });

  it('answers 404 for an order that does not exist and 400 naming the id for one that is not a number', async () => {
    expect(await orderView(999_999)).toMatchObject({ status: 404, message: 'Order 999999 does not exist.' });
    const bad = await get(agent, '/orders/abc');
    expect(bad.status).toBe(400);
    expect(bad.message).toContain('id');
  });
});

describe('who may read orders', () => {
  it('lets agents and finance search and read orders, and refuses an admin without either role', async () => {
    const order = (await listOrdersInStatuses(t.db, [21]))[0]!;
    finance = await signInAgain(t, finance);
    admin = await signInAgain(t, admin);
    for (const staff of [agent, finance]) {
      expect((await search('pageSize=1', staff)).status).toBe(200);
      expect((await orderView(order.id, staff)).status).toBe(200);
    }
    expect((await search('pageSize=1', admin)).status).toBe(403);
    expect((await orderView(order.id, admin)).status).toBe(403);
  });
});
