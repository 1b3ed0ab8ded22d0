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
  /** An erasure done: the rows it erased, per part. */
  erased: Record<string, number> | null;
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
  erased: (r.erased as Record<string, number> | null) ?? null,
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

export interface StaffRequestRow extends DataRequestRow {
  decidedBy: string | null;
  decidedAt: Date | null;
}

const STAFF_SELECT = `SELECT r.*, to_char(r.answer_by, 'YYYY-MM-DD') AS answer_by_text, s.name AS decided_by_name
  FROM data_requests r LEFT JOIN staff_accounts s ON s.id = r.decided_by`;
const staffRowOf = (r: Record<string, unknown>): StaffRequestRow => ({ ...rowOf(r), decidedBy: (r.decided_by_name as string | null) ?? null, decidedAt: (r.decided_at as Date | null) ?? null });

/** Requests for the data-protection officer: of a state (or all), the nearest answer date first. */
export async function listRequests(db: Queryable, q: { state: string; offset: number; limit: number }): Promise<{ rows: StaffRequestRow[]; total: number }> {
  const where = q.state === 'all' ? '' : 'WHERE r.state = $3';
  const params: unknown[] = [q.limit, q.offset, ...(q.state === 'all' ? [] : [q.state])];
  const { rows } = await db.query<Record<string, unknown>>(`${STAFF_SELECT} ${where} ORDER BY r.answer_by, r.id LIMIT $1 OFFSET $2`, params);
  const count = await db.query<{ n: string }>(`SELECT count(*) AS n FROM data_requests r ${q.state === 'all' ? '' : 'WHERE r.state = $1'}`, q.state === 'all' ? [] : [q.state]);
  return { rows: rows.map(staffRowOf), total: Number(count.rows[0]!.n) };
}

export async function findStaffRequest(db: Queryable, id: number, opts: { forUpdate?: boolean } = {}): Promise<StaffRequestRow | null> {
  const { rows } = await db.query<Record<string, unknown>>(`${STAFF_SELECT} WHERE r.id = $1${opts.forUpdate ? ' FOR UPDATE OF r' : ''}`, [id]);
  return rows[0] ? staffRowOf(rows[0]) : null;
}

export async function saveDecision(db: Queryable, d: { id: number; state: DataRequestRow['state']; reason: string; staffId: number; at: Date; done: boolean }): Promise<void> {
  await db.query(`UPDATE data_requests SET state = $2, reason = $3, decided_by = $4, decided_at = $5, done_at = CASE WHEN $6 THEN $5 ELSE done_at END WHERE id = $1`, [
    d.id,
    d.state,
    d.reason,
    d.staffId,
    d.at,
    d.done,
  ]);
}

/** The erasure run's part of this family's own table: a correction's value and photo go; the request stays on record. */
export async function eraseRequestValues(tx: Queryable, borrowerId: number): Promise<number> {
  const { rows } = await tx.query(`UPDATE data_requests SET value = '', image_url = '' WHERE borrower_id = $1 AND (value <> '' OR image_url <> '') RETURNING id`, [borrowerId]);
  return rows.length;
}

/** Marks an erasure request done, with what the run erased (counts per part). */
export async function saveErasureDone(tx: Queryable, r: { id: number; reason: string; erased: Record<string, number>; at: Date; staffId: number | null }): Promise<void> {
  await tx.query(
    `UPDATE data_requests SET state = 'done', reason = $2, erased = $3::jsonb, done_at = $4, decided_by = coalesce($5, decided_by), decided_at = coalesce(decided_at, $4) WHERE id = $1`,
    [r.id, r.reason, JSON.stringify(r.erased), r.at, r.staffId],
  );
}

/** Approved erasures waiting for the borrower's loans to close, oldest first. */
export async function approvedErasures(db: Queryable, limit: number): Promise<DataRequestRow[]> {
  const { rows } = await db.query<Record<string, unknown>>(`${SELECT} WHERE kind = 'erasure' AND state = 'approved' ORDER BY id LIMIT $1`, [limit]);
  return rows.map(rowOf);
}
