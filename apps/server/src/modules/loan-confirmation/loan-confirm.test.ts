import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callUrlPath,
  goyaLoanConfirmRoute,
  goyaLoanSubmitRoute,
  loanDetailConfirmRoute,
  loanDetailPushRoute,
  type Route,
  type SessionParams,
} from '@cashloan/contract';
import { createTestApp, form, FORM_HEADERS, query, type TestApp } from '../../test-support/test-app.ts';
import { seedCatalog } from '../../seed/demo.ts';
import { createOrder, moveOrder } from '../../domain/orders/service.ts';
import { findProduct, listBorrowerOrders, loadOrder } from '../../domain/orders/service.ts';
import { costFigures, projectLoan } from '../../loan-terms/disclosure.ts';
import { dayToIsoDate, lenderDay } from '../../loan-terms/calendar.ts';
import { REVIEW_TERMS_AGAIN, loanInProgress } from './service.ts';
import { coolingOffStatement } from '../../loan-terms/cooling-off.ts';

const PUBLIC_URL = 'https://h5.lender.example';

describe('loan confirmation and the loan push', () => {
  let t: TestApp;
  let productIds: number[];
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL });
    productIds = await seedCatalog(t.db);
  });
  afterAll(() => t.close());

  async function call(route: Route, session: Partial<SessionParams> & { real?: string }, payload: Record<string, string | number>) {
    const isGet = route.method === 'GET';
    const res = await t.app.inject({
      method: route.method,
      url: `${callUrlPath(route)}?${query({ ...(session as Record<string, string>), ...(isGet ? (payload as Record<string, string>) : {}) })}`,
      ...(isGet ? {} : { headers: FORM_HEADERS, payload: form(payload) }),
    });
    return { status: res.statusCode, body: res.json() };
  }
  const confirm = (session: SessionParams, productId: number, extra: { real?: string } = {}) =>
    call(loanDetailConfirmRoute, { ...session, ...extra }, { productId });
  const push = (session: SessionParams, productId: number, changes: Record<string, string> = {}) =>
    call(loanDetailPushRoute, session, { amount: '500000', periods: '91', termUnit: '1', productId, extraNumber: '1', ...changes });
  const orderIdOf = (url: string) => Number(new URLSearchParams(url.split('?')[1]).get('orderId'));
  const cash = () => productIds[0]!;
  const instalments = () => productIds[2]!;

  describe('loan-detail-confirm', () => {
    it('answers every figure of PesoNow Cash from the product and loan-terms', async () => {
      const { session } = await t.newBorrower({ name: 'Maria Santos' });
      const { status, body } = await confirm(session, cash());
      expect(status).toBe(200);
      expect(body.code).toBe(0);
      const today = lenderDay(t.clock.now());
      const due = dayToIsoDate(today + 91);
      expect(body.data).toMatchObject({
        amount: 500_000,
        periods: 91,
        termUnit: 1,
        details: [
          { text: 'Loan amount', value: '₱5,000.00' },
          { text: 'Loan term', value: '91 days' },
          { text: 'Interest', value: '₱455.00' },
          { text: 'Service fee', value: '₱150.00' },
          { text: 'Total to repay', value: '₱5,605.00' },
          // PesoNow Cash is under the SEC caps: the most it can ever cost, and the late-charge cap.
          { text: 'Most this loan can ever cost', value: '₱5,000.00 (interest, fees and late charges together; SEC MC 3 s2022)' },
          { text: 'Late charges', value: 'At most 5% a month of the amount due, counted day by day' },
        ],
        repay_plans: [{ title: 'Period 1', description: 'Principal, interest and service fee', amount: 560_500, pay_time: due }],
        firstPayTime: due,
        firstPeriodDay: 91,
        pRateDsc: 'Daily interest 0.10%',
        sendSms: 0,
        isPopType: 1,
        popTitle: 'Your loan is almost ready',
        popContent: 'Only one step is left to apply for ₱5,000.00. If you leave now, your application is not sent. Leave anyway?',
        comProductLogo: '/logos/pesonow-cash.svg',
        comProductName: 'PesoNow Cash',
      });
      // A first-time borrower reads the Loan Agreement (position 1) in the modal first.
      expect(body.data.popAgreementUrl).toBe(`${PUBLIC_URL}/toIs?productId=${cash()}&position=1&orderId=`);
    });

    it('splits an instalment loan into its plan and discloses its true cost', async () => {
      const { session } = await t.newBorrower({ isRepeat: true });
      const { body } = await confirm(session, instalments());
      const product = (await findProduct(t.db, instalments()))!;
      const loan = projectLoan({ principalMinor: product.amountMinor, termDays: product.termDays, periods: product.periods, interestBp: product.interestBp, serviceFeeBp: product.serviceFeeBp });
      const today = lenderDay(t.clock.now());
      expect(body.data.periods).toBe(180);
      expect(body.data.details[1]).toEqual({ text: 'Loan term', value: '180 days, 3 instalments' });
      expect(body.data.repay_plans).toEqual(
        loan.instalments.map((i) => ({ title: `Period ${i.seq}`, description: `Instalment ${i.seq} of 3`, amount: i.amountMinor, pay_time: dayToIsoDate(today + i.dueInDays) })),
      );
      expect(body.data.firstPeriodDay).toBe(60);
      const figures = costFigures(loan);
      expect(body.data.disclosure).toEqual({
        title: 'Disclosure Statement',
        amountFinanced: 2_000_000,
        financeCharges: [
          { text: 'Interest', amount: 180_000 },
          { text: 'Service fee', amount: 50_000 },
        ],
        totalFinanceCharge: 230_000,
        netProceeds: 2_000_000,
        totalOfPayments: 2_230_000,
        schedule: body.data.repay_plans.map((p: { pay_time: string; amount: number }) => ({ pay_time: p.pay_time, amount: p.amount })),
        eirMonthlyBp: figures.eirMonthlyBp,
        eirAnnualBp: figures.eirAnnualBp,
        aprBp: null,
        // 180 days: outside the SEC caps' scope, so no cap to disclose.
        costCap: null,
        coolingOff: coolingOffStatement('PH'),
      });
      expect(body.data.disclosure.coolingOff).toMatch(/3 days .* interest for the days .* no fee/);
      expect(body.data.disclosure.eirMonthlyBp).toBeGreaterThan(0);
      // A repeat borrower is not stopped by the agreement modal.
      expect(body.data.popAgreementUrl).toBe('');
    });

    it("writes rupees and adds the Key Fact Statement's annual percentage rate when real=1", async () => {
      const { session } = await t.newBorrower();
      const { body } = await confirm(session, cash(), { real: '1' });
      expect(body.data.details[0]).toEqual({ text: 'Loan amount', value: '₹5,000.00' });
      expect(body.data.disclosure).toMatchObject({ title: 'Key Fact Statement', eirMonthlyBp: 389, eirAnnualBp: 5811, aprBp: 4584 });
    });

    it('refuses an unknown product, an inactive one and a missing session', async () => {
      const { session } = await t.newBorrower();
      const unknown = await confirm(session, 999_999);
      expect(unknown).toMatchObject({ status: 404, body: { code: 404, message: 'This product was not found.', data: null } });
      const [inactive] = (await t.db.query<{ id: number }>(
        `INSERT INTO products (name, logo, rate_desc, amount_minor, term_days, active) VALUES ('Old Loan', '/logos/old.svg', 'n/a', 100000, 120, false) RETURNING id`,
      )).rows;
      expect(await confirm(session, Number(inactive!.id))).toMatchObject({ status: 409, body: { message: 'Old Loan is not available now.' } });
      const noSession = await call(loanDetailConfirmRoute, {}, { productId: cash() });
      expect(noSession.status).toBe(401);
    });
  });

  describe('loan-detail-push', () => {
    it('creates the order in review on the terms shown, and leads to its order screen', async () => {
      const { borrowerId, session } = await t.newBorrower();
      const shown = (await confirm(session, cash())).body.data;
      const { status, body } = await push(session, cash());
      expect(status).toBe(200);
      expect(body).toMatchObject({ code: 0, message: 'success' });
      const orderId = orderIdOf(body.data.lendDetailsUrl);
      expect(body.data.lendDetailsUrl).toBe(`/allIt?productId=${cash()}&orderId=${orderId}`);
      const order = (await loadOrder(t.db, orderId))!;
      expect(order).toMatchObject({ borrowerId, productId: cash(), status: 21, principalMinor: 500_000, interestMinor: 45_500, feeMinor: 15_000, termDays: 91 });
      expect(order.offerKey).toMatch(/^offer:\d+$/);
      // The order's plan is the plan the borrower was shown.
      expect(order.plan.map((p) => ({ amount: p.amountMinor, pay_time: dayToIsoDate(lenderDay(p.dueAt)) }))).toEqual(
        shown.repay_plans.map((p: { amount: number; pay_time: string }) => ({ amount: p.amount, pay_time: p.pay_time })),
      );
      // Back on the confirmation screen, nothing is lost by leaving any more, and the modal stays shut.
      const after = (await confirm(session, cash())).body.data;
      expect(after).toMatchObject({ isPopType: 0, popTitle: '', popContent: '', popAgreementUrl: '', repay_plans: shown.repay_plans });
    });

    it('makes one order however often the same offer is pushed, one after another or all at once', async () => {
      const { borrowerId, session } = await t.newBorrower();
      await confirm(session, cash());
      const first = await push(session, cash());
      const again = await push(session, cash());
      const together = await Promise.all(Array.from({ length: 6 }, () => push(session, cash())));
      const urls = [first, again, ...together].map((r) => r.body.data.lendDetailsUrl);
      expect(new Set(urls)).toEqual(new Set([first.body.data.lendDetailsUrl]));
      expect(await listBorrowerOrders(t.db, borrowerId)).toHaveLength(1);
      // The goya twin submits the same offer: the same order again.
      const depush = await call(goyaLoanSubmitRoute, session, { amount: '500000', periods: '91', termUnit: '1', productId: cash(), extraNumber: '1' });
      expect(depush.body).toMatchObject({ code: '00', data: { lendDetailsUrl: first.body.data.lendDetailsUrl } });
      expect(await listBorrowerOrders(t.db, borrowerId)).toHaveLength(1);
    });

    it('makes one order when the first pushes of a fresh offer arrive at the same moment', async () => {
      const { borrowerId, session } = await t.newBorrower();
      await confirm(session, instalments());
      const payload = { amount: '2000000', periods: '180' };
      const answers = await Promise.all([...Array.from({ length: 4 }, () => push(session, instalments(), payload)), call(goyaLoanSubmitRoute, session, { ...payload, termUnit: '1', productId: instalments(), extraNumber: '1' })]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      expect(new Set(answers.map((a) => a.body.data.lendDetailsUrl)).size).toBe(1);
      const orders = await listBorrowerOrders(t.db, borrowerId);
      expect(orders).toHaveLength(1);
      expect(orders[0]!.plan).toHaveLength(3);
    });

    it('answers the order already holding the offer key (a push that won a race) instead of making another', async () => {
      const { borrowerId, session } = await t.newBorrower();
      await confirm(session, cash());
      const { rows } = await t.db.query<{ id: number }>('SELECT id FROM loan_offers WHERE borrower_id = $1 AND order_id IS NULL', [borrowerId]);
      const product = (await findProduct(t.db, cash()))!;
      const winner = await createOrder(t.db, { borrower: { id: borrowerId, isRepeat: false }, product, status: 21, offerKey: `offer:${rows[0]!.id}` }, t.clock.now());
      expect(orderIdOf((await push(session, cash())).body.data.lendDetailsUrl)).toBe(winner.id);
      expect(await listBorrowerOrders(t.db, borrowerId)).toHaveLength(1);
      const linked = await t.db.query<{ order_id: number }>('SELECT order_id FROM loan_offers WHERE id = $1', [rows[0]!.id]);
      expect(Number(linked.rows[0]!.order_id)).toBe(winner.id);
    });

    it("refuses a push of terms that are not the offer's, naming the field, and creates nothing", async () => {
      const { borrowerId, session } = await t.newBorrower();
      await confirm(session, cash());
      expect(await push(session, cash(), { amount: '600000' })).toMatchObject({
        status: 400,
        body: { code: 400, message: 'amount must be the offered amount, 500000 (₱5,000.00)', data: null },
      });
      expect((await push(session, cash(), { periods: '120' })).body.message).toBe('periods must be the offered term, 91 (days)');
      expect((await push(session, cash(), { termUnit: '2' })).body.message).toBe('termUnit must be 1 (days)');
      expect((await push(session, cash(), { amount: '0' })).body.message).toBe('amount must be greater than 0');
      expect((await push(session, cash(), { extraNumber: '2' })).body.message).toBe('extraNumber must be 1');
      expect((await push(session, 999_999)).body).toMatchObject({ code: 404, message: 'This product was not found.' });
      expect(await listBorrowerOrders(t.db, borrowerId)).toHaveLength(0);
    });

    it('refuses a push that no confirmation screen offered', async () => {
      const { borrowerId, session } = await t.newBorrower();
      expect(await push(session, cash())).toMatchObject({ status: 409, body: { message: REVIEW_TERMS_AGAIN } });
      expect(await listBorrowerOrders(t.db, borrowerId)).toHaveLength(0);
    });

    it("keeps borrowers apart: each one's push makes that borrower's own order", async () => {
      const a = await t.newBorrower();
      const b = await t.newBorrower();
      await confirm(a.session, cash());
      const fromA = await push(a.session, cash());
      // B never saw an offer: A's offer is not B's to push.
      expect((await push(b.session, cash())).status).toBe(409);
      await confirm(b.session, cash());
      const fromB = await push(b.session, cash());
      expect(fromB.body.data.lendDetailsUrl).not.toBe(fromA.body.data.lendDetailsUrl);
      expect((await loadOrder(t.db, orderIdOf(fromB.body.data.lendDetailsUrl)))!.borrowerId).toBe(b.borrowerId);
      expect(await listBorrowerOrders(t.db, a.borrowerId)).toHaveLength(1);
    });

    it('refuses a second running loan of the same product made elsewhere', async () => {
      const { borrowerId, session } = await t.newBorrower();
      const product = (await findProduct(t.db, cash()))!;
      await createOrder(t.db, { borrower: { id: borrowerId, isRepeat: false }, product, status: 170 }, t.clock.now());
      await confirm(session, cash());
      expect(await push(session, cash())).toMatchObject({ status: 409, body: { message: loanInProgress('PesoNow Cash') } });
      expect(await listBorrowerOrders(t.db, borrowerId)).toHaveLength(1);
    });

    it('offers a new loan once the last one has ended, and the old offer still leads to its own order', async () => {
      const { borrowerId, session } = await t.newBorrower();
      await confirm(session, cash());
      const first = orderIdOf((await push(session, cash())).body.data.lendDetailsUrl);
      await t.db.transaction((tx) => moveOrder(tx, first, 151, t.clock.now()));
      // A stale page pushing the pushed offer again is shown that order, not a new one.
      expect(orderIdOf((await push(session, cash())).body.data.lendDetailsUrl)).toBe(first);
      const fresh = (await confirm(session, cash())).body.data;
      expect(fresh.isPopType).toBe(1);
      const second = orderIdOf((await push(session, cash())).body.data.lendDetailsUrl);
      expect(second).not.toBe(first);
      expect((await listBorrowerOrders(t.db, borrowerId)).map((o) => o.status).sort()).toEqual([151, 21]);
    });

    it('an open offer follows the product; a pushed one keeps the terms it was pushed on', async () => {
      const { session } = await t.newBorrower();
      await confirm(session, productIds[1]!);
      await t.db.query('UPDATE products SET amount_minor = 1200000 WHERE id = $1', [productIds[1]]);
      // The open offer follows the product until it is pushed: the screen shows the new amount.
      expect((await confirm(session, productIds[1]!)).body.data.amount).toBe(1_200_000);
      const old = await push(session, productIds[1]!, { amount: '1000000', periods: '120' });
      expect(old.body.message).toBe('amount must be the offered amount, 1200000 (₱12,000.00)');
      const made = await push(session, productIds[1]!, { amount: '1200000', periods: '120' });
      expect((await loadOrder(t.db, orderIdOf(made.body.data.lendDetailsUrl)))!.principalMinor).toBe(1_200_000);
      await t.db.query('UPDATE products SET amount_minor = 1000000 WHERE id = $1', [productIds[1]]);
      expect((await confirm(session, productIds[1]!)).body.data.amount).toBe(1_200_000);
    });
  });

  describe('goya satire (the second variant)', () => {
    it("answers the confirmation with the server's button label and popup message, code '00'", async () => {
      const { session } = await t.newBorrower({ isRepeat: true });
      const { status, body } = await call(goyaLoanConfirmRoute, session, { productId: cash() });
      expect(status).toBe(200);
      expect(body.code).toBe('00');
      expect(body.data).toMatchObject({
        amount: 500_000,
        comProductName: 'PesoNow Cash',
        NewButtonMsg: 'Apply for ₱5,000.00 now',
        NewPopMsg: 'Only one step is left: confirm to apply for ₱5,000.00. You have our decision within 1 day, and the money reaches your account 1 to 3 days after approval.',
      });
      const v3 = (await confirm(session, cash())).body.data;
      const { NewButtonMsg: _button, NewPopMsg: _pop, ...same } = body.data;
      expect(same).toEqual(v3);
      await call(goyaLoanSubmitRoute, session, { amount: '500000', periods: '91', termUnit: '1', productId: cash(), extraNumber: '1' });
      const pushed = (await call(goyaLoanConfirmRoute, session, { productId: cash() })).body.data;
      expect(pushed).toMatchObject({ NewButtonMsg: 'View my application', NewPopMsg: '' });
    });

    it("answers failures in the '00' code form's string form", async () => {
      const { session } = await t.newBorrower();
      const { status, body } = await call(goyaLoanConfirmRoute, session, { productId: 999_999 });
      expect(status).toBe(404);
      expect(body).toEqual({ code: '404', message: 'This product was not found.', data: null });
      const bad = await call(goyaLoanSubmitRoute, session, { amount: 'x', periods: '91', termUnit: '1', productId: cash(), extraNumber: '1' });
      expect(bad.body).toMatchObject({ code: '400', message: 'amount must be a whole number of minor units' });
    });
  });
});
