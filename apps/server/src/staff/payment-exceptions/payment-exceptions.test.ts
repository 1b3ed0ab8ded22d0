/**
 * Payment exceptions through the staff API: money the provider received that was not applied as it
 * came (recorded by settleProviderTransaction, the one settlement path) is shown to finance newest
 * first with its order's number, filtered by kind and paged; so is the part of a payment beyond what
 * its order owed (an overpayment); an agent or admin is refused (403).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffPaymentException } from '@cashloan/contract';
import { createHarness, type Harness } from '../../test-support/repayment-harness.ts';
import { signedInStaff, type TestStaff } from '../../test-support/staff.ts';
import { issuePayCode } from '../../domain/payments/pay-codes.ts';
import { settleProviderTransaction } from '../../domain/payments/provider-settlement.ts';

let h: Harness;
let finance: TestStaff;
beforeAll(async () => {
  h = await createHarness();
  finance = await signedInStaff(h.t, ['finance']);
});
afterAll(() => h.t.close());

const page = (res: { json(): unknown }) => (res.json() as { data: { items: StaffPaymentException[]; total: number } }).data;

describe('payment exceptions for finance', () => {
  it('lists what the provider received but was not applied, newest first, with the order number; filters by kind and pages', async () => {
    const borrower = await h.t.newBorrower();
    const order = await h.order(borrower.borrowerId, 180, { dueInDays: -2 });
    const code = await issuePayCode(h.t, { orderId: order.id, purpose: 'repay', now: h.t.clock.now() });
    const over = await settleProviderTransaction(h.t, 'dragonpay', { txnId: code.txnId, refNo: 'DP-OVER-1', status: 'S', amountMinor: code.amountMinor + 5_000 }, h.t.clock.now());
    expect(over.outcome).toBe('exception');
    await h.advance(60_000);
    const stray = await settleProviderTransaction(h.t, 'dragonpay', { txnId: 'NOT-OURS-1', refNo: 'DP-STRAY-1', status: 'S', amountMinor: 12_345 }, h.t.clock.now());
    expect(stray.outcome).toBe('exception');

    const all = await finance.call('GET', '/payment-exceptions');
    expect(all.statusCode, all.body).toBe(200);
    const listed = page(all);
    expect(listed.total).toBe(2);
    expect(listed.items.map((e) => e.kind)).toEqual(['unknown_reference', 'amount_mismatch']);
    expect(listed.items[0]).toMatchObject({ txnId: 'NOT-OURS-1', refNo: 'DP-STRAY-1', orderId: null, orderNo: null, borrowerId: null, receivedMinor: 12_345, expectedMinor: null, heldMinor: 12_345 });
    expect(listed.items[1]).toEqual({
      id: expect.any(Number),
      kind: 'amount_mismatch',
      provider: 'dragonpay',
      txnId: code.txnId,
      refNo: 'DP-OVER-1',
      orderId: order.id,
      orderNo: order.orderNo,
      borrowerId: borrower.borrowerId,
      receivedMinor: code.amountMinor + 5_000,
      expectedMinor: code.amountMinor,
      heldMinor: code.amountMinor + 5_000,
      paymentId: null,
      detail: expect.stringContaining(`the provider received ${code.amountMinor + 5_000}`),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      refund: null,
    });
    expect(Date.parse(listed.items[0]!.createdAt)).toBeGreaterThan(Date.parse(listed.items[1]!.createdAt));

    const mismatches = page(await finance.call('GET', '/payment-exceptions?kind=amount_mismatch'));
    expect(mismatches).toMatchObject({ total: 1, items: [{ refNo: 'DP-OVER-1' }] });
    expect(page(await finance.call('GET', '/payment-exceptions?kind=order_closed'))).toEqual({ items: [], total: 0 });

    const second = page(await finance.call('GET', '/payment-exceptions?page=2&pageSize=1'));
    expect(second).toMatchObject({ total: 2, items: [{ refNo: 'DP-OVER-1' }] });

    const badKind = await finance.call('GET', '/payment-exceptions?kind=lost');
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().message).toContain('kind must be one of');
  });

  it("shows finance the issue's overpayment: a code paid in full after a posting of all but ₱1, with what was owed applied and the rest held", async () => {
    const borrower = await h.t.newBorrower();
    const order = await h.order(borrower.borrowerId, 180, { dueInDays: -2 });
    const code = await issuePayCode(h.t, { orderId: order.id, purpose: 'repay', now: h.t.clock.now() });
    const owed = (await finance.call('GET', `/orders/${order.id}`)).json().data.order.owedNowMinor as number;
    expect(owed).toBe(code.amountMinor);
    const posted = await finance.call('POST', `/orders/${order.id}/payments`, { amountMinor: owed - 100, method: 'counter', reference: 'OR-ALL-BUT-1' });
    expect(posted.statusCode, posted.body).toBe(200);
    const paid = await settleProviderTransaction(h.t, 'dragonpay', { txnId: code.txnId, refNo: 'DP-TWICE-1', status: 'S', amountMinor: code.amountMinor }, h.t.clock.now());
    expect(paid.outcome).toBe('applied');

    const view = (await finance.call('GET', `/orders/${order.id}`)).json().data;
    expect(view.order).toMatchObject({ status: 200, paidMinor: owed, owedNowMinor: 0 });
    const overpayments = page(await finance.call('GET', '/payment-exceptions?kind=overpayment'));
    expect(overpayments.items).toEqual([
      expect.objectContaining({
        kind: 'overpayment',
        provider: 'dragonpay',
        txnId: code.txnId,
        refNo: 'DP-TWICE-1',
        orderId: order.id,
        orderNo: order.orderNo,
        borrowerId: borrower.borrowerId,
        receivedMinor: code.amountMinor,
        expectedMinor: 100,
        heldMinor: code.amountMinor - 100,
        paymentId: expect.any(Number),
      }),
    ]);
    // The order's ledger says the same: the payment, then the part held put back, and nothing owed.
    const lines = view.ledger as Array<{ kind: string; amountMinor: number; reference: string }>;
    expect(lines.filter((l) => l.reference === 'dragonpay:DP-TWICE-1').map((l) => [l.kind, l.amountMinor])).toEqual([
      ['payment', -code.amountMinor],
      ['credit-held', code.amountMinor - 100],
    ]);
  });

  it('refunds a held credit once, books it from the bank, and audits it; a second refund is refused', async () => {
    const borrower = await h.t.newBorrower();
    const order = await h.order(borrower.borrowerId, 180, { dueInDays: -2 });
    const code = await issuePayCode(h.t, { orderId: order.id, purpose: 'repay', now: h.t.clock.now() });
    await settleProviderTransaction(h.t, 'dragonpay', { txnId: code.txnId, refNo: 'DP-REFUND-1', status: 'S', amountMinor: code.amountMinor + 1 }, h.t.clock.now());
    const held = page(await finance.call('GET', '/payment-exceptions?kind=amount_mismatch')).items.find((e) => e.refNo === 'DP-REFUND-1')!;

    const blank = await finance.call('POST', `/payment-exceptions/${held.id}/refund`, { reference: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain("reference must be the bank transfer's reference");

    const refunded = await finance.call('POST', `/payment-exceptions/${held.id}/refund`, { reference: 'TRF-2026-0001' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().data.refund).toEqual({ reference: 'TRF-2026-0001', refundedBy: 'Test finance', refundedAt: expect.any(String) });
    const again = await finance.call('POST', `/payment-exceptions/${held.id}/refund`, { reference: 'TRF-2026-0002' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`The credit of payment exception ${held.id} was already refunded (TRF-2026-0001, by Test finance).`);

    // The books: held at Dragonpay's cash against the borrower's credit, then paid back from the bank.
    const { rows: raw } = await h.t.db.query<{ kind: string; account: string; debit: string; credit: string }>(
      `SELECT e.kind, l.account, l.debit_minor AS debit, l.credit_minor AS credit FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id
        WHERE e.order_id = $1 AND e.kind IN ('payment', 'credit_refund') ORDER BY e.id, l.id`,
      [order.id],
    );
    const rows = raw.map((r) => ({ ...r, debit: Number(r.debit), credit: Number(r.credit) }));
    const amount = held.heldMinor;
    expect(rows.filter((r) => r.kind === 'credit_refund')).toEqual([
      { kind: 'credit_refund', account: '2100', debit: amount, credit: 0 },
      { kind: 'credit_refund', account: '1300', debit: 0, credit: amount },
    ]);
    expect(rows.filter((r) => r.kind === 'payment' && r.account === '2100')).toEqual([{ kind: 'payment', account: '2100', debit: 0, credit: amount }]);
    const audit = await h.t.db.query<{ action: string; outcome: string }>(`SELECT action, outcome FROM staff_audit WHERE action = 'payment-exception.refund' ORDER BY id`);
    // The blank reference, the refund, the second refund.
    expect(audit.rows.map((r) => r.outcome)).toEqual(['refused', 'done', 'refused']);

    const agent = await signedInStaff(h.t, ['agent']);
    expect((await agent.call('POST', `/payment-exceptions/${held.id}/refund`, { reference: 'TRF-X' })).statusCode).toBe(403);
  });

  it('is refused to an agent and an admin', async () => {
    for (const role of ['agent', 'admin'] as const) {
      const staff = await signedInStaff(h.t, [role]);
      expect((await staff.call('GET', '/payment-exceptions')).statusCode, role).toBe(403);
    }
  });
});
