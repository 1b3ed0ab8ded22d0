import { afterEach, describe, expect, it, vi } from 'vitest';
import { getOrderCall, moveOrderCall, searchOrdersCall } from '@cashloan/contract/staff/orders';
import { signInCall } from '@cashloan/contract/staff/session';
import { fail, fakeStaffApi } from '../test-support/staff-harness.tsx';
import { callStaff, rememberCsrfToken, setUnauthorizedHandler, StaffApiError, uploadStaffImage } from './api-client.ts';

const order = {
  order: {
    id: 7, orderNo: 'NO7', borrowerId: 3, borrowerName: 'Ben', mobilePhone: '09170000001', productName: 'P', principalMinor: 100000, status: 21, shownStatus: 21,
    createdAt: '2025-01-01T00:00:00Z', dueAt: null, productId: 1, interestMinor: 0, feeMinor: 0, termDays: 7, periods: 1, disbursedAt: null, settledAt: null,
    paidMinor: 0, owedNowMinor: 0, statusMeaning: 'In review',
  },
  plan: [], ledger: [], payCodes: [], confirmed: { lang: 'en', disclosure: null, agreements: [] }, payoutAccount: null, moves: [],
  payouts: { items: [], release: null, dailyLimitMinor: 50_000_000 },
  postings: { approvalAboveMinor: 1_000_000, items: [] },
};

afterEach(() => {
  setUnauthorizedHandler(() => {});
  rememberCsrfToken('');
  vi.useRealTimers();
});

describe('the staff API client', () => {
  it('fills path parameters, puts the rest of a GET in the query, and sends no CSRF header', async () => {
    const requests = fakeStaffApi({ 'GET /orders': [{ items: [], total: 0 }] });
    await callStaff(searchOrdersCall, { phone: '0917', status: 21, orderNo: undefined, page: 2 });
    expect(requests[0]).toMatchObject({ method: 'GET', path: '/orders', csrf: null });
    expect(Object.fromEntries(requests[0]!.query)).toEqual({ phone: '0917', status: '21', page: '2' });
  });

  it("sends a POST's input as JSON, without the path parameters, with the session's CSRF token", async () => {
    rememberCsrfToken('token-123');
    const requests = fakeStaffApi({ 'POST /orders/7/move': [order] });
    const answer = await callStaff(moveOrderCall, { id: 7, to: 110 });
    expect(answer.order.orderNo).toBe('NO7');
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/orders/7/move', body: { to: 110 }, csrf: 'token-123' });
  });

  it('sends the upload as multipart with the CSRF token', async () => {
    rememberCsrfToken('token-9');
    const requests = fakeStaffApi({ 'POST /uploads/image': [{ url: '/uploads/a.png' }] });
    await expect(uploadStaffImage(new Blob(['x'], { type: 'image/png' }), 'a.png')).resolves.toEqual({ url: '/uploads/a.png' });
    expect(requests[0]!.csrf).toBe('token-9');
    expect((requests[0]!.body as FormData).get('image')).toBeInstanceOf(Blob);
  });

  it("turns a failure into one StaffApiError with the server's message and status", async () => {
    fakeStaffApi({ 'POST /orders/7/move': [fail(409, 'Only an order in review can be approved.')] });
    const error = await callStaff(moveOrderCall, { id: 7, to: 110 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StaffApiError);
    expect(error).toMatchObject({ status: 409, kind: 'http', message: 'Only an order in review can be approved.' });
  });

  it('reports a 401 to the app (back to sign-in), but not for signing in itself', async () => {
    const ended = vi.fn();
    setUnauthorizedHandler(ended);
    fakeStaffApi({ 'GET /orders/7': [fail(401, 'Your session has ended. Please sign in again.')], 'POST /sign-in': [fail(401, 'Wrong.')] });
    await expect(callStaff(getOrderCall, { id: 7 })).rejects.toMatchObject({ status: 401 });
    expect(ended).toHaveBeenCalledWith('Your session has ended. Please sign in again.');
    await expect(callStaff(signInCall, { email: 'a@b.c', password: 'x' })).rejects.toMatchObject({ status: 401, message: 'Wrong.' });
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('ends a call the server does not answer within the time-out', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))),
    );
    const error = await callStaff(getOrderCall, { id: 7 }, { timeoutMs: 20 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'timeout', status: 0 });
    expect((error as Error).message).toMatch(/did not answer/);
  });

  it('says so when the network fails, and when an answer breaks the contract', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(callStaff(getOrderCall, { id: 7 })).rejects.toMatchObject({ kind: 'network', status: 0 });
    fakeStaffApi({ 'GET /orders/7': [{ order: { id: 'seven' } }] });
    await expect(callStaff(getOrderCall, { id: 7 })).rejects.toMatchObject({ kind: 'bad-answer' });
  });

  it('explains an answer that is not JSON', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })));
    await expect(callStaff(getOrderCall, { id: 7 })).rejects.toMatchObject({ status: 502, message: expect.stringMatching(/HTTP 502/) });
  });
});
