import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contactKfInfoRoute } from '@cashloan/contract/routes/customer-service';
import { loanDetailPushRoute } from '@cashloan/contract/routes/loan-confirmation';
import { repaymentConfirmRoute } from '@cashloan/contract/routes/repayment';

const toast = vi.hoisted(() => ({ show: vi.fn(), clear: vi.fn() }));
vi.mock('../ui/toast-view.ts', () => toast);

const { callApi } = await import('./client.ts');
// The toast view loads on the first toast; loaded here, the toasts are shown synchronously.
await (await import('../ui/toast.ts')).loadToastView();

type Answer = { status?: number; headers?: Record<string, string>; body: unknown } | Error | 'hang';

/** A fetch that answers each call in turn and records the Idempotency-Key it was sent. */
function fakeFetch(...answers: Answer[]) {
  const keys: Array<string | undefined> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init: RequestInit) => {
      keys.push((init.headers as Record<string, string>)['Idempotency-Key']);
      const answer = answers.shift();
      if (answer === 'hang') {
        return new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
      }
      if (answer instanceof Error || answer === undefined) return Promise.reject(answer ?? new TypeError('Failed to fetch'));
      return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json', ...answer.headers } }));
    }),
  );
  return keys;
}

const session = { deviceId: 'dev-1', userId: 'u-1', sessionId: 's-1', merchantNumber: 'm-7', mobilePhone: '09171234567' };
const confirm = { orderId: '3', verifyCode: '123456', repaymentRecordId: '9' };
const push = { amount: '500000', periods: '91', termUnit: '1', productId: '1', extraNumber: '1' } as const;
const ok = { body: { code: '00', message: 'success', data: {} } };
const silently = { onFailure: 'silent' } as const;

beforeEach(() => window.history.replaceState(null, '', `/alipayrepayment?${new URLSearchParams(session)}`));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('Idempotency-Key', () => {
  it('goes on the money and code-issue calls as 128 random bits in hex, and on no other call', async () => {
    const keys = fakeFetch(ok, { body: { code: 0, message: 'ok', data: { email: 'a@b.c', smWa: '' } } });
    await callApi(repaymentConfirmRoute, confirm);
    await callApi(contactKfInfoRoute, { overall: '30' });
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBeUndefined();
  });

  it('is the same when the same action is sent again after a network failure, a time-out or a Retry-After answer', async () => {
    vi.useFakeTimers();
    const keys = fakeFetch(new TypeError('Failed to fetch'), 'hang', { status: 503, headers: { 'Retry-After': '1' }, body: { code: '503', message: 'The service is briefly unavailable. Please try again.', data: null } }, ok);
    await expect(callApi(repaymentConfirmRoute, confirm, silently)).rejects.toMatchObject({ kind: 'network' });
    const timedOut = callApi(repaymentConfirmRoute, confirm, { ...silently, timeoutMs: 1000 });
    const expectation = expect(timedOut).rejects.toMatchObject({ kind: 'timeout' });
    await vi.advanceTimersByTimeAsync(1000);
    await expectation;
    await expect(callApi(repaymentConfirmRoute, confirm, silently)).rejects.toMatchObject({ kind: 'server', code: '503' });
    await callApi(repaymentConfirmRoute, confirm);
    expect(keys).toHaveLength(4);
    expect(new Set(keys).size).toBe(1);
  });

  it('is new for the next action once the server answered, success or refusal, and differs between actions', async () => {
    const keys = fakeFetch(
      { body: { code: 0, message: 'success', data: { lendDetailsUrl: '/allIt?orderId=1' } } },
      { status: 409, body: { code: 409, message: 'You already have a loan of PesoNow Cash in progress.', data: null } },
      { body: { code: '800006', message: 'The verification code is wrong.', data: null } },
      { body: { code: '800006', message: 'The verification code is wrong.', data: null } },
    );
    await callApi(loanDetailPushRoute, push);
    await expect(callApi(loanDetailPushRoute, push, silently)).rejects.toMatchObject({ code: 409 });
    await expect(callApi(repaymentConfirmRoute, confirm, silently)).rejects.toMatchObject({ code: '800006' });
    await expect(callApi(repaymentConfirmRoute, { ...confirm, verifyCode: '654321' }, silently)).rejects.toMatchObject({ code: '800006' });
    expect(new Set(keys).size).toBe(4);
  });

  it('is shared by a double tap while the first request runs, so the server answers the second as a duplicate', async () => {
    const keys = fakeFetch(ok, { body: { code: '800005', message: 'Please do not submit the payment request twice.', data: null } });
    const first = callApi(repaymentConfirmRoute, confirm);
    const second = callApi(repaymentConfirmRoute, confirm, silently).catch((error: unknown) => error);
    await Promise.all([first, second]);
    expect(keys[0]).toBeDefined();
    expect(keys[1]).toBe(keys[0]);
  });
});
