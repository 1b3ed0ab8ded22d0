/**
 * Maker-checker on finance's postings (issue 34): a posting above POSTING_APPROVAL_ABOVE_MINOR
 * (₱10,000.00 here, the default) applies nothing and waits for a second finance user, who applies it
 * (checked again as the order stands then) or rejects it with a reason; its maker can do neither; its
 * reference is reserved meanwhile; each step is audited with the maker and the checker.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_MESSAGES, type StaffOrder, type StaffPosting } from '@cashloan/contract';
import { loadConfig } from '../../config.ts';
import { createHarness, type Harness } from '../../test-support/repayment-harness.ts';
import { signedInStaff, type TestStaff } from '../../test-support/staff.ts';
import { applyPaidPayCode } from '../../domain/payments/payments.ts';
import { issuePayCode } from '../../domain/payments/pay-codes.ts';

const THRESHOLD = 1_000_000;
/** PesoNow Plus (₱10,000.00 lent): overdue, it owes more than the threshold. */
const PLUS = 1;

let h: Harness;
let maker: TestStaff;
let checker: TestStaff;
let secondChecker: TestStaff;
beforeAll(async () => {
  h = await createHarness();
  maker = await signedInStaff(h.t, ['finance'], { email: 'maker@lender.test' });
  checker = await signedInStaff(h.t, ['finance'], { email: 'checker@lender.test' });
  secondChecker = await signedInStaff(h.t, ['finance', 'admin']);
});
afterAll(() => h.t.close());

let refs = 0;
const newRef = () => `OR-MC-${++refs}`;

/** An overdue order of PesoNow Plus and what it owes now, as finance's screen says it. */
async function bigOrder(): Promise<{ id: number; owed: number }> {
  const borrower = await h.t.newBorrower();
  const { id } = await h.order(borrower.borrowerId, 180, { product: PLUS, dueInDays: -2 });
  const owed = ((await maker.call('GET', `/orders/${id}`)).json().data as StaffOrder).order.owedNowMinor;
  expect(owed).toBeGreaterThan(THRESHOLD);
  return { id, owed };
}

const post = (staff: TestStaff, orderId: number, amountMinor: number, reference: string) =>
  staff.call('POST', `/orders/${orderId}/payments`, { amountMinor, method: 'bank-transfer', reference });
const approve = (staff: TestStaff, orderId: number, postingId: number) => staff.call('POST', `/orders/${orderId}/postings/${postingId}/approve`, {});
const reject = (staff: TestStaff, orderId: number, postingId: number, reason: string) => staff.call('POST', `/orders/${orderId}/postings/${postingId}/reject`, { reason });

/** Holds a posting above the threshold; resolves with it. */
async function held(orderId: number, amountMinor: number, reference = newRef()): Promise<StaffPosting> {
  const res = await post(maker, orderId, amountMinor, reference);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.posting as StaffPosting;
}

const paymentsOf = async (orderId: number) =>
  (
    await h.t.db.query<{ amount_minor: number; provider_ref: string; posted_by_staff_id: number | null }>(
      `SELECT pm.amount_minor, pm.provider_ref, pm.posted_by_staff_id FROM payments pm JOIN pay_codes pc ON pc.id = pm.pay_code_id WHERE pc.order_id = $1 ORDER BY pm.id`,
      [orderId],
    )
  ).rows;
const auditOf = async (orderId: number) =>
  (
    await h.t.db.query<{ action: string; outcome: string; staff_email: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(
      `SELECT action, outcome, staff_email, before, after FROM staff_audit WHERE target_type = 'order' AND target_id = $1 ORDER BY id`,
      [String(orderId)],
    )
  ).rows;
const orderOf = async (orderId: number) => (await maker.call('GET', `/orders/${orderId}`)).json().data as StaffOrder;

describe('POSTING_APPROVAL_ABOVE_MINOR', () => {
  it('is ₱10,000.00 unless set; a whole number of minor units from 0, anything else stops the start naming it', () => {
    expect(loadConfig({}).POSTING_APPROVAL_ABOVE_MINOR).toBe(1_000_000);
    expect(loadConfig({ POSTING_APPROVAL_ABOVE_MINOR: ' 2500000 ' }).POSTING_APPROVAL_ABOVE_MINOR).toBe(2_500_000);
    expect(loadConfig({ POSTING_APPROVAL_ABOVE_MINOR: '0' }).POSTING_APPROVAL_ABOVE_MINOR).toBe(0);
    for (const bad of ['', '-1', '10000.50', '1e6', 'ten thousand', '100000000001']) {
      expect(() => loadConfig({ POSTING_APPROVAL_ABOVE_MINOR: bad }), bad).toThrow(/Invalid configuration: POSTING_APPROVAL_ABOVE_MINOR: must be a whole number of minor units/);
    }
  });
});

describe('a posting above the threshold waits for a second finance user', () => {
  it('applies at once at the threshold; one centavo above, applies nothing, says it awaits approval, and is audited as requested', async () => {
    const atOnce = await bigOrder();
    const at = await post(maker, atOnce.id, THRESHOLD, newRef());
    expect(at.statusCode, at.body).toBe(200);
    expect(at.json().data).toMatchObject({ paymentId: expect.any(Number), outcome: 'partial', posting: null });
    expect(await paymentsOf(atOnce.id)).toHaveLength(1);
    expect((await auditOf(atOnce.id)).map((a) => [a.action, a.outcome])).toEqual([['payment.post', 'done']]);

    const { id } = await bigOrder();

    const reference = newRef();
    const above = await post(maker, id, THRESHOLD + 1, reference);
    expect(above.statusCode, above.body).toBe(200);
    const answer = above.json().data as { paymentId: number | null; outcome: string; posting: StaffPosting; order: StaffOrder };
    expect(answer).toMatchObject({ paymentId: null, outcome: 'awaiting approval' });
    expect(answer.posting).toMatchObject({
      orderId: id,
      amountMinor: THRESHOLD + 1,
      method: 'bank-transfer',
      reference,
      status: 'pending',
      postedBy: { id: maker.id, email: maker.email },
      decidedBy: null,
      paymentId: null,
    });
    expect(answer.order.order.paidMinor).toBe(0);
    expect(answer.order.postings).toEqual({ approvalAboveMinor: THRESHOLD, items: [answer.posting] });
    expect(await paymentsOf(id)).toEqual([]);

    const requested = (await auditOf(id)).filter((a) => a.action === 'payment.post-requested');
    expect(requested).toHaveLength(1);
    expect(requested[0]).toMatchObject({ outcome: 'done', staff_email: maker.email, after: { paidMinor: 0, posting: { id: answer.posting.id, reference, status: 'pending', postedBy: { email: maker.email } } } });
  });

  it('refuses its maker both approving and rejecting it (403, saying why), audited, and leaves it waiting', async () => {
    const { id, owed } = await bigOrder();
    const posting = await held(id, owed);
    for (const res of [await approve(maker, id, posting.id), await reject(maker, id, posting.id, 'I typed it wrong')]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toMatch(/^You posted this payment, so you cannot (approve|reject) it: another finance user must \(maker-checker\)\.$/);
    }
    expect(await paymentsOf(id)).toEqual([]);
    expect((await orderOf(id)).postings.items.map((p) => p.status)).toEqual(['pending']);
    const refused = (await auditOf(id)).filter((a) => a.outcome === 'refused');
    expect(refused.map((a) => [a.action, a.staff_email])).toEqual([
      ['payment.post-approved', maker.email],
      ['payment.post-rejected', maker.email],
    ]);
  });

  it('is applied once when another finance user approves, the payment booked by the checker and the audit naming both', async () => {
    const { id, owed } = await bigOrder();
    const posting = await held(id, owed);
    const res = await approve(checker, id, posting.id);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json().data as { order: StaffOrder; posting: StaffPosting; paymentId: number; outcome: string };
    expect(answer.outcome).toBe('settled');
    expect(answer.order.order).toMatchObject({ status: 200, paidMinor: owed });
    expect(answer.posting).toMatchObject({
      status: 'approved',
      postedBy: { id: maker.id, email: maker.email },
      decidedBy: { id: checker.id, email: checker.email },
      paymentId: answer.paymentId,
      reason: null,
    });
    expect(await paymentsOf(id)).toEqual([{ amount_minor: owed, provider_ref: `posted:${posting.reference}`, posted_by_staff_id: checker.id }]);

    // Again, by the same checker or another: already approved, nothing more applied.
    for (const staff of [checker, secondChecker]) {
      const again = await approve(staff, id, posting.id);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toMatch(new RegExp(`^Posting ${posting.id} was already approved by .* \\(${checker.email}\\) at `));
    }
    expect(await paymentsOf(id)).toHaveLength(1);

    const approved = (await auditOf(id)).filter((a) => a.action === 'payment.post-approved');
    expect(approved.map((a) => a.outcome)).toEqual(['done', 'refused', 'refused']);
    expect(approved[0]).toMatchObject({
      staff_email: checker.email,
      before: { status: 180, paidMinor: 0, posting: { status: 'pending', postedBy: { email: maker.email }, decidedBy: null } },
      after: {
        status: 200,
        paidMinor: owed,
        posting: { status: 'approved', postedBy: { email: maker.email }, decidedBy: { email: checker.email } },
        payment: { id: answer.paymentId, amountMinor: owed, reference: posting.reference, outcome: 'settled' },
      },
    });
  });

  it('voids the order’s other open pay codes when its approval settles the order, as a posting at once does', async () => {
    const { id, owed } = await bigOrder();
    const open = await issuePayCode(h.t, { orderId: id, purpose: 'repay', amountMinor: owed, now: h.t.clock.now() });
    const posting = await held(id, owed);
    const res = await approve(checker, id, posting.id);
    expect(res.statusCode, res.body).toBe(200);
    const view = (res.json().data as { order: StaffOrder }).order;
    expect(view.order.status).toBe(200);
    expect(view.payCodes.find((c) => c.code === open.code)).toMatchObject({ status: 'voided', voided: { reason: expect.stringContaining(`posted:${posting.reference}`), atProvider: 'done' } });
  });

  it('is rejected by another finance user with the reason: nothing applied, the reference free again', async () => {
    const { id, owed } = await bigOrder();
    const posting = await held(id, owed);
    const noReason = await reject(checker, id, posting.id, ' ');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toMatch(/^reason/);

    const res = await reject(checker, id, posting.id, 'The bank shows ₱1,000.00 less on this transfer.');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.posting).toMatchObject({ status: 'rejected', reason: 'The bank shows ₱1,000.00 less on this transfer.', decidedBy: { id: checker.id }, paymentId: null });
    expect(await paymentsOf(id)).toEqual([]);
    expect((await approve(secondChecker, id, posting.id)).statusCode).toBe(409);
    expect(await paymentsOf(id)).toEqual([]);

    const rejected = (await auditOf(id)).find((a) => a.action === 'payment.post-rejected' && a.outcome === 'done')!;
    expect(rejected).toMatchObject({ staff_email: checker.email, after: { posting: { status: 'rejected', postedBy: { email: maker.email }, decidedBy: { email: checker.email } } } });

    // The reference may be posted again, with the right amount.
    expect((await held(id, owed - 100_000, posting.reference)).status).toBe('pending');
  });

  it('is refused at approval when the order was paid meanwhile: nothing written, still waiting', async () => {
    const { id, owed } = await bigOrder();
    const posting = await held(id, owed);
    // The borrower pays ₱500.00 at a counter through the provider meanwhile.
    const code = await issuePayCode(h.t, { orderId: id, purpose: 'repay', amountMinor: 50_000, now: h.t.clock.now() });
    await applyPaidPayCode(h.t, { code: code.code, now: h.t.clock.now() });

    const res = await approve(checker, id, posting.id);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toMatch(new RegExp(`owes ₱[\\d,.]+ now, less than the ₱[\\d,.]+ of posting ${posting.id} \\(it was paid meanwhile\\): nothing was applied`));
    expect(await paymentsOf(id)).toHaveLength(1);
    const view = await orderOf(id);
    expect(view.order.paidMinor).toBe(50_000);
    expect(view.postings.items.map((p) => p.status)).toEqual(['pending']);
    expect((await auditOf(id)).filter((a) => a.action === 'payment.post-approved').map((a) => a.outcome)).toEqual(['refused']);
  });

  it('is refused at approval when the order is no longer being repaid (settled meanwhile)', async () => {
    const { id, owed } = await bigOrder();
    const posting = await held(id, THRESHOLD + 5_000);
    const code = await issuePayCode(h.t, { orderId: id, purpose: 'repay', amountMinor: owed, now: h.t.clock.now() });
    await applyPaidPayCode(h.t, { code: code.code, now: h.t.clock.now() });

    const res = await approve(checker, id, posting.id);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toMatch(/is no longer being repaid \(status 200\): posting \d+ was not applied/);
    expect(await paymentsOf(id)).toHaveLength(1);
    // A checker closes it with the reason.
    expect((await reject(checker, id, posting.id, 'The borrower settled through Dragonpay first.')).statusCode).toBe(200);
  });

  it('is applied once when two finance users approve it at the same moment, and an approval and a rejection at once leave one decision', async () => {
    const { id, owed } = await bigOrder();
    const posting = await held(id, owed);
    const answers = await Promise.all([approve(checker, id, posting.id), approve(secondChecker, id, posting.id), approve(checker, id, posting.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await paymentsOf(id)).toHaveLength(1);
    expect((await auditOf(id)).filter((a) => a.action === 'payment.post-approved' && a.outcome === 'done')).toHaveLength(1);

    const other = await bigOrder();
    const contested = await held(other.id, other.owed);
    const both = await Promise.all([approve(checker, other.id, contested.id), reject(secondChecker, other.id, contested.id, 'Not on the bank statement.')]);
    expect(both.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const [decided] = (await orderOf(other.id)).postings.items;
    expect((await paymentsOf(other.id)).length).toBe(decided!.status === 'approved' ? 1 : 0);
  });

  it('reserves its reference while it waits: a second posting of it, held or at once, on any order, is refused 409', async () => {
    const { id, owed } = await bigOrder();
    const other = await bigOrder();
    const posting = await held(id, owed);
    for (const [orderId, amount] of [
      [id, owed],
      [other.id, other.owed],
      [id, 1_000],
      [other.id, 1_000],
    ] as const) {
      const res = await post(checker, orderId, amount, posting.reference);
      expect(res.statusCode, `${orderId} ${amount}`).toBe(409);
      expect(res.json().message).toBe(`reference ${posting.reference} is awaiting a second finance user's approval (posting ${posting.id}, order ${posting.orderNo}); nothing was posted again.`);
    }
    expect(await paymentsOf(id)).toEqual([]);
    expect(await paymentsOf(other.id)).toEqual([]);
    expect((await orderOf(other.id)).postings.items).toEqual([]);

    // A reference a payment was posted under cannot be held either.
    const applied = newRef();
    expect((await post(maker, other.id, 1_000, applied)).statusCode).toBe(200);
    const again = await post(maker, id, owed, applied);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(new RegExp(`^reference ${applied} was already posted`));
  });

  it('refuses to hold what could not be applied: more than the order owes (400), an order not being repaid (409)', async () => {
    const { id, owed } = await bigOrder();
    const tooMuch = await post(maker, id, owed + 1, newRef());
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toMatch(/is more than order .* owes now/);
    const borrower = await h.t.newBorrower();
    const inReview = await h.order(borrower.borrowerId, 21, { product: PLUS });
    expect((await post(maker, inReview.id, THRESHOLD + 1, newRef())).statusCode).toBe(409);
    expect((await orderOf(id)).postings.items).toEqual([]);
    expect((await orderOf(inReview.id)).postings.items).toEqual([]);
  });

  it('lists the postings awaiting approval oldest first, and the decided ones newest first', async () => {
    const { id, owed } = await bigOrder();
    const first = await held(id, owed);
    await h.t.clock.advance(60_000);
    const second = await held(id, THRESHOLD + 1);
    const pending = (await checker.call('GET', '/postings')).json().data as { items: StaffPosting[]; total: number };
    const ids = pending.items.map((p) => p.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(pending.items.every((p) => p.status === 'pending')).toBe(true);
    expect(pending.total).toBe(pending.items.length);

    await reject(checker, id, second.id, 'Duplicate of the first transfer.');
    const rejected = (await checker.call('GET', '/postings?status=rejected&pageSize=1')).json().data as { items: StaffPosting[]; total: number };
    expect(rejected.items.map((p) => p.id)).toEqual([second.id]);
    expect(rejected.total).toBeGreaterThanOrEqual(2);
    expect((await checker.call('GET', '/postings?status=waiting')).statusCode).toBe(400);
  });

  it('is refused (403) to agents and admins without finance, whatever they send', async () => {
    const { id, owed } = await bigOrder();
    const posting = await held(id, owed);
    for (const roles of [['agent'], ['admin'], ['agent', 'admin']] as const) {
      const staff = await signedInStaff(h.t, [...roles]);
      for (const res of [
        await staff.call('GET', '/postings'),
        await approve(staff, id, posting.id),
        await reject(staff, id, posting.id, 'Not mine to decide.'),
        await post(staff, id, owed, newRef()),
      ]) {
        expect(res.statusCode, roles.join('+')).toBe(403);
        expect(res.json().message).toBe(STAFF_MESSAGES.forbidden);
      }
    }
    expect(await paymentsOf(id)).toEqual([]);
    expect((await orderOf(id)).postings.items.map((p) => p.status)).toEqual(['pending']);
  });
});
