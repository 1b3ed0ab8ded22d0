/**
 * Every staff call, as the contract lists it: the server refuses a role the call does not name
 * (403, before looking at the input), a write without the session's CSRF token (403), no session
 * (401), and a borrower's session; a staff session opens no borrower call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_CALLS, STAFF_MESSAGES, STAFF_ROLES, callUrlPath, loanDetailsRoute, type StaffCall, type StaffRole } from '@cashloan/contract';
import { FORM_HEADERS, createTestApp, query, type TestApp } from '../../test-support/test-app.ts';
import { signedInStaff, staffCall, type TestStaff } from '../../test-support/staff.ts';

let t: TestApp;
const staffOf = {} as Record<StaffRole, TestStaff>;
beforeAll(async () => {
  t = await createTestApp();
  for (const role of STAFF_ROLES) staffOf[role] = await signedInStaff(t, [role]);
});
afterAll(() => t.close());

const calls = Object.entries(STAFF_CALLS) as Array<[string, StaffCall]>;
// An id nothing has: an allowed call must not disable or reset one of the test's own staff.
const pathOf = (call: StaffCall) => call.route.path.replace(/:\w+/g, '999999');
const byRole = calls.filter(([, c]) => typeof c.route.access === 'object');

describe('roles', () => {
  it.each(byRole)('%s: refused (403) to every role it does not name, whatever the input', async (_name, call) => {
    const allowed = (call.route.access as { roles: readonly StaffRole[] }).roles;
    for (const role of STAFF_ROLES.filter((r) => !allowed.includes(r))) {
      const res = await staffOf[role].call(call.route.method, pathOf(call), { nonsense: true });
      expect(res.statusCode, role).toBe(403);
      expect(res.json()).toEqual({ code: 403, message: STAFF_MESSAGES.forbidden, data: null });
    }
    for (const role of allowed) {
      // Past the role check: whatever else is wrong (an unknown id, a bad input), it is not a 403.
      expect((await staffOf[role].call(call.route.method, pathOf(call), {})).statusCode, role).not.toBe(403);
    }
  });

  it('writes a refused entry to the audit log when a role tries a write it lacks', async () => {
    await staffOf.agent.call('POST', '/orders/1/payments', { amountMinor: 100, method: 'counter', reference: 'X-1' });
    const { rows } = await t.db.query<{ action: string; outcome: string; staff_email: string; target_type: string; target_id: string }>(
      `SELECT action, outcome, staff_email, target_type, target_id FROM staff_audit WHERE action = 'payment.post' ORDER BY id DESC LIMIT 1`,
    );
    expect(rows[0]).toEqual({ action: 'payment.post', outcome: 'refused', staff_email: staffOf.agent.email, target_type: 'order', target_id: '1' });
  });
});

describe('sessions and CSRF', () => {
  const sessionCalls = calls.filter(([, c]) => c.route.access !== 'public');
  it.each(sessionCalls)('%s: 401 without a session', async (_name, call) => {
    const res = await staffCall(t, {}, call.route.method, pathOf(call), {});
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(STAFF_MESSAGES.signedOut);
  });

  // Made by a signed-in session (the code step of signing in is refused to it earlier, at its stage).
  const writes = sessionCalls.filter(([, c]) => c.route.method === 'POST' && (c.route.stages ?? ['signed-in']).includes('signed-in'));
  it.each(writes)('%s: 403 without the session’s CSRF token', async (_name, call) => {
    const roles = call.route.access === 'session' ? STAFF_ROLES : (call.route.access as { roles: readonly StaffRole[] }).roles;
    const staff = staffOf[roles[0]!];
    const res = await staffCall(t, { cookie: staff.cookie }, 'POST', pathOf(call), {});
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(STAFF_MESSAGES.csrf);
  });

  it("a borrower's session opens no staff call, and a staff session no borrower call", async () => {
    const borrower = await t.newBorrower();
    const asBorrower = await t.app.inject({ method: 'GET', url: `/staff/api/me?${query(borrower.session as unknown as Record<string, string>)}` });
    expect(asBorrower.statusCode).toBe(401);
    const asStaff = await t.app.inject({ method: 'POST', url: callUrlPath(loanDetailsRoute), headers: { ...FORM_HEADERS, cookie: staffOf.admin.cookie }, payload: 'orderId=1' });
    expect(asStaff.statusCode).toBe(401);
  });
});
