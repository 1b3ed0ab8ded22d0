/**
 * The breaches room's tables (migration 044): breaches with their per-day reference counter, and the
 * notice each affected borrower gets. Also the named queries that choose a breach's borrowers: a
 * breach's reach is a question across the rooms' tables (borrowers, bank_cards, orders), asked here
 * read-only and answering borrower ids only, never a name or a number. Borrowers whose data was
 * erased (borrowers.erased_at, migration 043) are left out: there is nobody left to tell.
 */
import type { BreachQueryKind } from '@cashloan/contract';
import type { Queryable } from '../../platform/db/client.ts';

/** A named query with its days turned into instants (start included, end excluded), or its market. */
export type ResolvedQuery =
  | { kind: Exclude<BreachQueryKind, 'orders-in-market'>; start: Date; end: Date }
  | { kind: 'orders-in-market'; market: 'PH' | 'IN' };

/** The query's parameters as stored (query_params) and answered. */
export interface StoredQuery {
  kind: BreachQueryKind;
  from?: string;
  to?: string;
  market?: 'PH' | 'IN';
}

export interface BreachRecord {
  id: number;
  refNo: string;
  whatHappened: string;
  dataInvolved: string;
  measuresTaken: string;
  borrowerCanDo: string;
  contact: string;
  details: string;
  discoveredAt: Date;
  recordedBy: string;
  createdAt: Date;
  query: StoredQuery;
  notifiedAt: Date | null;
  reportedAt: Date | null;
}

export interface NoticeCounts {
  total: number;
  smsSent: number;
  smsFailed: number;
  smsPending: number;
}

const rowOf = (r: Record<string, unknown>): BreachRecord => ({
  id: Number(r.id),
  refNo: r.ref_no as string,
  whatHappened: r.what_happened as string,
  dataInvolved: r.data_involved as string,
  measuresTaken: r.measures_taken as string,
  borrowerCanDo: r.borrower_can_do as string,
  contact: r.contact as string,
  details: r.details as string,
  discoveredAt: r.discovered_at as Date,
  recordedBy: (r.recorded_by_name as string | null) ?? '',
  createdAt: r.created_at as Date,
  query: { kind: r.query_kind as BreachQueryKind, ...(r.query_params as Omit<StoredQuery, 'kind'>) },
  notifiedAt: (r.notified_at as Date | null) ?? null,
  reportedAt: (r.reported_at as Date | null) ?? null,
});
const SELECT = `SELECT b.*, s.name AS recorded_by_name FROM breaches b LEFT JOIN staff_accounts s ON s.id = b.recorded_by`;

/** The next number of the lender day (YYYY-MM-DD); the day's counter row stays locked until the transaction ends. */
export async function takeBreachSequence(tx: Queryable, day: string): Promise<number> {
  const { rows } = await tx.query<{ last_seq: number }>(
    `INSERT INTO breach_days (day, last_seq) VALUES ($1, 1) ON CONFLICT (day) DO UPDATE SET last_seq = breach_days.last_seq + 1 RETURNING last_seq`,
    [day],
  );
  return Number(rows[0]!.last_seq);
}

export interface NewBreach {
  refNo: string;
  whatHappened: string;
  dataInvolved: string;
  measuresTaken: string;
  borrowerCanDo: string;
  contact: string;
  details: string;
  discoveredAt: Date;
  recordedBy: number;
  createdAt: Date;
  query: StoredQuery;
}

export async function insertBreach(tx: Queryable, b: NewBreach): Promise<number> {
  const { kind, ...params } = b.query;
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO breaches (ref_no, what_happened, data_involved, measures_taken, borrower_can_do, contact, details, discovered_at, recorded_by, created_at, query_kind, query_params)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb) RETURNING id`,
    [b.refNo, b.whatHappened, b.dataInvolved, b.measuresTaken, b.borrowerCanDo, b.contact, b.details, b.discoveredAt, b.recordedBy, b.createdAt, kind, JSON.stringify(params)],
  );
  return Number(rows[0]!.id);
}

/** One breach; `forUpdate` holds its row until the transaction ends (a notify at a time). */
export async function findBreach(db: Queryable, id: number, options: { forUpdate?: boolean } = {}): Promise<BreachRecord | null> {
  const { rows } = await db.query<Record<string, unknown>>(`${SELECT} WHERE b.id = $1${options.forUpdate ? ' FOR UPDATE OF b' : ''}`, [id]);
  return rows[0] ? rowOf(rows[0]) : null;
}

/** The register, newest first. */
export async function listBreaches(db: Queryable, page: { offset: number; limit: number }): Promise<{ rows: BreachRecord[]; total: number }> {
  const { rows } = await db.query<Record<string, unknown>>(`${SELECT} ORDER BY b.id DESC OFFSET $1 LIMIT $2`, [page.offset, page.limit]);
  const { rows: count } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM breaches');
  return { rows: rows.map(rowOf), total: Number(count[0]!.n) };
}

export async function setNotified(tx: Queryable, id: number, at: Date): Promise<void> {
  await tx.query('UPDATE breaches SET notified_at = COALESCE(notified_at, $2) WHERE id = $1', [id, at]);
}

/** Keeps the first export's time as the time the breach was reported; answers it. */
export async function setReported(tx: Queryable, id: number, at: Date): Promise<Date> {
  const { rows } = await tx.query<{ reported_at: Date }>('UPDATE breaches SET reported_at = COALESCE(reported_at, $2) WHERE id = $1 RETURNING reported_at', [id, at]);
  return rows[0]!.reported_at;
}

// ---- the affected borrowers -------------------------------------------------------------------------

function affectedSql(q: ResolvedQuery): { sql: string; params: unknown[] } {
  switch (q.kind) {
    case 'bound-account-between':
      // An account bound on the bank screen (bound_via), replaced since or not: its number was held from then.
      return {
        sql: `SELECT DISTINCT c.borrower_id AS id FROM bank_cards c JOIN borrowers b ON b.id = c.borrower_id
              WHERE c.bound_via IS NOT NULL AND c.created_at >= $1 AND c.created_at < $2 AND b.erased_at IS NULL`,
        params: [q.start, q.end],
      };
    case 'signed-up-between':
      return { sql: `SELECT b.id FROM borrowers b WHERE b.created_at >= $1 AND b.created_at < $2 AND b.erased_at IS NULL`, params: [q.start, q.end] };
    case 'orders-in-market':
      return {
        sql: `SELECT DISTINCT o.borrower_id AS id FROM orders o JOIN borrowers b ON b.id = o.borrower_id WHERE o.market = $1 AND b.erased_at IS NULL`,
        params: [q.market],
      };
  }
}

/** The ids of the borrowers the query chooses now, in id order. */
export async function affectedBorrowerIds(db: Queryable, q: ResolvedQuery): Promise<number[]> {
  const { sql, params } = affectedSql(q);
  const { rows } = await db.query<{ id: string }>(`${sql} ORDER BY 1`, params);
  return rows.map((r) => Number(r.id));
}

export async function countAffected(db: Queryable, q: ResolvedQuery): Promise<number> {
  const { sql, params } = affectedSql(q);
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) affected`, params);
  return Number(rows[0]!.n);
}

// ---- notices ------------------------------------------------------------------------------------------

/** A notice for each borrower who has none for this breach yet; answers how many were added. */
export async function insertNotices(tx: Queryable, breachId: number, borrowerIds: readonly number[], at: Date): Promise<number> {
  if (borrowerIds.length === 0) return 0;
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO breach_notices (breach_id, borrower_id, created_at) SELECT $1, id, $3 FROM unnest($2::bigint[]) AS ids (id)
     ON CONFLICT (breach_id, borrower_id) DO NOTHING RETURNING id`,
    [breachId, borrowerIds, at],
  );
  return rows.length;
}

/** The breach's notices whose SMS has not gone out (not yet tried, or refused by the gateway). */
export async function unsentNotices(db: Queryable, breachId: number): Promise<Array<{ id: number; borrowerId: number }>> {
  const { rows } = await db.query<{ id: string; borrower_id: string }>(`SELECT id, borrower_id FROM breach_notices WHERE breach_id = $1 AND sms_state <> 'sent' ORDER BY id`, [breachId]);
  return rows.map((r) => ({ id: Number(r.id), borrowerId: Number(r.borrower_id) }));
}

export async function markNoticeSent(db: Queryable, id: number, providerRef: string, at: Date): Promise<void> {
  await db.query(`UPDATE breach_notices SET sms_state = 'sent', provider_ref = $2, sent_at = $3 WHERE id = $1 AND sms_state <> 'sent'`, [id, providerRef, at]);
}

export async function markNoticeFailed(db: Queryable, id: number): Promise<void> {
  await db.query(`UPDATE breach_notices SET sms_state = 'failed' WHERE id = $1 AND sms_state <> 'sent'`, [id]);
}

export async function noticeCounts(db: Queryable, breachIds: readonly number[]): Promise<Map<number, NoticeCounts>> {
  const { rows } = await db.query<{ breach_id: string; total: number; sent: number; failed: number; pending: number }>(
    `SELECT breach_id, count(*)::int AS total, count(*) FILTER (WHERE sms_state = 'sent')::int AS sent,
            count(*) FILTER (WHERE sms_state = 'failed')::int AS failed, count(*) FILTER (WHERE sms_state = 'pending')::int AS pending
       FROM breach_notices WHERE breach_id = ANY($1::bigint[]) GROUP BY breach_id`,
    [breachIds],
  );
  return new Map(rows.map((r) => [Number(r.breach_id), { total: Number(r.total), smsSent: Number(r.sent), smsFailed: Number(r.failed), smsPending: Number(r.pending) }]));
}

/** When the breach's first and last SMS went out (null when none has). */
export async function smsTimes(db: Queryable, breachId: number): Promise<{ first: Date | null; last: Date | null }> {
  const { rows } = await db.query<{ first: Date | null; last: Date | null }>(`SELECT min(sent_at) AS first, max(sent_at) AS last FROM breach_notices WHERE breach_id = $1`, [breachId]);
  return { first: rows[0]?.first ?? null, last: rows[0]?.last ?? null };
}

export interface BorrowerNotice {
  breach: BreachRecord;
  sentAt: Date;
}

/** The notices a borrower was given, newest first, each with its breach. */
export async function noticesOfBorrower(db: Queryable, borrowerId: number): Promise<BorrowerNotice[]> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT b.*, NULL AS recorded_by_name, n.created_at AS notice_at FROM breach_notices n JOIN breaches b ON b.id = n.breach_id WHERE n.borrower_id = $1 ORDER BY n.id DESC`,
    [borrowerId],
  );
  return rows.map((r) => ({ breach: rowOf(r), sentAt: r.notice_at as Date }));
}
