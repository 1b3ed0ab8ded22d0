/**
 * Money out (issue 36) through the staff API and the sandbox payout provider: approve by one finance
 * user, release by another, the money's arrival moving the order to 170 dated from that moment; the
 * bank's refusal, the borrower's correction and a second release; every refusal of a release, with
 * nothing sent; the webhook's signature and replays.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindCardChangeRoute, loanDetailsRoute, type OrderDetails, type StaffOrder, type StaffPayout } from '@cashloan/contract';
import { createHarness, type Harness } from '../../test-support/repayment-harness.ts';
import { createTestApp } from '../../test-support/test-app.ts';
import { signInAgain, signedInStaff, type TestStaff } from '../../test-support/staff.ts';
import { seedDemoPayoutAccounts } from '../../modules/bind-bank/seed.ts';
import { INSTAPAY } from '../../modules/bind-bank/seed.ts';
import { SANDBOX_CLOSED_ACCOUNT, SANDBOX_SIGNATURE_HEADER, sandboxPayoutSignature, type SandboxPayoutProvider } from '../../providers/payouts/sandbox.ts';
import { payoutNotificationUrl } from '../../modules/provider-notifications/payout-routes.ts';
import { ORDER_STATUS } from '../../loan-terms/status.ts';
import { addDays } from '../../loan-terms/calendar.ts';
import { instalmentDueOffsets } from '../../loan-terms/rules.ts';

let h: Harness;
let approver: TestStaff;
let releaser: TestStaff;
const LIMIT = 5_000_000; // ₱50,000.00 a day
beforeAll(async () => {
  h = await createHarness(await createTestApp({ SESSION_TTL_DAYS: 3650, PAYOUT_DAILY_LIMIT_MINOR: LIMIT }));
  approver = await signedInStaff(h.t, ['finance'], { email: 'approver@lender.test' });
  releaser = await signedInStaff(h.t, ['finance'], { email: 'releaser@lender.test' });
});
afterAll(() => h.t.close());

/** Moves the clock; the staff sign in again (a staff session ends within hours). */
async function advance(ms: number) {
  await h.advance(ms);
  approver = await signInAgain(h.t, approver);
  releaser = await signInAgain(h.t, releaser);
}

const sandbox = () => h.t.payouts.byName('sandbox') as SandboxPayoutProvider;

/** A borrower's order in review with a bound account (the closed one when asked). */
async function orderInReview(opts: { closed?: boolean; product?: number; bind?: boolean } = {}) {
  const borrower = await h.t.newBorrower({ name: 'Maria Santos' });
  const order = await h.order(borrower.borrowerId, ORDER_STATUS.inReview, { product: opts.product ?? 0 });
  if (opts.bind !== false) {
    await h.t.db.transaction((tx) =>
      seedDemoPayoutAccounts(
        tx,
        h.t.cardData,
        { id: borrower.borrowerId, name: 'Maria Santos' },
        [{ productId: order.productId, orderIds: [order.id], bankCode: 'BDO', accountNumber: opts.closed ? SANDBOX_CLOSED_ACCOUNT : '1234567890' }],
        h.t.clock.now(),
      ),
    );
  }
  return { borrower, order };
}

const approve = (orderId: number) => approver.call('POST', `/orders/${orderId}/move`, { to: ORDER_STATUS.disbursing });
const release = (staff: TestStaff, orderId: number) => staff.call('POST', `/orders/${orderId}/release`, {});
const staffOrder = async (orderId: number, staff = releaser) => (await staff.call('GET', `/orders/${orderId}`)).json().data as StaffOrder;
const details = async (session: Record<string, string>, order: { id: number; productId: number }) =>
  (await h.call(loanDetailsRoute, session, { productId: order.productId, orderId: order.id })).body.data as OrderDetails;
const sentAtSandbox = async (reference: string) =>
  Number((await h.t.db.query<{ n: string }>('SELECT count(*) AS n FROM sandbox_payouts WHERE reference LIKE $1', [`${reference}%`])).rows[0]!.n);

describe('release by a second finance user', () => {
  it('refuses the approver, pays out through the provider, and dates the plan from the arrival', async () => {
    const { borrower, order } = await orderInReview();
    expect((await approve(order.id)).statusCode).toBe(200);
    // The borrower, while it is on its way.
    expect((await details(borrower.session, order)).payoutText).toBe('Sending ₱5,000.00 to your account ending 7890');

    const own = await release(approver, order.id);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(`You approved order ${order.orderNo}, so another finance user must release it. Nothing was sent.`);
    expect((await staffOrder(order.id, approver)).payouts.release?.blockedBy).toMatch(/another finance user must release it/);
    expect(await sentAtSandbox(`PO-${order.orderNo}`)).toBe(0);

    await advance(3 * 60 * 60 * 1000);
    const res = await release(releaser, order.id);
    expect(res.statusCode, res.body).toBe(200);
    const payout = res.json().data.payout as StaffPayout;
    expect(payout).toMatchObject({ reference: `PO-${order.orderNo}-1`, amountMinor: 500_000, currency: 'PHP', account: { bankName: 'BDO Unibank', last4: '7890' } });
    expect(payout.approvedBy?.id).toBe(approver.id);
    expect(payout.releasedBy.id).toBe(releaser.id);
    await sandbox().delivered();

    const after = await h.reload(order.id);
    expect(after.status).toBe(ORDER_STATUS.repaying);
    const arrived = (await staffOrder(order.id)).payouts.items[0]!;
    expect(arrived.status).toBe('paid');
    // The term starts at the arrival (three hours after the approval here), not at the approval or order.
    expect(after.disbursedAt?.toISOString()).toBe(arrived.paidAt);
    const offsets = instalmentDueOffsets(after.termDays, after.periods);
    expect(after.plan.map((p) => p.dueAt.toISOString())).toEqual(offsets.map((d) => addDays(new Date(arrived.paidAt!), d).toISOString()));
    expect((await details(borrower.session, order)).payoutText).toMatch(/^₱5,000\.00 arrived in your account ending 7890 on \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    // The audit names both people.
    const { rows } = await h.t.db.query<{ after: { payout: { approvedBy: { id: number }; releasedBy: { id: number } } } }>(
      `SELECT after FROM staff_audit WHERE action = 'order.release' AND target_id = $1 AND after->'payout' IS NOT NULL`,
      [String(order.id)],
    );
    expect(rows[0]?.after.payout.approvedBy.id).toBe(approver.id);
    expect(rows[0]?.after.payout.releasedBy.id).toBe(releaser.id);
  });

  it('shows a refusal by the bank to both sides, and releases again once the borrower corrected the account', async () => {
    const { borrower, order } = await orderInReview({ closed: true });
    await approve(order.id);
    expect((await release(releaser, order.id)).statusCode).toBe(200);
    await sandbox().delivered();
    expect((await h.reload(order.id)).status).toBe(ORDER_STATUS.disbursing);
    const failed = (await staffOrder(order.id)).payouts;
    expect(failed.items[0]).toMatchObject({ status: 'failed', failureKind: 'account_closed' });
    const shown = await details(borrower.session, order);
    expect(shown.payoutText).toBe('');
    expect(shown.payoutProblemText).toBe(
      'We could not send ₱5,000.00 to your account ending 0000: your bank says this account is closed. Please correct your account details so we can send it again.',
    );

    // The borrower corrects the account on the bank screen opened from the order (bind-card-change).
    const saved = await h.call(bindCardChangeRoute, borrower.session, {
      product_id: String(order.productId),
      cardType: '1',
      channel: INSTAPAY,
      bankCode: 'BPI',
      cardNo: '5556667778',
      accountName: 'Maria Santos',
      city: 'Quezon City',
    });
    expect(saved.body).toMatchObject({ code: 0 });
    expect((await details(borrower.session, order)).payoutText).toBe('Sending ₱5,000.00 to your account ending 7778');

    const again = await release(releaser, order.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.payout).toMatchObject({ attempt: 2, reference: `PO-${order.orderNo}-2`, account: { bankName: 'Bank of the Philippine Islands', last4: '7778' } });
    await sandbox().delivered();
    expect((await h.reload(order.id)).status).toBe(ORDER_STATUS.repaying);
  });
});

describe('a release refused, nothing sent', () => {
  it('names what was wrong: not approved, twice, no account, past the daily limit', async () => {
    const inReview = await orderInReview();
    const notApproved = await release(releaser, inReview.order.id);
    expect(notApproved.statusCode).toBe(409);
    expect(notApproved.json().message).toBe(
      `Order ${inReview.order.orderNo} cannot be released: it is 21 (in review); only an approved order (110) is paid out. Nothing was sent.`,
    );

    const noAccount = await orderInReview({ bind: false });
    await approve(noAccount.order.id);
    const refusedNoAccount = await release(releaser, noAccount.order.id);
    expect(refusedNoAccount.statusCode).toBe(409);
    expect(refusedNoAccount.json().message).toMatch(/has no bound payout account: the borrower must bind one/);

    // Twice at once: one is sent, the other refused.
    const twice = await orderInReview();
    await approve(twice.order.id);
    const both = await Promise.all([release(releaser, twice.order.id), release(releaser, twice.order.id)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json().message).toMatch(/already (has a payout on its way|paid out)/);
    await sandbox().delivered();
    expect(await sentAtSandbox(`PO-${twice.order.orderNo}`)).toBe(1);
    const late = await release(releaser, twice.order.id);
    expect(late.statusCode).toBe(409);

    // ₱50,000.00 a day: ₱45,000.00 released today (the payouts above, one of them made larger), then ₱10,000.00 would pass it.
    const released = Number((await h.t.db.query<{ s: string }>(`SELECT coalesce(sum(amount_minor), 0) AS s FROM payouts WHERE status <> 'failed'`)).rows[0]!.s);
    const big = await orderInReview({ product: 1 }); // ₱10,000.00 lent
    await approve(big.order.id);
    await h.t.db.query(`UPDATE payouts SET amount_minor = amount_minor + $1 WHERE id = (SELECT max(id) FROM payouts WHERE status <> 'failed')`, [LIMIT - released - 500_000]);
    const over = await release(releaser, big.order.id);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(`Releasing ₱10,000.00 now would pass today's release limit of ₱50,000.00 (₱45,000.00 released today). Nothing was sent; raise PAYOUT_DAILY_LIMIT_MINOR or release tomorrow.`);
    expect(await sentAtSandbox(`PO-${big.order.orderNo}`)).toBe(0);
    // A new market day starts the count again.
    await advance(24 * 60 * 60 * 1000);
    expect((await release(releaser, big.order.id)).statusCode).toBe(200);
    await sandbox().delivered();
  });

  it('refuses other roles (the server, not only the screen)', async () => {
    const agent = await signedInStaff(h.t, ['agent']);
    const { order } = await orderInReview();
    await approve(order.id);
    expect((await release(agent, order.id)).statusCode).toBe(403);
    expect((await agent.call('GET', '/payouts')).statusCode).toBe(403);
    expect((await approver.call('POST', `/orders/${order.id}/move`, { to: ORDER_STATUS.repaying })).statusCode).toBe(400);
  });
});

describe('the payout webhook', () => {
  it('refuses a bad signature with 403 and stores nothing; a replay changes nothing', async () => {
    const { order } = await orderInReview();
    await approve(order.id);
    await h.t.db.query(`UPDATE orders SET updated_at = updated_at WHERE id = $1`, [order.id]);
    // Released with no delivery, so the notification is ours to send.
    const quiet = sandbox();
    let held: { headers: Record<string, string>; body: string } | null = null;
    quiet.deliverTo(async (headers, body) => {
      held = { headers, body };
    });
    const released = await release(releaser, order.id);
    expect(released.statusCode, released.body).toBe(200);
    await quiet.delivered();
    const notification = held as unknown as { headers: Record<string, string>; body: string };
    const count = async () => Number((await h.t.db.query<{ n: string }>('SELECT count(*) AS n FROM payout_notifications')).rows[0]!.n);
    const before = await count();
    const post = (headers: Record<string, string>, body: string) => h.t.app.inject({ method: 'POST', url: payoutNotificationUrl('sandbox'), headers, payload: body });

    const forged = await post({ ...notification.headers, [SANDBOX_SIGNATURE_HEADER]: sandboxPayoutSignature('not the secret', notification.body) }, notification.body);
    expect(forged.statusCode).toBe(403);
    const altered = await post(notification.headers, notification.body.replace('"paid"', '"failed"'));
    expect(altered.statusCode).toBe(403);
    const unsigned = await post({ 'content-type': 'application/json' }, notification.body);
    expect(unsigned.statusCode).toBe(403);
    expect(await count()).toBe(before);
    expect((await h.reload(order.id)).status).toBe(ORDER_STATUS.disbursing);

    expect((await post(notification.headers, notification.body)).statusCode).toBe(200);
    expect((await h.reload(order.id)).status).toBe(ORDER_STATUS.repaying);
    const disbursedAt = (await h.reload(order.id)).disbursedAt;
    await h.advance(60_000);
    expect((await post(notification.headers, notification.body)).statusCode).toBe(200);
    expect(await count()).toBe(before + 1);
    expect((await h.reload(order.id)).disbursedAt).toEqual(disbursedAt);
    expect((await h.t.app.inject({ method: 'POST', url: payoutNotificationUrl('nobody'), headers: notification.headers, payload: notification.body })).statusCode).toBe(404);

    // Deliveries go back to the app's own webhook.
    quiet.deliverTo(async (headers, body) => {
      const res = await h.t.app.inject({ method: 'POST', url: payoutNotificationUrl('sandbox'), headers, payload: body });
      if (res.statusCode !== 200) throw new Error(String(res.statusCode));
    });
  });
});
