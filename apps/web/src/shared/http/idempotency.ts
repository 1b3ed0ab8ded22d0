/**
 * The Idempotency-Key the H5 sends on the calls whose route is marked idempotent (money and code
 * issue; docs/api.md). One key per borrower action, the action being the call with its payload: a
 * retry after a time-out, a network failure or an answer that says "send it again" (Retry-After)
 * carries the same key, so the server answers the first request's answer instead of running it
 * twice. Once the server has answered for good the key is dropped, and the next tap is a new action
 * with a new key.
 */
import type { Route } from '@cashloan/contract/common';

/** Action → the key of its request whose outcome is not known yet. */
const unsettled = new Map<string, string>();

function actionOf(route: Route, payload: Record<string, unknown>): string {
  const fields = Object.keys(payload)
    .filter((name) => payload[name] !== undefined && payload[name] !== null)
    .sort()
    .map((name) => [name, String(payload[name])]);
  return `${route.method} ${route.path} ${JSON.stringify(fields)}`;
}

/** 128 random bits as hex. getRandomValues, because randomUUID is missing outside secure contexts (http webviews). */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The key this request carries: the unsettled one of the same action, else a new one; none for other calls. */
export function idempotencyKeyFor(route: Route, payload: Record<string, unknown>): string | undefined {
  if (!route.idempotent) return undefined;
  const action = actionOf(route, payload);
  const key = unsettled.get(action) ?? newIdempotencyKey();
  unsettled.set(action, key);
  return key;
}

/** 'answered': the server decided, the key is done. 'unknown': the same action retried must reuse it. */
export function settleIdempotencyKey(route: Route, payload: Record<string, unknown>, key: string, outcome: 'answered' | 'unknown'): void {
  const action = actionOf(route, payload);
  if (outcome === 'unknown') unsettled.set(action, key);
  else if (unsettled.get(action) === key) unsettled.delete(action);
}
