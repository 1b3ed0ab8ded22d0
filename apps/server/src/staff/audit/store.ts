/** SQL of the audit log: entries are only ever added (a trigger refuses UPDATE and DELETE, migration 020). */
import type { Queryable } from '../../platform/db/client.ts';

export interface AuditRow {
  id: number;
  at: Date;
  staffId: number | null;
  staffEmail: string;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  outcome: 'done' | 'refused';
  address: string;
}
interface AuditDb {
  id: number;
  at: Date;
  staff_id: number | null;
  staff_email: string;
  action: string;
  target_type: string;
  target_id: string;
  before: unknown;
  after: unknown;
  outcome: 'done' | 'refused';
  address: string;
}
const toAudit = (r: AuditDb): AuditRow => ({
  id: Number(r.id),
  at: r.at,
  staffId: r.staff_id === null ? null : Number(r.staff_id),
  staffEmail: r.staff_email,
  action: r.action,
  targetType: r.target_type,
  targetId: r.target_id,
  before: r.before,
  after: r.after,
  outcome: r.outcome,
  address: r.address,
});

export async function insertAudit(db: Queryable, e: Omit<AuditRow, 'id'>): Promise<void> {
  await db.query(
    `INSERT INTO staff_audit (at, staff_id, staff_email, action, target_type, target_id, before, after, outcome, address)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9, $10)`,
    [
      e.at,
      e.staffId,
      e.staffEmail,
      e.action,
      e.targetType,
      e.targetId,
      e.before === undefined || e.before === null ? null : JSON.stringify(e.before),
      e.after === undefined || e.after === null ? null : JSON.stringify(e.after),
      e.outcome,
      e.address,
    ],
  );
}

export interface AuditFilter {
  staffId?: number | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  offset: number;
  limit: number;
}

/** Entries newest first, with the total for the pages. */
export async function listAuditRows(db: Queryable, f: AuditFilter): Promise<{ rows: AuditRow[]; total: number }> {
  const where = `($1::bigint IS NULL OR staff_id = $1) AND ($2::text IS NULL OR action = $2) AND ($3::text IS NULL OR target_type = $3)
     AND ($4::text IS NULL OR target_id = $4) AND ($5::timestamptz IS NULL OR at >= $5) AND ($6::timestamptz IS NULL OR at <= $6)`;
  const params = [f.staffId ?? null, f.action ?? null, f.targetType ?? null, f.targetId ?? null, f.from ?? null, f.to ?? null];
  const { rows } = await db.query<AuditDb>(`SELECT * FROM staff_audit WHERE ${where} ORDER BY at DESC, id DESC LIMIT $7 OFFSET $8`, [...params, f.limit, f.offset]);
  const counted = await db.query<{ n: number }>(`SELECT count(*) AS n FROM staff_audit WHERE ${where}`, params);
  return { rows: rows.map(toAudit), total: Number(counted.rows[0]!.n) };
}
