/**
 * Logs never carry a session id, a full card number or a one-time code, and show phone numbers and
 * user ids by their last 4 only: every call of the contract is sent (as a borrower would, and with
 * its secrets in the query too, also under names encoded so the server still reads them), at the
 * most talkative log level, and the log lines are searched for the values.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CALLS, callUrlPath, type SessionParams } from '@cashloan/contract';
import { CALL_EXAMPLES } from '@cashloan/contract/examples';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { maskLast4, redactUrl } from './redact.ts';

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
    // As a number of its own: a log line's timing (responseTime 3.4938170…) may hold the same digits.
    expect(log).not.toMatch(new RegExp(`(?<![0-9.])${ONE_TIME_CODE}(?![0-9])`));
    expect(log).not.toMatch(new RegExp(`(?<![0-9.])${session.mobilePhone}(?![0-9])`));
    expect(log).not.toContain(session.userId);
    expect(log).toContain(maskLast4(session.mobilePhone));
  });

  it('redacts the session id under every name the server reads as sessionId (encoded, after #, repeated)', async () => {
    const contact = callUrlPath(ALL_CALLS.contactKfInfoCall.route);
    const { sessionId, ...rest } = session;
    const others = new URLSearchParams({ ...rest, overall: '30' }).toString();
    const spellings = [`session%49d=${sessionId}`, `%73essionId=${sessionId}`, `%73%65%73%73%69%6f%6e%49%64=${sessionId}`, `sessionId=${sessionId}&sessionId=${sessionId}`];
    for (const spelling of spellings) {
      lines.length = 0;
      const res = await t.app.inject({ method: 'POST', url: `${contact}?${spelling}&${others}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'overall=30' });
      // The server took it for the session: the borrower's own answer came back.
      expect(res.json(), spelling).toMatchObject({ code: 0 });
      expect(lines.join(''), spelling).not.toContain(sessionId);
      expect(lines.join(''), spelling).toContain('sessionId=[redacted]');
    }
    // After '#' the router reads a query too (find-my-way's split), so the log line hides it as well.
    expect(redactUrl(`/x#sessionId=${sessionId}`)).toBe('/x?sessionId=[redacted]');
    expect(redactUrl(`/x?a=1#sessionId=${sessionId}`)).not.toContain(sessionId);
    expect(redactUrl(`/x?mobilePhone=09171234567&userId=U123456789&orderId=7`)).toBe('/x?mobilePhone=*******4567&userId=******6789&orderId=7');
  });
});
