/** SQL only the back office runs: complaint replies and the dev SMS outbox and captcha look-ups. */
import type { Queryable } from '../platform/db/client.ts';

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

export interface OutboxSms {
  id: number;
  phone: string;
  body: string;
  createdAt: Date;
}

/** The newest messages in the dev SMS outbox, for one phone or for all. */
export async function listSmsOutbox(db: Queryable, phone: string | undefined, limit: number): Promise<OutboxSms[]> {
  const { rows } = await db.query<{ id: number; phone: string; body: string; created_at: Date }>(
    `SELECT id, phone, body, created_at FROM sms_outbox WHERE ($1::text IS NULL OR phone = $1) ORDER BY created_at DESC, id DESC LIMIT $2`,
    [phone ?? null, limit],
  );
  return rows.map((r) => ({ id: Number(r.id), phone: r.phone, body: r.body, createdAt: r.created_at }));
}

export interface CaptchaAnswer {
  sid: string;
  answer: string;
  expiresAt: Date;
  used: boolean;
}

export async function findCaptcha(db: Queryable, sid: string): Promise<CaptchaAnswer | null> {
  const { rows } = await db.query<{ sid: string; answer: string; expires_at: Date; used: boolean }>(
    'SELECT sid, answer, expires_at, used FROM captchas WHERE sid = $1',
    [sid],
  );
  const row = rows[0];
  return row ? { sid: row.sid, answer: row.answer, expiresAt: row.expires_at, used: row.used } : null;
}

// ---- wrong tokens --------------------------------------------------------------------------------

export interface TokenFailures {
  failures: number;
  windowStart: Date;
}

/** Counts a wrong token from the address in its current window (a new window once the last is `windowMs` old). */
export async function countWrongToken(db: Queryable, address: string, now: Date, windowMs: number): Promise<TokenFailures> {
  const { rows } = await db.query<{ failures: number; window_start: Date }>(
    `INSERT INTO ops_auth_failures AS f (address, window_start, failures) VALUES ($1, $2, 1)
     ON CONFLICT (address) DO UPDATE SET
       window_start = CASE WHEN f.window_start <= $3 THEN $2 ELSE f.window_start END,
       failures = CASE WHEN f.window_start <= $3 THEN 1 ELSE f.failures + 1 END
     RETURNING failures, window_start`,
    [address, now, new Date(now.getTime() - windowMs)],
  );
  return { failures: rows[0]!.failures, windowStart: new Date(rows[0]!.window_start) };
}

/** The wrong tokens of the address in its current window (none when the window is over). */
export async function wrongTokensNow(db: Queryable, address: string, now: Date, windowMs: number): Promise<TokenFailures | null> {
  const { rows } = await db.query<{ failures: number; window_start: Date }>(
    'SELECT failures, window_start FROM ops_auth_failures WHERE address = $1 AND window_start > $2',
    [address, new Date(now.getTime() - windowMs)],
  );
  return rows[0] ? { failures: rows[0].failures, windowStart: new Date(rows[0].window_start) } : null;
}
