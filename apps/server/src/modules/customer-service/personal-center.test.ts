import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, contactKfInfoRoute, callUrlPath } from '@cashloan/contract';
import { createTestApp, form, FORM_HEADERS, query, type TestApp } from '../../test-support/test-app.ts';

describe('contact-kf-info', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SERVICE_EMAIL: 'help@lender.test', SERVICE_SMWA: '+63 900 111 2222' });
  });
  afterAll(() => t.close());

  it('answers the configured e-mail and messaging contact to a borrower with a session', async () => {
    const { session } = await t.newBorrower();
    const res = await t.app.inject({
      method: 'POST',
      url: `${callUrlPath(contactKfInfoRoute)}?${query(session)}`,
      headers: FORM_HEADERS,
      payload: form({ overall: 30 }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, message: 'success', data: { email: 'help@lender.test', smWa: '+63 900 111 2222' } });
    expect(callUrlPath(contactKfInfoRoute)).toBe(`${API_BASE}/v3/personal-center/contact-kf-info`);
  });

  it('refuses a missing session with the documented envelope error, not a 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: callUrlPath(contactKfInfoRoute), headers: FORM_HEADERS, payload: form({ overall: 30 }) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 401, data: null });
    expect(res.json().message).toMatch(/session/i);
  });

  it('refuses an unknown session and a session whose userId belongs to someone else', async () => {
    const a = await t.newBorrower();
    const b = await t.newBorrower();
    const unknown = await t.app.inject({
      method: 'POST',
      url: `${callUrlPath(contactKfInfoRoute)}?${query({ ...a.session, sessionId: 'f'.repeat(64) })}`,
      headers: FORM_HEADERS,
      payload: form({ overall: 30 }),
    });
    expect(unknown.json()).toMatchObject({ code: 401, message: 'Your session has expired. Please log in again.' });
    const mixed = await t.app.inject({
      method: 'POST',
      url: `${callUrlPath(contactKfInfoRoute)}?${query({ ...a.session, userId: b.session.userId })}`,
      headers: FORM_HEADERS,
      payload: form({ overall: 30 }),
    });
    expect(mixed.json()).toMatchObject({ code: 401, message: 'Your session does not match this account. Please log in again.' });
  });

  it('refuses a session once it has expired', async () => {
    const { session } = await t.newBorrower();
    await t.clock.advance((t.config.SESSION_TTL_DAYS + 1) * 86_400_000);
    const res = await t.app.inject({
      method: 'POST',
      url: `${callUrlPath(contactKfInfoRoute)}?${query(session)}`,
      headers: FORM_HEADERS,
      payload: form({ overall: 30 }),
    });
    expect(res.json()).toMatchObject({ code: 401 });
  });

  it('names the bad field when the payload is wrong', async () => {
    const { session } = await t.newBorrower();
    const res = await t.app.inject({
      method: 'POST',
      url: `${callUrlPath(contactKfInfoRoute)}?${query(session)}`,
      headers: FORM_HEADERS,
      payload: form({ overall: 31 }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: 'overall must be 30', data: null });
  });
});
