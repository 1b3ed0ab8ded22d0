/**
 * What the API fuzz run (api-fuzz.test.ts) found, each pinned by the request that found it, and
 * the 503 of a database out of reach (the PostgreSQL restart test shows it under load; here it
 * runs without PostgreSQL).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  ERROR_MESSAGES,
  callUrlPath,
  problemListCall,
  problemSaveCall,
  loanDetailsCall,
  trackVisitCall,
  uploadProblemImgCall,
} from '@cashloan/contract';
import { createTestApp, FORM_HEADERS, query, type TestApp } from '../../apps/server/src/test-support/test-app.ts';
import { DbUnavailableError } from '../../apps/server/src/platform/db/client.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

async function count(table: string): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return rows[0]!.n;
}

describe('fuzz findings', () => {
  it('a multipart upload cut off before its closing boundary is refused with 400, not a 500, and nothing is stored', async () => {
    const { session } = await t.newBorrower();
    const res = await t.app.inject({
      method: 'POST',
      url: `${callUrlPath(uploadProblemImgCall.route)}?${query(session)}`,
      headers: { 'content-type': 'multipart/form-data; boundary=fuzzb' },
      payload: '--fuzzb\r\nContent-Disposition: form-data; name="problemImage"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: String(ERROR_CODES.invalidInput),
      message: 'The upload could not be read: it was cut off or is not well-formed multipart/form-data. Please send the image again.',
      data: null,
    });
    expect(await count('complaint_images')).toBe(0);
  });

  it('a NUL character in a query value (PostgreSQL text cannot hold one) is refused naming the field', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${callUrlPath(trackVisitCall.route)}?page=agreementTemplate&templateId=5&source=a%00b` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: ERROR_CODES.invalidInput, message: 'source must not contain a NUL character', data: null });
    expect(await count('landing_track_counts')).toBe(0);
  });

  it('a NUL character in the session id or a form field is refused, and no complaint is filed', async () => {
    const { session } = await t.newBorrower();
    const inSession = await t.app.inject({ method: 'POST', url: `${callUrlPath(problemListCall.route)}?${query({ ...session, sessionId: `${session.sessionId}\u0000` })}` });
    expect(inSession.statusCode).toBe(400);
    expect(inSession.json().message).toBe('sessionId must not contain a NUL character');

    const inBody = await t.app.inject({
      method: 'POST',
      url: `${callUrlPath(problemSaveCall.route)}?${query(session)}`,
      headers: FORM_HEADERS,
      payload: new URLSearchParams({ problemType: '2', problemDetail: 'late\u0000fee' }).toString(),
    });
    expect(inBody.statusCode).toBe(400);
    expect(inBody.json().message).toBe('problemDetail must not contain a NUL character');
    expect(await count('complaints')).toBe(0);
  });
});

describe('database out of reach', () => {
  it('answers 503 with the clear message and Retry-After in the call\'s code form, never the driver\'s words', async () => {
    const { session } = await t.newBorrower();
    const original = t.db.query.bind(t.db);
    // What the PostgreSQL client throws while the server restarts (client.ts wraps it so).
    t.db.query = () => Promise.reject(new DbUnavailableError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })));
    const zero = await t.app.inject({ method: 'POST', url: `${callUrlPath(loanDetailsCall.route)}?${query(session)}`, headers: FORM_HEADERS, payload: 'productId=1&orderId=1' });
    const doubleZero = await t.app.inject({ method: 'POST', url: `${callUrlPath(problemListCall.route)}?${query(session)}` });
    t.db.query = original;

    for (const [res, code] of [
      [zero, ERROR_CODES.unavailable],
      [doubleZero, String(ERROR_CODES.unavailable)],
    ] as const) {
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toEqual({ code, message: ERROR_MESSAGES.unavailable, data: null });
    }
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
