/** The my-data family's tables (migration 041): data_requests and their per-day reference counter. */
import type { Queryable } from '../../platform/db/client.ts';

export interface DataRequestRow {
  id: number;
  refNo: string;
  borrowerId: number;
  kind: 'correction' | 'erasure';
  field: string;
  value: string;
  imageUrl: string;
  state: 'open' | 'approved' | 'refused' | 'done';
  reason: string;
  createdAt: Date;
  /** YYYY-MM-DD */
  answerBy: string;
  doneAt: Date | null;
}

const rowOf = (r: Record<string, unknown>): DataRequestRow => ({
  id: Number(r.id),
  refNo: r.ref_no as string,
  borrowerId: Number(r.borrower_id),
  kind: r.kind as DataRequestRow['kind'],
  field: r.field as string,
  value: r.value as string,
  imageUrl: r.image_url as string,
  state: r.state as DataRequestRow['state'],
  reason: r.reason as string,
  createdAt: r.created_at as Date,
  answerBy: r.answer_by_text as string,
  doneAt: (r.done_at as Date | null) ?? null,
});
const SELECT = `SELECT *, to_char(answer_by, 'YYYY-MM-DD') AS answer_by_text FROM data_requests`;

/** The next number of the lender day (YYYY-MM-DD); the day's counter row stays locked until the transaction ends. */
export async function takeRequestSequence(tx: Queryable, day: string): Promise<number> {
  const { rows } = await tx.query<{ last_seq: number }>(
    `INSERT INTO data_request_days (day, last_seq) VALUES ($1, 1) ON CONFLICT (day) DO UPDATE SET last_seq = data_request_days.last_seq + 1 RETURNING last_seq`,
    [day],
  );
  return Number(rows[0]!.last_seq);
}

export async function insertRequest(
  tx: Queryable,
  r: { refNo: string; borrowerId: number; kind: DataRequestRow['kind']; field: string; value: string; imageUrl: string; createdAt: Date; answerBy: string },
): Promise<DataRequestRow> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO data_requests (ref_no, borrower_id, kind, field, value, image_url, created_at, answer_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [r.refNo, r.borrowerId, r.kind, r.field, r.value, r.imageUrl, r.createdAt, r.answerBy],
  );
  return (await findRequest(tx, Number(rows[0]!.id)))!;
}

export async function findRequest(db: Queryable, id: number): Promise<DataRequestRow | null> {
  const { rows } = await db.query<Record<string, unknown>>(`${SELECT} WHERE id = $1`, [id]);
  return rows[0] ? rowOf(rows[0]) : null;
}

/** The borrower's requests, newest first. */
export async function requestsOf(db: Queryable, borrowerId: number): Promise<DataRequestRow[]> {
  const { rows } = await db.query<Record<string, unknown>>(`${SELECT} WHERE borrower_id = $1 ORDER BY id DESC`, [borrowerId]);
  return rows.map(rowOf);
}

/** The borrower's erasure request still open or approved (not yet done), if any. */
export async function openErasureOf(db: Queryable, borrowerId: number): Promise<DataRequestRow | null> {
  const { rows } = await db.query<Record<string, unknown>>(`${SELECT} WHERE borrower_id = $1 AND kind = 'erasure' AND state IN ('open', 'approved')`, [borrowerId]);
  return rows[0] ? rowOf(rows[0]) : null;
}
