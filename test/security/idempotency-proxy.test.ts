/**
 * Idempotency through a lossy network (issue 11, docs/api.md "Idempotency-Key"): the real app
 * listens on a port behind a TCP proxy that drops 30% of connections at random points — before the
 * request reaches the server, half-way through it, after the server answered but before a byte of
 * the answer reaches the client, and half-way through the answer. 100 attempts of each money call
 * go through it with one key per call, each attempt retried until an answer gets through (as the
 * H5 does after a network failure). The database must hold exactly one repayment, one payment, one
 * order and one pay code, the payment provider must have been asked once per step, and every answer
 * that got through must be byte-identical. The drops are drawn from a seeded random
 * (IDEMPOTENCY_PROXY_SEED) so a failure reproduces.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callUrlPath,
  generateVcodeRoute,
  loanDetailConfirmRoute,
  loanDetailPushRoute,
  repaymentCommitRoute,
  repaymentConfirmRoute,
  repaymentWayRoute,
  type Route,
  type SessionParams,
} from '@cashloan/contract';
import { createCountingTestApp, type CountingPayments } from '../../apps/server/src/test-support/counting-payments.ts';
import { form, query, type TestApp } from '../../apps/server/src/test-support/test-app.ts';
import { seedCatalog } from '../../apps/server/src/seed/demo.ts';
import { createOrder } from '../../apps/server/src/domain/orders/service.ts';
import { findProduct, type OrderRow } from '../../apps/server/src/domain/orders/service.ts';
import { addRepaymentCard } from '../../apps/server/src/domain/bank-cards/card-on-file.ts';
import { retriedAttempts, seeded, startLossyProxy, type Answer, type LossyProxy } from '../support/lossy-network.ts';

const SEED = Number(process.env.IDEMPOTENCY_PROXY_SEED ?? 11);
const ATTEMPTS = 100;
const DROP_RATE = 0.3;

describe(`Idempotency-Key through a proxy that drops ${DROP_RATE * 100}% of connections (seed ${SEED})`, () => {
  let t: TestApp;
  let payments: CountingPayments;
  let proxy: LossyProxy;
  let productIds: number[];
  const totals = { requests: 0, drops: 0, busy: 0 };

  beforeAll(async () => {
    ({ t, payments } = await createCountingTestApp());
    productIds = await seedCatalog(t.db);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    proxy = await startLossyProxy((t.app.server.address() as AddressInfo).port, seeded(SEED), DROP_RATE);
  });
  afterAll(async () => {
    await proxy.close();
    await t.close();
    const dropped = Object.entries(proxy.fates).filter(([fate]) => fate !== 'pass');
    console.info(
      `idempotency proxy (seed ${SEED}): ${totals.requests} connections, ${totals.drops} dropped (${dropped.map(([f, n]) => `${f} ${n}`).join(', ')}), ` +
        `${totals.busy} answered "still in progress"`,
    );
  });

  /**
   * 100 attempts of one request with one key, each retried through drops (and, like any client of
   * an Idempotency-Key API, after the "still in progress" answer) until an answer gets through.
   */
  const hundredAttempts = (route: Route, session: SessionParams, payload: Record<string, string | number>, key: string): Promise<Answer[]> =>
    retriedAttempts({
      port: proxy.port,
      path: `${callUrlPath(route)}?${query(session as unknown as Record<string, string>)}`,
      body: form(payload),
      key,
      attempts: ATTEMPTS,
      maxTries: 200,
      duplicateMessage: route.idempotent!.duplicateMessage,
      totals,
      timeoutMs: 10_000,
    });
  function expectAllIdentical(answers: Answer[]) {
    expect(answers).toHaveLength(ATTEMPTS);
    const distinct = new Set(answers.map((a) => `${a.status} ${a.body}`));
    expect([...distinct]).toEqual([`${answers[0]!.status} ${answers[0]!.body}`]);
    // The call ran once: every other answer is a replay (and so is the first, when its answer was lost).
    expect(answers.filter((a) => !a.replayed).length).toBeLessThanOrEqual(1);
  }

  async function repayingOrder(borrowerId: number): Promise<OrderRow> {
    const product = (await findProduct(t.db, productIds[0]!))!;
    return t.db.transaction((tx) => createOrder(tx, { borrower: { id: borrowerId, isRepeat: false }, product, status: 174, dueInDays: 1 }, t.clock.now()));
  }
  const rows = async (sql: string, params: unknown[]) => (await t.db.query(sql, params)).rows.length;

  it('card repayment: 100 commits and 100 confirms make one repayment, one provider charge and one payment; every answer is the same', async () => {
    const { borrowerId, session } = await t.newBorrower();
    const order = await repayingOrder(borrowerId);
    const { card } = await addRepaymentCard(t.db, t.cardData, { borrowerId, bankName: 'BDO Unibank', bankCode: 'BDO', cardNo: '4000123412344821', now: t.clock.now() });
    const way = await t.app.inject({ method: 'POST', url: `${callUrlPath(repaymentWayRoute)}?${query(session as unknown as Record<string, string>)}`, payload: { orderId: String(order.id) } });
    const repayToken = way.json().data.repayToken as string;

    const commits = await hundredAttempts(
      repaymentCommitRoute,
      session,
      { amount: 560_500, bankName: card.bankName, cardId: card.id, cardNo: card.maskedNo, couponId: '', orderId: order.id, repayToken, bankCode: card.bankCode, sendMsg: '1' },
      'proxy-commit',
    );
    expectAllIdentical(commits);
    const committed = JSON.parse(commits[0]!.body);
    expect(committed).toMatchObject({ code: '00', data: { needValid: 1 } });
    expect(await rows('SELECT 1 FROM card_repayments WHERE order_id = $1', [order.id])).toBe(1);
    expect(payments.calls.startCardCharge).toBe(1);
    expect(payments.calls.sendCardCode).toBe(1);

    const sms = await t.db.query<{ body: string }>('SELECT body FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 1', [session.mobilePhone]);
    const verifyCode = /\b(\d{6})\b/.exec(sms.rows[0]!.body)![1]!;
    const confirms = await hundredAttempts(repaymentConfirmRoute, session, { orderId: order.id, verifyCode, repaymentRecordId: committed.data.repayRecordId }, 'proxy-confirm');
    expectAllIdentical(confirms);
    expect(JSON.parse(confirms[0]!.body)).toEqual({ code: '00', message: 'success', data: {} });
    expect(payments.calls.confirmCardCharge).toBe(1);
    expect(await rows('SELECT 1 FROM payments pm JOIN pay_codes pc ON pc.id = pm.pay_code_id WHERE pc.order_id = $1', [order.id])).toBe(1);
    expect(await rows(`SELECT 1 FROM card_repayments WHERE order_id = $1 AND status = 'paid'`, [order.id])).toBe(1);
  });

  it('loan push: 100 attempts make one order; every answer is the same', async () => {
    const { borrowerId, session } = await t.newBorrower();
    await t.app.inject({ method: 'POST', url: `${callUrlPath(loanDetailConfirmRoute)}?${query(session as unknown as Record<string, string>)}`, payload: { productId: String(productIds[0]) } });
    const answers = await hundredAttempts(loanDetailPushRoute, session, { amount: '500000', periods: '91', termUnit: '1', productId: productIds[0]!, extraNumber: '1' }, 'proxy-push');
    expectAllIdentical(answers);
    expect(JSON.parse(answers[0]!.body)).toMatchObject({ code: 0, data: { lendDetailsUrl: expect.stringContaining('/allIt?') } });
    expect(await rows('SELECT 1 FROM orders WHERE borrower_id = $1', [borrowerId])).toBe(1);
  });

  it('pay-code issue: 100 attempts make one pay code and one provider call; every answer is the same', async () => {
    const { borrowerId, session } = await t.newBorrower();
    const order = await repayingOrder(borrowerId);
    const before = payments.calls.createPayCode;
    const answers = await hundredAttempts(generateVcodeRoute, session, { productId: order.productId, orderId: order.id, amount: 560_500, channelNumber: '90006' }, 'proxy-vcode');
    expectAllIdentical(answers);
    expect(JSON.parse(answers[0]!.body)).toMatchObject({ code: 0, data: { payUrl: expect.stringContaining('payCode=') } });
    expect(await rows('SELECT 1 FROM pay_codes WHERE order_id = $1', [order.id])).toBe(1);
    expect(payments.calls.createPayCode - before).toBe(1);
  });

  it('the proxy really dropped connections at every point, about 30% of them', () => {
    const { pass, ...dropped } = proxy.fates;
    const total = pass + Object.values(dropped).reduce((a, b) => a + b, 0);
    for (const n of Object.values(dropped)) expect(n).toBeGreaterThan(0);
    expect(totals.drops / total).toBeGreaterThan(0.2);
    expect(totals.drops / total).toBeLessThan(0.4);
  });
});
