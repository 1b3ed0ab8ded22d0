import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { route } from '@cashloan/contract/common';
import { contactKfInfoRoute } from '@cashloan/contract/routes/customer-service';
import { recordPdfRoute } from '@cashloan/contract/routes/records';

const toast = vi.hoisted(() => ({ show: vi.fn(), clear: vi.fn() }));
vi.mock('../ui/toast-view.ts', () => toast);

const { ApiCallError, NETWORK_FAILURE_MESSAGE, TIMEOUT_MESSAGE, callApi } = await import('./client.ts');
const { attachmentName, callFile } = await import('./file-call.ts');
// The toast view loads on the first toast; loaded here, the toasts are shown synchronously.
await (await import('../ui/toast.ts')).loadToastView();

// Routes of every shape the clients handle (the contract's own table only has a few so far).
const primaryPost = contactKfInfoRoute;
const secondaryRootPost = route({ method: 'POST', path: '/user-problem/problem-detail', codeForm: 'doubleZero', base: 'root' });
const primaryGet = route({ method: 'GET', path: '/v3/contract/contract', codeForm: 'zero' });
const goyaGet = route({ method: 'GET', path: '/gopia/goya/cultures', codeForm: 'doubleZero', base: 'root' });

const session = { deviceId: 'dev-1', userId: 'u-1', sessionId: 's-1', merchantNumber: 'm-7', mobilePhone: '09171234567' };

function visit(url: string) {
  window.history.replaceState(null, '', url);
}

/** A fetch that answers each call with the next envelope and honours the abort signal, like a browser. */
function fakeFetch(...answers: (unknown | Error | (() => Response))[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fn = vi.fn((url: string, init: RequestInit) => {
    calls.push({ url, init });
    const answer = answers.shift();
    const signal = init.signal;
    if (signal?.aborted) return Promise.reject(new DOMException('aborted', 'AbortError'));
    if (answer === 'hang') {
      return new Promise<Response>((_, reject) => signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    }
    if (answer instanceof Error) return Promise.reject(answer);
    if (typeof answer === 'function') return Promise.resolve((answer as () => Response)());
    return Promise.resolve(new Response(JSON.stringify(answer), { headers: { 'Content-Type': 'application/json' } }));
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}

const shownToasts = () => toast.show.mock.calls.map(([props]) => props as { content: string; duration: number; icon?: string });

beforeEach(() => {
  toast.show.mockClear();
  toast.clear.mockClear();
  visit(`/beSeats?${new URLSearchParams({ ...session, orderId: '3', real: '1' })}`);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  visit('/');
});

describe('the request', () => {
  it('goes to API_BASE + path for a product route, with the session parameters and real in the query', async () => {
    const calls = fakeFetch({ code: 0, message: 'ok', data: { email: 'a@b.c', smWa: '' } });
    await callApi(primaryPost, { overall: '30' });
    const url = new URL(calls[0]!.url, 'http://h5.test');
    expect(url.pathname).toBe('/h5api/v3/personal-center/contact-kf-info');
    // `real` tells the server which currency to write amounts in; orderId stays a page parameter.
    expect(Object.fromEntries(url.searchParams)).toEqual({ ...session, real: '1' });
  });

  it('leaves real out of the query when the page has none', async () => {
    visit(`/beSeats?${new URLSearchParams(session)}`);
    const calls = fakeFetch({ code: 0, message: 'ok', data: { email: 'a@b.c', smWa: '' } });
    await callApi(primaryPost, { overall: '30' });
    expect(new URL(calls[0]!.url, 'http://h5.test').searchParams.has('real')).toBe(false);
  });

  it('goes to the absolute path for a root route', async () => {
    const calls = fakeFetch({ code: '00', message: 'ok', data: {} });
    await callApi(secondaryRootPost, { problemId: '5' });
    expect(calls[0]!.url.startsWith('/user-problem/problem-detail?')).toBe(true);
  });

  it('sends a POST payload form-encoded, skipping missing values', async () => {
    const calls = fakeFetch({ code: '00', message: 'ok', data: {} });
    await callApi(secondaryRootPost, { problemId: 5, note: 'a b&c', skip: undefined, none: null });
    const { init } = calls[0]!;
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/x-www-form-urlencoded;charset=UTF-8');
    expect(init.body).toBe('problemId=5&note=a+b%26c');
    expect(init.credentials).toBe('same-origin');
  });

  it('puts a GET payload in the query, with no body', async () => {
    const calls = fakeFetch({ code: 0, message: 'ok', data: {} });
    await callApi(primaryGet, { productId: '9', scene: 3 });
    const url = new URL(calls[0]!.url, 'http://h5.test');
    expect(url.pathname).toBe('/h5api/v3/contract/contract');
    expect(Object.fromEntries(url.searchParams)).toEqual({ ...session, real: '1', productId: '9', scene: '3' });
    expect(calls[0]!.init.method).toBe('GET');
    expect(calls[0]!.init.body).toBeUndefined();
  });

  it('sends a multipart body as given, leaving its Content-Type to the browser', async () => {
    const calls = fakeFetch({ code: '00', message: 'ok', data: { url: '/uploads/1.png' } });
    const form = new FormData();
    form.append('problemImage', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await callApi(secondaryRootPost, {}, { formData: form });
    expect(calls[0]!.init.body).toBe(form);
    expect((calls[0]!.init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('marks the request as XMLHttpRequest and fills building/gather on the primary client', async () => {
    const calls = fakeFetch({ code: 0, message: 'ok', data: {} });
    await callApi(primaryPost, { overall: '30' });
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(headers).toMatchObject({ building: 'm-7', gather: 'dev-1' });
    expect(headers).not.toHaveProperty('swift');
  });

  it('fills swift/eyes on the secondary client', async () => {
    const calls = fakeFetch({ code: '00', message: 'ok', data: {} });
    await callApi(goyaGet, { scene: 3 });
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers).toMatchObject({ 'X-Requested-With': 'XMLHttpRequest', swift: 'm-7', eyes: 'dev-1' });
    expect(headers).not.toHaveProperty('building');
  });

  it('sends the header pair empty, and no session query, when the page has no parameters', async () => {
    visit('/beSeats');
    const calls = fakeFetch({ code: 0, message: 'ok', data: {} }, { code: '00', message: 'ok', data: {} });
    await callApi(primaryPost, { overall: '30' });
    await callApi(goyaGet, {});
    expect(calls[0]!.url).toBe('/h5api/v3/personal-center/contact-kf-info');
    expect(calls[0]!.init.headers).toMatchObject({ building: '', gather: '' });
    expect(calls[1]!.init.headers).toMatchObject({ swift: '', eyes: '' });
  });

  it('uses the parameters carried from an earlier page', async () => {
    sessionStorage.setItem('carriedPageParams', JSON.stringify(session));
    visit('/byAs');
    const calls = fakeFetch({ code: 0, message: 'ok', data: {} });
    await callApi(primaryPost, { overall: '30' });
    expect(Object.fromEntries(new URL(calls[0]!.url, 'http://h5.test').searchParams)).toEqual(session);
    expect(calls[0]!.init.headers).toMatchObject({ building: 'm-7', gather: 'dev-1' });
  });
});

describe('success per code form', () => {
  it('code 0 is success for the zero code form, and the whole envelope comes back', async () => {
    fakeFetch({ code: 0, message: 'ok', data: { email: 'help@lender.ph', smWa: '+63' } });
    await expect(callApi(primaryPost, { overall: '30' })).resolves.toEqual({ code: 0, message: 'ok', data: { email: 'help@lender.ph', smWa: '+63' } });
    expect(toast.show).not.toHaveBeenCalled();
  });

  it("'00' is success for the doubleZero code form", async () => {
    fakeFetch({ code: '00', message: 'ok', data: { type: 1 } });
    await expect(callApi(secondaryRootPost, { problemId: '1' })).resolves.toMatchObject({ data: { type: 1 } });
  });

  it("the other code form's success code is a failure", async () => {
    fakeFetch({ code: '00', message: 'Wrong code form', data: null }, { code: 0, message: 'Also wrong', data: null });
    await expect(callApi(primaryPost, { overall: '30' })).rejects.toMatchObject({ kind: 'server', code: '00' });
    await expect(callApi(secondaryRootPost, {})).rejects.toMatchObject({ kind: 'server', code: 0 });
  });
});

describe('failures', () => {
  it("shows the server's message for 2 s and rejects with its code", async () => {
    fakeFetch({ code: '404', message: 'Complaint not found.', data: null });
    const error = await callApi(secondaryRootPost, { problemId: '9' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiCallError);
    expect(error).toMatchObject({ kind: 'server', code: '404', message: 'Complaint not found.' });
    expect(shownToasts()).toEqual([{ content: 'Complaint not found.', icon: 'fail', duration: 2000 }]);
  });

  it("'silent' shows nothing but still rejects", async () => {
    fakeFetch({ code: 409, message: 'Refused.', data: null });
    await expect(callApi(primaryPost, { overall: '30' }, { onFailure: 'silent' })).rejects.toMatchObject({ kind: 'server', message: 'Refused.' });
    expect(toast.show).not.toHaveBeenCalled();
  });

  it('a network failure rejects with kind network and shows a message', async () => {
    fakeFetch(new TypeError('Failed to fetch'));
    await expect(callApi(primaryPost, { overall: '30' })).rejects.toMatchObject({ kind: 'network', message: NETWORK_FAILURE_MESSAGE });
    expect(shownToasts()).toEqual([expect.objectContaining({ content: NETWORK_FAILURE_MESSAGE, duration: 2000 })]);
  });

  it('an answer that is not JSON is a failure, not a hang', async () => {
    fakeFetch(
      () => new Response('<html>502 Bad Gateway</html>', { status: 502 }),
      () => new Response('not json', { status: 200 }),
      { unexpected: true },
    );
    await expect(callApi(primaryPost, { overall: '30' })).rejects.toMatchObject({ kind: 'network' });
    await expect(callApi(primaryPost, { overall: '30' })).rejects.toMatchObject({ kind: 'invalid-answer' });
    await expect(callApi(primaryPost, { overall: '30' })).rejects.toMatchObject({ kind: 'invalid-answer' });
  });

  it('times out after 60 s with kind timeout and a message', async () => {
    vi.useFakeTimers();
    fakeFetch('hang');
    let settled: unknown;
    const call = callApi(primaryPost, { overall: '30' }).catch((e: unknown) => (settled = e));
    await vi.advanceTimersByTimeAsync(59_999);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await call;
    expect(settled).toMatchObject({ kind: 'timeout', message: TIMEOUT_MESSAGE });
    expect(shownToasts()).toEqual([expect.objectContaining({ content: TIMEOUT_MESSAGE, duration: 2000 })]);
  });

  it('honours a shorter time-out option', async () => {
    vi.useFakeTimers();
    fakeFetch('hang');
    const call = callApi(primaryPost, { overall: '30' }, { timeoutMs: 5000, onFailure: 'silent' });
    const expectation = expect(call).rejects.toMatchObject({ kind: 'timeout' });
    await vi.advanceTimersByTimeAsync(5000);
    await expectation;
  });

  it('a cancelled call rejects quietly, also when cancelled before it started', async () => {
    fakeFetch('hang', { code: 0, message: 'ok', data: {} });
    const controller = new AbortController();
    const call = callApi(primaryPost, { overall: '30' }, { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ kind: 'network', message: 'cancelled' });
    await expect(callApi(primaryPost, { overall: '30' }, { signal: controller.signal })).rejects.toMatchObject({ message: 'cancelled' });
    expect(toast.show).not.toHaveBeenCalled();
  });
});

describe('the loading toast', () => {
  it('is shown while the call runs and hidden when it ends', async () => {
    let release!: () => void;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            release = () => resolve(new Response(JSON.stringify({ code: 0, message: 'ok', data: {} })));
          }),
      ),
    );
    const call = callApi(primaryPost, { overall: '30' }, { loading: true });
    expect(shownToasts()).toEqual([expect.objectContaining({ content: 'loading...', icon: 'loading', duration: 0 })]);
    expect(toast.clear).not.toHaveBeenCalled();
    release();
    await call;
    expect(toast.clear).toHaveBeenCalledTimes(1);
  });

  it('is not shown unless asked for', async () => {
    fakeFetch({ code: 0, message: 'ok', data: {} });
    await callApi(primaryPost, { overall: '30' });
    expect(toast.show).not.toHaveBeenCalled();
  });

  it('gives way to the failure toast, which stays up', async () => {
    fakeFetch({ code: '500', message: 'Something went wrong on our side. Please try again.', data: null });
    await expect(callApi(secondaryRootPost, {}, { loading: true })).rejects.toBeInstanceOf(ApiCallError);
    expect(shownToasts().map((t) => t.content)).toEqual(['loading...', 'Something went wrong on our side. Please try again.']);
    // Clearing now would close the failure message the borrower has not read yet.
    expect(toast.clear).not.toHaveBeenCalled();
  });
});

describe('a PDF route (callFile)', () => {
  const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37]);
  const pdfResponse = (headers: Record<string, string> = {}) => () =>
    new Response(PDF, { headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="receipt-PN1.pdf"', ...headers } });

  it('sends a GET with the payload, the session and real in the query, asking for a PDF, and resolves with the bytes and the name', async () => {
    const calls = fakeFetch(pdfResponse());
    const file = await callFile(recordPdfRoute, { orderId: '3', document: 'receipt', paymentId: '9' });
    const url = new URL(calls[0]!.url, 'http://h5.test');
    expect(url.pathname).toBe('/h5api/v3/records/pdf');
    expect(Object.fromEntries(url.searchParams)).toEqual({ ...session, real: '1', orderId: '3', document: 'receipt', paymentId: '9' });
    expect(calls[0]!.init.method).toBe('GET');
    expect((calls[0]!.init.headers as Record<string, string>).Accept).toBe('application/pdf, application/json');
    expect(file).toEqual({ bytes: PDF, mimeType: 'application/pdf', fileName: 'receipt-PN1.pdf' });
  });

  it("reads the server's refusal from the envelope: its message, toasted", async () => {
    fakeFetch({ code: 1003, message: 'Order not found', data: null });
    await expect(callFile(recordPdfRoute, { orderId: '3', document: 'statement' })).rejects.toMatchObject({ kind: 'server', code: 1003, message: 'Order not found' });
    expect(shownToasts().map((t) => t.content)).toContain('Order not found');
  });

  it('an answer that is neither a PDF nor an envelope is a network failure; a success envelope is an invalid answer', async () => {
    fakeFetch(() => new Response('<html>bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }));
    await expect(callFile(recordPdfRoute, { orderId: '3', document: 'statement' }, { onFailure: 'silent' })).rejects.toMatchObject({ kind: 'network', message: NETWORK_FAILURE_MESSAGE });
    fakeFetch({ code: 0, message: 'success', data: {} });
    await expect(callFile(recordPdfRoute, { orderId: '3', document: 'statement' }, { onFailure: 'silent' })).rejects.toMatchObject({ kind: 'invalid-answer' });
  });

  it('times out after 60 s like every call', async () => {
    vi.useFakeTimers();
    fakeFetch('hang');
    const call = callFile(recordPdfRoute, { orderId: '3', document: 'schedule' }, { onFailure: 'silent' });
    const expectation = expect(call).rejects.toMatchObject({ kind: 'timeout', message: TIMEOUT_MESSAGE });
    await vi.advanceTimersByTimeAsync(60_000);
    await expectation;
  });

  it('a network failure rejects with the network message', async () => {
    fakeFetch(new TypeError('Failed to fetch'));
    await expect(callFile(recordPdfRoute, { orderId: '3', document: 'schedule' }, { onFailure: 'silent' })).rejects.toBeInstanceOf(ApiCallError);
  });

  it('takes the file name from Content-Disposition, never a path', () => {
    expect(attachmentName('attachment; filename="statement-PN2.pdf"')).toBe('statement-PN2.pdf');
    expect(attachmentName("attachment; filename=x.pdf; filename*=UTF-8''sch%C3%A9dule.pdf")).toBe('schédule.pdf');
    expect(attachmentName('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(attachmentName('attachment')).toBeUndefined();
    expect(attachmentName(null)).toBeUndefined();
  });
});
