/**
 * Issue 34, item 1: the staff lockout holds against attempts sent at once, on a real PostgreSQL with
 * two apps on one database (as two server processes would be). An outside review signed in with the
 * right password sent after 12, 24 or 29 wrong ones in one burst, and had 6 to 22 wrong TOTP codes
 * checked where 5 are allowed: the count and the decision were not taken together. Now each attempt
 * is counted and decided under the email's lock (staff/session/service.ts `attempt`).
 *
 * "Checked" is what the database shows: an attempt is recorded as a failure before its password or
 * code is checked, and an attempt refused as locked is recorded as unchecked (checked = false), so
 * the checked failures of the email are the guesses that were really checked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_LIMITS } from '@cashloan/contract';
import { createTestApp, type TestApp } from '../../apps/server/src/test-support/test-app.ts';
import { STAFF_TEST_PASSWORD, sessionCookieOf, signedInStaff, staffCall } from '../../apps/server/src/test-support/staff.ts';
import { createStaff } from '../../apps/server/src/staff/accounts/service.ts';
import { sealTotpSecret } from '../../apps/server/src/staff/session/service.ts';
import { newTotpSecret, totpCodeAt } from '../../apps/server/src/staff/session/second-factor.ts';
import { openDb } from '../../apps/server/src/platform/db/client.ts';
import { createPgCluster, type PgCluster } from '../support/pg-cluster.ts';

const WRONG = 30;
let cluster: PgCluster;
let apps: [TestApp, TestApp];

beforeAll(async () => {
  cluster = await createPgCluster();
  const made: TestApp[] = [];
  for (let i = 0; i < 2; i++) {
    const db = await openDb({ databaseUrl: cluster.url, schema: 'lockout' });
    // Processes sharing a database share its card-data keys (the TOTP secrets are sealed with them).
    const keys = made[0] ? { CARD_DATA_KEYS: made[0].config.CARD_DATA_KEYS, CARD_HASH_KEY: made[0].config.CARD_HASH_KEY } : {};
    made.push(await createTestApp(keys, undefined, { db }));
  }
  apps = made as [TestApp, TestApp];
});
afterAll(async () => {
  for (const t of apps ?? []) await t.close();
  await cluster?.destroy();
});

const failuresOf = async (email: string) =>
  (await apps[0].db.query<{ n: number }>('SELECT count(*)::int AS n FROM staff_sign_in_failures WHERE email = $1 AND checked', [email])).rows[0]!.n;
const through = (i: number) => apps[i % 2]!;
const signIn = (i: number, email: string, password: string) => staffCall(through(i), {}, 'POST', '/sign-in', { email, password });

describe('the staff lockout on PostgreSQL, two apps on one database', () => {
  it(`${WRONG} wrong passwords and the right one sent together never sign in, whatever the right one's place after the first 12; at most ${STAFF_LIMITS.lockoutFailures} are checked`, async () => {
    const figures: string[] = [];
    for (const [round, place] of [12, 24, 30, 12].entries()) {
      const email = `burst${round}@lender.test`;
      await createStaff(apps[0].db, { email, name: 'Burst Person', roles: ['agent'], password: STAFF_TEST_PASSWORD }, apps[0].clock.now());
      const passwords = Array.from({ length: WRONG }, (_, i) => `wrong guess ${round}-${i}`);
      passwords.splice(place, 0, STAFF_TEST_PASSWORD);
      const answers = await Promise.all(passwords.map((password, i) => signIn(i, email, password)));
      const signedIn = answers.filter((a) => a.statusCode === 200).length;
      const checked = await failuresOf(email);
      figures.push(`round ${round + 1}: right one ${place + 1}th of ${passwords.length}, ${signedIn} signed in, ${checked} checked`);
      expect(answers.map((a) => a.statusCode).filter((s) => s !== 401), `round ${round + 1}`).toEqual([]);
      expect(checked, `round ${round + 1}`).toBeLessThanOrEqual(STAFF_LIMITS.lockoutFailures);
    }
    process.stdout.write(`staff lockout, passwords: ${figures.join('; ')}\n`);
  }, 240_000);

  it(`a burst of ${WRONG} wrong TOTP and recovery codes checks at most ${STAFF_LIMITS.lockoutFailures}, and the right code after it is refused`, async () => {
    const email = 'codes@lender.test';
    const secret = newTotpSecret();
    const t = apps[0];
    await createStaff(t.db, { email, name: 'Code Person', roles: ['finance'], password: STAFF_TEST_PASSWORD, totpSecretSealed: (id) => sealTotpSecret(t, id, secret) }, t.clock.now());
    const signedIn = await signIn(0, email, STAFF_TEST_PASSWORD);
    expect(signedIn.json().data.stage).toBe('second-factor');
    const session = { cookie: sessionCookieOf(signedIn), csrfToken: signedIn.json().data.csrfToken as string };
    const right = totpCodeAt(secret, t.clock.now());
    // Six-digit codes other than the right one (and its neighbours' steps), and recovery-code look-alikes.
    const codes = Array.from({ length: WRONG }, (_, i) => (i % 3 === 2 ? `abcd-efgh-${String(i).padStart(2, '0')}` : String((Number(right) + 1 + i * 7919) % 1_000_000).padStart(6, '0')));
    const answers = await Promise.all(codes.map((code, i) => staffCall(through(i), session, 'POST', '/sign-in/second-factor', { code })));
    const checked = await failuresOf(email);
    const afterwards = await staffCall(apps[1], session, 'POST', '/sign-in/second-factor', { code: right });
    process.stdout.write(`staff lockout, codes: ${WRONG} wrong codes sent together, ${checked} checked, answers ${JSON.stringify(tally(answers.map((a) => a.statusCode)))}; the right code after them: ${afterwards.statusCode}\n`);
    expect(answers.every((a) => a.statusCode === 400 || a.statusCode === 401)).toBe(true);
    expect(checked).toBeLessThanOrEqual(STAFF_LIMITS.lockoutFailures);
    expect(afterwards.statusCode).toBe(401);
  }, 120_000);

  it(`a burst of ${WRONG} wrong current passwords at a password change checks at most ${STAFF_LIMITS.lockoutFailures}`, async () => {
    const agent = await signedInStaff(apps[0], ['agent']);
    const answers = await Promise.all(
      Array.from({ length: WRONG }, (_, i) => staffCall(through(i), agent, 'POST', '/password', { currentPassword: `not it ${i}`, newPassword: 'a brand new passphrase 77' })),
    );
    const checked = await failuresOf(agent.email);
    process.stdout.write(`staff lockout, password change: ${WRONG} wrong current passwords sent together, ${checked} checked, answers ${JSON.stringify(tally(answers.map((a) => a.statusCode)))}\n`);
    expect(answers.some((a) => a.statusCode === 200)).toBe(false);
    expect(checked).toBeLessThanOrEqual(STAFF_LIMITS.lockoutFailures);
  }, 120_000);
});

function tally(values: number[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}
