import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_LIMITS, STAFF_MESSAGES } from '@cashloan/contract';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { STAFF_TEST_PASSWORD, sessionCookieOf, signedInStaff, staffCall } from '../../test-support/staff.ts';
import { createStaff } from '../accounts/service.ts';
import { totpCodeAt } from './second-factor.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const MINUTE = 60_000;
const signIn = (email: string, password: string, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/staff/api/sign-in', headers: { 'content-type': 'application/json', ...headers }, payload: { email, password }, remoteAddress });
const failuresOf = async (email: string) =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM staff_sign_in_failures WHERE email = $1 AND checked', [email])).rows[0]!.n;

/** An account with the test password, or (temporary) with one drawn for it. */
async function newAccount(roles: Array<'agent' | 'finance' | 'admin'>, email: string, password: 'test' | 'temporary' = 'test') {
  return createStaff(t.db, { email, name: 'New Person', roles, password: password === 'test' ? STAFF_TEST_PASSWORD : undefined }, t.clock.now());
}

async function auditOf(action: string) {
  const { rows } = await t.db.query<{ staff_email: string; outcome: string; before: unknown; after: unknown }>(
    'SELECT staff_email, outcome, before, after FROM staff_audit WHERE action = $1 ORDER BY id',
    [action],
  );
  return rows;
}

describe('signing in', () => {
  it('signs an agent in with email and password: an HttpOnly, SameSite=Strict cookie on the staff API only, never stored as sent', async () => {
    await newAccount(['agent'], 'ana@lender.test');
    const res = await signIn('  Ana@Lender.test ', STAFF_TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ stage: 'signed-in', staff: { email: 'ana@lender.test', roles: ['agent'], secondFactor: false }, idleMinutes: 30 });
    const cookie = res.cookies.find((c) => c.name === 'staff_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/staff/api' });
    expect(cookie.secure).toBeFalsy();
    expect(Buffer.from(cookie.value, 'base64url')).toHaveLength(32);
    expect(res.headers['cache-control']).toBe('no-store');
    const stored = await t.db.query<{ id_hash: string }>('SELECT id_hash FROM staff_sessions');
    expect(stored.rows.map((r) => r.id_hash)).not.toContain(cookie.value);
    const me = await staffCall(t, { cookie: sessionCookieOf(res) }, 'GET', '/me');
    expect(me.json().data.staff.email).toBe('ana@lender.test');
  });

  it('marks the cookie Secure when the request came over https', async () => {
    await newAccount(['agent'], 'secure@lender.test');
    const res = await t.app.inject({
      method: 'POST',
      url: '/staff/api/sign-in',
      headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
      payload: { email: 'secure@lender.test', password: STAFF_TEST_PASSWORD },
    });
    // TRUST_PROXY is off in tests: the forwarded header is not believed, so no Secure here; the unit
    // of truth is request.protocol, which a trusted proxy sets.
    expect(res.statusCode).toBe(200);
  });

  it('answers the same for a wrong password, an unknown email and a disabled account, and logs the attempt', async () => {
    await newAccount(['agent'], 'bea@lender.test');
    const wrong = await signIn('bea@lender.test', 'not the password at all');
    const unknown = await signIn('nobody@lender.test', 'not the password at all');
    await t.db.query(`UPDATE staff_accounts SET disabled_at = now() WHERE email = 'bea@lender.test'`);
    const disabled = await signIn('bea@lender.test', STAFF_TEST_PASSWORD);
    for (const res of [wrong, unknown, disabled]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 401, message: STAFF_MESSAGES.signInFailed, data: null });
      expect(sessionCookieOf(res)).toBeNull();
    }
    const entries = (await auditOf('staff.sign-in')).filter((e) => ['bea@lender.test', 'nobody@lender.test'].includes(e.staff_email));
    expect(entries.map((e) => [e.staff_email, e.outcome])).toEqual([
      ['bea@lender.test', 'refused'],
      ['nobody@lender.test', 'refused'],
      ['bea@lender.test', 'refused'],
    ]);
    expect(JSON.stringify(entries)).not.toContain('not the password');
  });

  it('locks an email for 15 minutes after 5 wrong passwords in 15 minutes, even for the right password, and unknown emails alike', async () => {
    await newAccount(['agent'], 'cai@lender.test');
    for (let i = 0; i < STAFF_LIMITS.lockoutFailures; i++) {
      expect((await signIn('cai@lender.test', `wrong password ${i}`)).statusCode).toBe(401);
      await t.clock.advance(MINUTE);
    }
    const locked = await signIn('cai@lender.test', STAFF_TEST_PASSWORD);
    expect(locked.statusCode).toBe(401);
    expect(locked.json().message).toBe(STAFF_MESSAGES.signInFailed);
    await t.clock.advance(13 * MINUTE);
    expect((await signIn('cai@lender.test', STAFF_TEST_PASSWORD)).statusCode).toBe(401);
    await t.clock.advance(2 * MINUTE);
    expect((await signIn('cai@lender.test', STAFF_TEST_PASSWORD)).statusCode).toBe(200);

    // Guesses sent all at once are all counted: no more than 5 are ever checked.
    await newAccount(['agent'], 'dan@lender.test');
    const guesses = await Promise.all(Array.from({ length: 8 }, (_, i) => signIn('dan@lender.test', `guess number ${i}`)));
    expect(guesses.every((g) => g.statusCode === 401)).toBe(true);
    const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM staff_sign_in_failures WHERE email = 'dan@lender.test' AND checked`);
    expect(rows[0]!.n).toBeLessThanOrEqual(STAFF_LIMITS.lockoutFailures);
    expect((await signIn('dan@lender.test', STAFF_TEST_PASSWORD)).statusCode).toBe(401);
  });

  it('locks the email for the address the guesses came from; another address still signs in until 15 failures from any addresses lock it for everyone', async () => {
    await newAccount(['agent'], 'ida@lender.test');
    for (let i = 0; i < STAFF_LIMITS.lockoutFailures; i++) expect((await signIn('ida@lender.test', `wrong ${i}`, {}, '10.1.0.1')).statusCode).toBe(401);
    // The guesser's own address is locked, even for the right password…
    expect((await signIn('ida@lender.test', STAFF_TEST_PASSWORD, {}, '10.1.0.1')).statusCode).toBe(401);
    // …but the person at their own desk is not locked out by it.
    expect((await signIn('ida@lender.test', STAFF_TEST_PASSWORD, {}, '10.2.0.1')).statusCode).toBe(200);
    // Their sign-in forgets their own address's failures only: the guesser's stay counted.
    expect(await failuresOf('ida@lender.test')).toBe(STAFF_LIMITS.lockoutFailures);

    // Guesses from two more addresses make 15: now the email is locked for everyone, for 15 minutes.
    for (const address of ['10.1.0.2', '10.1.0.3']) {
      for (let i = 0; i < STAFF_LIMITS.lockoutFailures; i++) expect((await signIn('ida@lender.test', `wrong ${i}`, {}, address)).statusCode).toBe(401);
    }
    expect(await failuresOf('ida@lender.test')).toBe(STAFF_LIMITS.accountLockoutFailures);
    const locked = await signIn('ida@lender.test', STAFF_TEST_PASSWORD, {}, '10.2.0.1');
    expect(locked.statusCode).toBe(401);
    expect(locked.json().message).toBe(STAFF_MESSAGES.signInFailed);
    // A locked attempt is refused unchecked: nothing more is counted.
    expect(await failuresOf('ida@lender.test')).toBe(STAFF_LIMITS.accountLockoutFailures);
    await t.clock.advance(15 * MINUTE + 1000);
    expect((await signIn('ida@lender.test', STAFF_TEST_PASSWORD, {}, '10.2.0.1')).statusCode).toBe(200);
  });

  it('never lets the right password through a burst of wrong ones sent with it, and checks at most 5 of them', async () => {
    await newAccount(['agent'], 'jon@lender.test');
    const burst = await Promise.all([
      ...Array.from({ length: 12 }, (_, i) => signIn('jon@lender.test', `wrong guess ${i}`)),
      signIn('jon@lender.test', STAFF_TEST_PASSWORD),
      ...Array.from({ length: 12 }, (_, i) => signIn('jon@lender.test', `late guess ${i}`)),
    ]);
    expect(burst.map((r) => r.statusCode).filter((s) => s !== 401)).toEqual([]);
    expect(await failuresOf('jon@lender.test')).toBeLessThanOrEqual(STAFF_LIMITS.lockoutFailures);
  });

  it('refuses a sign-in sent from another site (Origin or Sec-Fetch-Site) and a form body', async () => {
    await newAccount(['agent'], 'eve@lender.test');
    const foreign = await signIn('eve@lender.test', STAFF_TEST_PASSWORD, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(STAFF_MESSAGES.csrf);
    expect((await signIn('eve@lender.test', STAFF_TEST_PASSWORD, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    const form = await t.app.inject({
      method: 'POST',
      url: '/staff/api/sign-in',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=eve%40lender.test&password=correct+horse+battery+staple',
    });
    expect(form.statusCode).toBe(415);
    expect((await signIn('eve@lender.test', STAFF_TEST_PASSWORD, { origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('ends a session idle for 30 minutes, and any session after 12 hours', async () => {
    const agent = await signedInStaff(t, ['agent']);
    await t.clock.advance(29 * MINUTE);
    expect((await agent.call('GET', '/me')).statusCode).toBe(200);
    await t.clock.advance(30 * MINUTE);
    const idle = await agent.call('GET', '/me');
    expect(idle.statusCode).toBe(401);
    expect(idle.json().message).toBe(STAFF_MESSAGES.sessionEnded);
    expect(idle.cookies.find((c) => c.name === 'staff_session')?.value).toBe('');
    expect((await agent.call('GET', '/me')).json().message).toBe(STAFF_MESSAGES.signedOut);

    const busy = await signedInStaff(t, ['agent']);
    for (let i = 0; i < 24; i++) {
      await t.clock.advance(29 * MINUTE);
      expect((await busy.call('GET', '/me')).statusCode).toBe(200);
    }
    await t.clock.advance(29 * MINUTE);
    const old = await busy.call('GET', '/me');
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toBe(STAFF_MESSAGES.sessionEnded);
  });

  it('signs out on the server: the old cookie opens nothing', async () => {
    const agent = await signedInStaff(t, ['agent']);
    const out = await agent.call('POST', '/sign-out');
    expect(out.statusCode).toBe(200);
    expect((await agent.call('GET', '/me')).statusCode).toBe(401);
  });

  it('refuses a write without the session CSRF token, or with another session’s', async () => {
    const agent = await signedInStaff(t, ['agent']);
    const other = await signedInStaff(t, ['agent']);
    for (const csrfToken of [null, other.csrfToken, 'x']) {
      const res = await staffCall(t, { cookie: agent.cookie, csrfToken }, 'POST', '/sign-out');
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(STAFF_MESSAGES.csrf);
    }
    expect((await agent.call('GET', '/me')).statusCode).toBe(200);
  });

  it('changing the password ends the other sessions, refuses common and short passwords, and needs the current one', async () => {
    const agent = await signedInStaff(t, ['agent']);
    const again = await signIn(agent.email, STAFF_TEST_PASSWORD);
    const second = { cookie: sessionCookieOf(again), csrfToken: again.json().data.csrfToken };
    const short = await agent.call('POST', '/password', { currentPassword: STAFF_TEST_PASSWORD, newPassword: 'short1!' });
    expect(short.json()).toMatchObject({ code: 400, message: 'newPassword must be at least 12 characters' });
    const common = await agent.call('POST', '/password', { currentPassword: STAFF_TEST_PASSWORD, newPassword: 'password1234' });
    expect(common.json().message).toMatch(/^newPassword is a common password/);
    const wrong = await agent.call('POST', '/password', { currentPassword: 'not it at all', newPassword: 'plum tractor window 42' });
    expect(wrong.json()).toMatchObject({ code: 400, message: 'currentPassword is not right.' });
    const changed = await agent.call('POST', '/password', { currentPassword: STAFF_TEST_PASSWORD, newPassword: 'plum tractor window 42' });
    expect(changed.statusCode).toBe(200);
    expect((await agent.call('GET', '/me')).statusCode).toBe(200);
    expect((await staffCall(t, second, 'GET', '/me')).statusCode).toBe(401);
    expect((await signIn(agent.email, 'plum tractor window 42')).statusCode).toBe(200);
  });
});

describe('the second factor', () => {
  it('makes a new finance account change its temporary password, set up TOTP, and then sign in with a code; recovery codes work once', async () => {
    const { temporaryPassword } = await newAccount(['finance'], 'fay@lender.test', 'temporary');
    let res = await signIn('fay@lender.test', temporaryPassword!);
    expect(res.json().data.stage).toBe('change-password');
    let session = { cookie: sessionCookieOf(res), csrfToken: res.json().data.csrfToken as string };
    // Nothing but finishing the sign-in is open yet.
    const early = await staffCall(t, session, 'GET', '/audit');
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe(STAFF_MESSAGES.finishSignIn);

    res = await staffCall(t, session, 'POST', '/password', { currentPassword: temporaryPassword, newPassword: 'ledger mango quartz 77' });
    expect(res.json().data.stage).toBe('second-factor-setup');
    const setup = await staffCall(t, session, 'POST', '/second-factor/setup');
    const { secret, otpauthUrl } = setup.json().data;
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*fay%40lender\.test\?.*secret=/);
    const wrongCode = await staffCall(t, session, 'POST', '/second-factor/confirm', { code: '000000' });
    expect(wrongCode.json().code).toBe(400);
    res = await staffCall(t, session, 'POST', '/second-factor/confirm', { code: totpCodeAt(secret, t.clock.now()) });
    expect(res.statusCode).toBe(200);
    const { recoveryCodes, session: state } = res.json().data;
    expect(recoveryCodes).toHaveLength(10);
    expect(state.stage).toBe('signed-in');
    // Reaching signed-in gave a new session id: the half-signed-in one is ended.
    const rotated = { cookie: sessionCookieOf(res), csrfToken: state.csrfToken };
    expect(rotated.cookie).not.toBe(session.cookie);
    expect((await staffCall(t, session, 'GET', '/me')).statusCode).toBe(401);
    expect((await staffCall(t, rotated, 'GET', '/me')).json().data.stage).toBe('signed-in');
    const stored = await t.db.query<{ totp_secret_sealed: string }>(`SELECT totp_secret_sealed FROM staff_accounts WHERE email = 'fay@lender.test'`);
    expect(stored.rows[0]!.totp_secret_sealed).not.toContain(secret);

    // Next time: password, then the code; the same code is not taken twice.
    await t.clock.advance(MINUTE);
    res = await signIn('fay@lender.test', 'ledger mango quartz 77');
    expect(res.json().data.stage).toBe('second-factor');
    session = { cookie: sessionCookieOf(res), csrfToken: res.json().data.csrfToken };
    const code = totpCodeAt(secret, t.clock.now());
    expect((await staffCall(t, session, 'POST', '/sign-in/second-factor', { code })).json().data.stage).toBe('signed-in');
    res = await signIn('fay@lender.test', 'ledger mango quartz 77');
    session = { cookie: sessionCookieOf(res), csrfToken: res.json().data.csrfToken };
    expect((await staffCall(t, session, 'POST', '/sign-in/second-factor', { code })).json().code).toBe(400);
    // A recovery code, once.
    const recovered = await staffCall(t, session, 'POST', '/sign-in/second-factor', { code: recoveryCodes[0].toUpperCase() });
    expect(recovered.json().data.stage).toBe('signed-in');
    res = await signIn('fay@lender.test', 'ledger mango quartz 77');
    session = { cookie: sessionCookieOf(res), csrfToken: res.json().data.csrfToken };
    expect((await staffCall(t, session, 'POST', '/sign-in/second-factor', { code: recoveryCodes[0] })).json().code).toBe(400);
  });
});

describe('staff in the dev ops API', () => {
  it('makes an account with a known TOTP secret and answers the code an authenticator app shows now', async () => {
    const ops = { authorization: `Bearer ${t.config.OPS_TOKEN}` };
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DP';
    const made = await t.app.inject({
      method: 'POST',
      url: '/ops/staff',
      headers: ops,
      payload: { email: 'Gus@Lender.test', roles: ['finance'], password: STAFF_TEST_PASSWORD, totpSecret: secret },
    });
    expect(made.json().data).toMatchObject({ account: { email: 'gus@lender.test', roles: ['finance'], secondFactor: true, mustChangePassword: false }, temporaryPassword: null });
    const code = await t.app.inject({ method: 'GET', url: '/ops/staff/totp-code?email=gus@lender.test', headers: ops });
    expect(code.json().data.code).toBe(totpCodeAt(secret, t.clock.now()));
    const res = await signIn('gus@lender.test', STAFF_TEST_PASSWORD);
    const session = { cookie: sessionCookieOf(res), csrfToken: res.json().data.csrfToken };
    expect((await staffCall(t, session, 'POST', '/sign-in/second-factor', { code: code.json().data.code })).json().data.stage).toBe('signed-in');

    const bad = await t.app.inject({ method: 'POST', url: '/ops/staff', headers: ops, payload: { email: 'x@lender.test', roles: ['boss'] } });
    expect(bad.json()).toMatchObject({ code: 400, message: "roles.0: roles must be 'agent', 'finance', 'admin', 'collector', 'collections_lead' or 'dpo'" });
    const taken = await t.app.inject({ method: 'POST', url: '/ops/staff', headers: ops, payload: { email: 'gus@lender.test', roles: ['agent'] } });
    expect(taken.json()).toMatchObject({ code: 409, message: 'email: an account with gus@lender.test already exists.' });
  });
});
