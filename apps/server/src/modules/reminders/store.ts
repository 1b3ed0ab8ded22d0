/** SQL of the reminders family: payment_reminders, one row per (order, instalment, due date, kind). */
import type { Queryable } from '../../platform/db/client.ts';
import type { ReminderKind } from './schedule.ts';

export interface ReminderRow {
  id: number;
  orderId: number;
  seq: number;
  /** The instalment's due date, YYYY-MM-DD (lender calendar). */
  dueOn: string;
  kind: ReminderKind;
  status: 'sending' | 'sent' | 'dropped';
  phone: string;
  body: string;
  providerRef: string | null;
  claimedAt: Date;
  sentAt: Date | null;
}

interface ReminderDb {
  id: number;
  order_id: number;
  seq: number;
  due_on: string;
  kind: ReminderKind;
  status: ReminderRow['status'];
  phone: string;
  body: string;
  provider_ref: string | null;
  claimed_at: Date;
  sent_at: Date | null;
}

const COLUMNS = 'id, order_id, seq, due_on::text AS due_on, kind, status, phone, body, provider_ref, claimed_at, sent_at';
const toRow = (r: ReminderDb): ReminderRow => ({
  id: Number(r.id),
  orderId: Number(r.order_id),
  seq: r.seq,
  dueOn: r.due_on,
  kind: r.kind,
  status: r.status,
  phone: r.phone,
  body: r.body,
  providerRef: r.provider_ref,
  claimedAt: r.claimed_at,
  sentAt: r.sent_at,
});

/** `${orderId}/${seq}/${dueOn}/${kind}`: a reminder's unique key as one string. */
export const reminderKey = (r: { orderId: number; seq: number; dueOn: string; kind: ReminderKind }) => `${r.orderId}/${r.seq}/${r.dueOn}/${r.kind}`;

/** The keys of every reminder of these orders already claimed, sent or dropped. */
export async function reminderKeysOf(db: Queryable, orderIds: readonly number[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const { rows } = await db.query<{ order_id: number; seq: number; due_on: string; kind: ReminderKind }>(
    'SELECT order_id, seq, due_on::text AS due_on, kind FROM payment_reminders WHERE order_id = ANY($1::bigint[])',
    [orderIds],
  );
  return new Set(rows.map((r) => reminderKey({ orderId: Number(r.order_id), seq: r.seq, dueOn: r.due_on, kind: r.kind })));
}

/**
 * Claims a reminder: inserts it as 'sending' unless its key exists (another pass or process has it).
 * Answers the row, or null when it was not ours to send.
 */
export async function claimReminder(
  db: Queryable,
  r: { orderId: number; seq: number; dueOn: string; kind: ReminderKind; phone: string; body: string },
  now: Date,
): Promise<ReminderRow | null> {
  const { rows } = await db.query<ReminderDb>(
    `INSERT INTO payment_reminders (order_id, seq, due_on, kind, status, phone, body, claimed_at)
     VALUES ($1, $2, $3::date, $4, 'sending', $5, $6, $7)
     ON CONFLICT (order_id, seq, due_on, kind) DO NOTHING
     RETURNING ${COLUMNS}`,
    [r.orderId, r.seq, r.dueOn, r.kind, r.phone, r.body, now],
  );
  return rows[0] ? toRow(rows[0]) : null;
}

/**
 * Takes over the claims still 'sending' since before `staleBefore` (their process stopped, or the
 * provider failed): one UPDATE moves their claimed_at to `now`, so of several processes only one gets each.
 */
export async function takeStaleClaims(db: Queryable, staleBefore: Date, now: Date): Promise<ReminderRow[]> {
  const { rows } = await db.query<ReminderDb>(
    `UPDATE payment_reminders SET claimed_at = $2
      WHERE status = 'sending' AND claimed_at < $1
      RETURNING ${COLUMNS}`,
    [staleBefore, now],
  );
  return rows.map(toRow).sort((a, b) => a.id - b.id);
}

/** Records the provider's accept; only a row still 'sending' moves. */
export async function markSent(db: Queryable, id: number, providerRef: string, now: Date): Promise<void> {
  await db.query(`UPDATE payment_reminders SET status = 'sent', provider_ref = $2, sent_at = $3 WHERE id = $1 AND status = 'sending'`, [id, providerRef, now]);
}

/** A taken-over claim no longer due: never sent again. */
export async function markDropped(db: Queryable, id: number): Promise<void> {
  await db.query(`UPDATE payment_reminders SET status = 'dropped' WHERE id = $1 AND status = 'sending'`, [id]);
}

/** Every reminder of an order, oldest first (ops and tests). */
export async function listOrderReminders(db: Queryable, orderId: number): Promise<ReminderRow[]> {
  const { rows } = await db.query<ReminderDb>(`SELECT ${COLUMNS} FROM payment_reminders WHERE order_id = $1 ORDER BY id`, [orderId]);
  return rows.map(toRow);
}

/** The erasure run's part (issue 39): each reminder keeps its order, schedule and state; its phone and text go. */
export async function eraseOrderReminders(tx: Queryable, orderIds: readonly number[]): Promise<number> {
  if (orderIds.length === 0) return 0;
  const { rows } = await tx.query(`UPDATE payment_reminders SET phone = '', body = '[erased]' WHERE order_id = ANY($1::bigint[]) RETURNING id`, [orderIds]);
  return rows.length;
}
