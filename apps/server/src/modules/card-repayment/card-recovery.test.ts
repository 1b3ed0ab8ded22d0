import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repaymentCommitRoute, repaymentConfirmRoute, repaymentWayRoute, type SessionParams } from '@cashloan/contract';
import { CARD_MESSAGES } from './service.ts';
import { createCountingTestApp, type CountingPayments } from '../../test-support/counting-payments.ts';
import type { PaymentProvider } from '../../providers/payments/payment-provider.ts';
import type { OrderRow } from '../../domain/orders/service.ts';
import type { RepaymentCard } from '../../domain/bank-cards/service.ts';
import { createHarness, type Harness } from '../../test-support/repayment-harness.ts';
import { recoverCardRepayments, STALE_CLAIM_MS } from './recovery.ts';

/**
 * The server stops after the provider took the money and before the repayment was booked: the
 * provider's answer to confirmCardCharge is held for ever, so the repayment stays 'confirming'.
 */
describe('card repayments a crash left half-done', () => {
  let h: Harness;
  let payments: CountingPayments;
  let provider: PaymentProvider;
  /** Ends every held provider answer (as an error) so no request outlives the test app. */
  const held: Array<() => void> = [];
  const inFlight: Array<Promise<unknown>> = [];
  beforeAll(async () => {
    const counting = await createCountingTestApp();
    payments = counting.payments;
    provider = counting.provider;
    h = await createHarness(counting.t);
  });
  afterAll(async () => {
    for (const end of held) end();
    await Promise.allSettled(inFlight);
    await h.t.close();
  });

  const recover = () => recoverCardRepayments({ db: h.t.db, clock: h.t.clock, payments: provider });
  const statusOf = async (id: number) =>
    (await h.t.db.query<{ status: string; claimed_at: Date | null }>('SELECT status, claimed_at FROM card_repayments WHERE id = $1', [id])).rows[0]!;

  interface Pending {
    session: SessionParams;
    order: OrderRow;
    id: number;
    amount: number;
  }
  /** A borrower's due order, a card and a committed card repayment waiting for its code. */
  async function pendingRepayment(): Promise<Pending> {
    const { borrowerId, session } = await h.t.newBorrower();
    const order = await h.order(borrowerId, 174, { dueInDays: 1 });
    const card = await h.card(borrowerId);
    const { repayToken, repayAmount } = (await h.call(repaymentWayRoute, session, { orderId: order.id })).body.data;
    const committed = await h.call(repaymentCommitRoute, session, {
      amount: repayAmount,
      bankName: card.bankName,
      cardId: card.id,
      cardNo: card.maskedNo,
      couponId: '',
      orderId: order.id,
      repayToken,
      bankCode: card.bankCode,
      sendMsg: '1',
    });
    expect(committed.body.data.needValid).toBe(1);
    return { session, order, id: committed.body.data.repayRecordId as number, amount: repayAmount as number };
  }
  const confirm = (p: Pending, verifyCode: string) => h.call(repaymentConfirmRoute, p.session, { orderId: p.order.id, verifyCode, repaymentRecordId: p.id });

  /** Confirms with the right code; the provider takes the money and the server "dies" before hearing it. */
  async function crashAfterCharge(p: Pending): Promise<void> {
    const code = await h.latestCode(p.session.mobilePhone);
    let charged!: () => void;
    const taken = new Promise<void>((resolve) => (charged = resolve));
    payments.after = (method) => {
      if (method !== 'confirmCardCharge') return Promise.resolve();
      charged();
      return new Promise<void>((_resolve, reject) => held.push(() => reject(new Error('the process was stopped'))));
    };
    inFlight.push(confirm(p, code));
    await taken;
    payments.after = async () => undefined;
    expect(await statusOf(p.id)).toMatchObject({ status: 'confirming' });
    expect(await h.paymentsOf(p.order.id)).toHaveLength(0);
  }

  it('books a charge the provider took once the claim is stale, exactly once, without charging again', async () => {
    const p = await pendingRepayment();
    const confirmsBefore = payments.calls.confirmCardCharge;
    await crashAfterCharge(p);

    await h.advance(STALE_CLAIM_MS + 1000);
    expect(await recover()).toEqual({ settled: 1, released: 0, closed: 0, failed: 0 });
    expect(await statusOf(p.id)).toEqual({ status: 'paid', claimed_at: null });
    expect(await h.paymentsOf(p.order.id)).toEqual([expect.objectContaining({ amount_minor: p.amount, provider_ref: expect.stringMatching(/^sandbox:ch_/) })]);
    expect(await h.reload(p.order.id)).toMatchObject({ status: 200, paidMinor: p.amount });

    // A second pass changes nothing; a late confirm is the duplicate.
    expect(await recover()).toEqual({ settled: 0, released: 0, closed: 0, failed: 0 });
    expect((await confirm(p, await h.latestCode(p.session.mobilePhone))).body.code).toBe('800005');
    expect(await h.paymentsOf(p.order.id)).toHaveLength(1);
    expect(await h.reload(p.order.id)).toMatchObject({ paidMinor: p.amount });
    expect(payments.calls.confirmCardCharge - confirmsBefore).toBe(1);
  });

  it('leaves a claim younger than 2 minutes alone: its confirmation may still be running', async () => {
    const p = await pendingRepayment();
    await crashAfterCharge(p);
    const asked = payments.calls.cardChargeStatus;
    await h.advance(STALE_CLAIM_MS - 1000);
    await recover();
    expect(await statusOf(p.id)).toMatchObject({ status: 'confirming' });
    expect(payments.calls.cardChargeStatus).toBe(asked);
    expect(await h.paymentsOf(p.order.id)).toHaveLength(0);
    // Past the limit the next pass books it.
    await h.advance(2000);
    await recover();
    expect(await statusOf(p.id)).toMatchObject({ status: 'paid' });
    expect(await h.paymentsOf(p.order.id)).toHaveLength(1);
  });

  it('releases a stale claim whose charge was not taken; the borrower confirms again with the code', async () => {
    const p = await pendingRepayment();
    // The process stopped after the claim, before it asked the provider to take the money.
    await h.t.db.query(`UPDATE card_repayments SET status = 'confirming', claimed_at = $2 WHERE id = $1`, [p.id, h.t.clock.now()]);
    await h.advance(STALE_CLAIM_MS + 1000);
    expect(await recover()).toEqual({ settled: 0, released: 1, closed: 0, failed: 0 });
    expect(await statusOf(p.id)).toEqual({ status: 'pending', claimed_at: null });
    expect(await h.paymentsOf(p.order.id)).toHaveLength(0);

    expect((await confirm(p, await h.latestCode(p.session.mobilePhone))).body).toEqual({ code: '00', message: 'success', data: {} });
    expect(await h.paymentsOf(p.order.id)).toEqual([expect.objectContaining({ amount_minor: p.amount })]);
  });

  it('a confirm that finds a stale claim asks the provider first: a charge it took is booked without the code', async () => {
    const p = await pendingRepayment();
    const confirmsBefore = payments.calls.confirmCardCharge;
    await crashAfterCharge(p);
    await h.advance(STALE_CLAIM_MS + 1000);

    // Any code: the money was already taken, nothing is charged again.
    expect((await confirm(p, '000000')).body).toEqual({ code: '00', message: 'success', data: {} });
    expect(await statusOf(p.id)).toMatchObject({ status: 'paid' });
    expect(await h.paymentsOf(p.order.id)).toEqual([expect.objectContaining({ amount_minor: p.amount })]);
    expect(await h.reload(p.order.id)).toMatchObject({ status: 200, paidMinor: p.amount });
    expect(payments.calls.confirmCardCharge - confirmsBefore).toBe(1);
    expect(await recover()).toEqual({ settled: 0, released: 0, closed: 0, failed: 0 });
  });

  it('books a repayment left charged but not applied', async () => {
    const p = await pendingRepayment();
    await crashAfterCharge(p);
    // The process recorded the charge and stopped before booking it.
    const ref = `sandbox:${(await h.t.db.query<{ provider_charge_id: string }>('SELECT provider_charge_id FROM card_repayments WHERE id = $1', [p.id])).rows[0]!.provider_charge_id}`;
    await h.t.db.query(`UPDATE card_repayments SET status = 'charged', provider_ref = $2, claimed_at = NULL WHERE id = $1`, [p.id, ref]);
    await h.advance(STALE_CLAIM_MS + 1000);
    expect(await recover()).toEqual({ settled: 1, released: 0, closed: 0, failed: 0 });
    expect(await statusOf(p.id)).toMatchObject({ status: 'paid' });
    expect(await h.paymentsOf(p.order.id)).toEqual([{ id: expect.any(Number), amount_minor: p.amount, provider_ref: ref }]);
  });

  // ---- the process stopped during startCardCharge: the repayment is 'starting' with no charge id ----

  interface Starting {
    session: SessionParams;
    order: OrderRow;
    card: RepaymentCard;
    repayToken: string;
    amount: number;
    id: number;
  }
  const commitPayload = (s: Omit<Starting, 'id' | 'session'>) => ({
    amount: s.amount,
    bankName: s.card.bankName,
    cardId: s.card.id,
    cardNo: s.card.maskedNo,
    couponId: '',
    orderId: s.order.id,
    repayToken: s.repayToken,
    bankCode: s.card.bankCode,
    sendMsg: '1',
  });
  const commit = (s: Starting) => h.call(repaymentCommitRoute, s.session, commitPayload(s));
  const rowOf = async (id: number) =>
    (
      await h.t.db.query<{ status: string; need_valid: number; provider_charge_id: string | null; failure_message: string }>(
        'SELECT status, need_valid, provider_charge_id, failure_message FROM card_repayments WHERE id = $1',
        [id],
      )
    ).rows[0]!;

  /** A first loan repaid by card with a code: the sandbox remembers the card and charges it at start from then on. */
  async function rememberCard(borrowerId: number, session: SessionParams, card: RepaymentCard): Promise<void> {
    const first = await h.order(borrowerId, 174, { dueInDays: 1 });
    const way = (await h.call(repaymentWayRoute, session, { orderId: first.id })).body.data;
    const done = await commit({ session, order: first, card, repayToken: way.repayToken, amount: way.repayAmount, id: 0 });
    expect(done.body.data.needValid).toBe(1);
    const confirmed = await h.call(repaymentConfirmRoute, session, { orderId: first.id, verifyCode: await h.latestCode(session.mobilePhone), repaymentRecordId: done.body.data.repayRecordId });
    expect(confirmed.body.code).toBe('00');
  }

  /**
   * Commits a card repayment and stops the process at startCardCharge: `reached` 'provider' when the
   * provider started the charge (its answer never reaches the server), 'never' when the call never
   * got there. `remembered`: the card completed a verified charge before, so it is charged at start.
   */
  async function crashDuringStart(opts: { reached: 'provider' | 'never'; remembered: boolean }): Promise<Starting> {
    const { borrowerId, session } = await h.t.newBorrower();
    const card = await h.card(borrowerId);
    if (opts.remembered) await rememberCard(borrowerId, session, card);
    const order = await h.order(borrowerId, 174, { dueInDays: 1 });
    const way = (await h.call(repaymentWayRoute, session, { orderId: order.id })).body.data;
    const s = { session, order, card, repayToken: way.repayToken as string, amount: way.repayAmount as number, id: 0 };
    let stopped!: () => void;
    const atProvider = new Promise<void>((resolve) => (stopped = resolve));
    const hang = () => {
      stopped();
      return new Promise<void>((_resolve, reject) => held.push(() => reject(new Error('the process was stopped'))));
    };
    if (opts.reached === 'provider') payments.after = (method) => (method === 'startCardCharge' ? hang() : Promise.resolve());
    else payments.before = (method) => (method === 'startCardCharge' ? hang() : Promise.resolve());
    inFlight.push(commit(s));
    await atProvider;
    payments.after = async () => undefined;
    payments.before = async () => undefined;
    const { rows } = await h.t.db.query<{ id: number; status: string }>('SELECT id, status FROM card_repayments WHERE repay_token = $1', [s.repayToken]);
    expect(rows[0]!.status).toBe('starting');
    return { ...s, id: Number(rows[0]!.id) };
  }

  it('books once a remembered card charged at start whose answer never reached the server', async () => {
    const s = await crashDuringStart({ reached: 'provider', remembered: true });
    expect(await h.paymentsOf(s.order.id)).toHaveLength(0);
    const starts = payments.calls.startCardCharge;

    await h.advance(STALE_CLAIM_MS + 1000);
    expect(await recover()).toEqual({ settled: 1, released: 0, closed: 0, failed: 0 });
    expect(await rowOf(s.id)).toMatchObject({ status: 'paid', need_valid: 0, provider_charge_id: expect.stringMatching(/^ch_/) });
    expect(await h.paymentsOf(s.order.id)).toEqual([expect.objectContaining({ amount_minor: s.amount, provider_ref: `sandbox:${(await rowOf(s.id)).provider_charge_id}` })]);
    expect(await h.reload(s.order.id)).toMatchObject({ status: 200, paidMinor: s.amount });

    // A second pass changes nothing; the borrower's retried commit answers the same repayment, paid.
    expect(await recover()).toEqual({ settled: 0, released: 0, closed: 0, failed: 0 });
    expect((await commit(s)).body).toEqual({ code: '00', message: 'success', data: { needValid: 0, repayRecordId: s.id } });
    expect(await h.paymentsOf(s.order.id)).toHaveLength(1);
    expect(await h.reload(s.order.id)).toMatchObject({ paidMinor: s.amount });
    expect(payments.calls.startCardCharge).toBe(starts);
  });

  it('moves a charge waiting for its code to pending: the retried commit answers needValid 1, sends a code, and the code pays once', async () => {
    const s = await crashDuringStart({ reached: 'provider', remembered: false });
    await h.advance(STALE_CLAIM_MS + 1000);
    expect(await recover()).toEqual({ settled: 0, released: 1, closed: 0, failed: 0 });
    expect(await rowOf(s.id)).toMatchObject({ status: 'pending', need_valid: 1, provider_charge_id: expect.stringMatching(/^ch_/) });
    expect(await recover()).toEqual({ settled: 0, released: 0, closed: 0, failed: 0 });
    expect(await h.outbox(s.session.mobilePhone)).toHaveLength(0);

    const starts = payments.calls.startCardCharge;
    const confirms = payments.calls.confirmCardCharge;
    expect((await commit(s)).body).toEqual({ code: '00', message: 'success', data: { needValid: 1, repayRecordId: s.id } });
    expect(await h.outbox(s.session.mobilePhone)).toHaveLength(1);
    const p = { session: s.session, order: s.order, id: s.id, amount: s.amount };
    expect((await confirm(p, await h.latestCode(s.session.mobilePhone))).body).toEqual({ code: '00', message: 'success', data: {} });
    expect(await h.paymentsOf(s.order.id)).toEqual([expect.objectContaining({ amount_minor: s.amount })]);
    expect(await h.reload(s.order.id)).toMatchObject({ status: 200, paidMinor: s.amount });
    expect(payments.calls.startCardCharge - starts).toBe(0);
    expect(payments.calls.confirmCardCharge - confirms).toBe(1);
  });

  it('marks failed a repayment whose charge never reached the provider; nothing is taken and the next repayment goes ahead', async () => {
    const s = await crashDuringStart({ reached: 'never', remembered: true });
    await h.advance(STALE_CLAIM_MS + 1000);
    expect(await recover()).toEqual({ settled: 0, released: 0, closed: 1, failed: 0 });
    expect(await rowOf(s.id)).toEqual({ status: 'failed', need_valid: 0, provider_charge_id: null, failure_message: CARD_MESSAGES.startFailed });
    expect(await recover()).toEqual({ settled: 0, released: 0, closed: 0, failed: 0 });
    expect((await commit(s)).body).toMatchObject({ code: '409', message: CARD_MESSAGES.startFailed });
    expect(await h.paymentsOf(s.order.id)).toHaveLength(0);

    const way = (await h.call(repaymentWayRoute, s.session, { orderId: s.order.id })).body.data;
    const again = await commit({ ...s, repayToken: way.repayToken });
    expect(again.body.data).toMatchObject({ needValid: 0 });
    expect(await h.paymentsOf(s.order.id)).toEqual([expect.objectContaining({ amount_minor: s.amount })]);
  });

  it('leaves a starting repayment younger than 2 minutes alone, and a new repayment of the order waits instead of cancelling it', async () => {
    const s = await crashDuringStart({ reached: 'provider', remembered: true });
    const asked = payments.calls.findCardChargeByReference;
    await h.advance(STALE_CLAIM_MS - 1000);
    expect(await recover()).toEqual({ settled: 0, released: 0, closed: 0, failed: 0 });
    expect(payments.calls.findCardChargeByReference).toBe(asked);
    expect(await rowOf(s.id)).toMatchObject({ status: 'starting' });
    // The money may already be taken: a second repayment is refused, never started beside it.
    const way = (await h.call(repaymentWayRoute, s.session, { orderId: s.order.id })).body.data;
    expect((await commit({ ...s, repayToken: way.repayToken })).body).toMatchObject({ code: '409', message: CARD_MESSAGES.inFlight });
    expect(await rowOf(s.id)).toMatchObject({ status: 'starting' });

    await h.advance(2000);
    expect(await recover()).toMatchObject({ settled: 1 });
    expect(await h.paymentsOf(s.order.id)).toHaveLength(1);
  });

  it('a slow commit that finishes while the recovery asks the provider wins: nothing moves twice', async () => {
    const { borrowerId, session } = await h.t.newBorrower();
    const card = await h.card(borrowerId);
    const order = await h.order(borrowerId, 174, { dueInDays: 1 });
    const way = (await h.call(repaymentWayRoute, session, { orderId: order.id })).body.data;
    const s: Starting = { session, order, card, repayToken: way.repayToken, amount: way.repayAmount, id: 0 };
    let startAnswered!: () => void;
    const startHeld = new Promise<void>((resolve) => (startAnswered = resolve));
    let atProvider!: () => void;
    const reached = new Promise<void>((resolve) => (atProvider = resolve));
    payments.after = (method) => {
      if (method !== 'startCardCharge') return Promise.resolve();
      atProvider();
      return startHeld;
    };
    const slow = commit(s);
    await reached;
    await h.advance(STALE_CLAIM_MS + 1000);
    // The recovery finds the charge pending; before it moves the repayment the commit finishes.
    payments.after = async (method) => {
      if (method !== 'findCardChargeByReference') return;
      startAnswered();
      const answered = await slow;
      expect(answered.body.data).toMatchObject({ needValid: 1 });
    };
    expect(await recover()).toEqual({ settled: 0, released: 0, closed: 0, failed: 0 });
    payments.after = async () => undefined;
    s.id = (await slow).body.data.repayRecordId;
    expect(await rowOf(s.id)).toMatchObject({ status: 'pending', need_valid: 1 });
    expect(await h.outbox(session.mobilePhone)).toHaveLength(1);
  });

  it('a start whose answer was lost after the provider took the money is booked by the commit itself, once', async () => {
    const { borrowerId, session } = await h.t.newBorrower();
    const card = await h.card(borrowerId);
    await rememberCard(borrowerId, session, card);
    // The next repayment's start reaches the provider (a remembered card: charged at once), then the
    // connection breaks before the answer arrives.
    const order = await h.order(borrowerId, 174, { dueInDays: 1 });
    const way = (await h.call(repaymentWayRoute, session, { orderId: order.id })).body.data;
    payments.after = async (method) => {
      if (method === 'startCardCharge') throw new Error('connection reset');
    };
    const answered = await commit({ session, order, card, repayToken: way.repayToken, amount: way.repayAmount, id: 0 });
    payments.after = async () => undefined;
    expect(answered.body).toMatchObject({ code: '00', data: { needValid: 0 } });
    expect(await rowOf(answered.body.data.repayRecordId)).toMatchObject({ status: 'paid' });
    expect(await h.paymentsOf(order.id)).toEqual([expect.objectContaining({ amount_minor: way.repayAmount })]);
    expect(await h.reload(order.id)).toMatchObject({ status: 200, paidMinor: way.repayAmount });
  });
});
