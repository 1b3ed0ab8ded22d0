/**
 * Issue 24: the server runs as several stateless processes on one database, so every limit and every
 * idempotency key lives in the database, not in a process's memory. Two apps on ONE database (as two
 * server processes): a limit reached through app A holds through app B, and a key claimed through A
 * replays through B, for the limits that matter most (the others are counted in the database the
 * same way: see the tables each one's store names).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callUrlPath,
  generateVcodeRoute,
  getCaptchaRoute,
  getSidRoute,
  getSmsRoute,
  problemSaveRoute,
  registerRoute,
  repaymentCommitRoute,
  repaymentConfirmRoute,
  repaymentWayRoute,
  STAFF_LIMITS,
  STAFF_MESSAGES,
  uploadProblemImgRoute,
  type Route,
  type SessionParams,
} from '@cashloan/contract';
import { createTestApp, form, FORM_HEADERS, openTestDb, query, type TestApp } from '../../test-support/test-app.ts';
import { IMAGES, multipart } from '../../test-support/test-images.ts';
import { STAFF_TEST_PASSWORD } from '../../test-support/staff.ts';
import { createStaff } from '../../staff/accounts/service.ts';
import { seedCatalog } from '../../seed/demo.ts';
import { createOrder, findProduct } from '../../domain/orders/service.ts';
import { OPS_WRONG_TOKENS_PER_MINUTE } from '../../ops/routes.ts';
import { addRepaymentCard } from '../../domain/bank-cards/card-on-file.ts';
import { CODE_CHECKS_PER_REPAYMENT, CODE_MESSAGES } from '../../modules/card-repayment/codes.ts';
import { MESSAGES as COMPLAINT_MESSAGES } from '../../modules/complaints/service.ts';
import { UPLOADS_PER_HOUR } from '../../modules/complaints/upload-quota.ts';
import { LIMITS as PROMOTION_LIMITS, MESSAGES as PROMOTION_MESSAGES } from '../../modules/promotion/service.ts';

let a: TestApp;
let b: TestApp;
let productIds: number[];
beforeAll(async () => {
  const db = await openTestDb();
  a = await createTestApp({}, undefined, { db });
  // The second process: the same database (closed once, by the first), the same card-data keys and ops token.
  b = await createTestApp({ CARD_DATA_KEYS: a.config.CARD_DATA_KEYS, CARD_HASH_KEY: a.config.CARD_HASH_KEY }, undefined, { db: { ...db, close: async () => undefined } });
  productIds = await seedCatalog(a.db);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const OPS = { authorization: 'Bearer test-ops-token-of-the-server-tests' };

describe('two processes on one database share every limit', () => {
  it('the ops token throttle: wrong tokens counted through A hold the address back through B, the right token too', async () => {
    const from = (t: TestApp, token: string) => t.app.inject({ method: 'GET', url: '/ops/clock', headers: { authorization: `Bearer ${token}` }, remoteAddress: '10.24.0.1' });
    const wrong = `${a.config.OPS_TOKEN}x`;
    for (let i = 0; i < OPS_WRONG_TOKENS_PER_MINUTE; i++) expect((await from(i % 2 ? b : a, wrong)).statusCode).toBe(401);
    expect((await from(b, wrong)).statusCode).toBe(429);
    expect((await from(b, b.config.OPS_TOKEN!)).statusCode).toBe(429);
    expect((await from(a, a.config.OPS_TOKEN!)).statusCode).toBe(429);
  });

  it('an Idempotency-Key claimed through A replays its answer through B, and a changed payload is refused there', async () => {
    const { borrowerId, session } = await a.newBorrower();
    const product = (await findProduct(a.db, productIds[0]!))!;
    const order = await a.db.transaction((tx) => createOrder(tx, { borrower: { id: borrowerId, isRepeat: false }, product, status: 174, dueInDays: 1 }, a.clock.now()));
    const send = (t: TestApp, channelNumber: string) =>
      t.app.inject({
        method: 'POST',
        url: `${callUrlPath(generateVcodeRoute)}?${query(session as unknown as Record<string, string>)}`,
        headers: { ...FORM_HEADERS, 'idempotency-key': 'shared-key-1' },
        payload: form({ productId: order.productId, orderId: order.id, amount: 560_500, channelNumber }),
      });
    const first = await send(a, '90006');
    expect(first.json().code).toBe(0);
    const again = await send(b, '90006');
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await send(b, '90007')).statusCode).toBe(422);
    expect((await b.db.query('SELECT 1 FROM pay_codes WHERE order_id = $1', [order.id])).rows).toHaveLength(1);
  });

  it(`the upload quota: ${UPLOADS_PER_HOUR} an hour per borrower, whichever process took them`, async () => {
    const me = await a.newBorrower();
    const upload = (t: TestApp) =>
      t.app.inject({ method: 'POST', url: `${callUrlPath(uploadProblemImgRoute)}?${query(me.session)}`, ...multipart('problemImage', { name: 'a.png', type: 'image/png', bytes: IMAGES.png }) });
    for (let i = 0; i < UPLOADS_PER_HOUR; i++) expect((await upload(i % 2 ? b : a)).statusCode).toBe(200);
    for (const t of [b, a]) {
      const refused = await upload(t);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(COMPLAINT_MESSAGES.tooManyUploads);
    }
  });

  it('a complaint sent again through the other process is the same complaint (its fingerprint is in the database)', async () => {
    const me = await a.newBorrower();
    const save = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: `${callUrlPath(problemSaveRoute)}?${query(me.session)}`,
        headers: FORM_HEADERS,
        payload: form({ problemType: '5', problemDetail: 'Sent twice by a retry.', problemImage: '' }),
      });
    const first = (await save(a)).json() as { code: string; data: { problemId: number } };
    const retry = (await save(b)).json() as { code: string; data: { problemId: number } };
    expect([first.code, retry.code]).toEqual(['00', '00']);
    expect(retry.data.problemId).toBe(first.data.problemId);
  });

  it('verification-code tries: wrong codes entered through A and B together kill the code on the 5th, for both', async () => {
    const ip = '10.24.0.2';
    const phone = '13902400001';
    const get = (t: TestApp, route: Route, params: Record<string, string>) => t.app.inject({ method: 'GET', url: `${callUrlPath(route)}?${query(params)}`, remoteAddress: ip });
    const post = async (t: TestApp, route: Route, payload: Record<string, string>) =>
      (await t.app.inject({ method: 'POST', url: callUrlPath(route), headers: FORM_HEADERS, payload: form(payload), remoteAddress: ip })).json() as { code: number; message: string };
    // The captcha session made through A is drawn and answered through B.
    const sid = String((await get(a, getSidRoute, { templateId: '1' })).json().data.sid);
    expect((await get(b, getCaptchaRoute, { sid, timestamp: String(Date.now()) })).statusCode).toBe(200);
    const capcode = (await a.app.inject({ method: 'GET', url: `/ops/captchas/${sid}`, headers: OPS })).json().data.answer as string;
    expect((await post(b, getSmsRoute, { phone, capcode, sid })).code).toBe(0);
    const outbox = (await a.app.inject({ method: 'GET', url: `/ops/sms-outbox?phone=${phone}`, headers: OPS })).json().data.items[0].body as string;
    const code = /\b(\d{6})\b/.exec(outbox)![1]!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i < PROMOTION_LIMITS.wrongTriesPerCode; i++) {
      expect(await post(i % 2 ? a : b, registerRoute, { phone, capcode, sid, smsCode: wrong })).toMatchObject({ code: 409, message: PROMOTION_MESSAGES.wrongCode });
    }
    expect((await post(a, registerRoute, { phone, capcode, sid, smsCode: wrong })).message).toBe(PROMOTION_MESSAGES.codeDead);
    expect((await post(b, registerRoute, { phone, capcode, sid, smsCode: code })).message).toBe(PROMOTION_MESSAGES.codeDead);
    // The resend interval is the phone's, not the process's.
    expect((await post(a, getSmsRoute, { phone, capcode, sid })).code).not.toBe(0);
  });

  it(`card repayment codes: ${CODE_CHECKS_PER_REPAYMENT} checks per repayment, wrong codes sent through A and B together`, async () => {
    const { borrowerId, session } = await a.newBorrower();
    const product = (await findProduct(a.db, productIds[0]!))!;
    const order = await a.db.transaction((tx) => createOrder(tx, { borrower: { id: borrowerId, isRepeat: false }, product, status: 174, dueInDays: 1 }, a.clock.now()));
    const { card } = await addRepaymentCard(a.db, a.cardData, { borrowerId, bankName: 'BDO Unibank', bankCode: 'BDO', cardNo: '4000123412344821', now: a.clock.now() });
    const call = async (t: TestApp, route: Route, payload: Record<string, string | number>) =>
      (await t.app.inject({ method: 'POST', url: `${callUrlPath(route)}?${query(session as unknown as Record<string, string>)}`, headers: FORM_HEADERS, payload: form(payload) })).json();
    const way = (await call(a, repaymentWayRoute, { orderId: order.id })).data;
    const committed = await call(b, repaymentCommitRoute, {
      amount: way.repayAmount,
      bankName: card.bankName,
      cardId: card.id,
      cardNo: card.maskedNo,
      couponId: '',
      orderId: order.id,
      repayToken: way.repayToken,
      bankCode: card.bankCode,
      sendMsg: '1',
    });
    expect(committed).toMatchObject({ code: '00', data: { needValid: 1 } });
    const repaymentRecordId = committed.data.repayRecordId as number;
    const { rows } = await a.db.query<{ body: string }>('SELECT body FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 1', [session.mobilePhone]);
    const code = /\b(\d{6})\b/.exec(rows[0]!.body)![1]!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const answers = [];
    for (let i = 0; i < CODE_CHECKS_PER_REPAYMENT; i++) answers.push((await call(i % 2 ? b : a, repaymentConfirmRoute, { orderId: order.id, verifyCode: wrong, repaymentRecordId })).code);
    expect(answers).toEqual([...Array(CODE_CHECKS_PER_REPAYMENT - 1).fill('800006'), '800007']);
    expect(await call(b, repaymentConfirmRoute, { orderId: order.id, verifyCode: code, repaymentRecordId })).toEqual({ code: '800007', message: CODE_MESSAGES.checksUsed, data: null });
  });

  it('the staff sign-in lockout: wrong passwords through A lock the email through B; a session opened through A works through B', async () => {
    await createStaff(a.db, { email: 'shared@lender.test', name: 'Shared Person', roles: ['agent'], password: STAFF_TEST_PASSWORD }, a.clock.now());
    await createStaff(a.db, { email: 'other@lender.test', name: 'Other Person', roles: ['agent'], password: STAFF_TEST_PASSWORD }, a.clock.now());
    const signIn = (t: TestApp, email: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/staff/api/sign-in', headers: { 'content-type': 'application/json' }, payload: { email, password } });
    for (let i = 0; i < STAFF_LIMITS.lockoutFailures; i++) expect((await signIn(i % 2 ? b : a, 'shared@lender.test', `wrong ${i}`)).statusCode).toBe(401);
    const locked = await signIn(b, 'shared@lender.test', STAFF_TEST_PASSWORD);
    expect(locked.statusCode).toBe(401);
    expect(locked.json().message).toBe(STAFF_MESSAGES.signInFailed);

    const opened = await signIn(a, 'other@lender.test', STAFF_TEST_PASSWORD);
    expect(opened.statusCode).toBe(200);
    const cookie = opened.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const session = await b.app.inject({ method: 'GET', url: '/staff/api/me', headers: { cookie } });
    expect(session.statusCode).toBe(200);
    // Password hashing is slow on purpose: seven sign-ins on a busy machine.
  }, 120_000);

  it('a borrower session made through A is one through B', async () => {
    const me: { session: SessionParams } = await a.newBorrower();
    const res = await b.app.inject({ method: 'POST', url: `${callUrlPath(problemSaveRoute)}?${query(me.session)}`, headers: FORM_HEADERS, payload: form({ problemType: '5', problemDetail: 'Hello.', problemImage: '' }) });
    expect(res.json().code).toBe('00');
  });
});
