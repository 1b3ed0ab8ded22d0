/** The contacts room's table: contact_attempts (migration 038). */
import type { Queryable } from '../../platform/db/client.ts';
import type { ContactChannel, ContactParty, ContactRefusal } from '../../loan-terms/contact-guard.ts';

export interface NewAttempt {
  borrowerId: number;
  orderId: number | null;
  channel: ContactChannel;
  madeBy: 'system' | 'collector';
  staffId: number | null;
  party: ContactParty;
  refusal: { reason: ContactRefusal; message: string; nextAllowedAt: Date | null } | null;
  reference: string | null;
  /** YYYY-MM-DD on the order's market calendar. */
  lenderDay: string;
  at: Date;
  /** A message: the template it was filled from, and what was sent. */
  templateId?: number | null;
  body?: string | null;
}

/**
 * Records an attempt and answers its id; a refusal of the same contact (reference) for the same
 * reason is kept once a day (null: kept already).
 */
export async function insertAttempt(db: Queryable, a: NewAttempt): Promise<number | null> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO contact_attempts (borrower_id, order_id, channel, made_by, staff_id, party, allowed, refusal, refusal_message, next_allowed_at, reference, lender_day, at, template_id, body)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
     ON CONFLICT (reference, refusal, lender_day) WHERE NOT allowed AND reference IS NOT NULL DO NOTHING RETURNING id`,
    [
      a.borrowerId,
      a.orderId,
      a.channel,
      a.madeBy,
      a.staffId,
      a.party,
      a.refusal === null,
      a.refusal?.reason ?? null,
      a.refusal?.message ?? null,
      a.refusal?.nextAllowedAt ?? null,
      a.reference,
      a.lenderDay,
      a.at,
      a.templateId ?? null,
      a.body ?? null,
    ],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

export interface CallRow {
  id: number;
  orderId: number | null;
  staffId: number | null;
  allowed: boolean;
  channel: ContactChannel;
  outcome: string | null;
}

/** A call attempt, locked for its outcome. */
export async function lockAttempt(db: Queryable, id: number): Promise<CallRow | null> {
  const { rows } = await db.query<Record<string, unknown>>(`SELECT id, order_id, staff_id, allowed, channel, outcome FROM contact_attempts WHERE id = $1 FOR UPDATE`, [id]);
  const r = rows[0];
  if (!r) return null;
  return {
    id: Number(r.id),
    orderId: r.order_id === null ? null : Number(r.order_id),
    staffId: r.staff_id === null ? null : Number(r.staff_id),
    allowed: r.allowed as boolean,
    channel: r.channel as ContactChannel,
    outcome: (r.outcome as string | null) ?? null,
  };
}

export async function setOutcome(db: Queryable, id: number, outcome: string): Promise<void> {
  await db.query(`UPDATE contact_attempts SET outcome = $2 WHERE id = $1`, [id, outcome]);
}

export interface OrderAttemptRow {
  id: number;
  at: Date;
  channel: ContactChannel;
  party: ContactParty;
  madeBy: 'system' | 'collector';
  staffId: number | null;
  staffName: string | null;
  allowed: boolean;
  refusalMessage: string | null;
  nextAllowedAt: Date | null;
  outcome: string | null;
  body: string | null;
}

/** An order's attempts, made and refused, newest first, with the collector's name. */
export async function orderAttempts(db: Queryable, orderId: number, limit = 200): Promise<OrderAttemptRow[]> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT a.id, a.at, a.channel, a.party, a.made_by, a.staff_id, s.name AS staff_name, a.allowed, a.refusal_message, a.next_allowed_at, a.outcome, a.body
       FROM contact_attempts a LEFT JOIN staff_accounts s ON s.id = a.staff_id
      WHERE a.order_id = $1 ORDER BY a.at DESC, a.id DESC LIMIT $2`,
    [orderId, limit],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    at: r.at as Date,
    channel: r.channel as ContactChannel,
    party: r.party as ContactParty,
    madeBy: r.made_by as 'system' | 'collector',
    staffId: r.staff_id === null ? null : Number(r.staff_id),
    staffName: (r.staff_name as string | null) ?? null,
    allowed: r.allowed as boolean,
    refusalMessage: (r.refusal_message as string | null) ?? null,
    nextAllowedAt: (r.next_allowed_at as Date | null) ?? null,
    outcome: (r.outcome as string | null) ?? null,
    body: (r.body as string | null) ?? null,
  }));
}

/** Each order's last contact made (any channel, anyone): when, and the outcome of a call. */
export async function lastContacts(db: Queryable, orderIds: readonly number[]): Promise<Map<number, { at: Date; outcome: string | null }>> {
  if (orderIds.length === 0) return new Map();
  const { rows } = await db.query<{ order_id: string; at: Date; outcome: string | null }>(
    `SELECT DISTINCT ON (order_id) order_id, at, outcome FROM contact_attempts WHERE allowed AND order_id = ANY($1::bigint[]) ORDER BY order_id, at DESC, id DESC`,
    [orderIds],
  );
  return new Map(rows.map((r) => [Number(r.order_id), { at: r.at, outcome: r.outcome }]));
}

/** The calls and messages made to a borrower on a lender day, by anyone. */
export async function attemptsMadeOn(db: Queryable, borrowerId: number, lenderDay: string): Promise<{ calls: number; messages: number }> {
  const { rows } = await db.query<{ calls: string; messages: string }>(
    `SELECT count(*) FILTER (WHERE channel = 'call') AS calls, count(*) FILTER (WHERE channel <> 'call') AS messages
       FROM contact_attempts WHERE borrower_id = $1 AND lender_day = $2 AND allowed`,
    [borrowerId, lenderDay],
  );
  return { calls: Number(rows[0]?.calls ?? 0), messages: Number(rows[0]?.messages ?? 0) };
}

export interface AttemptRow {
  borrowerId: number;
  orderId: number | null;
  channel: ContactChannel;
  madeBy: 'system' | 'collector';
  /** Whom the contact was with (the borrower, or a party the borrower named). */
  party: ContactParty;
  allowed: boolean;
  refusal: ContactRefusal | null;
  refusalMessage: string | null;
  nextAllowedAt: Date | null;
  reference: string | null;
  lenderDay: string;
  at: Date;
  /** A message's text as sent (null for a call or a refusal); a call's outcome as logged. */
  body: string | null;
  outcome: string | null;
}

/** A borrower's attempts, oldest first (the collections tests, and "My data"'s export). */
export async function attemptsOf(db: Queryable, borrowerId: number): Promise<AttemptRow[]> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT borrower_id, order_id, channel, made_by, party, allowed, refusal, refusal_message, next_allowed_at, reference, to_char(lender_day, 'YYYY-MM-DD') AS lender_day, at, body, outcome
       FROM contact_attempts WHERE borrower_id = $1 ORDER BY id`,
    [borrowerId],
  );
  return rows.map((r) => ({
    borrowerId: Number(r.borrower_id),
    orderId: r.order_id === null ? null : Number(r.order_id),
    channel: r.channel as ContactChannel,
    madeBy: r.made_by as 'system' | 'collector',
    party: r.party as ContactParty,
    allowed: r.allowed as boolean,
    refusal: (r.refusal as ContactRefusal | null) ?? null,
    refusalMessage: (r.refusal_message as string | null) ?? null,
    nextAllowedAt: (r.next_allowed_at as Date | null) ?? null,
    reference: (r.reference as string | null) ?? null,
    lenderDay: r.lender_day as string,
    at: r.at as Date,
    body: (r.body as string | null) ?? null,
    outcome: (r.outcome as string | null) ?? null,
  }));
}

/** The erasure run's part (issue 39): each contact about a debt stays on record (when, who, allowed or refused, outcome) without the text sent. */
export async function eraseAttemptTexts(tx: Queryable, borrowerId: number): Promise<number> {
  const { rows } = await tx.query(`UPDATE contact_attempts SET body = '[erased]' WHERE borrower_id = $1 AND body IS NOT NULL AND body <> '' RETURNING id`, [borrowerId]);
  return rows.length;
}
