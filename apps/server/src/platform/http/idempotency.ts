/**
 * Idempotency-Key for the calls whose route is marked `idempotent` (Stripe's design and the IETF
 * httpapi draft; docs/api.md). borrower-kind.ts does the steps; the handlers know nothing of keys.
 *
 * Order, chosen so that a crash never leads to a second provider call: the key is claimed
 * ('in_progress', one INSERT … ON CONFLICT DO NOTHING, committed) before the handler runs, and the
 * answer is stored right after it, before a byte of it is sent. The handlers call the payment
 * provider outside any transaction and write in several, so the answer cannot share the business
 * write's transaction. A process that dies between the two leaves the key 'in_progress': a retry
 * with it answers the duplicate message until the key expires (24 h) and never runs the handler
 * again. A request with a new key (what the H5 sends after that answer) goes through the handlers'
 * own de-duplication (repayToken, claim before the provider call, live pay code reuse, offer key).
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ERROR_CODES,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_KEY_TTL_HOURS,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENCY_MISMATCH_CODE,
  IDEMPOTENT_REPLAYED_HEADER,
  type Idempotency,
} from '@cashloan/contract';
import type { Clock } from '../clock/clock.ts';
import type { Queryable } from '../db/client.ts';
import { ApiError, invalidInput } from './api-error.ts';

export const IDEMPOTENCY_KEY_TTL_MS = IDEMPOTENCY_KEY_TTL_HOURS * 60 * 60 * 1000;

/** One key of one borrower on one call. */
export interface KeyClaim {
  borrowerId: number;
  callName: string;
  key: string;
}

/** An answer as it was sent: status, content type and the exact body. */
export interface StoredAnswer {
  statusCode: number;
  contentType: string;
  body: string;
}

/** The key the request carries: undefined without the header; 400 when it is not 1–255 printable ASCII characters. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(value)) throw invalidInput(IDEMPOTENCY_MESSAGES.invalidKey);
  return value;
}

/** sha256 of the payload with its fields sorted: the same fields and values in any order are the same request. */
export function payloadHash(input: Record<string, unknown>): string {
  const canonical = JSON.stringify(Object.keys(input).sort().map((name) => [name, input[name]]));
  return createHash('sha256').update(canonical).digest('hex');
}

/** The duplicate-submission answer in the call's code form; its HTTP status is the code's when the code is one. */
function duplicateOf(rule: Idempotency): ApiError {
  const httpStatus = (Object.values(ERROR_CODES) as number[]).includes(rule.duplicateCode) ? rule.duplicateCode : 200;
  return new ApiError(rule.duplicateCode, rule.duplicateMessage, httpStatus);
}

interface KeyRow {
  request_hash: string;
  state: 'in_progress' | 'done';
  status_code: number | null;
  content_type: string | null;
  body: string | null;
}

/**
 * Claims the key for this request. Resolves null when it was free (run the handler), or with the
 * stored answer to replay; throws the duplicate answer while the first request still runs and 422
 * when the key was used with another payload. Only a free key writes anything.
 */
export async function claimKey(deps: { db: Queryable; clock: Clock }, claim: KeyClaim, requestHash: string, rule: Idempotency): Promise<StoredAnswer | null> {
  const { db } = deps;
  const now = deps.clock.now();
  const pk = [claim.borrowerId, claim.callName, claim.key];
  // An expired key is forgotten: sent again, it starts a new request.
  await db.query('DELETE FROM idempotency_keys WHERE borrower_id = $1 AND expires_at <= $2', [claim.borrowerId, now]);
  const claimed = await db.query(
    `INSERT INTO idempotency_keys (borrower_id, call_name, idem_key, request_hash, state, created_at, expires_at)
     VALUES ($1, $2, $3, $4, 'in_progress', $5, $6) ON CONFLICT (borrower_id, call_name, idem_key) DO NOTHING RETURNING idem_key`,
    [...pk, requestHash, now, new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS)],
  );
  if (claimed.rows.length > 0) return null;
  const { rows } = await db.query<KeyRow>(
    'SELECT request_hash, state, status_code, content_type, body FROM idempotency_keys WHERE borrower_id = $1 AND call_name = $2 AND idem_key = $3',
    pk,
  );
  const row = rows[0];
  if (row && row.request_hash !== requestHash) throw new ApiError(IDEMPOTENCY_MISMATCH_CODE, IDEMPOTENCY_MESSAGES.mismatch, IDEMPOTENCY_MISMATCH_CODE);
  if (!row || row.state === 'in_progress') throw duplicateOf(rule);
  return { statusCode: Number(row.status_code), contentType: row.content_type ?? 'application/json; charset=utf-8', body: row.body ?? '' };
}

/** Sends a stored answer again: the same status and body bytes, marked as a replay. */
export function replayAnswer(reply: FastifyReply, answer: StoredAnswer): FastifyReply {
  return reply.code(answer.statusCode).header('content-type', answer.contentType).header(IDEMPOTENT_REPLAYED_HEADER, 'true').send(answer.body);
}

/** The claims of requests whose handler is running, until their answer is stored. */
const running = new WeakMap<FastifyRequest, KeyClaim>();

export function holdClaim(request: FastifyRequest, claim: KeyClaim): void {
  running.set(request, claim);
}

async function storeAnswer(db: Queryable, claim: KeyClaim, answer: StoredAnswer, now: Date): Promise<void> {
  await db.query(
    `UPDATE idempotency_keys SET state = 'done', status_code = $4, content_type = $5, body = $6, completed_at = $7
      WHERE borrower_id = $1 AND call_name = $2 AND idem_key = $3 AND state = 'in_progress'`,
    [claim.borrowerId, claim.callName, claim.key, answer.statusCode, answer.contentType, answer.body, now],
  );
}

async function releaseClaim(db: Queryable, claim: KeyClaim): Promise<void> {
  await db.query(`DELETE FROM idempotency_keys WHERE borrower_id = $1 AND call_name = $2 AND idem_key = $3 AND state = 'in_progress'`, [
    claim.borrowerId,
    claim.callName,
    claim.key,
  ]);
}

/**
 * onSend of an idempotent route: stores the answer of a request that claimed a key before it is
 * sent, so any answer a client ever received is the one a retry gets. A 5xx is not stored: the
 * request did not complete ("please try again"), so the claim is released and the same key may be
 * sent again, through the handler's own de-duplication. When storing fails the answer still goes
 * out and the key stays 'in_progress' (the duplicate message until it expires).
 */
export async function recordAnswer(deps: { db: Queryable; clock: Clock }, request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  const claim = running.get(request);
  if (!claim) return payload;
  running.delete(request);
  try {
    if (reply.statusCode >= 500 || typeof payload !== 'string') await releaseClaim(deps.db, claim);
    else {
      const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
      await storeAnswer(deps.db, claim, { statusCode: reply.statusCode, contentType, body: payload }, deps.clock.now());
    }
  } catch (error) {
    request.log.warn({ err: error }, 'the answer of an Idempotency-Key request was not stored; the key answers the duplicate message until it expires');
  }
  return payload;
}

/** The erasure run's part (issue 39): the borrower's stored answers (they may repeat their data) are deleted. */
export async function forgetKeysOf(tx: Queryable, borrowerId: number): Promise<number> {
  return (await tx.query('DELETE FROM idempotency_keys WHERE borrower_id = $1 RETURNING idem_key', [borrowerId])).rows.length;
}
