import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callUrlPath,
  eventSaveRoute,
  goyaClickTrackRoute,
  goyaFailureInfoRoute,
  goyaProductJumpRoute,
  googleScoreRoute,
  loanDetailsRoute,
  type Route,
  type SessionParams,
} from '@cashloan/contract';
import { createTestApp, form, FORM_HEADERS, query, type TestApp } from '../../test-support/test-app.ts';
import { seedCatalog } from '../../seed/demo.ts';
import { DAY_MS } from '../../platform/clock/clock.ts';
import { createOrder } from '../../domain/orders/service.ts';
import { findProduct, type OrderFlags, type OrderRow } from '../../domain/orders/service.ts';
import { latePenalty, overdueInterest } from '../../loan-terms/rules.ts';
import type { OrderStatus } from '../../loan-terms/status.ts';
import { ORDER_NOT_FOUND } from './service.ts';

const SERVICE_PHONE = '+63 2 7000 1234';
const REPAY_URL = '/allowedAlso';

describe('the order-details family', () => {
  let t: TestApp;
  let productIds: number[];
  beforeAll(async () => {
    // Sessions outlive the clock moves of the overdue tests.
    t = await createTestApp({ SERVICE_PHONE, REPAY_URL, SCHEME_URL: 'pesonow://app/', SESSION_TTL_DAYS: 3650 });
    productIds = await seedCatalog(t.db);
  });
  afterAll(() => t.close());

  async function call(route: Route, session: Partial<SessionParams>, payload: Record<string, string | number>) {
    const res = await t.app.inject({
      method: 'POST',
      url: `${callUrlPath(route)}?${query(session as Record<string, string>)}`,
      headers: FORM_HEADERS,
      payload: form(payload),
    });
    return { status: res.statusCode, body: res.json() };
  }

  async function orderFor(
    borrowerId: number,
    status: OrderStatus,
    opts: { product?: number; dueInDays?: number; flags?: Partial<OrderFlags>; isRepeat?: boolean } = {},
  ): Promise<OrderRow> {
    const product = (await findProduct(t.db, productIds[opts.product ?? 0]!))!;
    return createOrder(
      t.db,
      { borrower: { id: borrowerId, isRepeat: opts.isRepeat ?? false }, product, status, dueInDays: opts.dueInDays, flags: opts.flags },
      t.clock.now(),
    );
  }

  const details = (session: SessionParams, order: OrderRow) => call(loanDetailsRoute, session, { productId: order.productId, orderId: order.id });
  const rowsOf = (body: { data: { userOrderDetail: { detail: Array<{ text: string; value: string }> } } }) =>
    Object.fromEntries(body.data.userOrderDetail.detail.map((r) => [r.text, r.value]));

  describe('loan-details', () => {
    it('writes amounts in rupees when the page says real=1, in pesos otherwise', async () => {
      const { borrowerId, session } = await t.newBorrower();
      const order = await orderFor(borrowerId, 170, { dueInDays: 20 });
      const pesos = rowsOf((await details(session, order)).body)['Loan amount'];
      const rupees = rowsOf((await call(loanDetailsRoute, { ...session, real: '1' } as Partial<SessionParams>, { productId: order.productId, orderId: order.id })).body)['Loan amount'];
      expect(pesos).toMatch(/^₱[\d,]+\.\d{2}$/);
      expect(rupees).toBe(pesos!.replace('₱', '₹'));
    });

    it("answers the borrower's own order with its status, texts, prompts and the configured fallbacks", async () => {
      const { borrowerId, session } = await t.newBorrower();
      const order = await orderFor(borrowerId, 174, {
        dueInDays: 2,
        flags: { isDelay: '1', kindTipsMsg: 'Check your account first.', reyMsg: 'Extend by paying the fee.', cardNeedPop: 1, cardPopTitle: 'Account', cardPopMsg: 'Bind it.' },
      });
      const { status, body } = await details(session, order);
      expect(status).toBe(200);
      expect(body.code).toBe(0);
      expect(body.data).toMatchObject({
        orderStatus: 174,
        noticeStatusText: 'Repayment due',
        productName: 'PesoNow Cash',
        productLogo: '/logos/pesonow-cash.svg',
        inside: 1,
        h5Url: REPAY_URL,
        isDelay: '1',
        telephone: SERVICE_PHONE,
        isScore: '0',
        playeduL: '',
        reyMsg: 'Extend by paying the fee.',
        KindTipsMsg: 'Check your account first.',
        cardNeedPop: 1,
        cardPopTitle: 'Account',
        cardPopMsg: 'Bind it.',
      });
      const rows = rowsOf(body);
      expect(rows).toMatchObject({ 'Order No.': order.orderNo, 'Loan amount': '₱5,000.00', Interest: '₱455.00', 'Service fee': '₱150.00', 'Amount due': '₱5,605.00' });
      expect(rows['Due date']).toBe('2026-11-03');
      expect(body.data.noticeDesText).toBe('Please repay ₱5,605.00 by 2026-11-03.');
      // The order's own product is not recommended to it.
      expect(body.data.recProducts.map((p: { name: string }) => p.name)).toEqual(['PesoNow Plus', 'PesoNow Installment', 'PesoNow Salary Loan']);
    });

    it("keeps an order's own repayment page and shows each status's notice", async () => {
      const { borrowerId, session } = await t.newBorrower();
      const expected: Array<[OrderStatus, string]> = [
        [21, 'Under review'],
        [110, 'Disbursing'],
        [151, 'Not approved'],
        [170, 'Repaying'],
        [180, 'Overdue'],
        [200, 'Settled'],
      ];
      for (const [status, notice] of expected) {
        const order = await orderFor(borrowerId, status, { flags: { h5Url: 'https://pay.lender.example/repay' } });
        const { body } = await details(session, order);
        expect(body.data.orderStatus, String(status)).toBe(status);
        expect(body.data.noticeStatusText).toBe(notice);
        expect(body.data.h5Url).toBe('https://pay.lender.example/repay');
      }
    });

    it('lists what a loan in review will cost, a rejected one without figures, and what a settled one repaid', async () => {
      const { borrowerId, session } = await t.newBorrower();
      const review = rowsOf((await details(session, await orderFor(borrowerId, 21))).body);
      expect(review).toMatchObject({ 'Loan amount': '₱5,000.00', Interest: '₱455.00', 'Service fee': '₱150.00', 'Total to repay': '₱5,605.00', 'Application date': '2026-11-01' });
      expect(review).not.toHaveProperty('Amount due');
      const rejected = rowsOf((await details(session, await orderFor(borrowerId, 151))).body);
      expect(Object.keys(rejected)).toEqual(['Order No.', 'Loan amount', 'Loan term', 'Application date']);
      const settled = await details(session, await orderFor(borrowerId, 200, { product: 2 }));
      expect(rowsOf(settled.body)).toMatchObject({ 'Loan term': '180 days, 3 instalments', 'Total repaid': '₱22,300.00' });
      expect(settled.body.data.noticeDesText).toBe('You have repaid this loan in full. Thank you!');
    });

    it("never shows one borrower another borrower's order: the same not-found envelope as a missing order", async () => {
      const owner = await t.newBorrower();
      const other = await t.newBorrower();
      const order = await orderFor(owner.borrowerId, 180, { flags: { kindTipsMsg: 'private tip' } });
      const foreign = await details(other.session, order);
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual({ code: 404, message: ORDER_NOT_FOUND, data: null });
      const missing = await call(loanDetailsRoute, other.session, { productId: order.productId, orderId: 999_999 });
      expect(missing.body).toEqual(foreign.body);
      // The right order id with the wrong product is not found either.
      const wrongProduct = await call(loanDetailsRoute, owner.session, { productId: productIds[1]!, orderId: order.id });
      expect(wrongProduct.body).toEqual(foreign.body);
      // Claiming to be the owner with one's own session is refused as a session mismatch, not answered.
      const claimed = await details({ ...other.session, userId: owner.session.userId }, order);
      expect(claimed.status).toBe(401);
      expect(claimed.body).toMatchObject({ code: 401, data: null });
      // The failure page will not read another borrower's order either.
      const failure = await call(goyaFailureInfoRoute, other.session, { orderId: order.id });
      expect(failure.body).toEqual({ code: '404', message: ORDER_NOT_FOUND, data: null });
      // The owner still reads it.
      expect((await details(owner.session, order)).body.data.KindTipsMsg).toBe('private tip');
    });

    it('refuses a missing session and names a missing field', async () => {
      const noSession = await call(loanDetailsRoute, {}, { productId: 1, orderId: 1 });
      expect(noSession.body).toMatchObject({ code: 401, data: null });
      const { session } = await t.newBorrower();
      const noOrder = await call(loanDetailsRoute, session, { productId: 1 });
      expect(noOrder.body).toEqual({ code: 400, message: 'orderId is required', data: null });
    });
  });

  describe('overdue figures follow the loan terms as the clock moves', () => {
    for (const isRepeat of [false, true]) {
      it(`${isRepeat ? 'repeat' : 'new'} borrower: 1, 31 and 91 days past due`, async () => {
        const { borrowerId, session } = await t.newBorrower({ isRepeat });
        const order = await orderFor(borrowerId, 174, { dueInDays: 0, isRepeat });
        const base = order.plan[0]!.amountMinor;
        expect(base).toBe(560_500); // 5000.00 + 9.10 % interest + 3 % fee
        const penalty = latePenalty(isRepeat);
        expect(penalty).toBe(isRepeat ? 80_000 : 100_000);

        const before = await details(session, order);
        expect(before.body.data.orderStatus).toBe(174);
        expect(rowsOf(before.body)).not.toHaveProperty('Overdue interest');

        // Interest by the tier table: 5 % a day for days 1-30, 4 % for 31-90, 2 % from 91.
        const expected: Array<[day: number, interest: number]> = [
          [1, 28_025],
          [31, 863_170],
          [91, 2_197_160],
        ];
        let day = 0;
        for (const [overdueDay, interest] of expected) {
          await t.clock.advance((overdueDay - day) * DAY_MS);
          day = overdueDay;
          expect(overdueInterest(base, overdueDay)).toBe(interest);
          const { body } = await details(session, order);
          const due = base + interest + penalty;
          const money = (m: number) => `₱${Math.floor(m / 100).toLocaleString('en-PH')}.${String(m % 100).padStart(2, '0')}`;
          expect(body.data.orderStatus, `day ${overdueDay}`).toBe(180);
          expect(rowsOf(body)).toMatchObject({
            'Days overdue': String(overdueDay),
            'Overdue interest': money(interest),
            'Late penalty': money(penalty),
            'Amount due': money(due),
          });
          expect(body.data.noticeDesText).toBe(
            `Your repayment is ${overdueDay} ${overdueDay === 1 ? 'day' : 'days'} overdue. Please repay ${money(due)} today to stop further late charges.`,
          );
        }
      });
    }
  });

  describe('rating and tracking', () => {
    it('asks for a rating until the borrower rates the app; google-score accepts only 5', async () => {
      const { borrowerId, session } = await t.newBorrower();
      const order = await orderFor(borrowerId, 200, { flags: { isScore: '1' } });
      expect((await details(session, order)).body.data.isScore).toBe('1');
      const wrong = await call(googleScoreRoute, session, { score: 3 });
      expect(wrong.body).toEqual({ code: 400, message: 'score must be 5', data: null });
      expect((await details(session, order)).body.data.isScore).toBe('1');
      const rated = await call(googleScoreRoute, session, { score: 5 });
      expect(rated.body).toEqual({ code: 0, message: 'success', data: {} });
      expect((await details(session, order)).body.data.isScore).toBe('0');
      const stored = await t.db.query<{ kind: string; data: unknown }>('SELECT kind, data FROM tracking_events WHERE borrower_id = $1', [borrowerId]);
      expect(stored.rows).toEqual([{ kind: 'app_rating', data: { score: '5' } }]);
    });

    it('stores Borrow Again (module 30) and recommendation clicks (module 18) as tracking events', async () => {
      const { borrowerId, session } = await t.newBorrower();
      const again = await call(eventSaveRoute, session, { productId: productIds[1]!, moduleId: 30, positionId: 1 });
      expect(again.body).toEqual({ code: 0, message: 'success', data: {} });
      const click = await call(goyaClickTrackRoute, session, { productId: productIds[2]!, moduleId: 18, positionId: 0 });
      expect(click.body).toEqual({ code: '00', message: 'success', data: {} });
      const stored = await t.db.query<{ kind: string; data: unknown }>('SELECT kind, data FROM tracking_events WHERE borrower_id = $1 ORDER BY id', [borrowerId]);
      expect(stored.rows).toEqual([
        { kind: 'event', data: { moduleId: '30', productId: String(productIds[1]), positionId: '1' } },
        { kind: 'event', data: { moduleId: '18', productId: String(productIds[2]), positionId: '0' } },
      ]);
      expect((await call(eventSaveRoute, session, { productId: 999_999, moduleId: 30, positionId: 1 })).body).toMatchObject({ code: 404 });
      expect((await call(eventSaveRoute, session, { productId: productIds[0]!, moduleId: 31, positionId: 1 })).body).toEqual({
        code: 400,
        message: 'moduleId must be 30 or 18',
        data: null,
      });
      expect((await call(goyaClickTrackRoute, session, { productId: productIds[0]!, moduleId: 30, positionId: 1 })).body).toEqual({
        code: '400',
        message: 'moduleId must be 18',
        data: null,
      });
    });
  });

  describe('the joint-login failure page', () => {
    it('names the product whose login failed and recommends the others, greying one with a running loan', async () => {
      const { borrowerId, session } = await t.newBorrower();
      await orderFor(borrowerId, 170, { product: 2 });
      const { body } = await call(goyaFailureInfoRoute, session, { productId: productIds[0]! });
      expect(body.code).toBe('00');
      expect(body.data).toMatchObject({
        noticeMsg: 'We could not sign you in to PesoNow Cash.',
        errorMsg: 'The joint login did not go through. Please try again later, or choose one of the products below.',
        status: 151,
      });
      expect(body.data.recProducts).toEqual([
        {
          productId: productIds[1],
          logo: '/logos/pesonow-plus.svg',
          name: 'PesoNow Plus',
          enable: 1,
          buttonText: 'Apply now',
          range: '₱2,000 - ₱10,000',
          rangeDesc: 'Loan amount',
          rate: 'Daily interest 0.08%',
          description: 'A bigger loan for repeat borrowers, repaid in 120 days.',
          tags: ['Higher amount', '120 days'],
        },
        expect.objectContaining({ productId: productIds[2], enable: 0, buttonText: 'Loan in progress' }),
        expect.objectContaining({ productId: productIds[3], enable: 1, buttonText: 'Apply now' }),
      ]);
    });

    it("shows the status of the borrower's own order, and a generic notice when nothing is named", async () => {
      const { borrowerId, session } = await t.newBorrower();
      const order = await orderFor(borrowerId, 110, { product: 1 });
      const named = await call(goyaFailureInfoRoute, session, { orderId: order.id, productId: order.productId });
      expect(named.body.data).toMatchObject({ status: 110, noticeMsg: 'We could not sign you in to PesoNow Plus.' });
      expect(named.body.data.recProducts.map((p: { productId: number }) => p.productId)).not.toContain(order.productId);
      const generic = await call(goyaFailureInfoRoute, session, {});
      expect(generic.body.data).toMatchObject({ status: 151, noticeMsg: 'We could not sign you in.' });
      expect(generic.body.data.recProducts).toHaveLength(4);
    });

    it("answers a product's jump URL under the app scheme, and refuses one with a running loan", async () => {
      const { borrowerId, session } = await t.newBorrower();
      await orderFor(borrowerId, 21, { product: 3 });
      const open = await call(goyaProductJumpRoute, session, { productId: productIds[1]! });
      expect(open.body).toEqual({ code: '00', message: 'success', data: { url: `pesonow://app/productDetail?productId=${productIds[1]}` } });
      const running = await call(goyaProductJumpRoute, session, { productId: productIds[3]! });
      expect(running.body).toEqual({ code: '409', message: 'You already have a loan of PesoNow Salary Loan in progress.', data: null });
      expect((await call(goyaProductJumpRoute, session, { productId: 999_999 })).body).toMatchObject({ code: '404' });
    });
  });
});
