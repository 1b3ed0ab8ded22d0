import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agreementContentRoute,
  callUrlPath,
  contractJumpRoute,
  contractRoute,
  goyaAgreementJumpRoute,
  goyaAgreementsRoute,
  loanDetailConfirmRoute,
  loanDetailPushRoute,
  type Route,
  type SessionParams,
} from '@cashloan/contract';
import { createTestApp, form, FORM_HEADERS, query, type TestApp } from '../../test-support/test-app.ts';
import { seedCatalog } from '../../seed/demo.ts';
import { createOrder, moveOrder } from '../../domain/orders/service.ts';
import { findProduct, loadOrder } from '../../domain/orders/service.ts';
import { dayToIsoDate, lenderDay } from '../../loan-terms/calendar.ts';
import { FIL } from '@cashloan/contract/texts/fil';
import { ORDER_NO_PENDING, UNNAMED_BORROWER, fillAgreement, plainAmount } from './agreement-text.ts';

const CONFIG = {
  COMPANY_CORPORATE_NAME: 'Tala Test Lending Corp.',
  APP_EN_NAME: 'PesoTest',
  SERVICE_EMAIL: 'help@pesotest.example',
  SERVICE_PHONE: '+63 2 8000 1111',
};

describe('the agreements of loan confirmation', () => {
  let t: TestApp;
  let productIds: number[];
  beforeAll(async () => {
    t = await createTestApp(CONFIG);
    productIds = await seedCatalog(t.db);
  });
  afterAll(() => t.close());

  async function call(route: Route, session: Partial<SessionParams>, payload: Record<string, string | number>, lang?: string) {
    const isGet = route.method === 'GET';
    const res = await t.app.inject({
      method: route.method,
      url: `${callUrlPath(route)}?${query({ ...(session as Record<string, string>), ...(lang ? { lang } : {}), ...(isGet ? (payload as Record<string, string>) : {}) })}`,
      ...(isGet ? {} : { headers: FORM_HEADERS, payload: form(payload) }),
    });
    return { status: res.statusCode, body: res.json() };
  }
  const cash = () => productIds[0]!;
  const content = (session: SessionParams, position: number, orderId = '') => call(agreementContentRoute, session, { productId: cash(), scene: '3', position, orderId });

  it('lists the Loan Agreement and the Disclosure Statement in both families', async () => {
    const { session } = await t.newBorrower();
    const v3 = await call(contractRoute, session, { productId: cash(), scene: '3' });
    expect(v3.body).toEqual({
      code: 0,
      message: 'success',
      data: {
        data: [
          { title: 'Loan Agreement', position: 1 },
          { title: 'Disclosure Statement', position: 2 },
        ],
      },
    });
    const goya = await call(goyaAgreementsRoute, session, { productId: cash(), scene: '3' });
    expect(goya.body).toEqual({ ...v3.body, code: '00' });
    expect((await call(contractRoute, session, { productId: cash(), scene: '2' })).body.message).toBe('scene must be 3');
    expect((await call(contractRoute, session, { productId: 999_999, scene: '3' })).status).toBe(404);
  });

  it("puts a product's own agreement in place of the general one at its position", async () => {
    const { session } = await t.newBorrower();
    const plus = productIds[1]!;
    await t.db.query(`INSERT INTO agreements (product_id, scene, position, title, body) VALUES ($1, 3, 2, 'Plus Disclosure', 'Plus body {productName}')`, [plus]);
    const { body } = await call(contractRoute, session, { productId: plus, scene: '3' });
    expect(body.data.data).toEqual([
      { title: 'Loan Agreement', position: 1 },
      { title: 'Plus Disclosure', position: 2 },
    ]);
    const text = await call(agreementContentRoute, session, { productId: plus, scene: '3', position: 2 });
    expect(text.body.data).toEqual({ title: 'Plus Disclosure', body: 'Plus body PesoNow Plus' });
  });

  it('links an agreement to the loan agreement page in both families: a path of this site without PUBLIC_URL, whatever Host the request names', async () => {
    const { session } = await t.newBorrower();
    const jump = await call(contractJumpRoute, session, { productId: cash(), scene: '3', position: 2, orderId: '', extraNumber: '1' });
    expect(jump.body.data).toEqual({ contract_url: `/toIs?productId=${cash()}&position=2&orderId=` });
    const goya = await call(goyaAgreementJumpRoute, session, { productId: cash(), scene: '3', position: '1', extraNumber: '1' });
    expect(goya.body).toEqual({ code: '00', message: 'success', data: { contract_url: `/toIs?productId=${cash()}&position=1&orderId=` } });
    expect((await call(contractJumpRoute, session, { productId: cash(), scene: '3', position: 9, extraNumber: '1' })).body).toMatchObject({
      code: 404,
      message: 'This agreement was not found.',
    });
    // A forged Host (or X-Forwarded-Host) never becomes the link's origin.
    const forged = await t.app.inject({
      method: 'POST',
      url: `${callUrlPath(contractJumpRoute)}?${query(session as unknown as Record<string, string>)}`,
      headers: { ...FORM_HEADERS, host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      payload: form({ productId: cash(), scene: '3', position: 1, orderId: '', extraNumber: '1' }),
    });
    expect(forged.json().data).toEqual({ contract_url: `/toIs?productId=${cash()}&position=1&orderId=` });
  });

  it('builds the link on PUBLIC_URL when it is configured, whatever Host the request names', async () => {
    const configured = await createTestApp({ PUBLIC_URL: 'https://h5.lender.example/' });
    try {
      await seedCatalog(configured.db);
      const { session } = await configured.newBorrower();
      const productId = (await configured.db.query<{ id: number }>('SELECT id FROM products ORDER BY sort LIMIT 1')).rows[0]!.id;
      const res = await configured.app.inject({
        method: 'POST',
        url: `${callUrlPath(contractJumpRoute)}?${query(session as unknown as Record<string, string>)}`,
        headers: { ...FORM_HEADERS, host: 'evil.example' },
        payload: form({ productId, scene: '3', position: 1, orderId: '', extraNumber: '1' }),
      });
      expect(res.json().data).toEqual({ contract_url: `https://h5.lender.example/toIs?productId=${productId}&position=1&orderId=` });
    } finally {
      await configured.close();
    }
  });

  it("refuses another borrower's order, and an order of another product, in the link and in the text", async () => {
    const owner = await t.newBorrower();
    const other = await t.newBorrower();
    const product = (await findProduct(t.db, cash()))!;
    const order = await createOrder(t.db, { borrower: { id: owner.borrowerId, isRepeat: false }, product, status: 170 }, t.clock.now());
    const jump = (session: SessionParams, productId: number) =>
      call(contractJumpRoute, session, { productId, scene: '3', position: 1, orderId: order.id, extraNumber: '1' });
    expect((await jump(owner.session, cash())).body.data.contract_url).toMatch(new RegExp(`/toIs\\?productId=${cash()}&position=1&orderId=${order.id}$`));
    const refused = { status: 404, body: { code: 404, message: 'This order was not found. Please check your orders and try again.', data: null } };
    expect(await jump(other.session, cash())).toMatchObject(refused);
    expect(await jump(owner.session, productIds[1]!)).toMatchObject(refused);
    expect(await content(other.session, 1, String(order.id))).toMatchObject(refused);
  });

  it("fills the Loan Agreement of a confirmed loan with the borrower's and the order's real figures", async () => {
    const { borrowerId, session } = await t.newBorrower({ name: 'Maria Santos', mobilePhone: '9175550101' });
    await call(loanDetailConfirmRoute, session, { productId: cash() });
    const pushed = await call(loanDetailPushRoute, session, { amount: '500000', periods: '91', termUnit: '1', productId: cash(), extraNumber: '1' });
    const orderId = Number(new URLSearchParams(pushed.body.data.lendDetailsUrl.split('?')[1]).get('orderId'));
    const order = (await loadOrder(t.db, orderId))!;
    expect(order.borrowerId).toBe(borrowerId);
    const created = dayToIsoDate(lenderDay(order.createdAt));
    const due = dayToIsoDate(lenderDay(order.plan[0]!.dueAt));

    const { body } = await content(session, 1, String(orderId));
    expect(body.code).toBe(0);
    expect(body.data.title).toBe('Loan Agreement');
    const text: string = body.data.body;
    expect(text).toContain(`LOAN AGREEMENT No. ${order.orderNo}`);
    expect(text).toContain('This agreement is made between Tala Test Lending Corp. ("the Lender") and Maria Santos, mobile number 9175550101 ("the Borrower"), through the PesoTest application.');
    expect(text).toContain('The Lender lends the Borrower PHP 5,000.00 under the product PesoNow Cash for a term of 91 calendar days.');
    expect(text).toContain(`The Borrower repays PHP 5,605.00, made of the principal, interest of PHP 455.00 and a service fee of PHP 150.00, by ${due} (expected)`);
    expect(text).toContain('Questions and complaints: help@pesotest.example or +63 2 8000 1111.');
    expect(text).not.toMatch(/\{\w+\}/);

    // Without an orderId, the text names the same pushed loan.
    expect((await content(session, 1)).body.data.body).toBe(text);

    const disclosure = (await content(session, 2, String(orderId))).body.data.body as string;
    expect(disclosure).toContain(`DISCLOSURE STATEMENT ON LOAN TRANSACTION — ${order.orderNo}`);
    expect(disclosure).toContain('2. Finance charges: interest PHP 455.00; service fee PHP 150.00.');
    expect(disclosure).toContain(`4. Term: 91 days, from ${created} (expected) to ${due} (expected).`);

    // Once paid out, the dates are the real ones.
    await t.db.transaction((tx) => moveOrder(tx, orderId, 110, t.clock.now()));
    await t.clock.advance(2 * 86_400_000);
    const disbursed = await t.db.transaction((tx) => moveOrder(tx, orderId, 170, t.clock.now()));
    const paidOut = (await content(session, 2, String(orderId))).body.data.body as string;
    expect(paidOut).toContain(`4. Term: 91 days, from ${dayToIsoDate(lenderDay(disbursed.disbursedAt!))} to ${dayToIsoDate(lenderDay(disbursed.plan[0]!.dueAt))}.`);
  });

  it('fills the agreement of a loan not yet confirmed with the offered figures and a pending order number', async () => {
    const { session } = await t.newBorrower({ mobilePhone: '9175550102' });
    const { body } = await content(session, 1);
    const text: string = body.data.body;
    expect(text).toContain(`LOAN AGREEMENT No. ${ORDER_NO_PENDING}`);
    expect(text).toContain(`and ${UNNAMED_BORROWER}, mobile number 9175550102`);
    expect(text).toContain('PHP 5,000.00 under the product PesoNow Cash');
    expect(text).toContain(`by ${dayToIsoDate(lenderDay(t.clock.now()) + 91)} (expected)`);
    expect(text).not.toMatch(/\{\w+\}/);
    expect((await content(session, 7)).body).toMatchObject({ code: 404, message: 'This agreement was not found.' });
  });

  const inLang = async (session: SessionParams, route: Route, fields: Record<string, string | number>, lang: string) => (await call(route, session, fields, lang)).body.data;
  const titles = async (session: SessionParams, productId: number, lang: string) =>
    ((await inLang(session, contractRoute, { productId, scene: '3' }, lang)).data as Array<{ title: string }>).map((a) => a.title);

  it("reads the lender's Filipino and Hindi texts, with the figures and our own words in the same language", async () => {
    const { session } = await t.newBorrower({ mobilePhone: '9175550201' });
    expect(await titles(session, cash(), 'fil')).toEqual(['Kasunduan sa Loan', 'Disclosure Statement']);
    expect(await titles(session, cash(), 'hi')).toEqual(['लोन समझौता', 'प्रकटीकरण विवरण']);
    const filipino = await inLang(session, agreementContentRoute, { productId: cash(), scene: '3', position: 1, orderId: '' }, 'fil');
    expect(filipino.title).toBe('Kasunduan sa Loan');
    // No order yet and no name on file: said in Filipino too, as are the expected dates.
    expect(filipino.body).toContain(`KASUNDUAN SA LOAN Blg. ${FIL.server!['(assigned when you confirm the loan)']}`);
    expect(filipino.body).toContain(`at ni ${FIL.server!['the account holder']}, mobile number 9175550201`);
    expect(filipino.body).toContain('Pinahihiram ng Nagpapautang ang Nanghihiram ng PHP 5,000.00 sa ilalim ng produktong PesoNow Cash');
    expect(filipino.body).toContain(FIL.server!['{date} (expected)']!.replace('{date}', dayToIsoDate(lenderDay(t.clock.now()) + 91)));
    expect(filipino.body).not.toMatch(/\{\w+\}|expected|LOAN AGREEMENT/);
    const hindi = await inLang(session, agreementContentRoute, { productId: cash(), scene: '3', position: 2, orderId: '' }, 'hi');
    expect(hindi.body).toContain('1. ऋण राशि: PHP 5,000.00।');
    // The pseudo-locale has no agreements of its own: the English ones.
    expect((await inLang(session, agreementContentRoute, { productId: cash(), scene: '3', position: 1, orderId: '' }, 'qps')).title).toBe('Loan Agreement');
  });

  it("reads a text the lender keeps only in English in English, and a product's own English text before a general translation", async () => {
    const { session } = await t.newBorrower();
    const other = productIds[2]!;
    await t.db.query(`INSERT INTO agreements (product_id, scene, position, title, body) VALUES (NULL, 3, 3, 'Privacy Notice', 'We keep your data.')`);
    await t.db.query(`INSERT INTO agreements (product_id, scene, position, title, body) VALUES ($1, 3, 2, 'Own Disclosure', 'Own body {productName}')`, [other]);
    expect(await titles(session, cash(), 'hi')).toEqual(['लोन समझौता', 'प्रकटीकरण विवरण', 'Privacy Notice']);
    expect(await titles(session, other, 'fil')).toEqual(['Kasunduan sa Loan', 'Own Disclosure', 'Privacy Notice']);
    // Once the lender adds its translation, it is read.
    await t.db.query(`INSERT INTO agreements (product_id, scene, position, title, body, lang) VALUES ($1, 3, 2, 'Own Disclosure (Filipino)', 'Own {productName} sa Filipino', 'fil')`, [other]);
    const productName = (await findProduct(t.db, other))!.name;
    expect(await inLang(session, agreementContentRoute, { productId: other, scene: '3', position: 2, orderId: '' }, 'fil')).toEqual({ title: 'Own Disclosure (Filipino)', body: `Own ${productName} sa Filipino` });
    // A language the database does not know is refused there, not stored.
    await expect(t.db.query(`INSERT INTO agreements (product_id, scene, position, title, body, lang) VALUES (NULL, 3, 4, 'x', 'y', 'Filipino!')`)).rejects.toThrow();
  });
});

describe('fillAgreement', () => {
  const figures = {
    lenderName: 'L',
    appName: 'A',
    borrowerName: '  ',
    mobilePhone: '1',
    orderNo: null,
    productName: 'P',
    principalMinor: 100_005,
    interestMinor: 7,
    feeMinor: 0,
    termDays: 91,
    startsAt: new Date('2026-11-01T02:00:00Z'),
    endsAt: new Date('2027-01-31T02:00:00Z'),
    expected: false,
    serviceEmail: 'e',
    servicePhone: 'p',
  };

  it('writes amounts grouped with 2 decimals and leaves an unknown placeholder as written', () => {
    expect(plainAmount(5)).toBe('0.05');
    expect(fillAgreement('{principal}+{interest}={totalRepayment} {nope} {borrowerName}', figures)).toBe(`1,000.05+0.07=1,000.12 {nope} ${UNNAMED_BORROWER}`);
    expect(fillAgreement('{disbursementDate}..{dueDate}', figures)).toBe('2026-11-01..2027-01-31');
  });
});
