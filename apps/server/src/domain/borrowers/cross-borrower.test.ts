/**
 * One borrower never acts as another: for every call that needs a session (enumerated from the
 * contract, not hand-listed), borrower A's session sent with any of borrower B's ids is refused,
 * with the same answer, before the call does anything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CALLS, ERROR_MESSAGES, callUrlPath, type SessionParams } from '@cashloan/contract';
import { CALL_EXAMPLES } from '@cashloan/contract/examples';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

const AUTH_CALLS = Object.entries(ALL_CALLS).filter(([, call]) => call.route.auth);
const CLAIMS = ['userId', 'merchantNumber', 'mobilePhone'] as const;

describe('cross-borrower refusal', () => {
  let t: TestApp;
  let a: SessionParams;
  let b: SessionParams;
  beforeAll(async () => {
    t = await createTestApp();
    a = (await t.newBorrower({ merchantNumber: 'M0001' })).session;
    b = (await t.newBorrower({ merchantNumber: 'M0002' })).session;
  });
  afterAll(() => t.close());

  it('covers every call that needs a session', () => {
    expect(AUTH_CALLS.length).toBeGreaterThan(25);
  });

  for (const [name, call] of AUTH_CALLS) {
    it(`${name}: A's session with B's ${CLAIMS.join(' / ')} is refused`, async () => {
      const example = (CALL_EXAMPLES as Record<string, { payload: Record<string, unknown> }>)[name]!.payload;
      // A payload that names the borrower again (repayment-huichao's userId) names the sender.
      const send = (session: SessionParams, payloadIds: Partial<SessionParams> = session) => {
        const payload = Object.entries(example).map(([k, v]): [string, string] => [k, String(k in payloadIds ? payloadIds[k as keyof SessionParams] : v)]);
        return t.app.inject({
          method: call.route.method,
          // A GET call (record-pdf) takes its payload in the query.
          url: `${callUrlPath(call.route)}?${new URLSearchParams({ ...session, ...(call.route.method === 'GET' ? Object.fromEntries(payload) : {}) })}`,
          ...(call.route.method === 'GET'
            ? {}
            : { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(payload).toString() }),
        });
      };
      // Control: A's own ids pass the session check (whatever the call then answers).
      expect((await send(a)).statusCode, `${name} with A's own ids`).not.toBe(401);
      for (const claim of CLAIMS) {
        const res = await send({ ...a, [claim]: b[claim] });
        expect(res.statusCode, `${name} with B's ${claim}`).toBe(401);
        expect(res.json(), `${name} with B's ${claim}`).toMatchObject({ message: ERROR_MESSAGES.sessionMismatch, data: null });
      }
      const claimedInPayload = CLAIMS.filter((claim) => claim in example);
      for (const claim of claimedInPayload) {
        const res = await send(a, { [claim]: b[claim] });
        expect(res.statusCode, `${name} with B's ${claim} in the payload`).toBe(401);
      }
    });
  }
});
