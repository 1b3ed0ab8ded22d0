/** Creating borrowers and their sessions (used by the ops API, the seed and registration). */
import type { Queryable } from '../../platform/db/client.ts';
import type { Borrower } from './session.ts';
import type { SessionParams } from '@cashloan/contract';
import { isBorrowerLang, type BorrowerLang, type Lang } from '@cashloan/contract/i18n';

export interface NewBorrower {
  userId?: string | undefined;
  merchantNumber?: string | undefined;
  mobilePhone: string;
  name?: string | undefined;
  isRepeat?: boolean | undefined;
  deviceId?: string | undefined;
  /** The sign-up's own tick for offers and news (unticked unless the borrower ticked it). */
  marketingConsent?: boolean | undefined;
  /** The language they signed up in: the consents' words are recorded in it, and it is their language until their first call. */
  lang?: Lang | undefined;
}

export const DEFAULT_MERCHANT = 'M0001';

/** Inserts a borrower; answers the row id (the session is made by service.ts). */
export async function insertBorrower(
  db: Queryable,
  b: { userId: string; merchantNumber: string; mobilePhone: string; name: string; isRepeat: boolean; now: Date; lang?: Lang | undefined },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO borrowers (user_id, merchant_number, mobile_phone, name, is_repeat, created_at, lang)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [b.userId, b.merchantNumber, b.mobilePhone, b.name, b.isRepeat, b.now, keptLang(b.lang)],
  );
  return Number(rows[0]!.id);
}

/**
 * The language kept on a borrower, written only here and by setBorrowerLang: one of ours. The
 * pseudo-locale is a developer's (tests, lang=qps), never a borrower's, so it is not kept.
 */
const keptLang = (lang: Lang | undefined): BorrowerLang | null => (lang !== undefined && isBorrowerLang(lang) ? lang : null);

/** Keeps `lang` as the borrower's language (a pseudo-locale call keeps the one they have). */
export async function setBorrowerLang(db: Queryable, borrowerId: number, lang: Lang): Promise<void> {
  const kept = keptLang(lang);
  if (kept) await db.query('UPDATE borrowers SET lang = $2 WHERE id = $1 AND lang IS DISTINCT FROM $2', [borrowerId, kept]);
}

/** A borrower by row id or by userId; null when there is none. */
export async function findBorrower(db: Queryable, by: { id?: number | undefined; userId?: string | undefined }): Promise<Borrower | null> {
  const { rows } = await db.query<{ id: number; user_id: string; merchant_number: string; mobile_phone: string; name: string; is_repeat: boolean }>(
    by.id !== undefined
      ? 'SELECT id, user_id, merchant_number, mobile_phone, name, is_repeat FROM borrowers WHERE id = $1'
      : 'SELECT id, user_id, merchant_number, mobile_phone, name, is_repeat FROM borrowers WHERE user_id = $1',
    [by.id ?? by.userId],
  );
  const row = rows[0];
  return row
    ? { id: Number(row.id), userId: row.user_id, merchantNumber: row.merchant_number, mobilePhone: row.mobile_phone, name: row.name, isRepeat: row.is_repeat }
    : null;
}

/** The borrower's newest session (still live at `liveAt` when given) as the five session parameters. */
export async function latestSession(db: Queryable, borrowerId: number, liveAt?: Date): Promise<SessionParams | null> {
  const { rows } = await db.query<{ id: string; device_id: string; user_id: string; merchant_number: string; mobile_phone: string }>(
    `SELECT s.id, s.device_id, b.user_id, b.merchant_number, b.mobile_phone
       FROM sessions s JOIN borrowers b ON b.id = s.borrower_id
      WHERE s.borrower_id = $1 AND ($2::timestamptz IS NULL OR s.expires_at > $2)
      ORDER BY s.expires_at DESC LIMIT 1`,
    [borrowerId, liveAt ?? null],
  );
  const row = rows[0];
  return row
    ? { deviceId: row.device_id, userId: row.user_id, sessionId: row.id, merchantNumber: row.merchant_number, mobilePhone: row.mobile_phone }
    : null;
}

/** Locks the borrower's row: what one borrower does in several rooms (saves, uploads, codes) takes turns on it. */
export async function lockBorrower(db: Queryable, borrowerId: number): Promise<void> {
  await db.query('SELECT id FROM borrowers WHERE id = $1 FOR UPDATE', [borrowerId]);
}

/** The borrower holding this phone at this merchant. */
export async function findBorrowerByPhone(db: Queryable, merchantNumber: string, phone: string): Promise<{ id: number; userId: string } | null> {
  const { rows } = await db.query<{ id: number; user_id: string }>('SELECT id, user_id FROM borrowers WHERE merchant_number = $1 AND mobile_phone = $2', [merchantNumber, phone]);
  return rows[0] ? { id: Number(rows[0].id), userId: rows[0].user_id } : null;
}

/** Borrowers by row id (back-office lists), in no particular order. */
export async function findBorrowers(db: Queryable, ids: number[]): Promise<Borrower[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<{ id: number; user_id: string; merchant_number: string; mobile_phone: string; name: string; is_repeat: boolean }>(
    'SELECT id, user_id, merchant_number, mobile_phone, name, is_repeat FROM borrowers WHERE id = ANY($1::bigint[])',
    [ids],
  );
  return rows.map((row) => ({ id: Number(row.id), userId: row.user_id, merchantNumber: row.merchant_number, mobilePhone: row.mobile_phone, name: row.name, isRepeat: row.is_repeat }));
}

/** A borrower with when they registered (the back office's lists). */
export interface BorrowerRecord extends Borrower {
  createdAt: Date;
  /** The language of the borrower's latest call (session.ts, rememberLang); null before the first. */
  lang: BorrowerLang | null;
}
interface BorrowerRecordDb {
  id: number;
  user_id: string;
  merchant_number: string;
  mobile_phone: string;
  name: string;
  is_repeat: boolean;
  created_at: Date;
  lang: BorrowerLang | null;
}
const RECORD_COLUMNS = 'id, user_id, merchant_number, mobile_phone, name, is_repeat, created_at, lang';
const toRecord = (r: BorrowerRecordDb): BorrowerRecord => ({
  id: Number(r.id),
  userId: r.user_id,
  merchantNumber: r.merchant_number,
  mobilePhone: r.mobile_phone,
  name: r.name,
  isRepeat: r.is_repeat,
  createdAt: new Date(r.created_at),
  lang: r.lang,
});

/** Whether the phone, its digits only, holds `digits` anywhere (SQL; the parameter is named by the caller). */
const phoneHolds = (digits: string) => `strpos(regexp_replace(mobile_phone, '[^0-9]', '', 'g'), ${digits}) > 0`;

export async function findBorrowerRecord(db: Queryable, id: number): Promise<BorrowerRecord | null> {
  const { rows } = await db.query<BorrowerRecordDb>(`SELECT ${RECORD_COLUMNS} FROM borrowers WHERE id = $1`, [id]);
  return rows[0] ? toRecord(rows[0]) : null;
}

/**
 * Borrowers newest first whose phone holds these digits anywhere and whose name holds this text in
 * any case (either may be left out), and how many match in all (for the pages).
 */
export async function searchBorrowers(
  db: Queryable,
  s: { phoneDigits?: string | undefined; namePart?: string | undefined; offset: number; limit: number },
): Promise<{ rows: BorrowerRecord[]; total: number }> {
  const where = `($1::text IS NULL OR ${phoneHolds('$1')}) AND ($2::text IS NULL OR strpos(lower(name), lower($2)) > 0)`;
  const params = [s.phoneDigits ?? null, s.namePart ?? null];
  const counted = await db.query<{ n: number }>(`SELECT count(*) AS n FROM borrowers WHERE ${where}`, params);
  const { rows } = await db.query<BorrowerRecordDb>(`SELECT ${RECORD_COLUMNS} FROM borrowers WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`, [
    ...params,
    s.limit,
    s.offset,
  ]);
  return { rows: rows.map(toRecord), total: Number(counted.rows[0]!.n) };
}

/** The ids of the borrowers whose phone holds these digits anywhere (a search of orders by phone). */
export async function borrowerIdsWithPhonePart(db: Queryable, digits: string): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(`SELECT id FROM borrowers WHERE ${phoneHolds('$1')}`, [digits]);
  return rows.map((r) => Number(r.id));
}

/** The ids of the borrowers holding a phone, at any merchant. */
export async function borrowerIdsWithPhone(db: Queryable, phone: string): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM borrowers WHERE mobile_phone = $1', [phone]);
  return rows.map((r) => Number(r.id));
}

export async function hasBorrowers(db: Queryable): Promise<boolean> {
  return (await db.query('SELECT 1 FROM borrowers LIMIT 1')).rows.length > 0;
}

/** When the borrower withdrew SMS payment reminders in the consent ledger; null when they get them. */
export async function remindersStoppedAt(db: Queryable, borrowerId: number): Promise<Date | null> {
  const { rows } = await db.query<{ at: Date }>(`SELECT at FROM consents WHERE borrower_id = $1 AND purpose = 'payment_reminders' AND NOT granted`, [borrowerId]);
  return rows[0]?.at ?? null;
}

/** Where a reminder goes: each borrower's phone, and whether they stopped reminders (by borrower id). */
export async function reminderContacts(db: Queryable, ids: readonly number[]): Promise<Map<number, { mobilePhone: string; stopped: boolean }>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<{ id: number; mobile_phone: string; stopped: boolean }>(
    `SELECT b.id, b.mobile_phone, coalesce(NOT c.granted, true) AS stopped
       FROM borrowers b LEFT JOIN consents c ON c.borrower_id = b.id AND c.purpose = 'payment_reminders'
      WHERE b.id = ANY($1::bigint[])`,
    [ids],
  );
  return new Map(rows.map((r) => [Number(r.id), { mobilePhone: r.mobile_phone, stopped: r.stopped }]));
}

/** Corrects the borrower's name (a data-protection officer's approval of the borrower's correction). */
export async function setBorrowerName(db: Queryable, borrowerId: number, name: string): Promise<void> {
  await db.query('UPDATE borrowers SET name = $2 WHERE id = $1', [borrowerId, name]);
}
