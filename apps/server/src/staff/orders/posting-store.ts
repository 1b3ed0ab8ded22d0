/** SQL of the postings that wait for a second finance user (migration 032): the staff orders area's own table. */
import type { PostingStatus } from '@cashloan/contract';
import type { Queryable } from '../../platform/db/client.ts';

export interface StaffMemberRef {
  id: number;
  name: string;
  email: string;
}

export interface PostingRow {
  id: number;
  orderId: number;
  orderNo: string;
  amountMinor: number;
  method: 'counter' | 'bank-transfer';
  reference: string;
  status: PostingStatus;
  postedBy: StaffMemberRef;
  postedAt: Date;
  decidedBy: StaffMemberRef | null;
  decidedAt: Date | null;
  reason: string | null;
  paymentId: number | null;
}

interface PostingDb {
  id: number;
  order_id: number;
  order_no: string;
  amount_minor: number;
  method: 'counter' | 'bank-transfer';
  reference: string;
  status: PostingStatus;
  posted_by_staff_id: number;
  posted_by_name: string;
  posted_by_email: string;
  posted_at: Date;
  decided_by_staff_id: number | null;
  decided_by_name: string | null;
  decided_by_email: string | null;
  decided_at: Date | null;
  reason: string | null;
  payment_id: number | null;
}

const toPosting = (r: PostingDb): PostingRow => ({
  id: Number(r.id),
  orderId: Number(r.order_id),
  orderNo: r.order_no,
  amountMinor: Number(r.amount_minor),
  method: r.method,
  reference: r.reference,
  status: r.status,
  postedBy: { id: Number(r.posted_by_staff_id), name: r.posted_by_name, email: r.posted_by_email },
  postedAt: r.posted_at,
  decidedBy: r.decided_by_staff_id === null ? null : { id: Number(r.decided_by_staff_id), name: r.decided_by_name ?? '', email: r.decided_by_email ?? '' },
  decidedAt: r.decided_at,
  reason: r.reason,
  paymentId: r.payment_id === null ? null : Number(r.payment_id),
});

export async function insertPosting(
  db: Queryable,
  p: { orderId: number; orderNo: string; amountMinor: number; method: PostingRow['method']; reference: string; postedBy: StaffMemberRef; postedAt: Date },
): Promise<PostingRow> {
  const { rows } = await db.query<PostingDb>(
    `INSERT INTO posting_approvals (order_id, order_no, amount_minor, method, reference, posted_by_staff_id, posted_by_name, posted_by_email, posted_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
    [p.orderId, p.orderNo, p.amountMinor, p.method, p.reference, p.postedBy.id, p.postedBy.name, p.postedBy.email, p.postedAt],
  );
  return toPosting(rows[0]!);
}

/** One posting; `forUpdate` locks its row until the transaction ends (an approval and a rejection of it wait for each other). */
export async function findPosting(db: Queryable, id: number, options: { forUpdate?: boolean } = {}): Promise<PostingRow | null> {
  const { rows } = await db.query<PostingDb>(`SELECT * FROM posting_approvals WHERE id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] ? toPosting(rows[0]) : null;
}

/** The posting awaiting approval that holds a reference, if one does. */
export async function findPendingPostingByReference(db: Queryable, reference: string): Promise<PostingRow | null> {
  const { rows } = await db.query<PostingDb>(`SELECT * FROM posting_approvals WHERE reference = $1 AND status = 'pending'`, [reference]);
  return rows[0] ? toPosting(rows[0]) : null;
}

/** Records the checker's decision. The caller holds the row's lock and has seen it pending. */
export async function decidePosting(
  db: Queryable,
  id: number,
  d: { status: 'approved' | 'rejected'; decidedBy: StaffMemberRef; decidedAt: Date; reason: string | null; paymentId: number | null },
): Promise<PostingRow> {
  const { rows } = await db.query<PostingDb>(
    `UPDATE posting_approvals SET status = $2, decided_by_staff_id = $3, decided_by_name = $4, decided_by_email = $5, decided_at = $6, reason = $7, payment_id = $8
     WHERE id = $1 RETURNING *`,
    [id, d.status, d.decidedBy.id, d.decidedBy.name, d.decidedBy.email, d.decidedAt, d.reason, d.paymentId],
  );
  return toPosting(rows[0]!);
}

/** An order's postings: those awaiting approval first (oldest first), then the decided ones (newest first). */
export async function listOrderPostings(db: Queryable, orderId: number): Promise<PostingRow[]> {
  const { rows } = await db.query<PostingDb>(
    `SELECT * FROM posting_approvals WHERE order_id = $1
     ORDER BY status <> 'pending', CASE WHEN status = 'pending' THEN posted_at END ASC, decided_at DESC, id DESC`,
    [orderId],
  );
  return rows.map(toPosting);
}

/** Postings of one status, a page at a time: awaiting approval oldest first (a queue), decided newest first. */
export async function listPostingsByStatus(db: Queryable, f: { status: PostingStatus; offset: number; limit: number }): Promise<{ rows: PostingRow[]; total: number }> {
  const order = f.status === 'pending' ? 'posted_at ASC, id ASC' : 'decided_at DESC, id DESC';
  const { rows } = await db.query<PostingDb>(`SELECT * FROM posting_approvals WHERE status = $1 ORDER BY ${order} LIMIT $2 OFFSET $3`, [f.status, f.limit, f.offset]);
  const counted = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM posting_approvals WHERE status = $1', [f.status]);
  return { rows: rows.map(toPosting), total: Number(counted.rows[0]?.n ?? 0) };
}

/** How many postings await approval, and their sum (the dashboard). */
export async function pendingPostingTotals(db: Queryable): Promise<{ count: number; amountMinor: number }> {
  const { rows } = await db.query<{ n: number; sum: number }>(`SELECT count(*)::int AS n, coalesce(sum(amount_minor), 0)::bigint AS sum FROM posting_approvals WHERE status = 'pending'`);
  return { count: Number(rows[0]?.n ?? 0), amountMinor: Number(rows[0]?.sum ?? 0) };
}
