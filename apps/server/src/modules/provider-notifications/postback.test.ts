/**
 * The Dragonpay adapter and the postback against a local stand-in speaking Dragonpay's protocol
 * (test/support/dragonpay-standin.ts): references issued once per pay code even through time-outs,
 * forged and tampered notifications refused or ignored with nothing applied, 100 duplicate and
 * out-of-order notifications applying exactly one payment, a replayed notification stored once and
 * never asked about again, the status query as the truth, pending, failed and voided codes, and the
 * money that cannot be applied kept as exceptions. Prints its figures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_PENDING_TEXT, PROVIDER_POSTBACK_PATH, callUrlPath, loanDetailsRoute } from '@cashloan/contract';
import { standinDigest, startDragonpayStandin, type DragonpayStandin } from '../../../../../test/support/dragonpay-standin.ts';
import { FORM_HEADERS, createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { seedCatalog } from '../../seed/demo.ts';
import { createOrder, findProduct, loadOrder, viewOrder, type ProductRow } from '../../domain/orders/service.ts';
import { issuePayCode, listOrderPayCodes, type PayCodeRow } from '../../domain/payments/pay-codes.ts';
import { listPaymentExceptions } from '../../domain/payments/exceptions.ts';
import { createDragonpayPaymentProvider } from '../../providers/payments/dragonpay.ts';
import type { OrderStatus } from '../../loan-terms/status.ts';
import { settleNotifications } from './service.ts';
import { signedInStaff } from '../../test-support/staff.ts';

const TIMEOUT_MS = 400;
let t: TestApp;
let dp: DragonpayStandin;
let product: ProductRow;
let postbackUrl: string;

beforeAll(async () => {
  dp = await startDragonpayStandin();
  t = await createTestApp({}, undefined, {
    paymentsOnSandbox: (sandbox) => createDragonpayPaymentProvider({ merchantId: dp.merchantId, password: dp.password, baseUrl: dp.baseUrl, timeoutMs: TIMEOUT_MS }, sandbox),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  postbackUrl = `http://127.0.0.1:${port}${PROVIDER_POSTBACK_PATH}`;
  product = (await findProduct(t.db, (await seedCatalog(t.db))[0]!))!;
});
afterAll(async () => {
  await t.close();
  await dp.close();
});

async function newCode(status: OrderStatus = 180): Promise<{ orderId: number; borrower: Awaited<ReturnType<TestApp['newBorrower']>>; code: PayCodeRow }> {
  const borrower = await t.newBorrower();
  const order = await t.db.transaction((tx) => createOrder(tx, { borrower: { id: borrower.borrowerId, isRepeat: false }, product, status, dueInDays: status === 180 ? -2 : 5 }, t.clock.now()));
  const code = await issuePayCode(t, { orderId: order.id, purpose: 'repay', now: t.clock.now() });
  return { orderId: order.id, borrower, code };
}

/** Waits until every stored notification is settled (the server settles them after answering). */
async function allSettled() {
  for (let i = 0; i < 100; i++) {
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM provider_notifications WHERE settled_at IS NULL');
    if (rows[0]!.n === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('notifications left unsettled');
}

const paymentsOf = async (orderId: number) =>
  (await t.db.query<{ provider_ref: string; amount_minor: string }>('SELECT pm.provider_ref, pm.amount_minor FROM payments pm JOIN pay_codes pc ON pc.id = pm.pay_code_id WHERE pc.order_id = $1', [orderId])).rows.map(
    (r) => ({ providerRef: r.provider_ref, amountMinor: Number(r.amount_minor) }),
  );
/** The borrower's own order details call, as the H5 makes it. */
async function detailsOf(borrower: { session: object }, orderId: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${callUrlPath(loanDetailsRoute)}?${new URLSearchParams(borrower.session as Record<string, string>)}`,
    headers: FORM_HEADERS,
    payload: `productId=${product.id}&orderId=${orderId}`,
  });
  return res.json().data as { orderStatus: number; paymentPendingText?: string };
}
/** Waits until `done` holds (what the server does after answering), 10 s at most. */
async function until(done: () => Promise<boolean>) {
  for (let i = 0; i < 200; i++) {
    if (await done()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('never happened');
}
const codeOf = async (orderId: number) => (await listOrderPayCodes(t.db, orderId))[0]!;

describe('issuing a pay code at Dragonpay', () => {
  it("shows the borrower Dragonpay's reference and keeps our txnid", async () => {
    const { code } = await newCode();
    const at = dp.transactions.get(code.txnId)!;
    expect(code.code).toBe(at.refNo);
    expect(at.amountMinor).toBe(code.amountMinor);
  });

  it('never issues two references for one pay code when the provider answers too late', async () => {
    const postsBefore = dp.calls.post;
    const sizeBefore = dp.transactions.size;
    dp.delayNext(1, TIMEOUT_MS + 300);
    const { code } = await newCode();
    expect(dp.calls.post - postsBefore).toBe(1);
    expect(dp.transactions.size - sizeBefore).toBe(1);
    expect(code.code).toBe(dp.transactions.get(code.txnId)!.refNo);
  });
});

describe('voiding a transaction at Dragonpay (the merchant request op=VOID)', () => {
  const adapter = (password = dp.password) =>
    createDragonpayPaymentProvider({ merchantId: dp.merchantId, password, baseUrl: dp.baseUrl, timeoutMs: TIMEOUT_MS }, t.payments);

  it('voids an unpaid reference, which the stand-in then no longer takes money for; a voided one again is still void', async () => {
    const { code } = await newCode();
    const before = dp.calls.void;
    expect(await adapter().voidTransaction!(code.txnId)).toEqual({ outcome: 'done' });
    expect(dp.calls.void - before).toBe(1);
    expect(dp.transactions.get(code.txnId)!.status).toBe('V');
    expect(dp.settle(code.txnId, 'S')).toBe(false);
    expect(await t.payments.transactionStatus(code.txnId)).toMatchObject({ status: 'V' });
    expect(await adapter().voidTransaction!(code.txnId)).toEqual({ outcome: 'done' });
  });

  it("answers Dragonpay's refusal (a negative number) for a paid reference, an unknown one and a wrong password", async () => {
    const { code } = await newCode();
    dp.settle(code.txnId, 'S');
    expect(await adapter().voidTransaction!(code.txnId)).toEqual({ outcome: 'refused', detail: 'Dragonpay answered -3' });
    expect(dp.transactions.get(code.txnId)!.status).toBe('S');
    expect(await adapter().voidTransaction!('NEVER-ISSUED')).toEqual({ outcome: 'refused', detail: 'Dragonpay answered -1' });
    expect(await adapter('not-the-password').voidTransaction!(code.txnId)).toEqual({ outcome: 'refused', detail: 'Dragonpay answered -2' });
  });

  it('fails when Dragonpay does not answer in time, naming the txnid but never the password', async () => {
    const { code } = await newCode();
    dp.delayNext(1, TIMEOUT_MS + 300);
    const error = await adapter()
      .voidTransaction!(code.txnId)
      .then(
        () => null,
        (e: Error) => e,
      );
    expect(error?.message).toBe(`Dragonpay did not answer the void of ${code.txnId}: TimeoutError`);
    expect(error?.message).not.toContain(dp.password);
  });
});

describe('notifications', () => {
  it('settles the order (status 200) after one signed S, answered result=OK', async () => {
    const { orderId, borrower, code } = await newCode();
    dp.settle(code.txnId, 'S');
    const answer = await dp.notify(postbackUrl, { txnid: code.txnId, refno: code.code, status: 'S', message: 'Paid at 7-Eleven' });
    expect(answer).toEqual({ status: 200, body: 'result=OK' });
    await allSettled();
    expect((await loadOrder(t.db, orderId))!.status).toBe(200);
    expect(await paymentsOf(orderId)).toEqual([{ providerRef: `dragonpay:${code.code}`, amountMinor: code.amountMinor }]);
    expect((await detailsOf(borrower, orderId)).orderStatus).toBe(200);
  });

  it('refuses or ignores every forged, tampered, replayed or unknown notification, applying nothing', async () => {
    const { orderId, code } = await newCode();
    // The truth at the provider: nothing paid yet.
    const attempts: Array<[string, () => Promise<{ status: number; body: string }>]> = [];
    for (let i = 0; i < 20; i++) attempts.push([`forged digest ${i}`, () => dp.notify(postbackUrl, { txnid: code.txnId, refno: code.code, status: 'S' }, { digest: `${i}`.padStart(40, 'f') })]);
    for (let i = 0; i < 20; i++) attempts.push([`wrong password ${i}`, () => dp.notify(postbackUrl, { txnid: code.txnId, refno: code.code, status: 'S' }, { password: `guess-${i}` })]);
    for (let i = 0; i < 20; i++) {
      // Signed for P, sent as S: the digest no longer matches.
      const signedForP = standinDigest(code.txnId, code.code, 'P', '', dp.password);
      attempts.push([`tampered status ${i}`, () => dp.notify(postbackUrl, { txnid: code.txnId, refno: code.code, status: 'S' }, { digest: signedForP })]);
    }
    // Correctly signed, but the provider's own status says nothing was paid: a hint, not the truth.
    for (let i = 0; i < 20; i++) attempts.push([`replayed or invented S ${i}`, () => dp.notify(postbackUrl, { txnid: code.txnId, refno: code.code, status: 'S' })]);
    for (let i = 0; i < 20; i++) attempts.push([`unknown reference ${i}`, () => dp.notify(postbackUrl, { txnid: `NOPE-${i}`, refno: `R${i}`, status: 'S' })]);

    const refusedOrIgnored = { total: 0, ok: 0 };
    for (const [, send] of attempts) {
      const answer = await send();
      refusedOrIgnored.total++;
      if (answer.status === 403 || answer.body === 'result=OK') refusedOrIgnored.ok++;
    }
    await allSettled();
    expect(await paymentsOf(orderId)).toEqual([]);
    expect((await loadOrder(t.db, orderId))!.paidMinor).toBe(0);
    expect((await codeOf(orderId)).status).toBe('pending');
    const stored = (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM provider_notifications WHERE txn_id = $1`, [code.txnId])).rows[0]!.n;
    // The forged and tampered 60 were never stored; the 20 correctly signed ones are one notification, stored once.
    expect(stored).toBe(1);
    console.log(`dragonpay notifications: ${refusedOrIgnored.total} forged, tampered, replayed or unknown; ${Math.round((100 * refusedOrIgnored.ok) / refusedOrIgnored.total)}% refused or ignored; payments applied: ${(await paymentsOf(orderId)).length}`);
    expect(refusedOrIgnored.ok).toBe(refusedOrIgnored.total);
  });

  it('applies exactly one payment for 100 duplicate and out-of-order notifications of one code', async () => {
    const { orderId, code } = await newCode();
    dp.settle(code.txnId, 'S');
    const statuses = Array.from({ length: 100 }, (_, i) => (['S', 'P', 'U', 'S', 'S'] as const)[i % 5]!);
    const answers = await Promise.all(statuses.map((status) => dp.notify(postbackUrl, { txnid: code.txnId, refno: code.code, status })));
    expect(answers.every((a) => a.body === 'result=OK')).toBe(true);
    await allSettled();
    const payments = await paymentsOf(orderId);
    console.log(`dragonpay notifications: 100 duplicate and out-of-order for one code; payments applied: ${payments.length}`);
    expect(payments).toHaveLength(1);
    expect((await codeOf(orderId)).status).toBe('paid');
    expect((await loadOrder(t.db, orderId))!.status).toBe(200);

    // A late P for the paid code does not move it back (a new notification: its message differs from the P above).
    dp.settle(code.txnId, 'P');
    await dp.notify(postbackUrl, { txnid: code.txnId, refno: code.code, status: 'P', message: 'late' });
    await allSettled();
    expect((await codeOf(orderId)).status).toBe('paid');
  });

  it('keeps a code pending while the provider says P (the borrower is told), and applies it once the provider says S', async () => {
    const { orderId, borrower, code } = await newCode();
    await dp.notify(postbackUrl, { txnid: code.txnId, refno: code.code, status: 'P' });
    await allSettled();
    expect((await codeOf(orderId)).status).toBe('pending');
    expect((await detailsOf(borrower, orderId)).paymentPendingText).toBe(PAYMENT_PENDING_TEXT);
    dp.settle(code.txnId, 'S');
    await dp.notify(postbackUrl, { txnid: code.txnId, refno: code.code, status: 'S' });
    await allSettled();
    expect((await codeOf(orderId)).status).toBe('paid');
    expect(await detailsOf(borrower, orderId)).toMatchObject({ orderStatus: 200, paymentPendingText: '' });
  });

  it('closes a code the provider reports failed or voided', async () => {
    for (const [status, expected] of [['F', 'failed'], ['V', 'voided'], ['K', 'voided']] as const) {
      const { orderId, code } = await newCode();
      dp.settle(code.txnId, status);
      await dp.notify(postbackUrl, { txnid: code.txnId, refno: code.code, status });
      await allSettled();
      expect((await codeOf(orderId)).status, status).toBe(expected);
      expect(await paymentsOf(orderId)).toEqual([]);
    }
  });

  it('records a different amount and a payment after the loan is settled as exceptions, applying nothing', async () => {
    const over = await newCode();
    dp.settle(over.code.txnId, 'S', over.code.amountMinor + 5_000);
    await dp.notify(postbackUrl, { txnid: over.code.txnId, refno: over.code.code, status: 'S' });

    const settled = await newCode(170);
    const owed = viewOrder((await loadOrder(t.db, settled.orderId))!, t.clock.now()).position!.totalOwedMinor;
    expect(owed).toBeGreaterThan(0);
    // Paid in full another way first (a second code on another channel), then this code's money arrives.
    dp.settle(settled.code.txnId, 'S');
    await t.db.query(`UPDATE orders SET status = 200, settled_at = $2 WHERE id = $1`, [settled.orderId, t.clock.now()]);
    await dp.notify(postbackUrl, { txnid: settled.code.txnId, refno: settled.code.code, status: 'S' });
    await allSettled();

    expect(await paymentsOf(over.orderId)).toEqual([]);
    expect(await paymentsOf(settled.orderId)).toEqual([]);
    const exceptions = await listPaymentExceptions(t.db);
    expect(exceptions.find((e) => e.txnId === over.code.txnId)).toMatchObject({ kind: 'amount_mismatch', receivedMinor: over.code.amountMinor + 5_000, expectedMinor: over.code.amountMinor, borrowerId: over.borrower.borrowerId });
    expect(exceptions.find((e) => e.txnId === settled.code.txnId)).toMatchObject({ kind: 'order_closed', receivedMinor: settled.code.amountMinor, borrowerId: settled.borrower.borrowerId });

    // Notified again (another notification, settled again): still one exception each.
    await dp.notify(postbackUrl, { txnid: over.code.txnId, refno: over.code.code, status: 'S', message: 'sent again' });
    await allSettled();
    expect((await listPaymentExceptions(t.db)).filter((e) => e.txnId === over.code.txnId)).toHaveLength(1);
  });

  it('stores a replayed notification once and asks the provider once: 100 replays, one after another and all at once', async () => {
    const { orderId, code } = await newCode();
    dp.settle(code.txnId, 'S');
    const signed = { txnid: code.txnId, refno: code.code, status: 'S', message: 'Paid at 7-Eleven' };
    const queriesBefore = dp.calls.status;
    expect(await dp.notify(postbackUrl, signed)).toEqual({ status: 200, body: 'result=OK' });
    await allSettled();
    expect(dp.calls.status - queriesBefore).toBe(1);
    // The same signed notification again: 50 one after another, then 49 at once.
    const answers = [];
    for (let i = 0; i < 50; i++) answers.push(await dp.notify(postbackUrl, signed));
    answers.push(...(await Promise.all(Array.from({ length: 49 }, () => dp.notify(postbackUrl, signed)))));
    expect(answers.every((a) => a.status === 200 && a.body === 'result=OK')).toBe(true);
    await allSettled();
    const rows = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM provider_notifications WHERE txn_id = $1', [code.txnId])).rows[0]!.n;
    const queries = dp.calls.status - queriesBefore;
    console.log(`dragonpay replays: 1 notification sent 100 times (answered OK 100 times); rows stored: ${rows}; status queries: ${queries}; payments applied: ${(await paymentsOf(orderId)).length}`);
    expect(rows).toBe(1);
    expect(queries).toBe(1);
    expect(await paymentsOf(orderId)).toHaveLength(1);
  });

  it('asks nothing for a replay of a notification still waiting to be settled; the next pass settles it once', async () => {
    const { orderId, code } = await newCode();
    dp.settle(code.txnId, 'S');
    const signed = { txnid: code.txnId, refno: code.code, status: 'S' };
    // The first status query (and its two retries) time out: the notification stays stored, unsettled.
    dp.delayNext(3, TIMEOUT_MS + 300);
    const queriesBefore = dp.calls.status;
    expect((await dp.notify(postbackUrl, signed)).body).toBe('result=OK');
    await until(async () => dp.calls.status - queriesBefore === 3);
    await new Promise((r) => setTimeout(r, TIMEOUT_MS + 400));
    expect(await paymentsOf(orderId)).toEqual([]);
    // Replays while it waits: answered, nothing stored, the provider not asked.
    for (let i = 0; i < 10; i++) expect((await dp.notify(postbackUrl, signed)).body).toBe('result=OK');
    expect(dp.calls.status - queriesBefore).toBe(3);
    await settleNotifications(t);
    expect(dp.calls.status - queriesBefore).toBe(4);
    expect(await paymentsOf(orderId)).toHaveLength(1);
    expect((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM provider_notifications WHERE txn_id = $1', [code.txnId])).rows[0]!.n).toBe(1);
  });

  it("applies a code paid in full after finance posted all but ₱1 (issue 34) up to what was owed, the rest one overpayment exception", async () => {
    const finance = await signedInStaff(t, ['finance']);
    const { orderId, code } = await newCode();
    const owed = viewOrder((await loadOrder(t.db, orderId))!, t.clock.now()).position!.totalOwedMinor;
    expect(code.amountMinor).toBe(owed);
    expect((await finance.call('POST', `/orders/${orderId}/payments`, { amountMinor: owed - 100, method: 'counter', reference: 'DP-ISSUE-34' })).statusCode).toBe(200);
    // Not settled by the posting: the code stays open at Dragonpay, and the borrower pays it in full.
    expect(dp.transactions.get(code.txnId)!.status).not.toBe('V');
    dp.settle(code.txnId, 'S');
    await dp.notify(postbackUrl, { txnid: code.txnId, refno: code.code, status: 'S' });
    await allSettled();
    expect(await loadOrder(t.db, orderId)).toMatchObject({ status: 200, paidMinor: owed });
    expect(await paymentsOf(orderId)).toEqual(expect.arrayContaining([{ providerRef: `dragonpay:${code.code}`, amountMinor: owed }]));
    expect((await listPaymentExceptions(t.db)).filter((e) => e.orderId === orderId)).toEqual([
      expect.objectContaining({ kind: 'overpayment', provider: 'dragonpay', refNo: code.code, receivedMinor: owed, expectedMinor: 100, heldMinor: owed - 100 }),
    ]);
  });

  it("voids the order's open code at Dragonpay when a posting settles it; one Dragonpay was paid for already is refused there and its money is one order_closed exception", async () => {
    const finance = await signedInStaff(t, ['finance']);
    type Answer = { json(): { data: { order: { payCodes: Array<{ code: string }> } } } };
    const codeIn = (answer: Answer, code: string) => answer.json().data.order.payCodes.find((c) => c.code === code);
    const voided = await newCode();
    const owed = viewOrder((await loadOrder(t.db, voided.orderId))!, t.clock.now()).position!.totalOwedMinor;
    const posted = await finance.call('POST', `/orders/${voided.orderId}/payments`, { amountMinor: owed, method: 'counter', reference: 'DP-SETTLE-1' });
    expect(codeIn(posted, voided.code.code)).toMatchObject({ status: 'voided', voided: { reason: expect.stringMatching(/^payment \d+ \(posted:DP-SETTLE-1\) settled the order$/), atProvider: 'done' } });
    expect(dp.transactions.get(voided.code.txnId)!.status).toBe('V');
    // Voided at Dragonpay: it can no longer be paid there.
    expect(dp.settle(voided.code.txnId, 'S')).toBe(false);

    // Paid at Dragonpay a moment before finance posted (its postback not yet sent): Dragonpay refuses the void.
    const paidThere = await newCode();
    dp.settle(paidThere.code.txnId, 'S');
    const refused = await finance.call('POST', `/orders/${paidThere.orderId}/payments`, { amountMinor: owed, method: 'counter', reference: 'DP-SETTLE-2' });
    expect(codeIn(refused, paidThere.code.code)).toMatchObject({ status: 'voided', voided: { atProvider: 'refused', detail: 'Dragonpay answered -3' } });
    await dp.notify(postbackUrl, { txnid: paidThere.code.txnId, refno: paidThere.code.code, status: 'S' });
    await allSettled();
    expect(await loadOrder(t.db, paidThere.orderId)).toMatchObject({ status: 200, paidMinor: owed });
    expect((await listPaymentExceptions(t.db)).filter((e) => e.orderId === paidThere.orderId)).toEqual([
      expect.objectContaining({ kind: 'order_closed', receivedMinor: owed, heldMinor: owed, paymentId: null, detail: expect.stringContaining('the code was voided: payment') }),
    ]);

    // Dragonpay answers too late: recorded as failed (it did void it, so the code still takes no money there).
    const slow = await newCode();
    dp.delayNext(1, TIMEOUT_MS + 300);
    const late = await finance.call('POST', `/orders/${slow.orderId}/payments`, { amountMinor: owed, method: 'counter', reference: 'DP-SETTLE-3' });
    expect(codeIn(late, slow.code.code)).toMatchObject({ status: 'voided', voided: { atProvider: 'failed', detail: `Dragonpay did not answer the void of ${slow.code.txnId}: TimeoutError` } });
  });

  it('keeps a notification whose status query timed out, and settles it on the next pass', async () => {
    const { orderId, code } = await newCode();
    dp.settle(code.txnId, 'S');
    dp.delayNext(3, TIMEOUT_MS + 300);
    expect((await dp.notify(postbackUrl, { txnid: code.txnId, refno: code.code, status: 'S' })).body).toBe('result=OK');
    // The background pass gives up after three late answers; the notification stays stored.
    await new Promise((r) => setTimeout(r, 3 * TIMEOUT_MS + 600));
    expect(await paymentsOf(orderId)).toEqual([]);
    await settleNotifications(t);
    await allSettled();
    expect(await paymentsOf(orderId)).toHaveLength(1);
  });
});
