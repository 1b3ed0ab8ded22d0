import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  loanDetailsRoute,
  repaymentCommitRoute,
  repaymentConfirmRoute,
  repaymentHuichaoRoute,
  repaymentWayRoute,
  type SessionParams,
} from '@cashloan/contract';
import { createHarness, type Harness } from '../../test-support/repayment-harness.ts';
import type { OrderRow } from '../../domain/orders/service.ts';
import type { RepaymentCard } from '../../domain/bank-cards/service.ts';
import { SANDBOX_CODE_TTL_MS } from '../../providers/payments/sandbox.ts';
import { REPAY_TOKEN_TTL_MS } from './service.ts';

const CARD_NO = '4000123412344821';

describe('repayment by card and by the alternate channel', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.t.close());

  interface Setup {
    session: SessionParams;
    borrowerId: number;
    order: OrderRow;
    card: RepaymentCard;
  }
  async function setup(status: 170 | 174 | 180 = 174, opts: { dueInDays?: number; disbursedDaysAgo?: number } = { dueInDays: 1 }): Promise<Setup> {
    const { borrowerId, session } = await h.t.newBorrower();
    const order = await h.order(borrowerId, status, opts);
    const card = await h.card(borrowerId, CARD_NO);
    return { session, borrowerId, order, card };
  }
  const way = (s: Setup) => h.call(repaymentWayRoute, s.session, { orderId: s.order.id });
  const commit = (s: Setup, token: string, changes: Record<string, string | number> = {}) =>
    h.call(repaymentCommitRoute, s.session, {
      amount: 560_500,
      bankName: s.card.bankName,
      cardId: s.card.id,
      cardNo: s.card.maskedNo,
      couponId: '',
      orderId: s.order.id,
      repayToken: token,
      bankCode: s.card.bankCode,
      sendMsg: '1',
      ...changes,
    });
  const confirm = (s: Setup, repaymentRecordId: number, verifyCode: string) =>
    h.call(repaymentConfirmRoute, s.session, { orderId: s.order.id, verifyCode, repaymentRecordId });
  const tokenOf = async (s: Setup) => (await way(s)).body.data.repayToken as string;
  /** Opens the card screen and commits what it quotes: the record waiting for its code. */
  const commitAndCode = async (s: Setup) => {
    const { repayToken, repayAmount } = (await way(s)).body.data;
    const committed = await commit(s, repayToken, { amount: repayAmount });
    expect(committed.body.data.needValid).toBe(1);
    return { id: committed.body.data.repayRecordId as number, token: repayToken as string };
  };

  it('repayment-way answers the masked cards, the alternate channel, a token and the amount due, never a whole card number', async () => {
    const s = await setup();
    const { status, body } = await way(s);
    expect(status).toBe(200);
    expect(body.code).toBe('00');
    expect(body.data).toMatchObject({ alipay: 1, repayAmount: 560_500, bankCards: [{ id: s.card.id, bankName: 'BDO Unibank', cardNo: '**** **** **** 4821', bankCode: 'BDO' }] });
    expect(body.data.repayToken).toMatch(/^rt_[0-9a-f]{32}$/);
    expect(JSON.stringify(body)).not.toContain(CARD_NO);
    expect(JSON.stringify(body)).not.toContain('40001234');
  });

  it('commits with a verification code by SMS; the right code settles the order once; a second confirm answers 800005', async () => {
    const s = await setup();
    const token = await tokenOf(s);
    const committed = await commit(s, token);
    expect(committed.body).toMatchObject({ code: '00', data: { needValid: 1 } });
    const id = committed.body.data.repayRecordId as number;
    const sms = await h.outbox(s.session.mobilePhone);
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatch(/^PesoNow: your repayment verification code is \d{6}\. It expires in 10 minutes\./);
    // Nothing is taken before the code is confirmed.
    expect(await h.paymentsOf(s.order.id)).toHaveLength(0);

    const wrong = await confirm(s, id, '000000' === (await h.latestCode(s.session.mobilePhone)) ? '111111' : '000000');
    expect(wrong.status).toBe(200);
    expect(wrong.body).toEqual({ code: '800006', message: 'The verification code is wrong. Please check it and try again.', data: null });
    expect((await confirm(s, id, '12345')).body).toMatchObject({ code: '400', message: 'verifyCode must be at least 6 characters' });

    const ok = await confirm(s, id, await h.latestCode(s.session.mobilePhone));
    expect(ok.body).toEqual({ code: '00', message: 'success', data: {} });
    expect(await h.paymentsOf(s.order.id)).toEqual([expect.objectContaining({ amount_minor: 560_500 })]);
    expect(await h.reload(s.order.id)).toMatchObject({ status: 200, paidMinor: 560_500 });
    const details = await h.call(loanDetailsRoute, s.session, { productId: s.order.productId, orderId: s.order.id });
    expect(details.body.data.noticeStatusText).toBe('Settled');

    const again = await confirm(s, id, await h.latestCode(s.session.mobilePhone));
    expect(again.body).toEqual({ code: '800005', message: 'Please do not submit the payment request twice.', data: null });
    // The same token finds the same, finished repayment.
    expect((await commit(s, token)).body.data).toEqual({ needValid: 0, repayRecordId: id });
    expect(await h.paymentsOf(s.order.id)).toHaveLength(1);
  });

  it('a commit repeated with the same token makes no second repayment, and resends the code only after 60 s', async () => {
    const s = await setup();
    const token = await tokenOf(s);
    const [a, b] = await Promise.all([commit(s, token), commit(s, token)]);
    expect(a.body.data.repayRecordId).toBe(b.body.data.repayRecordId);
    const id = a.body.data.repayRecordId as number;
    expect((await h.t.db.query('SELECT id FROM card_repayments WHERE order_id = $1', [s.order.id])).rows).toHaveLength(1);
    expect(await h.outbox(s.session.mobilePhone)).toHaveLength(1);

    await h.advance(30_000);
    expect((await commit(s, token)).body.data).toEqual({ needValid: 1, repayRecordId: id });
    expect(await h.outbox(s.session.mobilePhone)).toHaveLength(1);
    await h.advance(30_000);
    expect((await commit(s, token)).body.data).toEqual({ needValid: 1, repayRecordId: id });
    expect(await h.outbox(s.session.mobilePhone)).toHaveLength(2);
    // The newest code is the one that works.
    expect((await confirm(s, id, await h.latestCode(s.session.mobilePhone))).body.code).toBe('00');
  });

  it('of two confirms sent together one pays and the other answers 800005', async () => {
    const s = await setup(180, { dueInDays: -3 });
    const { repayToken, repayAmount } = (await way(s)).body.data;
    const id = (await commit(s, repayToken, { amount: repayAmount })).body.data.repayRecordId as number;
    const code = await h.latestCode(s.session.mobilePhone);
    const answers = await Promise.all([confirm(s, id, code), confirm(s, id, code), confirm(s, id, code)]);
    expect(answers.map((a) => a.body.code).sort()).toEqual(['00', '800005', '800005']);
    expect(await h.paymentsOf(s.order.id)).toEqual([expect.objectContaining({ amount_minor: repayAmount })]);
    expect((await h.reload(s.order.id)).status).toBe(200);
  });

  it('an expired code asks for a new one; the fifth code checked, if wrong, closes the repayment and a new one is needed', async () => {
    const s = await setup();
    const token = await tokenOf(s);
    const id = (await commit(s, token)).body.data.repayRecordId as number;
    const first = await h.latestCode(s.session.mobilePhone);
    await h.advance(SANDBOX_CODE_TTL_MS + 1000);
    expect((await confirm(s, id, first)).body).toEqual({ code: '409', message: 'The verification code has expired. Please tap Resend to get a new one.', data: null });
    expect(await h.paymentsOf(s.order.id)).toHaveLength(0);

    // Resend: a new code, but the codes checked so far still count (the expired one was the first).
    await commit(s, token);
    const second = await h.latestCode(s.session.mobilePhone);
    const wrongCode = second === '999999' ? '999998' : '999999';
    for (let i = 0; i < 3; i++) expect((await confirm(s, id, wrongCode)).body.code).toBe('800006');
    const closed = { code: '800007', message: 'Too many wrong codes. For your safety this payment was stopped. Please start the repayment again.', data: null };
    expect((await confirm(s, id, wrongCode)).body).toEqual(closed);
    // Closed for good: the right code, a resend or a repeated commit of its token revive nothing.
    expect((await confirm(s, id, second)).body).toEqual(closed);
    await h.advance(61_000);
    expect((await commit(s, token)).body).toEqual(closed);
    expect(await h.outbox(s.session.mobilePhone)).toHaveLength(2);
    expect(await h.paymentsOf(s.order.id)).toHaveLength(0);

    // A new repayment (a new token from the screen) pays.
    const next = (await commit(s, await tokenOf(s))).body.data.repayRecordId as number;
    expect((await confirm(s, next, await h.latestCode(s.session.mobilePhone))).body.code).toBe('00');
    expect(await h.paymentsOf(s.order.id)).toHaveLength(1);
  });

  it('a newer repayment replaces one still waiting for its code, which can then no longer be confirmed', async () => {
    const s = await setup();
    const oldId = (await commit(s, await tokenOf(s))).body.data.repayRecordId as number;
    const oldCode = await h.latestCode(s.session.mobilePhone);
    const newId = (await commit(s, await tokenOf(s))).body.data.repayRecordId as number;
    expect(newId).not.toBe(oldId);
    expect((await confirm(s, oldId, oldCode)).body).toMatchObject({ code: '409', message: 'This payment was replaced by a newer one. Please start the repayment again.' });
    expect((await confirm(s, newId, await h.latestCode(s.session.mobilePhone))).body.code).toBe('00');
    expect(await h.paymentsOf(s.order.id)).toHaveLength(1);
  });

  it('a card repayment is not charged when the order was paid by other means meanwhile, nor for an amount it no longer owes', async () => {
    // Committed by card, then paid in full at a counter: the right code takes nothing more.
    const s = await setup();
    const { id: counterPaid } = await commitAndCode(s);
    const counter = await h.t.app.inject({ method: 'POST', url: '/ops/pay-codes', headers: { authorization: `Bearer ${h.t.config.OPS_TOKEN}` }, payload: { orderId: s.order.id, purpose: 'repay' } });
    expect((await h.markPaid(counter.json().data.code)).body.data.outcome).toBe('settled');
    expect(await confirm(s, counterPaid, await h.latestCode(s.session.mobilePhone))).toMatchObject({ body: { code: '409', message: 'You have repaid this loan in full. Thank you!' } });
    expect((await h.paymentsOf(s.order.id)).map((p) => p.amount_minor)).toEqual([560_500]);
    expect((await h.reload(s.order.id)).paidMinor).toBe(560_500);

    // Committed on an overdue loan, confirmed after the lender day changed (the code resent): the quote grew, so nothing is taken.
    const late = await setup(180, { dueInDays: -3 });
    const { id, token } = await commitAndCode(late);
    await h.advance(24 * 3_600_000);
    // The tests after this one read dates from the clock: it goes back when this test ends.
    onTestFinished(() => h.advance(-24 * 3_600_000));
    await commit(late, token, { amount: (await h.t.db.query<{ amount_minor: number }>('SELECT amount_minor FROM card_repayments WHERE id = $1', [id])).rows[0]!.amount_minor });
    expect(await confirm(late, id, await h.latestCode(late.session.mobilePhone))).toMatchObject({
      body: { code: '409', message: 'The amount to pay has changed. Please start the repayment again.' },
    });
    expect(await h.paymentsOf(late.order.id)).toEqual([]);
    // Starting again quotes today's amount, and that one is charged.
    const again = await commitAndCode(late);
    expect((await confirm(late, again.id, await h.latestCode(late.session.mobilePhone))).body.code).toBe('00');
    expect((await h.reload(late.order.id)).status).toBe(200);
  });

  it('a card that completed a verified repayment is charged without a code next time', async () => {
    const s = await setup();
    const first = (await commit(s, await tokenOf(s))).body.data.repayRecordId as number;
    await confirm(s, first, await h.latestCode(s.session.mobilePhone));
    const next: Setup = { ...s, order: await h.order(s.borrowerId, 174, { dueInDays: 2 }) };
    const committed = await commit(next, await tokenOf(next));
    expect(committed.body).toMatchObject({ code: '00', data: { needValid: 0 } });
    expect(await h.outbox(s.session.mobilePhone)).toHaveLength(1);
    expect(await h.reload(next.order.id)).toMatchObject({ status: 200 });
    expect(await h.paymentsOf(next.order.id)).toHaveLength(1);
  });

  it("refuses another borrower's card, a token that is not the borrower's or has expired, a stale amount and a coupon", async () => {
    const s = await setup();
    const other = await setup();
    const token = await tokenOf(s);
    expect((await commit(s, token, { cardId: other.card.id })).body).toMatchObject({ code: '404', message: 'This bank card was not found. Please select one of your bank cards.' });
    expect((await commit(other, token)).body).toMatchObject({ code: '409', message: 'This payment page has expired. Please go back and open it again.' });
    expect((await commit(s, token, { amount: 100 })).body.message).toBe('The amount to pay is now ₱5,605.00. Please reload the page and try again.');
    expect((await commit(s, token, { couponId: '7' })).body).toMatchObject({ code: '400', message: 'couponId: no coupon applies to this repayment' });
    await h.advance(REPAY_TOKEN_TTL_MS + 1000);
    expect((await commit(s, token)).body.message).toBe('This payment page has expired. Please go back and open it again.');
    expect((await h.t.db.query('SELECT id FROM card_repayments WHERE order_id = $1', [s.order.id])).rows).toHaveLength(0);
  });

  it('refuses early repayment before the window opens (spec section 9)', async () => {
    const s = await setup(170, { disbursedDaysAgo: 10 });
    const { body } = await way(s);
    expect(body.code).toBe('409');
    expect(body.message).toMatch(/^Early repayment opens on 2026-12-07: a loan can be repaid early only after half of its term, and never before 7 days from disbursement\./);
  });

  it('repayment-huichao answers the hosted payment page for the amount due; paying it settles the order once', async () => {
    const s = await setup();
    const huichao = (changes: Record<string, string | number> = {}) =>
      h.call(repaymentHuichaoRoute, s.session, { userId: s.session.userId, orderId: s.order.id, amount: 560_500, ...changes });
    expect((await huichao({ userId: 'SOMEONE-ELSE' })).body).toMatchObject({ code: '401' });
    const first = await huichao();
    expect(first.body.code).toBe('00');
    const url = new URL(first.body.data.url, 'http://h5.test');
    expect(url.pathname).toBe('/repaymentOfCode');
    expect(url.searchParams.get('repayAmount')).toBe('560500');
    expect((await huichao()).body.data.url).toBe(first.body.data.url);
    const code = url.searchParams.get('payCode')!;
    expect((await h.markPaid(code)).body.data.outcome).toBe('settled');
    expect((await h.markPaid(code)).body.message).toBe('already applied');
    expect(await h.paymentsOf(s.order.id)).toHaveLength(1);
  });
});
