/**
 * Calling a server started by server-process.ts over real HTTP: the ops back office (JSON, bearer
 * token) and the borrower's contract calls (session in the query, form or multipart body).
 * A success answer resolves; an error answer throws AnswerError (the server answered); no answer at
 * all (connection refused or reset) rejects with fetch's own TypeError.
 */
import { callUrlPath, isSuccess, SESSION_PARAMS, type Call, type SessionParams } from '@cashloan/contract';

export interface Target {
  url: string;
  opsToken: string;
}

/** The server answered, but not with success. */
export class AnswerError extends Error {
  constructor(
    readonly status: number,
    readonly code: unknown,
    readonly answer: string,
  ) {
    super(`HTTP ${status}, code ${String(code)}: ${answer.slice(0, 300)}`);
    this.name = 'AnswerError';
  }
}

/** Every request ends: a server that stops answering fails the call instead of hanging the test. */
const TIMEOUT_MS = 15_000;

type Answer = { code?: unknown; message?: unknown; data?: unknown };
function parseJson(text: string): Answer | null {
  try {
    return JSON.parse(text) as Answer;
  } catch {
    return null; // not JSON: reported with the text itself
  }
}

async function envelope(res: Response, success: (code: unknown) => boolean): Promise<{ message: string; data: unknown }> {
  const text = await res.text();
  const parsed = parseJson(text);
  if (!res.ok || !parsed || !success(parsed.code)) throw new AnswerError(res.status, parsed?.code, text);
  return { message: String(parsed.message ?? ''), data: parsed.data };
}

/** An ops API call; resolves `data` (and the message, e.g. 'already applied'). */
export async function ops<T>(target: Target, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ data: T; message: string }> {
  const res = await fetch(`${target.url}/ops${path}`, {
    method,
    headers: { authorization: `Bearer ${target.opsToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const answer = await envelope(res, (code) => code === 0);
  return { data: answer.data as T, message: answer.message };
}

function callUrl(target: Target, call: Call, session: SessionParams): string {
  const query = new URLSearchParams();
  for (const key of SESSION_PARAMS) query.set(key, session[key]);
  return `${target.url}${callUrlPath(call.route)}?${query}`;
}

/** A borrower's call with a form-encoded payload. */
export async function borrowerCall<T>(target: Target, session: SessionParams, call: Call, form: Record<string, string>): Promise<T> {
  const res = await fetch(callUrl(target, call, session), {
    method: call.route.method,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  return (await envelope(res, (code) => isSuccess(call.route.codeForm, code))).data as T;
}

/** A borrower's multipart upload of one file in `field`. */
export async function borrowerUpload<T>(
  target: Target,
  session: SessionParams,
  call: Call,
  field: string,
  file: { name: string; type: string; bytes: Uint8Array },
): Promise<T> {
  const form = new FormData();
  form.set(field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const res = await fetch(callUrl(target, call, session), { method: call.route.method, body: form, signal: AbortSignal.timeout(TIMEOUT_MS) });
  return (await envelope(res, (code) => isSuccess(call.route.codeForm, code))).data as T;
}
