/** The only SQL on payouts and payout_notifications (migration 035): the payouts room's doors call it. */
import type { Queryable } from '../../platform/db/client.ts';
import { jsonDate, type ColumnPart } from '../../platform/db/column-part.ts';
import type { PayoutFailureKind, PayoutStatus } from '../../providers/payouts/payout-provider.ts';

export interface PayoutRow {
  id: number;
  orderId: number;
  attempt: number;
  reference: string;
  provider: string;
  currency: 'PHP' | 'INR';
  amountMinor: number;
  accountId: number;
  bankName: string;
  accountLast4: string;
  status: PayoutStatus;
  providerRef: string | null;
  failureKind: PayoutFailureKind | null;
  failureReason: string | null;
  approvedBy: { id: number; name: string } | null;
  releasedBy: { id: number; name: string };
  releasedAt: Date;
  checkedAt: Date;
  paidAt: Date | null;
  reversedAt: Date | null;
  updatedAt: Date;
}

interface PayoutDb {
  id: string | number;
  order_id: string | number;
  attempt: number;
  reference: string;
  provider: string;
  currency: 'PHP' | 'INR';
  amount_minor: string | number;
  account_id: string | number;
  bank_name: string;
  account_last4: string;
  status: PayoutStatus;
  provider_ref: string | null;
  failure_kind: PayoutFailureKind | null;
  failure_reason: string | null;
  approved_by_staff_id: string | number | null;
  approved_by_name: string | null;
  released_by_staff_id: string | number;
  released_by_name: string;
  released_at: Date;
  checked_at: Date;
  paid_at: Date | null;
  reversed_at: Date | null;
  updated_at: Date;
}

const toRow = (r: PayoutDb): PayoutRow => ({
  id: Number(r.id),
  orderId: Number(r.order_id),
  attempt: r.attempt,
  reference: r.reference,
  provider: r.provider,
  currency: r.currency,
  amountMinor: Number(r.amount_minor),
  accountId: Number(r.account_id),
  bankName: r.bank_name,
  accountLast4: r.account_last4,
  status: r.status,
  providerRef: r.provider_ref,
  failureKind: r.failure_kind,
  failureReason: r.failure_reason,
  approvedBy: r.approved_by_staff_id === null ? null : { id: Number(r.approved_by_staff_id), name: r.approved_by_name ?? '' },
  releasedBy: { id: Number(r.released_by_staff_id), name: r.released_by_name },
  releasedAt: r.released_at,
  checkedAt: r.checked_at,
  paidAt: r.paid_at,
  reversedAt: r.reversed_at,
  updatedAt: r.updated_at,
});

/** A new attempt: what its row holds at once (the rest is the provider's to tell). */
export type NewPayout = Pick<
  PayoutRow,
  'orderId' | 'attempt' | 'reference' | 'provider' | 'currency' | 'amountMinor' | 'accountId' | 'bankName' | 'accountLast4' | 'approvedBy' | 'releasedBy'
> & { now: Date };

/** A new attempt, processing. Null when the order already has a payout on its way or paid (the unique index decides, across processes). */
export async function insertPayout(tx: Queryable, p: NewPayout): Promise<PayoutRow | null> {
  const { rows } = await tx.query<PayoutDb>(
    `INSERT INTO payouts (order_id, attempt, reference, provider, currency, amount_minor, account_id, bank_name, account_last4, status,
                          approved_by_staff_id, approved_by_name, released_by_staff_id, released_by_name, released_at, checked_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'processing', $10, $11, $12, $13, $14, $14, $14)
     ON CONFLICT DO NOTHING
     RETURNING *`,
    [p.orderId, p.attempt, p.reference, p.provider, p.currency, p.amountMinor, p.accountId, p.bankName, p.accountLast4, p.approvedBy?.id ?? null, p.approvedBy?.name ?? null, p.releasedBy.id, p.releasedBy.name, p.now],
  );
  return rows[0] ? toRow(rows[0]) : null;
}

export async function loadPayout(db: Queryable, id: number, opts: { forUpdate?: boolean } = {}): Promise<PayoutRow | null> {
  const { rows } = await db.query<PayoutDb>(`SELECT * FROM payouts WHERE id = $1${opts.forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] ? toRow(rows[0]) : null;
}

export async function loadPayoutByReference(db: Queryable, reference: string, opts: { forUpdate?: boolean } = {}): Promise<PayoutRow | null> {
  const { rows } = await db.query<PayoutDb>(`SELECT * FROM payouts WHERE reference = $1${opts.forUpdate ? ' FOR UPDATE' : ''}`, [reference]);
  return rows[0] ? toRow(rows[0]) : null;
}

/** The order's payouts, newest attempt first. */
export async function listOrderPayouts(db: Queryable, orderId: number): Promise<PayoutRow[]> {
  const { rows } = await db.query<PayoutDb>('SELECT * FROM payouts WHERE order_id = $1 ORDER BY attempt DESC', [orderId]);
  return rows.map(toRow);
}

/** The newest payout of the order `alias` (null before any), as a part of the order's own statement. */
export const latestPayoutPart: ColumnPart<PayoutRow | null> = {
  sql: (alias) => `SELECT row_to_json(p) FROM (SELECT * FROM payouts WHERE order_id = ${alias}.id ORDER BY attempt DESC LIMIT 1) p`,
  read: (value) => {
    if (value === null || value === undefined) return null;
    const r = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;
    const at = (key: string) => (r[key] === null ? null : jsonDate(r[key]));
    return toRow({ ...(r as unknown as PayoutDb), released_at: jsonDate(r.released_at), checked_at: jsonDate(r.checked_at), updated_at: jsonDate(r.updated_at), paid_at: at('paid_at'), reversed_at: at('reversed_at') });
  },
};

/** The newest payout of each of these orders. */
export async function latestPayouts(db: Queryable, orderIds: number[]): Promise<Map<number, PayoutRow>> {
  const byOrder = new Map<number, PayoutRow>();
  if (orderIds.length === 0) return byOrder;
  const { rows } = await db.query<PayoutDb>('SELECT DISTINCT ON (order_id) * FROM payouts WHERE order_id = ANY($1::bigint[]) ORDER BY order_id, attempt DESC', [orderIds]);
  for (const r of rows) byOrder.set(Number(r.order_id), toRow(r));
  return byOrder;
}

/** How many attempts the order has had (the next one is this + 1). */
export async function attemptsOf(tx: Queryable, orderId: number): Promise<number> {
  const { rows } = await tx.query<{ n: number | null }>('SELECT max(attempt) AS n FROM payouts WHERE order_id = $1', [orderId]);
  return Number(rows[0]?.n ?? 0);
}

/** What was released in a currency from `since` on, failed attempts aside (they sent nothing). */
export async function releasedSince(tx: Queryable, currency: 'PHP' | 'INR', since: Date): Promise<number> {
  const { rows } = await tx.query<{ sum: string | null }>(
    `SELECT sum(amount_minor) AS sum FROM payouts WHERE currency = $1 AND released_at >= $2 AND status <> 'failed'`,
    [currency, since],
  );
  return Number(rows[0]?.sum ?? 0);
}

/**
 * Serialises the releases of one currency (the daily limit is a sum over them), across processes:
 * a transaction-scoped advisory lock, released at commit.
 */
export async function lockReleasesOf(tx: Queryable, currency: 'PHP' | 'INR'): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('payout-release:' || $1))`, [currency]);
}

export interface PayoutUpdate {
  status: PayoutStatus;
  providerRef: string | null;
  failureKind: PayoutFailureKind | null;
  failureReason: string | null;
  paidAt: Date | null;
  reversedAt: Date | null;
  now: Date;
}

export async function savePayout(tx: Queryable, id: number, u: PayoutUpdate): Promise<PayoutRow> {
  const { rows } = await tx.query<PayoutDb>(
    `UPDATE payouts SET status = $2, provider_ref = COALESCE($3, provider_ref), failure_kind = $4, failure_reason = $5, paid_at = $6, reversed_at = $7,
                        checked_at = $8, updated_at = $8
     WHERE id = $1 RETURNING *`,
    [id, u.status, u.providerRef, u.failureKind, u.failureReason, u.paidAt, u.reversedAt, u.now],
  );
  return toRow(rows[0]!);
}

/** Marks that the provider was asked (or could not be), so the status job waits before asking again. */
export async function markChecked(db: Queryable, id: number, now: Date): Promise<void> {
  await db.query('UPDATE payouts SET checked_at = $2 WHERE id = $1', [id, now]);
}

/** Takes a quiet payout for one check: false when another process took it since it was read. */
export async function claimForCheck(db: Queryable, payout: PayoutRow, now: Date): Promise<boolean> {
  const { rows } = await db.query(`UPDATE payouts SET checked_at = $3 WHERE id = $1 AND checked_at = $2 AND status = 'processing' RETURNING id`, [payout.id, payout.checkedAt, now]);
  return rows.length > 0;
}

/** Payouts still processing that nobody asked about since `before`, oldest first. */
export async function processingCheckedBefore(db: Queryable, before: Date, limit: number): Promise<PayoutRow[]> {
  const { rows } = await db.query<PayoutDb>(`SELECT * FROM payouts WHERE status = 'processing' AND checked_at < $1 ORDER BY checked_at, id LIMIT $2`, [before, limit]);
  return rows.map(toRow);
}

/** Payouts in one of these statuses, newest first, a page of them. */
export async function listPayoutsIn(db: Queryable, statuses: readonly PayoutStatus[], offset: number, limit: number): Promise<{ rows: PayoutRow[]; total: number }> {
  const { rows } = await db.query<PayoutDb & { total: string }>(
    'SELECT *, count(*) OVER () AS total FROM payouts WHERE status = ANY($1::text[]) ORDER BY updated_at DESC, id DESC OFFSET $2 LIMIT $3',
    [statuses, offset, limit],
  );
  return { rows: rows.map(toRow), total: Number(rows[0]?.total ?? 0) };
}

/** Records a notification once; false when the same body from the same provider was recorded already (a replay). */
export async function recordNotification(tx: Queryable, n: { provider: string; bodySha256: string; reference: string | null; status: string | null; now: Date }): Promise<boolean> {
  const { rows } = await tx.query(
    `INSERT INTO payout_notifications (provider, body_sha256, reference, status, received_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (provider, body_sha256) DO NOTHING RETURNING id`,
    [n.provider, n.bodySha256, n.reference, n.status, n.now],
  );
  return rows.length > 0;
}
