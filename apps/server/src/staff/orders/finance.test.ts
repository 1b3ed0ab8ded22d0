/**
 * Finance's writes through the staff API: an order approved and disbursed, a counter payment posted
 * that settles it (the borrower's own call shows 200), the same reference refused, and each write in
 * the audit log with its before and after values.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanDetailsRoute, type StaffOrder } from '@cashloan/contract';
import { createHarness, type Harness } from '../../test-support/repayment-harness.ts';
import { signedInStaff, type TestStaff } from '../../test-support/staff.ts';
import { loadOrder } from '../../domain/orders/service.ts';

let h: Harness;
let finance: TestStaff;
beforeAll(async () => {
  h = await createHarness();
  finance = await signedInStaff(h.t, ['finance']);
});
afterAll(() => h.t.close());

const auditOf = async (action: string, orderId: number) =>
  (
    await h.t.db.query<{ outcome: string; staff_email: string; before: unknown; after: unknown }>(
      `SELECT outcome, staff_email, before, after FROM staff_audit WHERE action = $1 AND target_id = $2 ORDER BY id`,
      [action, String(orderId)],
    )
  ).rows;

describe('finance on an order', () => {
  it('approves an order in review, recording the approver; a click never disburses; each move is audited with the status before and after', async () => {
    const borrower = await h.t.newBorrower();
    const { id } = await h.order(borrower.borrowerId, 21);
    const approved = await finance.call('POST', `/orders/${id}/move`, { to: 110 });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((approved.json().data as StaffOrder).order.status).toBe(110);
    expect((await loadOrder(h.t.db, id))!.approvedBy).toBe(finance.id);
    // 110 → 170 is the payout's arrival (Release), not a move finance can make.
    const disbursed = await finance.call('POST', `/orders/${id}/move`, { to: 170 });
    expect(disbursed.statusCode).toBe(400);
    expect(disbursed.json().message).toMatch(/to must be 110 \(approve\) or 151 \(reject\)/);
    expect((await loadOrder(h.t.db, id))!.status).toBe(110);
    const moves = await auditOf('order.move', id);
    expect(moves.filter((m) => m.outcome === 'done').map((m) => [(m.before as { status: number }).status, (m.after as { status: number }).status])).toEqual([[21, 110]]);
    expect(moves.every((m) => m.staff_email === finance.email)).toBe(true);

    const backwards = await finance.call('POST', `/orders/${id}/move`, { to: 151 });
    expect(backwards.statusCode).toBe(409);
    expect((await loadOrder(h.t.db, id))!.status).toBe(110);
  });

  it('posts a counter payment of what is owed once: the borrower sees the loan settled, and the reference cannot be posted again', async () => {
    const borrower = await h.t.newBorrower();
    const { id, productId } = await h.order(borrower.borrowerId, 180, { dueInDays: -2 });
    const before = (await finance.call('GET', `/orders/${id}`)).json().data as StaffOrder;
    const owed = before.order.owedNowMinor;
    const posted = await finance.call('POST', `/orders/${id}/payments`, { amountMinor: owed, method: 'counter', reference: 'OR-55501' });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().data).toMatchObject({ outcome: 'settled', order: { order: { status: 200, paidMinor: owed } } });

    const seen = await h.call(loanDetailsRoute, borrower.session, { productId, orderId: id });
    expect(seen.body.data?.orderStatus, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body.data?.noticeStatusText).toBe('Settled');

    const again = await finance.call('POST', `/orders/${id}/payments`, { amountMinor: 100, method: 'counter', reference: 'OR-55501' });
    expect(again.statusCode).toBe(409);
    const { rows } = await h.t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM payments pm JOIN pay_codes pc ON pc.id = pm.pay_code_id WHERE pc.order_id = $1`,
      [id],
    );
    expect(rows[0]!.n).toBe(1);

    const audit = await auditOf('payment.post', id);
    expect(audit.map((a) => a.outcome)).toEqual(['done', 'refused']);
    expect(audit[0]!.before).toMatchObject({ status: 180, paidMinor: 0 });
    expect(audit[0]!.after).toMatchObject({ status: 200, paidMinor: owed, payment: { amountMinor: owed, method: 'counter', reference: 'OR-55501', outcome: 'settled' } });
  });
});
