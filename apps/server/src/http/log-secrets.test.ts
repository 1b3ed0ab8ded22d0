/**
 * Logs never carry a session id, a full card number or a one-time code: every call of the contract
 * is sent (as a borrower would, and with its secrets in the query too), at the most talkative log
 * level, and the log lines are searched for the secrets' values.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CALLS, callUrlPath, type SessionParams } from '@cashloan/contract';
import { CALL_EXAMPLES } from '@cashloan/contract/examples';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';

const CARD_NUMBER = '4000123412344821';
const ONE_TIME_CODE = '493817';
/** Payload fields that carry a secret, and the value each gets. */
const SECRET_FIELDS: Record<string, string> = { cardNo: CARD_NUMBER, verifyCode: ONE_TIME_CODE, smsCode: ONE_TIME_CODE, capcode: ONE_TIME_CODE };

describe('secrets stay out of the logs', () => {
  const lines: string[] = [];
  let t: TestApp;
  let session: SessionParams;
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'trace' }, undefined, { logStream: { write: (line) => void lines.push(line) } });
    session = (await t.newBorrower()).session;
  });
  afterAll(() => t.close());

  it('no log line of any call holds the session id, the card number or the code', async () => {
    for (const [name, call] of Object.entries(ALL_CALLS)) {
      const example = (CALL_EXAMPLES as Record<string, { payload: Record<string, unknown> }>)[name]!.payload;
      const payload = Object.fromEntries(Object.entries(example).map(([k, v]) => [k, SECRET_FIELDS[k] ?? String(v)]));
      const secretsInQuery = Object.fromEntries(Object.keys(SECRET_FIELDS).map((k) => [k, SECRET_FIELDS[k]!]));
      // Once as the app sends it, once with every secret in the address too (a careless caller).
      for (const query of [{ ...session }, { ...session, ...secretsInQuery }]) {
        await t.app.inject({
          method: call.route.method,
          url: `${callUrlPath(call.route)}?${new URLSearchParams(query)}`,
          ...(call.route.method === 'GET' ? {} : { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(payload).toString() }),
        });
      }
    }
    // A request the server cannot route, and one that fails validation, are logged too.
    await t.app.inject(`/h5api/nothing?sessionId=${session.sessionId}&cardNo=${CARD_NUMBER}`);
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(Object.keys(ALL_CALLS).length * 2);
    expect(log).toContain('[redacted]');
    expect(log).not.toContain(session.sessionId);
    expect(log).not.toContain(CARD_NUMBER);
    expect(log).not.toContain(ONE_TIME_CODE);
  });
});
