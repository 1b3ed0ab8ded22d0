import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECOND_FACTOR_ROLES } from '@cashloan/contract';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { staffCall, sessionCookieOf } from '../test-support/staff.ts';
import { totpCodeAt } from '../staff/session/second-factor.ts';
import { DEMO_STAFF, seedDemoStaff } from './demo-staff.ts';

describe('demo staff', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('are never made in production', async () => {
    expect(await seedDemoStaff(t, { NODE_ENV: 'production' }, t.clock.now())).toBeNull();
    expect((await t.db.query('SELECT 1 FROM staff_accounts')).rows).toEqual([]);
  });

  it('are an agent, two finance users (one approves, the other releases), an admin, a collections lead, a collector and a data-protection officer who sign in with the printed password (and code), and are made once only', async () => {
    const made = (await seedDemoStaff(t, { NODE_ENV: 'development' }, t.clock.now()))!;
    expect(made.map((s) => [s.role, s.email, s.totpSecret !== null])).toEqual(DEMO_STAFF.map((d) => [d.role, d.email, SECOND_FACTOR_ROLES.includes(d.role)]));
    expect(made.filter((s) => s.role === 'finance')).toHaveLength(2);
    for (const s of made) {
      const res = await staffCall(t, {}, 'POST', '/sign-in', { email: s.email, password: s.password });
      expect(res.json().data.stage).toBe(s.totpSecret ? 'second-factor' : 'signed-in');
      if (s.totpSecret) {
        const session = { cookie: sessionCookieOf(res), csrfToken: res.json().data.csrfToken };
        const code = await staffCall(t, session, 'POST', '/sign-in/second-factor', { code: totpCodeAt(s.totpSecret, t.clock.now()) });
        expect(code.json().data).toMatchObject({ stage: 'signed-in', staff: { roles: [s.role] } });
      }
    }
    expect(await seedDemoStaff(t, { NODE_ENV: 'development' }, t.clock.now())).toBeNull();
  });
});
