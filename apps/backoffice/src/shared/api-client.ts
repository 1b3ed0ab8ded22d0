/**
 * The one HTTP client of the back office: every staff call goes through callStaff (and the image
 * upload through uploadStaffImage). It builds the URL from the contract's route, sends JSON with the
 * session cookie and, on a POST, the session's CSRF token; it ends every call within a time-out and
 * turns every failure into one StaffApiError carrying the server's message.
 */
import { STAFF_CSRF_HEADER, staffCallUrl, type StaffAnswerOf, type StaffCall, type StaffInputOf } from '@cashloan/contract/staff/common';
import { STAFF_IMAGE_FIELD, uploadImageCall } from '@cashloan/contract/staff/complaints';

export const STAFF_CALL_TIMEOUT_MS = 30_000;

/** Why a call failed: the server answered with an HTTP status, or no usable answer came. */
export type StaffApiErrorKind = 'http' | 'network' | 'timeout' | 'bad-answer';

export class StaffApiError extends Error {
  override readonly name = 'StaffApiError';
  constructor(
    message: string,
    /** The HTTP status of the answer; 0 when none came. */
    readonly status: number,
    readonly kind: StaffApiErrorKind,
  ) {
    super(message);
  }
}

export const isStaffApiError = (error: unknown, status?: number): error is StaffApiError =>
  error instanceof StaffApiError && (status === undefined || error.status === status);

let csrfToken = '';
/** The token of the current session: every answer that carries a session state hands it here. */
export function rememberCsrfToken(token: string): void {
  csrfToken = token;
}

let onUnauthorized: (message: string) => void = () => {};
/** The app decides what a 401 means for the screen (back to sign-in); the client only reports it. */
export function setUnauthorizedHandler(handler: (message: string) => void): void {
  onUnauthorized = handler;
}

export interface CallOptions {
  /** TanStack Query's signal: a query no longer wanted stops its request. */
  signal?: AbortSignal;
  timeoutMs?: number;
  /** The sign-in steps show their own 401 (a wrong code) instead of leaving the screen. */
  handlesUnauthorized?: boolean;
}

/** Path parameters go into the path; the rest of the input is the query (GET) or the JSON body (POST). */
function splitInput(path: string, input: Record<string, unknown>): { params: Record<string, string | number>; rest: Record<string, unknown> } {
  const names = new Set([...path.matchAll(/:(\w+)/g)].map((m) => m[1]));
  const params: Record<string, string | number> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (names.has(key)) params[key] = value as string | number;
    else rest[key] = value;
  }
  return { params, rest };
}

function queryString(values: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '') continue;
    query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

export async function callStaff<C extends StaffCall>(call: C, input: StaffInputOf<C>, options: CallOptions = {}): Promise<StaffAnswerOf<C>> {
  const { route } = call;
  const { params, rest } = splitInput(route.path, (input ?? {}) as Record<string, unknown>);
  const url = staffCallUrl(route, params) + (route.method === 'GET' ? queryString(rest) : '');
  const init: RequestInit =
    route.method === 'GET'
      ? { method: 'GET', headers: { Accept: 'application/json' } }
      : { method: 'POST', headers: { Accept: 'application/json', 'Content-Type': 'application/json', [STAFF_CSRF_HEADER]: csrfToken }, body: JSON.stringify(rest) };
  const data = await send(url, init, route.access !== 'public' && !options.handlesUnauthorized, options);
  const parsed = call.answer.safeParse(data);
  // The contract is the agreement with the server: an answer outside it is a bug to see, not to guess around.
  if (!parsed.success) throw new StaffApiError(`The server's answer to ${route.method} ${route.path} was not understood.`, 200, 'bad-answer');
  return parsed.data as StaffAnswerOf<C>;
}

/** Uploads one image for a complaint reply (multipart, field STAFF_IMAGE_FIELD); answers its URL. */
export async function uploadStaffImage(file: Blob, fileName: string, options: CallOptions = {}): Promise<StaffAnswerOf<typeof uploadImageCall>> {
  const form = new FormData();
  form.append(STAFF_IMAGE_FIELD, file, fileName);
  const data = await send(staffCallUrl(uploadImageCall.route), { method: 'POST', headers: { Accept: 'application/json', [STAFF_CSRF_HEADER]: csrfToken }, body: form }, true, options);
  const parsed = uploadImageCall.answer.safeParse(data);
  if (!parsed.success) throw new StaffApiError("The server's answer to the upload was not understood.", 200, 'bad-answer');
  return parsed.data;
}

async function send(url: string, init: RequestInit, reportsUnauthorized: boolean, { signal, timeoutMs = STAFF_CALL_TIMEOUT_MS }: CallOptions): Promise<unknown> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const stop = () => controller.abort();
  signal?.addEventListener('abort', stop);
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { ...init, credentials: 'same-origin', signal: controller.signal });
    text = await response.text();
  } catch (error) {
    if (timedOut) throw new StaffApiError(`The server did not answer within ${Math.round(timeoutMs / 1000)} seconds. Please try again.`, 0, 'timeout');
    if (signal?.aborted) throw error;
    throw new StaffApiError('The server cannot be reached. Please check the connection and try again.', 0, 'network');
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', stop);
  }
  let envelope: { code?: unknown; message?: unknown; data?: unknown } | undefined;
  try {
    envelope = JSON.parse(text) as typeof envelope;
  } catch {
    envelope = undefined;
  }
  const message = typeof envelope?.message === 'string' && envelope.message !== '' ? envelope.message : undefined;
  if (!response.ok || envelope?.code !== 0) {
    const status = response.ok ? 500 : response.status;
    if (status === 401 && reportsUnauthorized) onUnauthorized(message ?? 'Please sign in.');
    throw new StaffApiError(message ?? `The server answered HTTP ${response.status} without an explanation. Please try again.`, status, 'http');
  }
  return envelope.data;
}
