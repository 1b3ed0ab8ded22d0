import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DUPLICATE_REPAYMENT_MESSAGE,
  DUPLICATE_SUBMISSION_MESSAGE,
  IDEMPOTENCY_MESSAGES,
  callUrlPath,
  generateVcodeRoute,
  goyaLoanSubmitRoute,
  loanDetailConfirmRoute,
  loanDetailPushRoute,
  repaymentCommitRoute,
  repaymentConfirmRoute,
  repaymentHuichaoRoute,
  repaymentWayRoute,
  type Route,
  type SessionParams,
} from '@cashloan/contract';
import { createCountingTestApp, type CountingPayments } from '../../test-support/counting-payments.ts';
import { form, FORM_HEADERS, query, type TestApp } from '../../test-support/test-app.ts';
import { seedCatalog } from '../../seed/demo.ts';
import { createOrder } from '../../domain/orders/service.ts';
import { findProduct, type OrderRow } from '../../domain/orders/service.ts';
import type { RepaymentCard } from '../../domain/bank-cards/service.ts';
import { addRepaymentCard } from '../../domain/bank-cards/card-on-file.ts';
import { IDEMPOTENCY_KEY_TTL_MS, payloadHash } from './idempotency.ts';

type Payload = Record<string, string | number>;
const MINUTE = 60_000;

describe('Idempotency-Key on the money and code-issue calls', () => {
  let t: TestApp;
  let payments: CountingPayments;
  let productIds: number[];
  beforeAll(async () => {
    ({ t, payments } = await createCountingTestApp());
    productIds = await seedCatalog(t.db);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    for (const method of Object.keys(payments.calls) as Array<keyof CountingPayments['calls']>) payments.calls[method] = 0;
    payments.before = async () => undefined;
  });

  async function send(route: Route, session: SessionParams, payload: Payload, key?: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: `${callUrlPath(route)}?${query(session as unknown as Record<string, string>)}`,
      headers: { ...FORM_HEADERS, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload: form(payload),
    });
    return { status: res.statusCode, raw: res.body, body: res.json(), replayed: res.headers['idempotent-replayed'] };
  }

  interface Repaying {
    session: SessionParams;
    borrowerId: number;
    order: OrderRow;
    card: RepaymentCard;
  }
  async function repaying(opts: { dueInDays?: number } = {}): Promise<Repaying> {
    const { borrowerId, session } = await t.newBorrower();
    const product = (await findProduct(t.db, productIds[0]!))!;
    const order = await t.db.transaction((tx) =>
      createOrder(tx, { borrower: { id: borrowerId, isRepeat: false }, product, status: 174, dueInDays: opts.dueInDays ?? 1 }, t.clock.now()),
    );
    const { card } = await addRepaymentCard(t.db, t.cardData, { borrowerId, bankName: 'BDO Unibank', bankCode: 'BDO', cardNo: '4000123412344821', now: t.clock.now() });
    return { session, borrowerId, order, card };
  }
  const tokenOf = async (r: Repaying) => (await send(repaymentWayRoute, r.session, { orderId: r.order.id })).body.data.repayToken as string;
  const commitPayload = (r: Repaying, repayToken: string): Payload => ({
    amount: 560_500,
    bankName: r.card.bankName,
    cardId: r.card.id,
    cardNo: r.card.maskedNo,
    couponId: '',
    orderId: r.order.id,
    repayToken,
    bankCode: r.card.bankCode,
    sendMsg: '1',
  });
  const vcodePayload = (r: Repaying, channelNumber = '90006'): Payload => ({ productId: r.order.productId, orderId: r.order.id, amount: 560_500, channelNumber });
  const latestCode = async (phone: string) => {
    const { rows } = await t.db.query<{ body: string }>('SELECT body FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 1', [phone]);
    return /\b(\d{6})\b/.exec(rows[0]?.body ?? '')![1]!;
  };
  const count = async (sql: string, params: unknown[]) => (await t.db.query(sql, params)).rows.length;
  const smsCount = (phone: string) => count('SELECT 1 FROM sms_outbox WHERE phone = $1', [phone]);

  /** A borrower on the loan confirmation screen of the first product, ready to push. */
  async function confirming() {
    const { borrowerId, session } = await t.newBorrower();
    await send(loanDetailConfirmRoute, session, { productId: productIds[0]! });
    const payload: Payload = { amount: '500000', periods: '91', termUnit: '1', productId: productIds[0]!, extraNumber: '1' };
    return { borrowerId, session, payload };
  }
  /**
   * Sends a request twice at once, the first to reach the loan's transaction held there until the
   * other has its answer: a push has no provider call to hold, and on PGlite it may otherwise finish
   * before the second request even claims the key.
   */
  async function bothAtOnce<T>(request: () => Promise<T>): Promise<T[]> {
    const original = t.db.transaction;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let held = false;
    t.db.transaction = async (fn) => {
      if (!held) {
        held = true;
        await gate;
      }
      return original(fn);
    };
    try {
      const both = [request(), request()];
      await Promise.race(both);
      open();
      return await Promise.all(both);
    } finally {
      t.db.transaction = original;
    }
  }
  const ordersOf = (borrowerId: number) => count('SELECT 1 FROM orders WHERE borrower_id = $1', [borrowerId]);

  it('repayment-commit: a retry with the key answers the first answer byte for byte and runs nothing, not even the code resend', async () => {
    const r = await repaying();
    const payload = commitPayload(r, await tokenOf(r));
    const first = await send(repaymentCommitRoute, r.session, payload, 'commit-1');
    expect(first.body).toMatchObject({ code: '00', data: { needValid: 1 } });
    expect(first.replayed).toBeUndefined();
    // Past the 60 s countdown a repeated commit would send a new code; the replay does not run it.
    await t.clock.advance(2 * MINUTE);
    const again = await send(repaymentCommitRoute, r.session, payload, 'commit-1');
    expect(again.status).toBe(first.status);
    expect(again.raw).toBe(first.raw);
    expect(again.replayed).toBe('true');
    expect(payments.calls).toMatchObject({ startCardCharge: 1, sendCardCode: 1 });
    expect(await smsCount(r.session.mobilePhone)).toBe(1);
    // An old client without a key still gets the same repayment (the repayToken), and the resend.
    const keyless = await send(repaymentCommitRoute, r.session, payload);
    expect(keyless.body.data.repayRecordId).toBe(first.body.data.repayRecordId);
    expect(payments.calls.sendCardCode).toBe(2);
    expect(await count('SELECT 1 FROM card_repayments WHERE order_id = $1', [r.order.id])).toBe(1);
  });

  it('repayment-confirm: refusals are kept too (a wrong code replays 800006 without a new attempt); the success replays 00', async () => {
    const r = await repaying();
    const committed = await send(repaymentCommitRoute, r.session, commitPayload(r, await tokenOf(r)), 'c-commit');
    const recordId = committed.body.data.repayRecordId as number;
    const code = await latestCode(r.session.mobilePhone);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await send(repaymentConfirmRoute, r.session, { orderId: r.order.id, verifyCode: wrongCode, repaymentRecordId: recordId }, 'c-wrong');
    expect(wrong.body).toEqual({ code: '800006', message: 'The verification code is wrong. Please check it and try again.', data: null });
    const wrongAgain = await send(repaymentConfirmRoute, r.session, { orderId: r.order.id, verifyCode: wrongCode, repaymentRecordId: recordId }, 'c-wrong');
    expect(wrongAgain.raw).toBe(wrong.raw);
    expect(payments.calls.confirmCardCharge).toBe(1);

    const right = { orderId: r.order.id, verifyCode: code, repaymentRecordId: recordId };
    const paid = await send(repaymentConfirmRoute, r.session, right, 'c-right');
    expect(paid.body).toEqual({ code: '00', message: 'success', data: {} });
    const replay = await send(repaymentConfirmRoute, r.session, right, 'c-right');
    expect([replay.status, replay.raw, replay.replayed]).toEqual([paid.status, paid.raw, 'true']);
    // Without the key a second confirm is the business duplicate, as before.
    expect((await send(repaymentConfirmRoute, r.session, right)).body).toEqual({ code: '800005', message: DUPLICATE_REPAYMENT_MESSAGE, data: null });
    expect(payments.calls.confirmCardCharge).toBe(2);
    const paidRows = await count('SELECT 1 FROM payments pm JOIN pay_codes pc ON pc.id = pm.pay_code_id WHERE pc.order_id = $1', [r.order.id]);
    expect(paidRows).toBe(1);
  });

  it('a concurrent duplicate of a repayment answers 800005 while the first runs; the retry after it gets the first answer', async () => {
    const r = await repaying();
    const payload = commitPayload(r, await tokenOf(r));
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    payments.before = async (method) => {
      if (method === 'startCardCharge') await gate;
    };
    const a = send(repaymentCommitRoute, r.session, payload, 'same-tap');
    const b = send(repaymentCommitRoute, r.session, payload, 'same-tap');
    // The duplicate does not wait for the provider: it answers while the first is held at it.
    const early = await Promise.race([a, b]);
    open();
    const answers = await Promise.all([a, b]);
    expect(early.body).toEqual({ code: '800005', message: DUPLICATE_REPAYMENT_MESSAGE, data: null });
    const success = answers.find((x) => x.body.code === '00')!;
    expect(success.body.data).toMatchObject({ needValid: 1 });
    expect(answers.filter((x) => x.body.code === '800005')).toHaveLength(1);
    expect(payments.calls.startCardCharge).toBe(1);
    expect((await send(repaymentCommitRoute, r.session, payload, 'same-tap')).raw).toBe(success.raw);
  });

  it('a concurrent duplicate of a loan push answers 409 with the duplicate-submission message in the code form of the call; one order is made', async () => {
    const v3 = await confirming();
    const answers = await bothAtOnce(() => send(loanDetailPushRoute, v3.session, v3.payload, 'push'));
    const sorted = answers.map((x) => [x.status, x.body.code]).sort();
    expect(sorted).toEqual([
      [200, 0],
      [409, 409],
    ]);
    expect(answers.find((x) => x.status === 409)!.body).toEqual({ code: 409, message: DUPLICATE_SUBMISSION_MESSAGE, data: null });
    expect(await ordersOf(v3.borrowerId)).toBe(1);

    const goya = await confirming();
    const twins = await bothAtOnce(() => send(goyaLoanSubmitRoute, goya.session, goya.payload, 'depush'));
    expect(twins.map((x) => x.body.code).sort()).toEqual(['00', '409']);
    expect(await ordersOf(goya.borrowerId)).toBe(1);
  });

  it('the same key with another payload is refused with 422 and nothing is written; the same fields in another order are the same request', async () => {
    const r = await repaying();
    const first = await send(generateVcodeRoute, r.session, vcodePayload(r), 'vcode');
    expect(first.body.code).toBe(0);
    const other = await send(generateVcodeRoute, r.session, vcodePayload(r, '90007'), 'vcode');
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ code: 422, message: IDEMPOTENCY_MESSAGES.mismatch, data: null });
    expect(await count('SELECT 1 FROM pay_codes WHERE order_id = $1', [r.order.id])).toBe(1);
    expect(payments.calls.createPayCode).toBe(1);
    const reordered = Object.fromEntries(Object.entries(vcodePayload(r)).reverse());
    expect((await send(generateVcodeRoute, r.session, reordered, 'vcode')).raw).toBe(first.raw);

    // The doubleZero code form sends the code as a string.
    const checkout = { userId: r.session.userId, orderId: r.order.id, amount: 560_500 };
    expect((await send(repaymentHuichaoRoute, r.session, checkout, 'huichao')).body.code).toBe('00');
    const changed = await send(repaymentHuichaoRoute, r.session, { ...checkout, amount: 560_600 }, 'huichao');
    expect([changed.status, changed.body]).toEqual([422, { code: '422', message: IDEMPOTENCY_MESSAGES.mismatch, data: null }]);
    expect(payments.calls.createCheckout).toBe(1);
  });

  it('without the header the calls work as before; a malformed key is refused with 400 before anything is done', async () => {
    const { borrowerId, session, payload } = await confirming();
    for (const key of ['', 'k'.repeat(256), 'tab\there', 'clé']) {
      const res = await send(loanDetailPushRoute, session, payload, key);
      expect([res.status, res.body]).toEqual([400, { code: 400, message: IDEMPOTENCY_MESSAGES.invalidKey, data: null }]);
    }
    expect(await ordersOf(borrowerId)).toBe(0);
    expect(await count('SELECT 1 FROM idempotency_keys WHERE borrower_id = $1', [borrowerId])).toBe(0);

    const keyless = await send(loanDetailPushRoute, session, payload);
    expect(keyless.body.code).toBe(0);
    expect((await send(loanDetailPushRoute, session, payload)).body).toEqual(keyless.body);
    expect(await count('SELECT 1 FROM idempotency_keys WHERE borrower_id = $1', [borrowerId])).toBe(0);
    // The longest key and every printable character are accepted.
    for (const key of ['k'.repeat(255), ' !"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~']) expect((await send(loanDetailPushRoute, session, payload, key)).body).toEqual(keyless.body);
    expect(await ordersOf(borrowerId)).toBe(1);
  });

  it('a key is kept 24 hours, for one borrower and one call', async () => {
    const r = await repaying();
    const first = await send(generateVcodeRoute, r.session, vcodePayload(r), 'day-key');
    expect(first.body.code).toBe(0);
    // Another borrower's key of the same name, and the same key on another call, are other requests.
    const someoneElse = await repaying();
    expect((await send(generateVcodeRoute, someoneElse.session, vcodePayload(someoneElse, '90007'), 'day-key')).body.code).toBe(0);
    expect((await send(repaymentHuichaoRoute, r.session, { userId: r.session.userId, orderId: r.order.id, amount: 560_500 }, 'day-key')).body.code).toBe('00');

    await t.clock.advance(IDEMPOTENCY_KEY_TTL_MS - MINUTE);
    const late = await send(generateVcodeRoute, r.session, vcodePayload(r), 'day-key');
    expect([late.raw, late.replayed]).toEqual([first.raw, 'true']);
    await t.clock.advance(2 * MINUTE);
    // Expired: the key starts a new request, whatever its payload.
    const fresh = await send(generateVcodeRoute, r.session, vcodePayload(r, '90007'), 'day-key');
    expect(fresh.body.code).toBe(0);
    expect(fresh.replayed).toBeUndefined();
    expect(await count(`SELECT 1 FROM pay_codes WHERE order_id = $1 AND channel_number = '90007'`, [r.order.id])).toBe(1);
  });

  it('a 5xx is not kept: the claim is released and the same key runs again', async () => {
    const r = await repaying();
    const checkout = { userId: r.session.userId, orderId: r.order.id, amount: 560_500 };
    payments.before = async (method) => {
      if (method === 'createCheckout') throw new Error('gateway down');
    };
    const failed = await send(repaymentHuichaoRoute, r.session, checkout, 'retry-me');
    expect([failed.status, failed.body.code]).toEqual([500, '500']);
    payments.before = async () => undefined;
    const retried = await send(repaymentHuichaoRoute, r.session, checkout, 'retry-me');
    expect(retried.body.code).toBe('00');
    expect(retried.replayed).toBeUndefined();
  });

  it('a key left in progress by a crash answers the duplicate message and never runs the call, until it expires', async () => {
    const { borrowerId, session, payload } = await confirming();
    // What a process killed between the claim and the stored answer leaves behind.
    const now = t.clock.now();
    await t.db.query(
      `INSERT INTO idempotency_keys (borrower_id, call_name, idem_key, request_hash, state, created_at, expires_at) VALUES ($1, $2, $3, $4, 'in_progress', $5, $6)`,
      [borrowerId, `POST ${callUrlPath(loanDetailPushRoute)}`, 'crashed', payloadHash(Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)]))), now, new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS)],
    );
    const stuck = await send(loanDetailPushRoute, session, payload, 'crashed');
    expect([stuck.status, stuck.body.message]).toEqual([409, DUPLICATE_SUBMISSION_MESSAGE]);
    expect(await ordersOf(borrowerId)).toBe(0);
    await t.clock.advance(IDEMPOTENCY_KEY_TTL_MS);
    expect((await send(loanDetailPushRoute, session, payload, 'crashed')).body.code).toBe(0);
    expect(await ordersOf(borrowerId)).toBe(1);
  });
});
