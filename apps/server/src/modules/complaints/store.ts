/** SQL of complaints, their uploaded images and their ratings. */
import type { Queryable } from '../../platform/db/client.ts';

export interface ComplaintRow {
  id: number;
  /** The reference the borrower reads out, CMP-YYYYMMDD-NNNN (migration 025). */
  ticketNo: string;
  borrowerId: number;
  orderNo: string;
  problemType: string;
  problemSonType: string;
  detail: string;
  images: string[];
  disposeDetail: string;
  disposeImages: string[];
  isNeedScore: number;
  score: number | null;
  createdAt: Date;
  repliedAt: Date | null;
  scoredAt: Date | null;
}

interface ComplaintDb {
  id: number;
  ticket_no: string;
  borrower_id: number;
  order_no: string;
  problem_type: string;
  problem_son_type: string;
  detail: string;
  images: string[];
  dispose_detail: string;
  dispose_images: string[];
  is_need_score: number;
  score: number | null;
  created_at: Date;
  replied_at: Date | null;
  scored_at: Date | null;
}

const COMPLAINT_COLUMNS = `id, ticket_no, borrower_id, order_no, problem_type, problem_son_type, detail, images, dispose_detail,
  dispose_images, is_need_score, score, created_at, replied_at, scored_at`;

const toComplaint = (r: ComplaintDb): ComplaintRow => ({
  id: Number(r.id),
  ticketNo: r.ticket_no,
  borrowerId: Number(r.borrower_id),
  orderNo: r.order_no,
  problemType: r.problem_type,
  problemSonType: r.problem_son_type,
  detail: r.detail,
  images: r.images,
  disposeDetail: r.dispose_detail,
  disposeImages: r.dispose_images,
  isNeedScore: r.is_need_score,
  score: r.score,
  createdAt: new Date(r.created_at),
  repliedAt: r.replied_at === null ? null : new Date(r.replied_at),
  scoredAt: r.scored_at === null ? null : new Date(r.scored_at),
});

// ---- images ------------------------------------------------------------------------------------

/** Who uploaded an image: a borrower (for a complaint) or a staff member (for a reply). */
export type ImageOwner = { borrowerId: number } | { staffId: number };

export async function insertImage(
  db: Queryable,
  image: { owner: ImageOwner; url: string; storageKey: string; contentType: string; byteSize: number; now: Date },
): Promise<void> {
  const borrowerId = 'borrowerId' in image.owner ? image.owner.borrowerId : null;
  const staffId = 'staffId' in image.owner ? image.owner.staffId : null;
  await db.query(
    `INSERT INTO complaint_images (borrower_id, staff_id, url, storage_key, content_type, byte_size, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [borrowerId, staffId, image.url, image.storageKey, image.contentType, image.byteSize, image.now],
  );
}

/** Which of `urls` staff uploaded (for replies). */
export async function staffUploadedUrls(db: Queryable, urls: string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const { rows } = await db.query<{ url: string }>('SELECT url FROM complaint_images WHERE staff_id IS NOT NULL AND url = ANY($1::text[])', [urls]);
  return new Set(rows.map((r) => r.url));
}

/** Deletes staff uploads made at or before `before` that no reply uses; answers their storage keys. */
export async function deleteOrphanStaffImages(db: Queryable, before: Date): Promise<string[]> {
  const { rows } = await db.query<{ storage_key: string }>(
    `DELETE FROM complaint_images ci
      WHERE ci.staff_id IS NOT NULL AND ci.created_at <= $1
        AND NOT EXISTS (SELECT 1 FROM complaints c WHERE c.dispose_images @> jsonb_build_array(ci.url))
      RETURNING ci.storage_key`,
    [before],
  );
  return rows.map((r) => r.storage_key);
}

// ---- upload quota (one row per upload the hourly limit let through) ----------------------------

/** Slots of this borrower taken after `since` (call under lockBorrower to count and take atomically). */
export async function countUploadSlotsSince(db: Queryable, borrowerId: number, since: Date): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*) AS n FROM upload_slots WHERE borrower_id = $1 AND taken_at > $2', [borrowerId, since]);
  return Number(rows[0]!.n);
}

export async function insertUploadSlot(db: Queryable, borrowerId: number, now: Date): Promise<number> {
  const { rows } = await db.query<{ id: number }>('INSERT INTO upload_slots (borrower_id, taken_at) VALUES ($1, $2) RETURNING id', [borrowerId, now]);
  return Number(rows[0]!.id);
}

export async function deleteUploadSlot(db: Queryable, slotId: number): Promise<void> {
  await db.query('DELETE FROM upload_slots WHERE id = $1', [slotId]);
}

/** Slots taken at or before `before` count for nobody any more. */
export async function deleteUploadSlotsTakenBefore(db: Queryable, before: Date): Promise<void> {
  await db.query('DELETE FROM upload_slots WHERE taken_at <= $1', [before]);
}

/** Which of `urls` this borrower uploaded. */
export async function ownedImageUrls(db: Queryable, borrowerId: number, urls: string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const { rows } = await db.query<{ url: string }>('SELECT url FROM complaint_images WHERE borrower_id = $1 AND url = ANY($2::text[])', [
    borrowerId,
    urls,
  ]);
  return new Set(rows.map((r) => r.url));
}

// An image is in use while one of its borrower's complaints shows it (in the complaint or in the agent's
// reply), or a request of "My data" holds it as its document photo (data_requests, the my-data family's
// table, read here so that the sweep never takes a photo a correction still needs; issue 39).
const UNREFERENCED = `NOT EXISTS (
  SELECT 1 FROM complaints c
   WHERE c.borrower_id = ci.borrower_id AND (c.images @> jsonb_build_array(ci.url) OR c.dispose_images @> jsonb_build_array(ci.url)))
  AND NOT EXISTS (SELECT 1 FROM data_requests d WHERE d.borrower_id = ci.borrower_id AND d.image_url = ci.url)`;

/** Borrowers holding uploads made at or before `before` that no complaint uses (staff uploads are swept apart). */
export async function borrowersWithOrphanImages(db: Queryable, before: Date): Promise<number[]> {
  const { rows } = await db.query<{ borrower_id: number }>(
    `SELECT DISTINCT ci.borrower_id FROM complaint_images ci WHERE ci.borrower_id IS NOT NULL AND ci.created_at <= $1 AND ${UNREFERENCED}`,
    [before],
  );
  return rows.map((r) => Number(r.borrower_id));
}

/** Deletes one borrower's unused uploads made at or before `before` (call under lockBorrower); answers their storage keys. */
export async function deleteOrphanImages(tx: Queryable, borrowerId: number, before: Date): Promise<string[]> {
  const { rows } = await tx.query<{ storage_key: string }>(
    `DELETE FROM complaint_images ci WHERE ci.borrower_id = $1 AND ci.created_at <= $2 AND ${UNREFERENCED} RETURNING ci.storage_key`,
    [borrowerId, before],
  );
  return rows.map((r) => r.storage_key);
}

/** Which of these storage keys a row names. */
export async function knownStorageKeys(db: Queryable, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const { rows } = await db.query<{ storage_key: string }>('SELECT storage_key FROM complaint_images WHERE storage_key = ANY($1::text[])', [keys]);
  return new Set(rows.map((r) => r.storage_key));
}

// ---- complaints --------------------------------------------------------------------------------

/** The borrower's complaint filed with this fingerprint after `since`, if any. */
export async function findSubmission(db: Queryable, borrowerId: number, key: string, since: Date): Promise<{ id: number; ticketNo: string; createdAt: Date } | null> {
  const { rows } = await db.query<{ id: number; ticket_no: string; created_at: Date }>(
    `SELECT id, ticket_no, created_at FROM complaints WHERE borrower_id = $1 AND submission_key = $2 AND created_at > $3 ORDER BY created_at DESC, id DESC LIMIT 1`,
    [borrowerId, key, since],
  );
  return rows[0] ? { id: Number(rows[0].id), ticketNo: rows[0].ticket_no, createdAt: new Date(rows[0].created_at) } : null;
}

/**
 * The next sequence number of a lender day ('YYYY-MM-DD'): the day's counter row, created at 1 or
 * raised by one, held locked until the caller's transaction ends, so concurrent filings (of any
 * process) are numbered one after another.
 */
export async function takeTicketSequence(tx: Queryable, day: string): Promise<number> {
  const { rows } = await tx.query<{ last_seq: number }>(
    `INSERT INTO complaint_ticket_days (day, last_seq) VALUES ($1::date, 1)
     ON CONFLICT (day) DO UPDATE SET last_seq = complaint_ticket_days.last_seq + 1
     RETURNING last_seq`,
    [day],
  );
  return Number(rows[0]!.last_seq);
}

export async function insertComplaint(
  db: Queryable,
  c: { ticketNo: string; borrowerId: number; orderNo: string; problemType: string; problemSonType: string; detail: string; images: string[]; submissionKey: string; now: Date },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO complaints (ticket_no, borrower_id, order_no, problem_type, problem_son_type, detail, images, submission_key, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9) RETURNING id`,
    [c.ticketNo, c.borrowerId, c.orderNo, c.problemType, c.problemSonType, c.detail, JSON.stringify(c.images), c.submissionKey, c.now],
  );
  return Number(rows[0]!.id);
}

/** The borrower's complaints, newest first. */
export async function listBorrowerComplaints(db: Queryable, borrowerId: number, limit: number): Promise<ComplaintRow[]> {
  const { rows } = await db.query<ComplaintDb>(
    `SELECT ${COMPLAINT_COLUMNS} FROM complaints WHERE borrower_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
    [borrowerId, limit],
  );
  return rows.map(toComplaint);
}

/** A complaint of this borrower, or null when it does not exist or is someone else's. */
export async function findBorrowerComplaint(db: Queryable, borrowerId: number, id: number, options: { forUpdate?: boolean } = {}): Promise<ComplaintRow | null> {
  const { rows } = await db.query<ComplaintDb>(
    `SELECT ${COMPLAINT_COLUMNS} FROM complaints WHERE id = $1 AND borrower_id = $2${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [id, borrowerId],
  );
  return rows[0] ? toComplaint(rows[0]) : null;
}

export async function saveComplaintScore(db: Queryable, id: number, score: number, now: Date): Promise<void> {
  await db.query('UPDATE complaints SET score = $2, scored_at = $3, is_need_score = 0 WHERE id = $1', [id, score, now]);
}

// ---- back office -------------------------------------------------------------------------------

/** Test data (the dev ops API): the complaint as if filed `days` earlier. False when there is no such complaint. */
export async function backdateComplaint(db: Queryable, id: number, days: number): Promise<boolean> {
  const { rows } = await db.query<{ id: number }>(`UPDATE complaints SET created_at = created_at - make_interval(days => $2) WHERE id = $1 RETURNING id`, [id, days]);
  return rows.length > 0;
}

export async function findComplaint(db: Queryable, id: number): Promise<ComplaintRow | null> {
  const { rows } = await db.query<ComplaintDb>(`SELECT ${COMPLAINT_COLUMNS} FROM complaints WHERE id = $1`, [id]);
  return rows[0] ? toComplaint(rows[0]) : null;
}

/** Newest complaints first, of one borrower or of all; `open` keeps those without a reply. */
export async function listComplaints(db: Queryable, filter: { borrowerId?: number | undefined; open?: boolean | undefined }, limit: number): Promise<ComplaintRow[]> {
  const { rows } = await db.query<ComplaintDb>(
    `SELECT ${COMPLAINT_COLUMNS} FROM complaints
      WHERE ($1::bigint IS NULL OR borrower_id = $1) AND (NOT $2::boolean OR replied_at IS NULL)
      ORDER BY created_at DESC, id DESC LIMIT $3`,
    [filter.borrowerId ?? null, filter.open ?? false, limit],
  );
  return rows.map(toComplaint);
}

// ---- the agent's reply (the back office) ------------------------------------------------------------

export interface ComplaintReply {
  id: number;
  disposeDetail: string;
  disposeImages: string[];
  isNeedScore: number;
  repliedAt: Date;
}

export async function replyToComplaint(
  db: Queryable,
  id: number,
  reply: { disposeDetail: string; disposeImages: string[]; isNeedScore: number; now: Date },
): Promise<ComplaintReply | null> {
  const { rows } = await db.query<{ id: number; dispose_detail: string; dispose_images: string[]; is_need_score: number; replied_at: Date }>(
    `UPDATE complaints SET dispose_detail = $2, dispose_images = $3::jsonb, is_need_score = $4, replied_at = $5
      WHERE id = $1 RETURNING id, dispose_detail, dispose_images, is_need_score, replied_at`,
    [id, reply.disposeDetail, JSON.stringify(reply.disposeImages), reply.isNeedScore, reply.now],
  );
  const row = rows[0];
  return row
    ? { id: Number(row.id), disposeDetail: row.dispose_detail, disposeImages: row.dispose_images, isNeedScore: row.is_need_score, repliedAt: row.replied_at }
    : null;
}

// ---- the agent's inbox (the staff back office) ----------------------------------------------------

export type InboxStatus = 'waiting' | 'answered' | 'all';

/** Complaints oldest first: by status, filed at or before `filedBefore`, of one borrower; with the total for the pages. */
export async function listInbox(
  db: Queryable,
  filter: { status: InboxStatus; filedBefore?: Date | undefined; borrowerId?: number | undefined; offset: number; limit: number },
): Promise<{ rows: ComplaintRow[]; total: number }> {
  const where = `($1::text = 'all' OR ($1 = 'waiting' AND replied_at IS NULL) OR ($1 = 'answered' AND replied_at IS NOT NULL))
     AND ($2::timestamptz IS NULL OR created_at <= $2) AND ($3::bigint IS NULL OR borrower_id = $3)`;
  const params = [filter.status, filter.filedBefore ?? null, filter.borrowerId ?? null];
  const { rows } = await db.query<ComplaintDb>(`SELECT ${COMPLAINT_COLUMNS} FROM complaints WHERE ${where} ORDER BY created_at, id LIMIT $4 OFFSET $5`, [
    ...params,
    filter.limit,
    filter.offset,
  ]);
  const counted = await db.query<{ n: number }>(`SELECT count(*) AS n FROM complaints WHERE ${where}`, params);
  return { rows: rows.map(toComplaint), total: Number(counted.rows[0]!.n) };
}

/** When each complaint still waiting for a reply was filed (the dashboard's count of those past review). */
export async function waitingComplaintsFiledAt(db: Queryable): Promise<Date[]> {
  const { rows } = await db.query<{ created_at: Date }>('SELECT created_at FROM complaints WHERE replied_at IS NULL');
  return rows.map((r) => new Date(r.created_at));
}

/**
 * The erasure run's part (issue 39): the borrower's words and photos go, the lender's reply keeps its
 * text with the name and phone redacted by the caller's `redactReply`, and the tickets stay (numbers,
 * types, dates and scores are the complaint record). Answers the rows changed and the storage keys of
 * the photos whose rows were deleted.
 */
export async function eraseBorrowerComplaints(tx: Queryable, borrowerId: number, redactReply: (text: string) => string): Promise<{ rows: number; imageKeys: string[] }> {
  const { rows: replies } = await tx.query<{ id: number; dispose_detail: string }>('SELECT id, dispose_detail FROM complaints WHERE borrower_id = $1 FOR UPDATE', [borrowerId]);
  for (const r of replies) {
    await tx.query(`UPDATE complaints SET detail = $2, images = '[]'::jsonb, dispose_detail = $3, dispose_images = '[]'::jsonb WHERE id = $1`, [r.id, '[erased]', redactReply(r.dispose_detail)]);
  }
  const { rows: images } = await tx.query<{ storage_key: string }>('DELETE FROM complaint_images WHERE borrower_id = $1 RETURNING storage_key', [borrowerId]);
  await tx.query('DELETE FROM upload_slots WHERE borrower_id = $1', [borrowerId]);
  return { rows: replies.length + images.length, imageKeys: images.map((i) => i.storage_key) };
}
