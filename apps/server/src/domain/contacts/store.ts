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
}

/** Records an attempt; a refusal of the same contact (reference) for the same reason is kept once a day. */
export async function insertAttempt(db: Queryable, a: NewAttempt): Promise<void> {
  await db.query(
    `INSERT INTO contact_attempts (borrower_id, order_id, channel, made_by, staff_id, party, allowed, refusal, refusal_message, next_allowed_at, reference, lender_day, at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     ON CONFLICT (reference, refusal, lender_day) WHERE NOT allowed AND reference IS NOT NULL DO NOTHING`,
    [a.borrowerId, a.orderId, a.channel, a.madeBy, a.staffId, a.party, a.refusal === null, a.refusal?.reason ?? null, a.refusal?.message ?? null, a.refusal?.nextAllowedAt ?? null, a.reference, a.lenderDay, a.at],
  );
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
  allowed: boolean;
  refusal: ContactRefusal | null;
  refusalMessage: string | null;
  nextAllowedAt: Date | null;
  reference: string | null;
  lenderDay: string;
  at: Date;
}

/** A borrower's attempts, oldest first. */
export async function attemptsOf(db: Queryable, borrowerId: number): Promise<AttemptRow[]> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT borrower_id, order_id, channel, made_by, allowed, refusal, refusal_message, next_allowed_at, reference, to_char(lender_day, 'YYYY-MM-DD') AS lender_day, at
       FROM contact_attempts WHERE borrower_id = $1 ORDER BY id`,
    [borrowerId],
  );
  return rows.map((r) => ({
    borrowerId: Number(r.borrower_id),
    orderId: r.order_id === null ? null : Number(r.order_id),
    channel: r.channel as ContactChannel,
    madeBy: r.made_by as 'system' | 'collector',
    allowed: r.allowed as boolean,
    refusal: (r.refusal as ContactRefusal | null) ?? null,
    refusalMessage: (r.refusal_message as string | null) ?? null,
    nextAllowedAt: (r.next_allowed_at as Date | null) ?? null,
    reference: (r.reference as string | null) ?? null,
    lenderDay: r.lender_day as string,
    at: r.at as Date,
  }));
}
