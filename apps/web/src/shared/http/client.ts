/**
 * The spec's two HTTP clients in one place: every call goes through `callApi` (or `callFile` of
 * file-call.ts for a route that answers a PDF), which builds the URL (base path + common query), the headers, the form
 * body, the 60 s time-out, the loading toast and the failure toast. Unlike the original, every call
 * ends: with data, or with an ApiCallError.
 */
import {
  CLIENT_HEADERS,
  CURRENCY_PARAM,
  HTTP_TIMEOUT_MS,
  IDEMPOTENCY_KEY_HEADER,
  XHR_MARKER,
  callUrlPath,
  isSuccess,
  type AnswerOf,
  type PayloadOf,
  type Route,
} from '@cashloan/contract/common';
import { DEFAULT_LANG, LANG_PARAM } from '@cashloan/contract/i18n';
import { carriedParams, sessionParams } from '../params/page-params.ts';
import { pageLang } from '../i18n/texts.ts';
import { showFailure, showLoading } from '../ui/toast.ts';
import { idempotencyKeyFor, settleIdempotencyKey } from './idempotency.ts';

export type FailureKind = 'network' | 'timeout' | 'server' | 'invalid-answer';

export class ApiCallError extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    /** The envelope code when the server answered with a failure. */
    readonly code?: number | string,
  ) {
    super(message);
    this.name = 'ApiCallError';
  }
}

export const NETWORK_FAILURE_MESSAGE = 'Network error. Please check your connection and try again.';
export const TIMEOUT_MESSAGE = 'The request timed out. Please try again.';

export interface CallOptions {
  /** Show the 'loading...' toast while the call runs (default false). */
  loading?: boolean;
  /** 'toast' shows the server's message for 2 s (default); 'silent' shows nothing (the page decides). */
  onFailure?: 'toast' | 'silent';
  timeoutMs?: number;
  signal?: AbortSignal;
  /** A multipart body (uploads) instead of the form-encoded payload. */
  formData?: FormData;
}

export interface ApiAnswer<T> {
  code: number | string;
  message: string;
  data: T;
}

export function buildRequest(route: Route, payload: Record<string, unknown>, formData?: FormData): { url: string; init: RequestInit } {
  const params = carriedParams();
  const query = new URLSearchParams(sessionParams() as Record<string, string>);
  // The server writes amounts in the borrower's currency, which the page parameter `real` picks.
  if (params.real !== undefined) query.set(CURRENCY_PARAM, params.real);
  // And writes its texts in the page's language (English unless named).
  if (pageLang() !== DEFAULT_LANG) query.set(LANG_PARAM, pageLang());
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    (route.method === 'GET' ? query : form).set(key, String(value));
  }
  // A PDF route answers the file, or the envelope when it refuses.
  const accept = route.responds === 'pdf' ? 'application/pdf, application/json' : 'application/json';
  const headers: Record<string, string> = { ...XHR_MARKER, Accept: accept };
  for (const [header, param] of Object.entries(CLIENT_HEADERS[route.client])) headers[header] = params[param] ?? '';
  const init: RequestInit = { method: route.method, headers, credentials: 'same-origin' };
  if (route.method === 'POST') {
    if (formData) init.body = formData;
    else {
      headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
      init.body = form.toString();
    }
  }
  const qs = query.toString();
  return { url: `${callUrlPath(route)}${qs ? `?${qs}` : ''}`, init };
}

/** Calls the server; resolves with the whole envelope on success, rejects with ApiCallError otherwise. */
export async function callApi<R extends Route>(
  route: R,
  payload: PayloadOf<R>,
  options: CallOptions = {},
): Promise<ApiAnswer<AnswerOf<R>>> {
  return send(route, payload as Record<string, unknown>, options, async (response, { fail, answered }) => {
    const envelope = await readEnvelope(response, fail);
    answered();
    if (!isSuccess(route.codeForm, envelope.code)) {
      return fail(new ApiCallError('server', envelope.message || NETWORK_FAILURE_MESSAGE, envelope.code));
    }
    return envelope as ApiAnswer<AnswerOf<R>>;
  });
}

export type Fail = (error: ApiCallError) => never;
/** What `read` gets besides the answer: how to fail, and how to say the server's answer was read (it settles the Idempotency-Key). */
export interface Reading {
  fail: Fail;
  answered: () => void;
}

/** Reads the JSON envelope of an answer, or fails as a network (or invalid) answer. */
export async function readEnvelope(response: Response, fail: Fail): Promise<ApiAnswer<unknown>> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return fail(new ApiCallError(response.ok ? 'invalid-answer' : 'network', NETWORK_FAILURE_MESSAGE));
  }
  const envelope = body as ApiAnswer<unknown>;
  if (!envelope || typeof envelope !== 'object' || !('code' in envelope)) {
    return fail(new ApiCallError('invalid-answer', NETWORK_FAILURE_MESSAGE));
  }
  return envelope;
}

/**
 * One request of either kind (callApi here, callFile in file-call.ts, kept apart so that only the
 * pages that download carry it): the URL, headers, Idempotency-Key, time-out (which also covers reading
 * the body), the caller's cancel signal, the loading and failure toasts; `read` turns the answer into
 * the result or a failure.
 */
export async function send<T>(route: Route, fields: Record<string, unknown>, options: CallOptions, read: (response: Response, reading: Reading) => Promise<T>): Promise<T> {
  const hideLoading = options.loading ? showLoading() : undefined;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort('timeout'), options.timeoutMs ?? HTTP_TIMEOUT_MS);
  const cancel = () => controller.abort(options.signal?.reason);
  // A signal aborted before the call never fires 'abort' again: check it now.
  if (options.signal?.aborted) cancel();
  else options.signal?.addEventListener('abort', cancel, { once: true });
  const fail = (error: ApiCallError): never => {
    if (options.onFailure !== 'silent') showFailure(error.message);
    throw error;
  };
  // Money and code-issue calls carry an Idempotency-Key; it is kept for a retry until an answer settles it.
  const key = idempotencyKeyFor(route, fields);
  let outcome: 'answered' | 'unknown' = 'unknown';
  try {
    const { url, init } = buildRequest(route, fields, options.formData);
    if (key !== undefined) (init.headers as Record<string, string>)[IDEMPOTENCY_KEY_HEADER] = key;
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: controller.signal });
    } catch {
      if (options.signal?.aborted) throw new ApiCallError('network', 'cancelled');
      return fail(
        controller.signal.aborted
          ? new ApiCallError('timeout', TIMEOUT_MESSAGE)
          : new ApiCallError('network', NETWORK_FAILURE_MESSAGE),
      );
    }
    // Retry-After (a brief outage): the server asks for the same request again, with the same key.
    const answered = () => {
      if (!response.headers.has('Retry-After')) outcome = 'answered';
    };
    // Reading the body can fail too: a cancel or the time-out while it arrives.
    const guarded: Fail = (error) => {
      if (options.signal?.aborted) throw new ApiCallError('network', 'cancelled');
      if (controller.signal.aborted) return fail(new ApiCallError('timeout', TIMEOUT_MESSAGE));
      return fail(error);
    };
    try {
      return await read(response, { fail: guarded, answered });
    } catch (error) {
      if (error instanceof ApiCallError) throw error;
      // The body could not be read (a lost connection, the time-out, a cancel).
      return guarded(new ApiCallError('network', NETWORK_FAILURE_MESSAGE));
    }
  } finally {
    if (key !== undefined) settleIdempotencyKey(route, fields, key, outcome);
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
    hideLoading?.();
  }
}
