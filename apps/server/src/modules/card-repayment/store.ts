/** SQL of the repayment family's own tables: repay tokens, card repayments and the codes they send and check. */
import type { Queryable } from '../../platform/db/client.ts';

// ---- repay tokens ------------------------------------------------------------------------------

export interface RepayToken {
  token: string;
  borrowerId: number;
  orderId: number;
  expiresAt: Date;
}

export async function insertRepayToken(db: Queryable, t: RepayToken & { now: Date }): Promise<void> {
  // Expired tokens no repayment was made with go when a new one is issued.
  await db.query(
    `DELETE FROM repay_tokens t WHERE t.borrower_id = $1 AND t.expires_at < $2
        AND NOT EXISTS (SELECT 1 FROM card_repayments c WHERE c.repay_token = t.token)`,
    [t.borrowerId, t.now],
  );
  await db.query('INSERT INTO repay_tokens (token, borrower_id, order_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [
    t.token,
    t.borrowerId,
    t.orderId,
    t.now,
    t.expiresAt,
  ]);
}

export async function findRepayToken(db: Queryable, token: string): Promise<RepayToken | null> {
  const { rows } = await db.query<{ token: string; borrower_id: number; order_id: number; expires_at: Date }>(
    'SELECT token, borrower_id, order_id, expires_at FROM repay_tokens WHERE token = $1',
    [token],
  );
  const r = rows[0];
  return r ? { token: r.token, borrowerId: Number(r.borrower_id), orderId: Number(r.order_id), expiresAt: new Date(r.expires_at) } : null;
}

// ---- card repayments ---------------------------------------------------------------------------

export type CardRepaymentStatus = 'starting' | 'pending' | 'confirming' | 'charged' | 'paid' | 'failed' | 'cancelled';

export interface CardRepayment {
  id: number;
  repayToken: string;
  borrowerId: number;
  orderId: number;
  bankCardId: number;
  payCodeId: number;
  payCode: string;
  amountMinor: number;
  status: CardRepaymentStatus;
  needValid: number;
  providerChargeId: string | null;
  providerRef: string | null;
  failureMessage: string;
  claimedAt: Date | null;
}
interface CardRepaymentDb {
  id: number;
  repay_token: string;
  borrower_id: number;
  order_id: number;
  bank_card_id: number;
  pay_code_id: number;
  pay_code: string;
  amount_minor: number;
  status: CardRepaymentStatus;
  need_valid: number;
  provider_charge_id: string | null;
  provider_ref: string | null;
  failure_message: string;
  claimed_at: Date | null;
}
const toRepayment = (r: CardRepaymentDb): CardRepayment => ({
  id: Number(r.id),
  repayToken: r.repay_token,
  borrowerId: Number(r.borrower_id),
  orderId: Number(r.order_id),
  bankCardId: Number(r.bank_card_id),
  payCodeId: Number(r.pay_code_id),
  payCode: r.pay_code,
  amountMinor: Number(r.amount_minor),
  status: r.status,
  needValid: r.need_valid,
  providerChargeId: r.provider_charge_id,
  providerRef: r.provider_ref,
  failureMessage: r.failure_message,
  claimedAt: r.claimed_at ? new Date(r.claimed_at) : null,
});
const REPAYMENT_SELECT = 'SELECT cr.* FROM card_repayments cr';

export async function findRepaymentByToken(db: Queryable, token: string): Promise<CardRepayment | null> {
  const { rows } = await db.query<CardRepaymentDb>(`${REPAYMENT_SELECT} WHERE cr.repay_token = $1`, [token]);
  return rows[0] ? toRepayment(rows[0]) : null;
}

export async function findRepayment(db: Queryable, id: number): Promise<CardRepayment | null> {
  const { rows } = await db.query<CardRepaymentDb>(`${REPAYMENT_SELECT} WHERE cr.id = $1`, [id]);
  return rows[0] ? toRepayment(rows[0]) : null;
}

/**
 * Whether a card payment of the order (other than the one of `repayToken`) is being started, taken or
 * applied right now. A 'starting' one may already have taken the money (a remembered card is charged
 * at start), so it is never cancelled: its commit or the recovery resolves it.
 */
export async function hasRepaymentInFlight(db: Queryable, orderId: number, repayToken: string): Promise<boolean> {
  const { rows } = await db.query<{ found: number }>(
    `SELECT 1 AS found FROM card_repayments WHERE order_id = $1 AND repay_token <> $2 AND status IN ('starting', 'confirming', 'charged') LIMIT 1`,
    [orderId, repayToken],
  );
  return rows.length > 0;
}

/** How many card repayments the borrower started since `since` (the daily limit). */
export async function countRepaymentsSince(db: Queryable, borrowerId: number, since: Date): Promise<number> {
  const { rows } = await db.query<{ started: string }>(
    `SELECT count(*) AS started FROM card_repayments WHERE borrower_id = $1 AND created_at > $2`,
    [borrowerId, since],
  );
  return Number(rows[0]?.started ?? 0);
}

/** Inserts a repayment in 'starting'; null when the token already made one. */
export async function insertRepayment(
  db: Queryable,
  r: { repayToken: string; borrowerId: number; orderId: number; bankCardId: number; payCodeId: number; payCode: string; amountMinor: number; now: Date },
): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO card_repayments (repay_token, borrower_id, order_id, bank_card_id, pay_code_id, pay_code, amount_minor, status, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'starting', $8, $8)
     ON CONFLICT (repay_token) DO NOTHING RETURNING id`,
    [r.repayToken, r.borrowerId, r.orderId, r.bankCardId, r.payCodeId, r.payCode, r.amountMinor, r.now],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

/** Cancels the order's other repayments still waiting for the borrower: only the newest may be confirmed. */
export async function cancelOtherOpenRepayments(db: Queryable, orderId: number, keepId: number, now: Date): Promise<void> {
  await db.query(
    `UPDATE card_repayments SET status = 'cancelled', updated_at = $3 WHERE order_id = $1 AND id <> $2 AND status = 'pending'`,
    [orderId, keepId, now],
  );
}

/**
 * Moves a repayment from one of `from` to `to` with the given fields; false when it was no longer
 * in one of `from` (another request moved it first).
 */
export async function moveRepayment(
  db: Queryable,
  id: number,
  from: readonly CardRepaymentStatus[],
  to: CardRepaymentStatus,
  fields: Partial<{ needValid: number; providerChargeId: string; providerRef: string; failureMessage: string; claimedAt: Date | null }>,
  now: Date,
): Promise<boolean> {
  const { rows } = await db.query<{ id: number }>(
    `UPDATE card_repayments
        SET status = $3,
            need_valid = COALESCE($4, need_valid),
            provider_charge_id = COALESCE($5, provider_charge_id),
            provider_ref = COALESCE($6, provider_ref),
            failure_message = COALESCE($7, failure_message),
            claimed_at = CASE WHEN $8::boolean THEN $9::timestamptz ELSE claimed_at END,
            updated_at = $10
      WHERE id = $1 AND status = ANY($2::text[]) RETURNING id`,
    [
      id,
      from,
      to,
      fields.needValid ?? null,
      fields.providerChargeId ?? null,
      fields.providerRef ?? null,
      fields.failureMessage ?? null,
      'claimedAt' in fields,
      fields.claimedAt ?? null,
      now,
    ],
  );
  return rows.length > 0;
}

// ---- verification codes ------------------------------------------------------------------------

export interface CodeUsage {
  /** Codes sent and checked for this repayment, ever. */
  sentForRepayment: number;
  checkedForRepayment: number;
  /** When this repayment's newest code was sent. */
  lastSentAt: Date | null;
  /** Codes sent and checked for any repayment of the borrower since `since`. */
  sentSince: number;
  checkedSince: number;
}

export async function codeUsage(db: Queryable, borrowerId: number, repaymentId: number | null, since: Date): Promise<CodeUsage> {
  const { rows } = await db.query<{ sent_r: string; checked_r: string; last_sent: Date | null; sent_d: string; checked_d: string }>(
    `SELECT count(*) FILTER (WHERE card_repayment_id = $2 AND kind = 'sent') AS sent_r,
            count(*) FILTER (WHERE card_repayment_id = $2 AND kind = 'checked') AS checked_r,
            max(at) FILTER (WHERE card_repayment_id = $2 AND kind = 'sent') AS last_sent,
            count(*) FILTER (WHERE at > $3 AND kind = 'sent') AS sent_d,
            count(*) FILTER (WHERE at > $3 AND kind = 'checked') AS checked_d
       FROM card_code_events WHERE borrower_id = $1 AND (card_repayment_id = $2 OR at > $3)`,
    [borrowerId, repaymentId, since],
  );
  const r = rows[0]!;
  return {
    sentForRepayment: Number(r.sent_r),
    checkedForRepayment: Number(r.checked_r),
    lastSentAt: r.last_sent ? new Date(r.last_sent) : null,
    sentSince: Number(r.sent_d),
    checkedSince: Number(r.checked_d),
  };
}

export async function recordCodeEvent(db: Queryable, e: { borrowerId: number; repaymentId: number; kind: 'sent' | 'checked'; at: Date }): Promise<void> {
  await db.query('INSERT INTO card_code_events (borrower_id, card_repayment_id, kind, at) VALUES ($1, $2, $3, $4)', [e.borrowerId, e.repaymentId, e.kind, e.at]);
}

/**
 * Repayments a stopped process may have left half-done: 'confirming' claimed before `staleBefore`,
 * and 'starting' (the charge id never stored) or 'charged' (taken, not yet booked) not moved since
 * then. Oldest first.
 */
export async function listStaleRepayments(db: Queryable, staleBefore: Date): Promise<CardRepayment[]> {
  const { rows } = await db.query<CardRepaymentDb>(
    `${REPAYMENT_SELECT}
      WHERE (cr.status = 'confirming' AND cr.claimed_at <= $1) OR (cr.status IN ('starting', 'charged') AND cr.updated_at <= $1)
      ORDER BY cr.id`,
    [staleBefore],
  );
  return rows.map(toRepayment);
}

/** Puts a 'confirming' repayment whose claim is older than `staleBefore` back to 'pending'; false when it was taken over or moved. */
export async function releaseStaleClaim(db: Queryable, id: number, staleBefore: Date, now: Date): Promise<boolean> {
  const { rows } = await db.query<{ id: number }>(
    `UPDATE card_repayments SET status = 'pending', claimed_at = NULL, updated_at = $3
      WHERE id = $1 AND status = 'confirming' AND claimed_at <= $2 RETURNING id`,
    [id, staleBefore, now],
  );
  return rows.length > 0;
}
