/**
 * No cache keeps a copy of what the API answers (issue 18): every call of the contract, answered or
 * refused, and the dev back office, carry `Cache-Control: no-store` — but the site's public settings
 * (brand, theme, company disclosures: no session, nothing personal), which the site pages cache for 5 minutes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CALLS, callUrlPath, type SessionParams } from '@cashloan/contract';
import { CALL_EXAMPLES } from '@cashloan/contract/examples';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

/** Calls that answer the same public data to everyone. */
const PUBLIC_DATA = new Set(['siteConfigCall']);

describe('API answers are never stored by a cache', () => {
  let t: TestApp;
  let session: SessionParams;
  beforeAll(async () => {
    t = await createTestApp();
    session = (await t.newBorrower()).session;
  });
  afterAll(() => t.close());

  it('every call, with a session and without one', async () => {
    const statuses = new Set<number>();
    for (const [name, call] of Object.entries(ALL_CALLS)) {
      const payload = Object.fromEntries(Object.entries((CALL_EXAMPLES as Record<string, { payload: Record<string, unknown> }>)[name]!.payload).map(([k, v]) => [k, String(v)]));
      for (const query of [session, {}]) {
        const res = await t.app.inject({
          method: call.route.method,
          url: `${callUrlPath(call.route)}?${new URLSearchParams({ ...query, ...(call.route.method === 'GET' ? payload : {}) })}`,
          ...(call.route.method === 'GET' ? {} : { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(payload).toString() }),
        });
        statuses.add(res.statusCode);
        if (PUBLIC_DATA.has(name)) {
          expect(call.route.auth, name).toBeFalsy();
          expect(res.headers['cache-control'], name).toMatch(/^public, max-age=\d+$/);
        } else expect(res.headers['cache-control'], `${name} (${res.statusCode})`).toBe('no-store');
      }
    }
    // Answers and refusals both were checked.
    expect(statuses.has(200)).toBe(true);
    expect(statuses.has(401)).toBe(true);
  });

  it('the dev back office, with the right token and a wrong one', async () => {
    for (const authorization of [`Bearer ${t.config.OPS_TOKEN}`, 'Bearer wrong']) {
      const res = await t.app.inject({ url: '/ops/clock', headers: { authorization } });
      expect(res.headers['cache-control'], authorization).toBe('no-store');
    }
  });
});
