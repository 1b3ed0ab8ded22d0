/**
 * The collections room's tables (migration 039): assignments, India's agent notices, disputes,
 * templates, the Philippine consent to other hours, and the collection complaints noted by the
 * complaints family. Promises and the nightly buckets have their own stores (promise-store.ts,
 * portfolio-store.ts).
 */
import type { BorrowerLang } from '@cashloan/contract/i18n';
import type { Queryable } from '../../platform/db/client.ts';

const num = (v: unknown) => Number(v);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

// ---- assignments -----------------------------------------------------------------------------------

export interface AssignmentRow {
  orderId: number;
  staffId: number;
  staffName: string;
  assignedAt: Date;
}

export async function assignmentsOf(db: Queryable, orderIds: readonly number[]): Promise<Map<number, AssignmentRow>> {
  if (orderIds.length === 0) return new Map();
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT a.order_id, a.staff_id, s.name, a.assigned_at FROM collection_assignments a JOIN staff_accounts s ON s.id = a.staff_id WHERE a.order_id = ANY($1::bigint[])`,
    [orderIds],
  );
  return new Map(rows.map((r) => [num(r.order_id), { orderId: num(r.order_id), staffId: num(r.staff_id), staffName: r.name as string, assignedAt: r.assigned_at as Date }]));
}

/** Gives the order to the collector; answers the collector who held it before (null: none). */
export async function upsertAssignment(db: Queryable, a: { orderId: number; staffId: number; assignedBy: number; at: Date }): Promise<number | null> {
  const before = await db.query<{ staff_id: string }>(`SELECT staff_id FROM collection_assignments WHERE order_id = $1 FOR UPDATE`, [a.orderId]);
  await db.query(
    `INSERT INTO collection_assignments (order_id, staff_id, assigned_by, assigned_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (order_id) DO UPDATE SET staff_id = EXCLUDED.staff_id, assigned_by = EXCLUDED.assigned_by, assigned_at = EXCLUDED.assigned_at`,
    [a.orderId, a.staffId, a.assignedBy, a.at],
  );
  return numOrNull(before.rows[0]?.staff_id);
}

export interface CollectorRow {
  id: number;
  name: string;
  email: string;
}

/** Enabled staff with the collector role, by id. */
export async function enabledCollectors(db: Queryable): Promise<CollectorRow[]> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT id, name, email FROM staff_accounts WHERE 'collector' = ANY(roles) AND disabled_at IS NULL ORDER BY id`,
  );
  return rows.map((r) => ({ id: num(r.id), name: r.name as string, email: r.email as string }));
}

/** How many of these orders each staff member holds. */
export async function heldCounts(db: Queryable, orderIds: readonly number[]): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const { rows } = await db.query<{ staff_id: string; n: string }>(
    `SELECT staff_id, count(*) AS n FROM collection_assignments WHERE order_id = ANY($1::bigint[]) GROUP BY staff_id`,
    [orderIds],
  );
  return new Map(rows.map((r) => [num(r.staff_id), num(r.n)]));
}

// ---- agent notices (India) -------------------------------------------------------------------------

export interface NoticeRow {
  id: number;
  orderId: number;
  staffId: number;
  phone: string;
  body: string;
  sentAt: Date | null;
}

const noticeOf = (r: Record<string, unknown>): NoticeRow => ({
  id: num(r.id),
  orderId: num(r.order_id),
  staffId: num(r.staff_id),
  phone: r.phone as string,
  body: r.body as string,
  sentAt: (r.sent_at as Date | null) ?? null,
});

/** Claims the notice of this collector for this order (once: a second claim answers the first). */
export async function claimNotice(db: Queryable, n: { orderId: number; staffId: number; phone: string; body: string; at: Date }): Promise<NoticeRow> {
  await db.query(
    `INSERT INTO collection_agent_notices (order_id, staff_id, phone, body, created_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (order_id, staff_id) DO NOTHING`,
    [n.orderId, n.staffId, n.phone, n.body, n.at],
  );
  const { rows } = await db.query<Record<string, unknown>>(`SELECT * FROM collection_agent_notices WHERE order_id = $1 AND staff_id = $2`, [n.orderId, n.staffId]);
  return noticeOf(rows[0]!);
}

export async function noticeSentAt(db: Queryable, orderId: number, staffId: number): Promise<Date | null> {
  const { rows } = await db.query<{ sent_at: Date | null }>(`SELECT sent_at FROM collection_agent_notices WHERE order_id = $1 AND staff_id = $2`, [orderId, staffId]);
  return rows[0]?.sent_at ?? null;
}

export async function noticeById(db: Queryable, id: number): Promise<NoticeRow | null> {
  const { rows } = await db.query<Record<string, unknown>>(`SELECT * FROM collection_agent_notices WHERE id = $1`, [id]);
  return rows[0] ? noticeOf(rows[0]) : null;
}

export async function unsentNotices(db: Queryable, limit: number): Promise<NoticeRow[]> {
  const { rows } = await db.query<Record<string, unknown>>(`SELECT * FROM collection_agent_notices WHERE sent_at IS NULL ORDER BY id LIMIT $1`, [limit]);
  return rows.map(noticeOf);
}

/** Locks an unsent notice (null: sent meanwhile, or another process holds it). */
export async function lockUnsentNotice(db: Queryable, id: number): Promise<NoticeRow | null> {
  const { rows } = await db.query<Record<string, unknown>>(`SELECT * FROM collection_agent_notices WHERE id = $1 AND sent_at IS NULL FOR UPDATE SKIP LOCKED`, [id]);
  return rows[0] ? noticeOf(rows[0]) : null;
}

export async function markNoticeSent(db: Queryable, id: number, providerRef: string, at: Date): Promise<void> {
  await db.query(`UPDATE collection_agent_notices SET sent_at = $2, provider_ref = $3 WHERE id = $1`, [id, at, providerRef]);
}

// ---- disputes --------------------------------------------------------------------------------------

export interface DisputeRow {
  id: number;
  orderId: number;
  reason: string;
  openedBy: string;
  openedAt: Date;
  complaintTicketNo: string | null;
  resolvedBy: string | null;
  resolvedAt: Date | null;
  resolution: string | null;
}

const DISPUTE_SELECT = `SELECT d.id, d.order_id, d.reason, coalesce(o.name, 'Borrower') AS opened_by, d.opened_at, c.ticket_no, r.name AS resolved_by, d.resolved_at, d.resolution
  FROM collection_disputes d
  LEFT JOIN staff_accounts o ON o.id = d.opened_by
  LEFT JOIN staff_accounts r ON r.id = d.resolved_by
  LEFT JOIN collection_complaints c ON c.complaint_id = d.complaint_id`;

const disputeOf = (r: Record<string, unknown>): DisputeRow => ({
  id: num(r.id),
  orderId: num(r.order_id),
  reason: r.reason as string,
  openedBy: r.opened_by as string,
  openedAt: r.opened_at as Date,
  complaintTicketNo: (r.ticket_no as string | null) ?? null,
  resolvedBy: (r.resolved_by as string | null) ?? null,
  resolvedAt: (r.resolved_at as Date | null) ?? null,
  resolution: (r.resolution as string | null) ?? null,
});

/** The order's open dispute, else its latest. */
export async function latestDispute(db: Queryable, orderId: number): Promise<DisputeRow | null> {
  const { rows } = await db.query<Record<string, unknown>>(`${DISPUTE_SELECT} WHERE d.order_id = $1 ORDER BY d.resolved_at IS NULL DESC, d.id DESC LIMIT 1`, [orderId]);
  return rows[0] ? disputeOf(rows[0]) : null;
}

export async function openDisputeOrders(db: Queryable, orderIds: readonly number[]): Promise<Set<number>> {
  if (orderIds.length === 0) return new Set();
  const { rows } = await db.query<{ order_id: string }>(`SELECT order_id FROM collection_disputes WHERE resolved_at IS NULL AND order_id = ANY($1::bigint[])`, [orderIds]);
  return new Set(rows.map((r) => num(r.order_id)));
}

/** Opens a dispute; null when one is open already. */
export async function insertDispute(db: Queryable, d: { orderId: number; reason: string; openedBy: number | null; complaintId: number | null; at: Date }): Promise<number | null> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO collection_disputes (order_id, reason, opened_by, complaint_id, opened_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (order_id) WHERE resolved_at IS NULL DO NOTHING RETURNING id`,
    [d.orderId, d.reason, d.openedBy, d.complaintId, d.at],
  );
  return numOrNull(rows[0]?.id);
}

/** Resolves the open dispute; false when none is open. */
export async function resolveOpenDispute(db: Queryable, r: { orderId: number; resolvedBy: number; resolution: string; at: Date }): Promise<boolean> {
  const { rows } = await db.query(`UPDATE collection_disputes SET resolved_by = $2, resolved_at = $3, resolution = $4 WHERE order_id = $1 AND resolved_at IS NULL RETURNING id`, [
    r.orderId,
    r.resolvedBy,
    r.at,
    r.resolution,
  ]);
  return rows.length > 0;
}

// ---- templates -------------------------------------------------------------------------------------

export interface TemplateRow {
  id: number;
  name: string;
  market: 'PH' | 'IN';
  lang: BorrowerLang;
  body: string;
  active: boolean;
  updatedBy: string;
  updatedAt: Date;
}

const templateOf = (r: Record<string, unknown>): TemplateRow => ({
  id: num(r.id),
  name: r.name as string,
  market: r.market as 'PH' | 'IN',
  lang: r.lang as BorrowerLang,
  body: r.body as string,
  active: r.active as boolean,
  updatedBy: (r.updated_by_name as string | null) ?? 'Seeded',
  updatedAt: r.updated_at as Date,
});
const TEMPLATE_SELECT = `SELECT t.*, s.name AS updated_by_name FROM collection_templates t LEFT JOIN staff_accounts s ON s.id = t.updated_by`;

export async function listTemplates(db: Queryable): Promise<TemplateRow[]> {
  const { rows } = await db.query<Record<string, unknown>>(`${TEMPLATE_SELECT} ORDER BY t.market DESC, t.name`);
  return rows.map(templateOf);
}

export async function findTemplate(db: Queryable, id: number): Promise<TemplateRow | null> {
  const { rows } = await db.query<Record<string, unknown>>(`${TEMPLATE_SELECT} WHERE t.id = $1`, [id]);
  return rows[0] ? templateOf(rows[0]) : null;
}

export async function templateNamed(db: Queryable, market: string, name: string): Promise<number | null> {
  const { rows } = await db.query<{ id: string }>(`SELECT id FROM collection_templates WHERE market = $1 AND lower(name) = lower($2)`, [market, name]);
  return numOrNull(rows[0]?.id);
}

export async function saveTemplateRow(
  db: Queryable,
  t: { id?: number | undefined; name: string; market: string; lang: BorrowerLang; body: string; active: boolean; staffId: number; at: Date },
): Promise<number> {
  if (t.id !== undefined) {
    await db.query(`UPDATE collection_templates SET name = $2, market = $3, lang = $4, body = $5, active = $6, updated_by = $7, updated_at = $8 WHERE id = $1`, [
      t.id,
      t.name,
      t.market,
      t.lang,
      t.body,
      t.active,
      t.staffId,
      t.at,
    ]);
    return t.id;
  }
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO collection_templates (name, market, lang, body, active, updated_by, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [t.name, t.market, t.lang, t.body, t.active, t.staffId, t.at],
  );
  return num(rows[0]!.id);
}

// ---- consent to other hours (the Philippines) ------------------------------------------------------

export async function hoursConsentOf(db: Queryable, borrowerId: number): Promise<Date | null> {
  const { rows } = await db.query<{ given_at: Date }>(`SELECT given_at FROM collection_hour_consents WHERE borrower_id = $1`, [borrowerId]);
  return rows[0]?.given_at ?? null;
}

export async function setHoursConsent(db: Queryable, c: { borrowerId: number; given: boolean; staffId: number; at: Date }): Promise<void> {
  if (!c.given) {
    await db.query(`DELETE FROM collection_hour_consents WHERE borrower_id = $1`, [c.borrowerId]);
    return;
  }
  await db.query(
    `INSERT INTO collection_hour_consents (borrower_id, given_at, recorded_by) VALUES ($1, $2, $3) ON CONFLICT (borrower_id) DO UPDATE SET given_at = EXCLUDED.given_at, recorded_by = EXCLUDED.recorded_by`,
    [c.borrowerId, c.at, c.staffId],
  );
}

// ---- collection complaints -------------------------------------------------------------------------

export interface CollectionComplaintRow {
  complaintId: number;
  orderId: number;
  staffId: number | null;
  against: string;
  ticketNo: string;
  filedAt: Date;
  answeredAt: Date | null;
}

export async function insertCollectionComplaint(db: Queryable, c: { complaintId: number; orderId: number; staffId: number | null; ticketNo: string; at: Date }): Promise<void> {
  await db.query(
    `INSERT INTO collection_complaints (complaint_id, order_id, staff_id, ticket_no, filed_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (complaint_id) DO NOTHING`,
    [c.complaintId, c.orderId, c.staffId, c.ticketNo, c.at],
  );
}

export async function markComplaintAnswered(db: Queryable, complaintId: number, at: Date): Promise<void> {
  await db.query(`UPDATE collection_complaints SET answered_at = coalesce(answered_at, $2) WHERE complaint_id = $1`, [complaintId, at]);
}

export async function complaintsAbout(db: Queryable, orderId: number): Promise<CollectionComplaintRow[]> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT c.*, s.name FROM collection_complaints c LEFT JOIN staff_accounts s ON s.id = c.staff_id WHERE c.order_id = $1 ORDER BY c.filed_at DESC`,
    [orderId],
  );
  return rows.map((r) => ({
    complaintId: num(r.complaint_id),
    orderId: num(r.order_id),
    staffId: numOrNull(r.staff_id),
    against: (r.name as string | null) ?? 'The collections desk',
    ticketNo: r.ticket_no as string,
    filedAt: r.filed_at as Date,
    answeredAt: (r.answered_at as Date | null) ?? null,
  }));
}

/** Whether a complaint the borrower filed against this collector waits for its answer. */
export async function complaintAgainstOpen(db: Queryable, borrowerOrderIds: readonly number[], staffId: number): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM collection_complaints WHERE staff_id = $1 AND answered_at IS NULL AND order_id = ANY($2::bigint[]) LIMIT 1`, [
    staffId,
    borrowerOrderIds,
  ]);
  return rows.length > 0;
}

/**
 * The erasure run's part (issue 39): India's agent notices about the orders keep who and when without
 * the phone and text; a dispute's reason and resolution (staff's words) have the name and phone redacted.
 */
export async function eraseCollectionTexts(tx: Queryable, orderIds: readonly number[], redactText: (text: string) => string): Promise<number> {
  if (orderIds.length === 0) return 0;
  const notices = await tx.query(`UPDATE collection_agent_notices SET phone = '', body = '[erased]' WHERE order_id = ANY($1::bigint[]) RETURNING id`, [orderIds]);
  const { rows: disputes } = await tx.query<{ id: number; reason: string; resolution: string | null }>(
    'SELECT id, reason, resolution FROM collection_disputes WHERE order_id = ANY($1::bigint[]) FOR UPDATE',
    [orderIds],
  );
  for (const d of disputes) {
    await tx.query('UPDATE collection_disputes SET reason = $2, resolution = $3 WHERE id = $1', [d.id, redactText(d.reason), d.resolution === null ? null : redactText(d.resolution)]);
  }
  return notices.rows.length + disputes.length;
}
