import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUrlPath, contactKfInfoRoute } from '@cashloan/contract';
import { createTestApp, form, FORM_HEADERS, type TestApp } from '../test-support/test-app.ts';
import { seedCatalog } from '../seed/demo.ts';
import { DAY_MS } from '../platform/clock/clock.ts';
import { daysBetween } from '../loan-terms/calendar.ts';
import { OPS_WRONG_TOKENS_PER_MINUTE } from './routes.ts';

describe('the ops back office', () => {
  let t: TestApp;
  let productIds: number[];
  let auth: Record<string, string>;

  const post = (url: string, payload?: unknown) => t.app.inject({ method: 'POST', url, headers: auth, ...(payload === undefined ? {} : { payload: payload as object }) });
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: auth });
  async function newOrder(body: Record<string, unknown>) {
    const { borrowerId } = await t.newBorrower(body.isRepeat ? { isRepeat: true } : {});
    const res = await post('/ops/orders', { borrowerId, ...body, isRepeat: undefined });
    expect(res.json(), JSON.stringify(res.json())).toMatchObject({ code: 0 });
    return res.json().data as { orderId: number; orderNo: string; productId: number; status: number; shownStatus: number; pageQuery: string; path: string };
  }
  const orderRow = async (id: number) =>
    (await t.db.query<{ status: number; paid_minor: number; due_at: Date; settled_at: Date | null; rollover_count: number }>('SELECT * FROM orders WHERE id = $1', [id])).rows[0]!;
  const paymentsOf = async (orderId: number) =>
    (await t.db.query('SELECT pm.* FROM payments pm JOIN pay_codes pc ON pc.id = pm.pay_code_id WHERE pc.order_id = $1', [orderId])).rows;

  beforeAll(async () => {
    t = await createTestApp();
    auth = { authorization: `Bearer ${t.config.OPS_TOKEN}` };
    productIds = await t.db.transaction((tx) => seedCatalog(tx));
  });
  afterAll(() => t.close());

  describe('authorisation', () => {
    const endpoints: Array<[string, string]> = [
      ['POST', '/ops/borrowers'],
      ['POST', '/ops/orders'],
      ['GET', '/ops/orders/1'],
      ['POST', '/ops/orders/1/status'],
      ['POST', '/ops/pay-codes'],
      ['POST', '/ops/pay-codes/123456789012/paid'],
      ['GET', '/ops/clock'],
      ['POST', '/ops/clock/advance'],
      ['GET', '/ops/complaints'],
      ['GET', '/ops/complaints/1'],
      ['POST', '/ops/complaints/1/reply'],
      ['POST', '/ops/complaints/1/backdate'],
      ['GET', '/ops/sms-outbox'],
      ['GET', '/ops/captchas/abc'],
      ['POST', '/ops/staff'],
      ['GET', '/ops/staff/totp-code?email=a@b.test'],
    ];
    it('refuses every endpoint without the token or with a wrong one', async () => {
      let caller = 0;
      for (const [method, url] of endpoints) {
        for (const headers of [{}, { authorization: 'Bearer wrong' }, { authorization: t.config.OPS_TOKEN! }]) {
          // One address each: wrong tokens from one address are throttled (below).
          const remoteAddress = `10.9.0.${++caller}`;
          const res = await t.app.inject({ method: method as 'GET' | 'POST', url, headers, remoteAddress, payload: method === 'POST' ? { days: 1 } : undefined });
          expect(res.statusCode, `${method} ${url}`).toBe(401);
          expect(res.json()).toEqual({ code: 401, message: 'Ops token missing or wrong', data: null });
        }
      }
    });

    it(`throttles wrong tokens per address: ${OPS_WRONG_TOKENS_PER_MINUTE} a minute, then 429 for every request from it (the right token too) until the minute is over`, async () => {
      const from = (remoteAddress: string, token: string) =>
        t.app.inject({ method: 'GET', url: '/ops/clock', headers: { authorization: `Bearer ${token}` }, remoteAddress });
      const wrong = `${t.config.OPS_TOKEN}x`;
      for (let i = 0; i < OPS_WRONG_TOKENS_PER_MINUTE; i++) expect((await from('10.8.0.1', wrong)).statusCode).toBe(401);
      const throttled = await from('10.8.0.1', wrong);
      expect(throttled.statusCode).toBe(429);
      expect(throttled.json().message).toMatch(/^Too many wrong ops tokens from this address\. Try again in \d+ s\.$/);
      expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
      expect((await from('10.8.0.1', t.config.OPS_TOKEN!)).statusCode).toBe(429);
      // Another address is not held back, and the first may try again a minute later.
      expect((await from('10.8.0.2', t.config.OPS_TOKEN!)).statusCode).toBe(200);
      await t.clock.advance(61_000);
      expect((await from('10.8.0.1', t.config.OPS_TOKEN!)).statusCode).toBe(200);
      // Sent together, 30 wrong tokens get at most 10 answers that tell anything.
      const answers = await Promise.all(Array.from({ length: 30 }, () => from('10.8.0.3', wrong)));
      expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(OPS_WRONG_TOKENS_PER_MINUTE);
      expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(30 - OPS_WRONG_TOKENS_PER_MINUTE);
    });

    it('is not mounted at all without OPS_TOKEN', async () => {
      const closed = await createTestApp({ OPS_TOKEN: undefined });
      try {
        const res = await closed.app.inject({ method: 'GET', url: '/ops/clock', headers: auth });
        expect(res.statusCode).toBe(404);
      } finally {
        await closed.close();
      }
    });
  });

  describe('POST /ops/orders', () => {
    it('creates an order of the first product by default, with a ready page query that opens a session', async () => {
      const { borrowerId, session } = await t.newBorrower();
      const res = await post('/ops/orders', { borrowerId, status: 170, isDelay: '1', KindTipsMsg: 'Mind the due date', cardNeedPop: 1, cardPopTitle: 'T', cardPopMsg: 'M', isScore: 1, reyMsg: 'r', playeduL: '', h5Url: '/allowedAlso' });
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({ productId: productIds[0], borrowerId, status: 170, shownStatus: 170, session });
      expect(data.orderNo).toMatch(/^PN\d{12}$/);
      expect(data.pageQuery).toBe(new URLSearchParams({ ...session, productId: String(productIds[0]), orderId: String(data.orderId) }).toString());
      expect(data.path).toBe(`/allIt?${data.pageQuery}`);
      const row = (await t.db.query<Record<string, unknown>>('SELECT * FROM orders WHERE id = $1', [data.orderId])).rows[0]!;
      expect(row).toMatchObject({ is_delay: '1', kind_tips_msg: 'Mind the due date', card_need_pop: 1, card_pop_title: 'T', card_pop_msg: 'M', is_score: '1', rey_msg: 'r', h5_url: '/allowedAlso' });
      const sessionQuery = new URLSearchParams(data.pageQuery);
      sessionQuery.delete('productId');
      sessionQuery.delete('orderId');
      const api = await t.app.inject({ method: 'POST', url: `${callUrlPath(contactKfInfoRoute)}?${sessionQuery}`, headers: FORM_HEADERS, payload: form({ overall: 30 }) });
      expect(api.json().code).toBe(0);
    });

    it('finds the borrower by userId and takes the product, amount and timeline given', async () => {
      const { session } = await t.newBorrower();
      const res = await post('/ops/orders', { userId: session.userId, productId: productIds[1], status: 180, amount: 250_000, dueInDays: -40 });
      const data = res.json().data;
      expect(data).toMatchObject({ productId: productIds[1], status: 180, shownStatus: 180 });
      const view = (await get(`/ops/orders/${data.orderId}`)).json().data;
      expect(view.order.principalMinor).toBe(250_000);
      expect(view.position.daysOverdue).toBe(40);
      // PesoNow Plus of ₱2,500 is inside the SEC caps: the penalty stops at the late allowance,
      // ₱2,815.00 overdue × 40 days × 5% / 30 = ₱187.66 (docs/loan-terms.md).
      expect(view.position.penaltyMinor).toBe(18_766);
      expect(view.order.plan).toHaveLength(1);
    });

    it('opens a fresh session for the page query when the borrower has none live', async () => {
      const { borrowerId, session } = await t.newBorrower();
      await t.db.query('UPDATE sessions SET expires_at = $2 WHERE id = $1', [session.sessionId, t.clock.now()]);
      const data = (await post('/ops/orders', { borrowerId, status: 21 })).json().data;
      expect(data.session).toMatchObject({ deviceId: 'ops-device', userId: session.userId, mobilePhone: session.mobilePhone });
      expect(data.session.sessionId).not.toBe(session.sessionId);
      expect(new URLSearchParams(data.pageQuery).get('sessionId')).toBe(data.session.sessionId);
    });

    it('creates orders in every status with a plan that agrees with it', async () => {
      for (const status of [21, 110, 151, 170, 174, 180, 200]) {
        const created = await newOrder({ status, productId: productIds[2] });
        const view = (await get(`/ops/orders/${created.orderId}`)).json().data;
        expect(view.shownStatus, String(status)).toBe(status);
        expect(view.order.plan).toHaveLength(status === 151 ? 0 : 3);
        expect(view.order.disbursedAt === null).toBe([21, 110, 151].includes(status));
        if (status === 200) {
          expect(view.order.paidMinor).toBe(view.order.principalMinor + view.order.interestMinor + view.order.feeMinor);
          expect(view.order.settledAt).not.toBeNull();
          expect(view.position.totalOwedMinor).toBe(0);
        }
      }
    });

    it('names the bad field', async () => {
      const { borrowerId } = await t.newBorrower();
      const cases: Array<[Record<string, unknown>, RegExp]> = [
        [{ status: 170 }, /^borrowerId or userId is required$/],
        [{ borrowerId, status: 171 }, /^status must be one of 21, 110, 151, 170, 174, 180, 200$/],
        [{ borrowerId }, /status/],
        [{ borrowerId, status: 170, isDelay: '2' }, /^isDelay must be 0 or 1$/],
        [{ borrowerId, status: 170, amount: -5 }, /^amount: /],
        [{ borrowerId, status: 174, dueInDays: 10 }, /^dueInDays: that timeline makes the order 170/],
        [{ borrowerId, status: 180, disbursedDaysAgo: 3 }, /^disbursedDaysAgo: that timeline makes the order 170/],
        [{ borrowerId, status: 21, dueInDays: 3 }, /dueInDays and disbursedDaysAgo do not apply to status 21/],
        [{ borrowerId, status: 170, dueInDays: 30, disbursedDaysAgo: 5 }, /^dueInDays: give dueInDays or disbursedDaysAgo, not both$/],
        [{ borrowerId, status: 170, kindTipsMsg: 'typo' }, /kindTipsMsg/],
      ];
      for (const [body, message] of cases) {
        const res = await post('/ops/orders', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().code).toBe(400);
        expect(res.json().message).toMatch(message);
      }
      const missing = await post('/ops/orders', { borrowerId: 999_999, status: 170 });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('borrowerId 999999 does not exist');
    });
  });

  describe('POST /ops/orders/:id/status', () => {
    it('moves an order through review and disbursement, re-dating the plan from disbursement', async () => {
      const created = await newOrder({ status: 21 });
      expect((await post(`/ops/orders/${created.orderId}/status`, { status: 110 })).json().data.shownStatus).toBe(110);
      await t.clock.advance(2 * DAY_MS);
      const disbursed = (await post(`/ops/orders/${created.orderId}/status`, { status: 170 })).json().data;
      expect(disbursed.shownStatus).toBe(170);
      expect(new Date(disbursed.order.disbursedAt).getTime()).toBe(t.clock.now().getTime());
      expect(daysBetween(t.clock.now(), new Date(disbursed.order.plan[0].dueAt))).toBe(91);
      const back = await post(`/ops/orders/${created.orderId}/status`, { status: 110 });
      expect(back.statusCode).toBe(409);
      const settle = await post(`/ops/orders/${created.orderId}/status`, { status: 200 });
      expect(settle.statusCode).toBe(400);
      expect(settle.json().message).toBe('status must be one of 110, 151, 170');
      const refused = await post(`/ops/orders/${created.orderId}/status`, { status: 151 });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/cannot move from 170 to 151/);
    });

    it('rejects an order in review and drops its plan', async () => {
      const created = await newOrder({ status: 21 });
      const rejected = (await post(`/ops/orders/${created.orderId}/status`, { status: 151 })).json().data;
      expect(rejected.shownStatus).toBe(151);
      expect(rejected.order.plan).toEqual([]);
    });
  });

  describe('the clock', () => {
    it('advances by days, and the shown status follows it', async () => {
      const created = await newOrder({ status: 170, disbursedDaysAgo: 0 });
      const before = (await get('/ops/clock')).json().data;
      expect(before.now).toBe(t.clock.now().toISOString());

      const toDue = (await post('/ops/clock/advance', { days: 88 })).json().data;
      expect(new Date(toDue.now).getTime() - new Date(before.now).getTime()).toBe(88 * DAY_MS);
      expect(toDue.offsetMs - before.offsetMs).toBe(88 * DAY_MS);
      expect((await get(`/ops/orders/${created.orderId}`)).json().data.shownStatus).toBe(174);

      await post('/ops/clock/advance', { days: 4 });
      const overdue = (await get(`/ops/orders/${created.orderId}`)).json().data;
      expect(overdue.shownStatus).toBe(180);
      expect(overdue.order.status).toBe(170);
      expect(overdue.position.daysOverdue).toBe(1);
      expect((await get('/ops/clock')).json().data.now).toBe(t.clock.now().toISOString());
    });

    it('names a bad days value', async () => {
      for (const [body, message] of [
        [{ days: 0 }, 'days must not be 0'],
        [{ days: 'x' }, 'days must be a number'],
        [{}, 'days must be a number'],
      ] as const) {
        const res = await post('/ops/clock/advance', body);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(message);
      }
    });
  });

  describe('pay codes', () => {
    it('applies a paid repay code exactly once, however often the provider repeats it', async () => {
      const created = await newOrder({ status: 180, dueInDays: -3 });
      const owed = (await get(`/ops/orders/${created.orderId}`)).json().data.position.totalOwedMinor;
      const code = (await post('/ops/pay-codes', { orderId: created.orderId, purpose: 'repay' })).json().data;
      expect(code).toMatchObject({ amountMinor: owed, purpose: 'repay', channelNumber: '90006', status: 'live' });
      expect(code.code).toMatch(/^\d{12}$/);

      const first = await post(`/ops/pay-codes/${code.code}/paid`, { providerRef: 'PRV-1' });
      expect(first.json()).toMatchObject({ code: 0, message: 'success' });
      expect(first.json().data).toMatchObject({ outcome: 'settled', amountMinor: owed, providerRef: 'sandbox:PRV-1', order: { status: 200, paidMinor: owed } });
      const second = await post(`/ops/pay-codes/${code.code}/paid`, { providerRef: 'PRV-1' });
      const third = await post(`/ops/pay-codes/${code.code}/paid`);
      for (const again of [second, third]) {
        expect(again.json().message).toBe('already applied');
        expect(again.json().data).toEqual(first.json().data);
      }
      const row = await orderRow(created.orderId);
      expect(Number(row.paid_minor)).toBe(owed);
      expect(row.status).toBe(200);
      expect(row.settled_at).not.toBeNull();
      expect(await paymentsOf(created.orderId)).toHaveLength(1);
      expect((await get(`/ops/orders/${created.orderId}`)).json().data).toMatchObject({ shownStatus: 200, position: { totalOwedMinor: 0 } });
    });

    it('applies two simultaneous notifications of one code once', async () => {
      await t.clock.advance(1); // a fresh moment so this order's code is new
      const created = await newOrder({ status: 174 });
      const code = (await post('/ops/pay-codes', { orderId: created.orderId, purpose: 'repay' })).json().data;
      const [a, b] = await Promise.all([post(`/ops/pay-codes/${code.code}/paid`), post(`/ops/pay-codes/${code.code}/paid`)]);
      expect([a.json().message, b.json().message].sort()).toEqual(['already applied', 'success']);
      expect(Number((await orderRow(created.orderId)).paid_minor)).toBe(code.amountMinor);
      expect(await paymentsOf(created.orderId)).toHaveLength(1);
    });

    it('refuses a provider reference already used for another code', async () => {
      const one = await newOrder({ status: 174 });
      const two = await newOrder({ status: 174 });
      const c1 = (await post('/ops/pay-codes', { orderId: one.orderId, purpose: 'repay' })).json().data;
      const c2 = (await post('/ops/pay-codes', { orderId: two.orderId, purpose: 'repay' })).json().data;
      expect((await post(`/ops/pay-codes/${c1.code}/paid`, { providerRef: 'SAME' })).json().code).toBe(0);
      const clash = await post(`/ops/pay-codes/${c2.code}/paid`, { providerRef: 'SAME' });
      expect(clash.statusCode).toBe(409);
      expect(Number((await orderRow(two.orderId)).paid_minor)).toBe(0);
    });

    it('rolls an overdue order over: due date moved by the term, back to 170, base still owed', async () => {
      const created = await newOrder({ status: 180, dueInDays: -2, isDelay: '1' });
      const before = await orderRow(created.orderId);
      const code = (await post('/ops/pay-codes', { orderId: created.orderId, purpose: 'rollover', channelNumber: '90008' })).json().data;
      expect(code.channelNumber).toBe('90008');
      const paid = (await post(`/ops/pay-codes/${code.code}/paid`)).json().data;
      expect(paid).toMatchObject({ outcome: 'rolled_over', order: { status: 170 } });
      const after = await orderRow(created.orderId);
      expect(after.status).toBe(170);
      expect(after.rollover_count).toBe(1);
      expect(daysBetween(before.due_at, after.due_at)).toBe(91);
      expect(Number(after.paid_minor)).toBe(code.amountMinor);
      const view = (await get(`/ops/orders/${created.orderId}`)).json().data;
      expect(view.shownStatus).toBe(170);
      expect(view.position.totalOwedMinor).toBe(view.order.principalMinor + view.order.interestMinor + view.order.feeMinor);
    });

    it('refuses rollover without isDelay, early repayment before half the term, and unknown codes', async () => {
      const noDelay = await newOrder({ status: 174 });
      const rollover = await post('/ops/pay-codes', { orderId: noDelay.orderId, purpose: 'rollover' });
      expect(rollover.statusCode).toBe(409);
      expect(rollover.json().message).toMatch(/cannot be rolled over/);

      const early = await newOrder({ status: 170, disbursedDaysAgo: 10 });
      const tooEarly = await post('/ops/pay-codes', { orderId: early.orderId, purpose: 'repay' });
      expect(tooEarly.statusCode).toBe(409);
      expect(tooEarly.json().message).toMatch(/^Early repayment opens on \d{4}-\d{2}-\d{2}$/);

      const inReview = await newOrder({ status: 21 });
      expect((await post('/ops/pay-codes', { orderId: inReview.orderId, purpose: 'repay' })).statusCode).toBe(409);
      expect((await post('/ops/pay-codes', { orderId: noDelay.orderId, purpose: 'refund' })).json().message).toBe("purpose must be 'repay' or 'rollover'");
      expect((await post('/ops/pay-codes', { orderId: noDelay.orderId, purpose: 'repay', channelNumber: '1' })).json().message).toMatch(/channelNumber 1 is not an active/);
      expect((await post('/ops/pay-codes/999999999999/paid')).statusCode).toBe(404);
    });

    it('reuses the live code for the same order, channel, amount and purpose', async () => {
      const created = await newOrder({ status: 174 });
      const a = (await post('/ops/pay-codes', { orderId: created.orderId, purpose: 'repay' })).json().data;
      const b = (await post('/ops/pay-codes', { orderId: created.orderId, purpose: 'repay' })).json().data;
      expect(b.code).toBe(a.code);
    });
  });

  describe('complaint backdating (test data)', () => {
    it('files a complaint days earlier, so it is past its promised answer date, and names what was wrong', async () => {
      const { borrowerId } = await t.newBorrower();
      const filedAt = t.clock.now();
      const { rows } = await t.db.query<{ id: number }>(
        `INSERT INTO complaints (ticket_no, borrower_id, problem_type, detail, created_at) VALUES ('CMP-20261101-9002', $1, '2', 'Late answer', $2) RETURNING id`,
        [borrowerId, filedAt],
      );
      const id = Number(rows[0]!.id);
      expect((await post(`/ops/complaints/${id}/backdate`, { days: 10 })).statusCode).toBe(200);
      const stored = (await t.db.query<{ created_at: Date }>('SELECT created_at FROM complaints WHERE id = $1', [id])).rows[0]!;
      expect(filedAt.getTime() - stored.created_at.getTime()).toBe(10 * 86_400_000);
      expect((await post(`/ops/complaints/${id}/backdate`, { days: 0 })).json().message).toBe('days must be 1 to 400');
      expect((await post('/ops/complaints/999999/backdate', { days: 1 })).statusCode).toBe(404);
    });
  });

  describe('complaint replies', () => {
    it('stores the reply on the complaint', async () => {
      const { borrowerId } = await t.newBorrower();
      const { rows } = await t.db.query<{ id: number }>(
        `INSERT INTO complaints (ticket_no, borrower_id, problem_type, detail, images, created_at) VALUES ('CMP-20261101-9001', $1, '2', 'Payment not posted', '["/uploads/r1.png"]', $2) RETURNING id`,
        [borrowerId, t.clock.now()],
      );
      const id = Number(rows[0]!.id);
      const res = await post(`/ops/complaints/${id}/reply`, { disposeDetail: 'Posted now, sorry.', disposeImages: ['/uploads/r1.png'], isNeedScore: 1 });
      expect(res.json().data).toMatchObject({ id, disposeDetail: 'Posted now, sorry.', disposeImages: ['/uploads/r1.png'], isNeedScore: 1 });
      const stored = (await t.db.query<Record<string, unknown>>('SELECT * FROM complaints WHERE id = $1', [id])).rows[0]!;
      expect(stored).toMatchObject({ dispose_detail: 'Posted now, sorry.', dispose_images: ['/uploads/r1.png'], is_need_score: 1 });
      expect(stored.replied_at).not.toBeNull();

      expect((await post(`/ops/complaints/${id}/reply`, {})).json().message).toBe('disposeDetail or disposeImages is required');
      expect((await post(`/ops/complaints/${id}/reply`, { disposeDetail: 'x', disposeImages: Array(10).fill('/u.png') })).json().message).toBe(
        'disposeImages holds at most 9 images',
      );
      expect((await post('/ops/complaints/999999/reply', { disposeDetail: 'x' })).statusCode).toBe(404);
      expect((await post('/ops/complaints/abc/reply', { disposeDetail: 'x' })).json().message).toBe('id must be a number');
      // Only the borrower's own images of this complaint, or uploads made for a reply: not any URL.
      const foreign = await post(`/ops/complaints/${id}/reply`, { disposeDetail: 'x', disposeImages: ['https://elsewhere.example/x.png'] });
      expect(foreign.json()).toMatchObject({ code: 400, message: 'disposeImages: an image must be one the borrower sent with this complaint or one uploaded for a reply.' });
    });
  });

  describe('dev SMS outbox and captchas', () => {
    it('lists the outbox, newest first, for one phone', async () => {
      const now = t.clock.now();
      for (const [phone, body, ms] of [['9175550001', 'code 111111', 0], ['9175550001', 'code 222222', 1000], ['9175550002', 'code 333333', 2000]] as const) {
        await t.db.query('INSERT INTO sms_outbox (phone, body, created_at) VALUES ($1, $2, $3)', [phone, body, new Date(now.getTime() + ms)]);
      }
      const one = (await get('/ops/sms-outbox?phone=9175550001')).json().data.items;
      expect(one.map((m: { body: string }) => m.body)).toEqual(['code 222222', 'code 111111']);
      // With what a gateway bills for each: its encoding and parts.
      expect(one[0]).toMatchObject({ encoding: 'GSM-7', length: 11, parts: 1 });
      expect((await get('/ops/sms-outbox')).json().data.items.length).toBeGreaterThanOrEqual(3);
      expect((await get('/ops/sms-outbox?phone=abc')).json().message).toBe('phone must be 6 to 15 digits');
    });

    it("answers a captcha's answer", async () => {
      const now = t.clock.now();
      await t.db.query('INSERT INTO captchas (sid, answer, created_at, expires_at) VALUES ($1, $2, $3, $4)', ['sid-1', 'x7k2', now, new Date(now.getTime() + 300_000)]);
      expect((await get('/ops/captchas/sid-1')).json().data).toMatchObject({ sid: 'sid-1', answer: 'x7k2', used: false });
      expect((await get('/ops/captchas/nope')).statusCode).toBe(404);
    });
  });
});
