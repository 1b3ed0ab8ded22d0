/**
 * Staff for server tests: an account made straight in the database (with a known password and, for
 * the roles that need one, a known TOTP secret), signed in through the staff API like the back office
 * does, and a `call` that sends the session cookie and CSRF token.
 */
import type { LightMyRequestResponse } from 'fastify';
import { STAFF_API_BASE, STAFF_CSRF_HEADER, STAFF_SESSION_COOKIE, type StaffRole } from '@cashloan/contract';
import { createStaff, needsSecondFactor } from '../staff/accounts/service.ts';
import { newTotpSecret, totpCodeAt } from '../staff/session/second-factor.ts';
import { sealTotpSecret } from '../staff/session/service.ts';
import type { TestApp } from './test-app.ts';

export const STAFF_TEST_PASSWORD = 'correct horse battery staple';
let staffCounter = 0;

export interface TestStaff {
  id: number;
  email: string;
  /** base32, when the account has a second factor. */
  totpSecret: string | null;
  cookie: string;
  csrfToken: string;
  /** A staff API call with this session (path under /staff/api). */
  call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<LightMyRequestResponse>;
}

/** The Set-Cookie value of the staff session in an answer, if it set one. */
export function sessionCookieOf(res: LightMyRequestResponse): string | null {
  const cookie = res.cookies.find((c) => c.name === STAFF_SESSION_COOKIE);
  return cookie && cookie.value !== '' ? `${STAFF_SESSION_COOKIE}=${cookie.value}` : null;
}

export function staffCall(t: TestApp, session: { cookie?: string | null; csrfToken?: string | null }, method: 'GET' | 'POST', path: string, body?: unknown) {
  return t.app.inject({
    method,
    url: `${STAFF_API_BASE}${path}`,
    headers: {
      ...(session.cookie ? { cookie: session.cookie } : {}),
      ...(session.csrfToken ? { [STAFF_CSRF_HEADER]: session.csrfToken } : {}),
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    ...(method === 'POST' ? { payload: JSON.stringify(body ?? {}) } : {}),
  });
}

/** A new account with these roles, signed in (second factor entered where it has one). */
export async function signedInStaff(t: TestApp, roles: StaffRole[], options: { email?: string; secondFactor?: boolean } = {}): Promise<TestStaff> {
  const email = options.email ?? `staff${++staffCounter}@lender.test`;
  const totpSecret = options.secondFactor ?? needsSecondFactor(roles) ? newTotpSecret() : null;
  const { account } = await createStaff(
    t.db,
    { email, name: `Test ${roles.join(' ')}`, roles, password: STAFF_TEST_PASSWORD, ...(totpSecret ? { totpSecretSealed: (id: number) => sealTotpSecret(t, id, totpSecret) } : {}) },
    t.clock.now(),
  );
  return signInAgain(t, { id: account.id, email, totpSecret });
}

/**
 * A new session of an account made by signedInStaff (a session ends within hours: a test that moves
 * the clock by days signs in again). Cheaper than a new account: one password check, no hashing.
 */
export async function signInAgain(t: TestApp, staff: Pick<TestStaff, 'id' | 'email' | 'totpSecret'>): Promise<TestStaff> {
  const { id, email, totpSecret } = staff;
  let res = await staffCall(t, {}, 'POST', '/sign-in', { email, password: STAFF_TEST_PASSWORD });
  let cookie = sessionCookieOf(res);
  if (res.json().data?.stage === 'second-factor') {
    res = await staffCall(t, { cookie, csrfToken: res.json().data.csrfToken }, 'POST', '/sign-in/second-factor', { code: totpCodeAt(totpSecret!, t.clock.now()) });
    cookie = sessionCookieOf(res) ?? cookie;
  }
  const state = res.json().data;
  if (res.statusCode !== 200 || state.stage !== 'signed-in') throw new Error(`Test staff could not sign in: ${res.statusCode} ${res.body}`);
  const session = { cookie: cookie!, csrfToken: state.csrfToken as string };
  return { id, email, totpSecret, ...session, call: (method, path, body) => staffCall(t, session, method, path, body) };
}
