/**
 * What every payout adapter does alike (xendit.ts, razorpayx.ts, sandbox.ts): one JSON call to the
 * provider, read as "no answer" (PayoutProviderUnavailable) whenever the outcome is unknown; a status
 * read retried while the provider is unavailable; secrets compared in constant time.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { PayoutProviderUnavailable } from './payout-provider.ts';

/**
 * One call. No answer in time, no connection, a 5xx or a 429, an answer cut off half-way or a 2xx
 * that does not parse: PayoutProviderUnavailable (whether a payout exists is unknown). Otherwise the
 * status and the parsed body (null when empty or, for an error answer, not JSON). `label` names the
 * call in messages: never the URL, which may hold an account number.
 */
export async function providerJsonCall(
  provider: string,
  label: string,
  url: string,
  request: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: unknown; timeoutMs: number },
): Promise<{ status: number; json: unknown }> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: request.method,
      headers: { Accept: 'application/json', ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }), ...request.headers },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(request.timeoutMs),
    });
  } catch (err) {
    throw new PayoutProviderUnavailable(`${provider} did not answer ${label}: ${(err as Error).name}`);
  }
  // 5xx: the provider's own failure; 429: its rate limit. Neither says whether a payout exists.
  if (res.status >= 500 || res.status === 429) {
    await res.body?.cancel().catch(() => undefined);
    throw new PayoutProviderUnavailable(`${provider} answered HTTP ${res.status} to ${label}`);
  }
  // An answer cut off on its way (the connection lost half-way) says no more than no answer.
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    throw new PayoutProviderUnavailable(`${provider}'s answer to ${label} was cut off: ${(err as Error).name}`);
  }
  try {
    return { status: res.status, json: text ? JSON.parse(text) : null };
  } catch {
    if (res.ok) throw new PayoutProviderUnavailable(`${provider}'s answer to ${label} could not be read whole (HTTP ${res.status})`);
    return { status: res.status, json: null };
  }
}

/** Runs a read up to `attempts` times while the provider is unavailable; any other failure at once. */
export async function retriedWhileUnavailable<T>(attempts: number, run: () => Promise<T>): Promise<T> {
  let last: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (!(err instanceof PayoutProviderUnavailable)) throw err;
      last = err;
    }
  }
  throw last;
}

/** Compares two secrets (tokens, signatures) in constant time: both hashed first, so lengths never leak either. */
export function sameSecret(a: string, b: string): boolean {
  const h = (v: string) => createHash('sha256').update(v, 'utf8').digest();
  return timingSafeEqual(h(a), h(b));
}
