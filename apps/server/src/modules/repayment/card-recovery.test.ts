import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repaymentCommitRoute, repaymentConfirmRoute, repaymentWayRoute, type SessionParams } from '@cashloan/contract';
import { createCountingTestApp, type CountingPayments } from '../../test-support/counting-payments.ts';
import type { PaymentProvider } from '../../providers/payments/payment-provider.ts';
import type { OrderRow } from '../../orders/store.ts';
import { createHarness, type Harness } from './test-harness.ts';
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
    expect(await recover()).toEqual({ settled: 1, released: 0, failed: 0 });
    expect(await statusOf(p.id)).toEqual({ status: 'paid', claimed_at: null });
    expect(await h.paymentsOf(p.order.id)).toEqual([expect.objectContaining({ amount_minor: p.amount, provider_ref: expect.stringMatching(/^sandbox:ch_/) })]);
    expect(await h.reload(p.order.id)).toMatchObject({ status: 200, paidMinor: p.amount });

    // A second pass changes nothing; a late confirm is the duplicate.
    expect(await recover()).toEqual({ settled: 0, released: 0, failed: 0 });
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
    expect(await recover()).toEqual({ settled: 0, released: 1, failed: 0 });
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
    expect(await recover()).toEqual({ settled: 0, released: 0, failed: 0 });
  });

  it('books a repayment left charged but not applied', async () => {
    const p = await pendingRepayment();
    await crashAfterCharge(p);
    // The process recorded the charge and stopped before booking it.
    const ref = `sandbox:${(await h.t.db.query<{ provider_charge_id: string }>('SELECT provider_charge_id FROM card_repayments WHERE id = $1', [p.id])).rows[0]!.provider_charge_id}`;
    await h.t.db.query(`UPDATE card_repayments SET status = 'charged', provider_ref = $2, claimed_at = NULL WHERE id = $1`, [p.id, ref]);
    await h.advance(STALE_CLAIM_MS + 1000);
    expect(await recover()).toEqual({ settled: 1, released: 0, failed: 0 });
    expect(await statusOf(p.id)).toMatchObject({ status: 'paid' });
    expect(await h.paymentsOf(p.order.id)).toEqual([{ id: expect.any(Number), amount_minor: p.amount, provider_ref: ref }]);
  });
});
