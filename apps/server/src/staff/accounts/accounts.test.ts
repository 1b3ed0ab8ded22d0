/**
 * What an admin's change to an account does to the sessions already open (issue 34, item 2): new
 * roles, a reset, a disable and a password change end the account's other sessions, and a session's
 * stage follows its account's roles on every call, so a role that needs a second factor is never
 * used without one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_MESSAGES } from '@cashloan/contract';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { STAFF_TEST_PASSWORD, sessionCookieOf, signedInStaff, staffCall, type TestStaff } from '../../test-support/staff.ts';
import { totpCodeAt } from '../session/second-factor.ts';

let t: TestApp;
let admin: TestStaff;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, ['admin']);
});
afterAll(() => t.close());

const signIn = async (email: string) => {
  const res = await staffCall(t, {}, 'POST', '/sign-in', { email, password: STAFF_TEST_PASSWORD });
  expect(res.statusCode).toBe(200);
  return { cookie: sessionCookieOf(res), csrfToken: res.json().data.csrfToken as string, stage: res.json().data.stage as string };
};

describe('a change of roles', () => {
  it('ends the sessions of an agent made finance: the old session opens nothing, and the next sign-in must set up the second factor before any finance call', async () => {
    const agent = await signedInStaff(t, ['agent']);
    expect((await agent.call('GET', '/me')).json().data).toMatchObject({ stage: 'signed-in', staff: { roles: ['agent'], secondFactor: false } });

    const given = await admin.call('POST', `/staff/${agent.id}/roles`, { roles: ['agent', 'finance'] });
    expect(given.statusCode).toBe(200);
    const me = await agent.call('GET', '/me');
    expect(me.statusCode).toBe(401);
    expect(me.json().message).toBe(STAFF_MESSAGES.signedOut);
    expect((await agent.call('GET', '/payment-exceptions')).statusCode).toBe(401);

    const next = await signIn(agent.email);
    expect(next.stage).toBe('second-factor-setup');
    const early = await staffCall(t, next, 'GET', '/payment-exceptions');
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe(STAFF_MESSAGES.finishSignIn);
    const setup = await staffCall(t, next, 'POST', '/second-factor/setup');
    const confirmed = await staffCall(t, next, 'POST', '/second-factor/confirm', { code: totpCodeAt(setup.json().data.secret, t.clock.now()) });
    expect(confirmed.json().data.session.stage).toBe('signed-in');
    const session = { cookie: sessionCookieOf(confirmed), csrfToken: confirmed.json().data.session.csrfToken };
    expect((await staffCall(t, session, 'GET', '/payment-exceptions')).statusCode).toBe(200);

    const { rows } = await t.db.query<{ after: { sessionsEnded: number } }>(`SELECT after FROM staff_audit WHERE action = 'staff.roles' AND target_id = $1`, [String(agent.id)]);
    expect(rows[0]!.after.sessionsEnded).toBe(1);
  });

  it('an agent made admin cannot, from the session it had, take the admin role from the admin who made it', async () => {
    const agent = await signedInStaff(t, ['agent']);
    expect((await admin.call('POST', `/staff/${agent.id}/roles`, { roles: ['admin'] })).statusCode).toBe(200);
    const demote = await agent.call('POST', `/staff/${admin.id}/roles`, { roles: ['agent'] });
    expect(demote.statusCode).toBe(401);
    expect((await admin.call('GET', '/me')).json().data.staff.roles).toEqual(['admin']);
  });

  it('checks the stage against the roles on every call, not only at sign-in: roles given behind the sessions’ back still need the second factor', async () => {
    const agent = await signedInStaff(t, ['agent']);
    // As if the roles changed by a path that ends no session (a script, a restore).
    await t.db.query(`UPDATE staff_accounts SET roles = ARRAY['agent', 'finance'] WHERE id = $1`, [agent.id]);
    const me = await agent.call('GET', '/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ stage: 'second-factor-setup', staff: { roles: ['agent', 'finance'], secondFactor: false } });
    const refused = await agent.call('GET', '/payment-exceptions');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(STAFF_MESSAGES.finishSignIn);
    expect((await agent.call('GET', '/orders')).statusCode).toBe(403);

    // An agent with a second factor who signed in without entering it (the agent's own choice at the
    // time) is sent back to the code when finance is added.
    const withCode = await signedInStaff(t, ['agent'], { secondFactor: true });
    await t.db.query(`UPDATE staff_sessions SET second_factor_at = NULL WHERE staff_id = $1`, [withCode.id]);
    await t.db.query(`UPDATE staff_accounts SET roles = ARRAY['finance'] WHERE id = $1`, [withCode.id]);
    expect((await withCode.call('GET', '/me')).json().data.stage).toBe('second-factor');
    expect((await withCode.call('GET', '/payment-exceptions')).statusCode).toBe(403);
    await t.clock.advance(30_000);
    const entered = await withCode.call('POST', '/sign-in/second-factor', { code: totpCodeAt(withCode.totpSecret!, t.clock.now()) });
    expect(entered.json().data.stage).toBe('signed-in');
    const session = { cookie: sessionCookieOf(entered), csrfToken: entered.json().data.csrfToken };
    expect((await staffCall(t, session, 'GET', '/payment-exceptions')).statusCode).toBe(200);
  });

  it('keeps the session of an admin changing their own roles, and leaves the sessions alone when the roles stay the same', async () => {
    const other = await signedInStaff(t, ['admin']);
    await t.clock.advance(30_000);
    const elsewhere = await signIn(other.email).then(async (s) => {
      const code = await staffCall(t, s, 'POST', '/sign-in/second-factor', { code: totpCodeAt(other.totpSecret!, t.clock.now()) });
      return { cookie: sessionCookieOf(code), csrfToken: code.json().data.csrfToken as string };
    });
    expect((await other.call('POST', `/staff/${other.id}/roles`, { roles: ['admin'] })).statusCode).toBe(200);
    expect((await staffCall(t, elsewhere, 'GET', '/me')).statusCode).toBe(200);
    expect((await other.call('POST', `/staff/${other.id}/roles`, { roles: ['admin', 'finance'] })).statusCode).toBe(200);
    expect((await other.call('GET', '/me')).json().data).toMatchObject({ stage: 'signed-in', staff: { roles: ['admin', 'finance'] } });
    expect((await other.call('GET', '/payment-exceptions')).statusCode).toBe(200);
    expect((await staffCall(t, elsewhere, 'GET', '/me')).statusCode).toBe(401);
  });
});

describe('a reset and a disable', () => {
  it('end every session of the account', async () => {
    const reset = await signedInStaff(t, ['agent']);
    expect((await admin.call('POST', `/staff/${reset.id}/reset`, { secondFactor: false })).statusCode).toBe(200);
    expect((await reset.call('GET', '/me')).statusCode).toBe(401);

    const disabled = await signedInStaff(t, ['agent']);
    expect((await admin.call('POST', `/staff/${disabled.id}/disable`, {})).statusCode).toBe(200);
    expect((await disabled.call('GET', '/me')).statusCode).toBe(401);
  });
});
