/** SQL of the promotion landing: templates, track counts, captcha sessions, SMS codes and registrations. */
import type { LandingTemplate, PhoneRuleName } from '@cashloan/contract';
import type { Queryable } from '../../platform/db/client.ts';
import { hashSmsCode } from './code-hash.ts';

// ---- landing templates ------------------------------------------------------------------------------

export interface TemplateRow extends LandingTemplate {
  merchantNumber: string;
}
export interface NewTemplate extends TemplateRow {
  active?: boolean;
}

interface TemplateDbRow {
  id: number;
  app_name: string;
  title: string;
  subtitle: string;
  highlights: string[];
  banner_url: string;
  banner_alt: string;
  button_text: string;
  download_url: string;
  primary_color: string;
  background_color: string;
  text_color: string;
  phone_rule: PhoneRuleName;
  merchant_number: string;
  agreement_title: string;
  agreement_sections: LandingTemplate['agreement']['sections'];
}

const toTemplate = (r: TemplateDbRow): TemplateRow => ({
  id: Number(r.id),
  appName: r.app_name,
  title: r.title,
  subtitle: r.subtitle,
  highlights: r.highlights,
  bannerUrl: r.banner_url,
  bannerAlt: r.banner_alt,
  buttonText: r.button_text,
  downloadUrl: r.download_url,
  colors: { primary: r.primary_color, background: r.background_color, text: r.text_color },
  phoneRule: r.phone_rule,
  merchantNumber: r.merchant_number,
  agreement: { title: r.agreement_title, sections: r.agreement_sections },
});

/** The texts of a template the marketer translates (landing_template_texts); the rest is the template's in every language. */
export type TemplateTexts = Pick<LandingTemplate, 'title' | 'subtitle' | 'highlights' | 'bannerAlt' | 'buttonText' | 'agreement'>;

/** An active template, or null; with its texts in `lang` where the marketer keeps them, else its own. */
export async function findActiveTemplate(db: Queryable, id: number, lang: string = 'en'): Promise<TemplateRow | null> {
  const { rows } = await db.query<TemplateDbRow>(
    `SELECT t.id, t.app_name, t.banner_url, t.download_url, t.primary_color, t.background_color, t.text_color, t.phone_rule, t.merchant_number,
            COALESCE(x.title, t.title) AS title, COALESCE(x.subtitle, t.subtitle) AS subtitle, COALESCE(x.highlights, t.highlights) AS highlights,
            COALESCE(x.banner_alt, t.banner_alt) AS banner_alt, COALESCE(x.button_text, t.button_text) AS button_text,
            COALESCE(x.agreement_title, t.agreement_title) AS agreement_title, COALESCE(x.agreement_sections, t.agreement_sections) AS agreement_sections
       FROM landing_templates t LEFT JOIN landing_template_texts x ON x.template_id = t.id AND x.lang = $2
      WHERE t.id = $1 AND t.active`,
    [id, lang],
  );
  return rows[0] ? toTemplate(rows[0]) : null;
}

/** A template's texts in a language (the demo seed; a lender's marketer by SQL: docs/promotion.md). */
export async function insertTemplateTexts(db: Queryable, templateId: number, lang: string, t: TemplateTexts): Promise<void> {
  await db.query(
    `INSERT INTO landing_template_texts (template_id, lang, title, subtitle, highlights, banner_alt, button_text, agreement_title, agreement_sections)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9::jsonb)`,
    [templateId, lang, t.title, t.subtitle, JSON.stringify(t.highlights), t.bannerAlt, t.buttonText, t.agreement.title, JSON.stringify(t.agreement.sections)],
  );
}

export async function insertTemplate(db: Queryable, t: NewTemplate): Promise<void> {
  await db.query(
    `INSERT INTO landing_templates (id, app_name, title, subtitle, highlights, banner_url, banner_alt, button_text, download_url,
       primary_color, background_color, text_color, phone_rule, merchant_number, agreement_title, agreement_sections, active)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16::jsonb, $17)`,
    [
      t.id,
      t.appName,
      t.title,
      t.subtitle,
      JSON.stringify(t.highlights),
      t.bannerUrl,
      t.bannerAlt,
      t.buttonText,
      t.downloadUrl,
      t.colors.primary,
      t.colors.background,
      t.colors.text,
      t.phoneRule,
      t.merchantNumber,
      t.agreement.title,
      JSON.stringify(t.agreement.sections),
      t.active ?? true,
    ],
  );
}

// ---- visit and click counts ---------------------------------------------------------------------------

export type TrackKind = 'visit' | 'click';

/**
 * Adds one to the day's count of a page, source and template. Returns false (nothing counted) when
 * the template is not an active one; template 0 stands for a landing opened without a template.
 */
export async function bumpTrackCount(
  db: Queryable,
  c: { templateId: number; page: string; source: string; kind: TrackKind; day: string },
): Promise<boolean> {
  const { rows } = await db.query<{ count: number }>(
    `INSERT INTO landing_track_counts (template_id, page, source, kind, day, count)
     SELECT $1::bigint, $2, $3, $4, $5::date, 1
      WHERE $1::bigint = 0 OR EXISTS (SELECT 1 FROM landing_templates WHERE id = $1::bigint AND active)
     ON CONFLICT (template_id, page, source, kind, day) DO UPDATE SET count = landing_track_counts.count + 1
     RETURNING count`,
    [c.templateId, c.page, c.source, c.kind, c.day],
  );
  return rows.length > 0;
}

export interface TrackCount {
  templateId: number;
  page: string;
  source: string;
  kind: TrackKind;
  day: string;
  count: number;
}

export async function listTrackCounts(db: Queryable, filter: { templateId?: number | undefined; source?: string | undefined }): Promise<TrackCount[]> {
  const { rows } = await db.query<{ template_id: number; page: string; source: string; kind: TrackKind; day: string; count: number }>(
    `SELECT template_id, page, source, kind, to_char(day, 'YYYY-MM-DD') AS day, count
       FROM landing_track_counts
      WHERE ($1::bigint IS NULL OR template_id = $1) AND ($2::text IS NULL OR source = $2)
      ORDER BY day DESC, template_id, page, source, kind
      LIMIT 500`,
    [filter.templateId ?? null, filter.source ?? null],
  );
  return rows.map((r) => ({ templateId: Number(r.template_id), page: r.page, source: r.source, kind: r.kind, day: r.day, count: Number(r.count) }));
}

// ---- captcha sessions -----------------------------------------------------------------------------------

/** Sids this client address asked for since `since` (sid_expires_at is creation + a fixed lifetime). */
export async function countSidsSince(db: Queryable, clientIp: string, createdSince: Date, sidTtlMs: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*) AS n FROM captchas WHERE client_ip = $1 AND sid_expires_at > $2', [
    clientIp,
    new Date(createdSince.getTime() + sidTtlMs),
  ]);
  return Number(rows[0]!.n);
}

/** Forgets captcha sessions that ended before `before` (they can no longer be drawn, checked or passed). */
export async function deleteEndedSids(db: Queryable, before: Date): Promise<void> {
  await db.query('DELETE FROM captchas WHERE sid_expires_at < $1 AND (passed_until IS NULL OR passed_until < $1)', [before]);
}

/** A new captcha session with no image drawn yet (an empty answer never matches). */
export async function insertSid(db: Queryable, s: { sid: string; templateId: number | null; clientIp: string; now: Date; sidExpiresAt: Date }): Promise<void> {
  await db.query(
    `INSERT INTO captchas (sid, answer, created_at, expires_at, used, template_id, client_ip, sid_expires_at)
     VALUES ($1, '', $2, $2, true, $3, $4, $5)`,
    [s.sid, s.now, s.templateId, s.clientIp, s.sidExpiresAt],
  );
}

export type DrawResult = 'drawn' | 'unknown' | 'tooMany';

/**
 * Puts a new answer into the sid: the previous image (and any pass it gave) stops counting. Refused
 * when the sid is unknown or over, or has had `maxDraws` images already.
 */
export async function drawCaptcha(db: Queryable, d: { sid: string; answer: string; now: Date; expiresAt: Date; maxDraws: number }): Promise<DrawResult> {
  const { rows } = await db.query<{ sid: string }>(
    `UPDATE captchas SET answer = $2, created_at = $3, expires_at = $4, used = false, passed_phone = NULL, passed_until = NULL, draws = draws + 1
      WHERE sid = $1 AND sid_expires_at > $3 AND draws < $5
      RETURNING sid`,
    [d.sid, d.answer, d.now, d.expiresAt, d.maxDraws],
  );
  if (rows.length > 0) return 'drawn';
  const { rows: existing } = await db.query<{ draws: number }>('SELECT draws FROM captchas WHERE sid = $1 AND sid_expires_at > $2', [d.sid, d.now]);
  return existing[0] ? 'tooMany' : 'unknown';
}

export interface SidLanding {
  templateId: number | null;
  phoneRule: PhoneRuleName;
  merchantNumber: string | null;
  appName: string | null;
}

/** The landing a sid was made for (template fields null when it was made without one); null for an unknown sid. */
export async function findSidLanding(db: Queryable, sid: string): Promise<SidLanding | null> {
  const { rows } = await db.query<{ template_id: number | null; phone_rule: PhoneRuleName | null; merchant_number: string | null; app_name: string | null }>(
    `SELECT c.template_id, t.phone_rule, t.merchant_number, t.app_name
       FROM captchas c LEFT JOIN landing_templates t ON t.id = c.template_id
      WHERE c.sid = $1`,
    [sid],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    templateId: row.template_id === null ? null : Number(row.template_id),
    phoneRule: row.phone_rule ?? 'default',
    merchantNumber: row.merchant_number,
    appName: row.app_name,
  };
}

/**
 * Checks an answer against the sid's image, in one statement so two requests cannot both use it.
 * Right when the image is unused and unexpired (it then becomes a pass for `phone` until
 * `passUntil`) or when it is already this phone's live pass. Anything else kills the image and its
 * pass. Every check marks the image used.
 */
export async function checkCaptcha(db: Queryable, c: { sid: string; capcode: string; phone: string; now: Date; passUntil: Date }): Promise<boolean> {
  // SET reads the row as it was; under concurrent updates PostgreSQL re-evaluates it on the newest version.
  const fresh = `(answer <> '' AND upper(answer) = upper($2) AND NOT used AND expires_at > $4)`;
  const pass = `(answer <> '' AND upper(answer) = upper($2) AND used AND passed_phone = $3 AND passed_until > $4)`;
  const { rows } = await db.query<{ passed: boolean }>(
    `UPDATE captchas SET
        used = true,
        passed_phone = CASE WHEN ${fresh} OR ${pass} THEN $3 ELSE NULL END,
        passed_until = CASE WHEN ${fresh} THEN $5::timestamptz WHEN ${pass} THEN passed_until ELSE NULL END
      WHERE sid = $1
      RETURNING passed_phone IS NOT NULL AS passed`,
    [c.sid, c.capcode, c.phone, c.now, c.passUntil],
  );
  return rows[0]?.passed === true;
}

// ---- SMS codes --------------------------------------------------------------------------------------------

/** Serialises the code rules of one phone number (get-sms and register) until the transaction ends. */
export async function lockPhone(tx: Queryable, phone: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('promotion-phone:' || $1))`, [phone]);
}

export interface SmsUsage {
  lastSentAt: Date | null;
  phoneCount: number;
  addressCount: number;
}

/** The phone's newest code and the codes sent since `since` to the phone and from the client address ('unsent' ones do not count). */
export async function smsUsageSince(db: Queryable, phone: string, clientIp: string, since: Date): Promise<SmsUsage> {
  const { rows } = await db.query<{ last_sent_at: Date | null; phone_count: number; address_count: number }>(
    `SELECT max(created_at) FILTER (WHERE phone = $1) AS last_sent_at,
            count(*) FILTER (WHERE phone = $1) AS phone_count,
            count(*) FILTER (WHERE client_ip = $2) AS address_count
       FROM sms_codes
      WHERE (phone = $1 OR client_ip = $2) AND created_at > $3 AND state <> 'unsent'`,
    [phone, clientIp, since],
  );
  const row = rows[0]!;
  return { lastSentAt: row.last_sent_at ? new Date(row.last_sent_at) : null, phoneCount: Number(row.phone_count), addressCount: Number(row.address_count) };
}

/** A new live code for the phone (stored hashed); the phone's earlier live codes stop working. */
export async function insertSmsCode(
  tx: Queryable,
  c: { phone: string; merchantNumber: string; code: string; sid: string; clientIp: string; now: Date; expiresAt: Date },
): Promise<number> {
  await tx.query(`UPDATE sms_codes SET state = 'replaced' WHERE phone = $1 AND state = 'live'`, [c.phone]);
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO sms_codes (phone, merchant_number, code_hash, sid, client_ip, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [c.phone, c.merchantNumber, hashSmsCode({ sid: c.sid, phone: c.phone }, c.code), c.sid, c.clientIp, c.now, c.expiresAt],
  );
  return Number(rows[0]!.id);
}

export async function markCodeSent(db: Queryable, id: number, providerRef: string): Promise<void> {
  await db.query('UPDATE sms_codes SET provider_ref = $2 WHERE id = $1', [id, providerRef]);
}
export async function markCodeUnsent(db: Queryable, id: number): Promise<void> {
  await db.query(`UPDATE sms_codes SET state = 'unsent' WHERE id = $1`, [id]);
}

export interface SmsCodeRow {
  id: number;
  /** The code's salted hash (code-hash.ts) and its salt. */
  codeHash: string;
  salt: { sid: string; phone: string };
  state: 'live' | 'used' | 'dead' | 'replaced' | 'unsent';
  wrongTries: number;
  expiresAt: Date;
}

/** The phone's newest code that reached the provider, for this merchant. */
export async function newestSentCode(tx: Queryable, phone: string, merchantNumber: string): Promise<SmsCodeRow | null> {
  const { rows } = await tx.query<{ id: number; code_hash: string; sid: string; state: SmsCodeRow['state']; wrong_tries: number; expires_at: Date }>(
    `SELECT id, code_hash, sid, state, wrong_tries, expires_at FROM sms_codes
      WHERE phone = $1 AND merchant_number = $2 AND state <> 'unsent'
      ORDER BY created_at DESC, id DESC LIMIT 1`,
    [phone, merchantNumber],
  );
  const row = rows[0];
  if (!row) return null;
  const salt = { sid: row.sid, phone };
  return { id: Number(row.id), codeHash: row.code_hash, salt, state: row.state, wrongTries: Number(row.wrong_tries), expiresAt: new Date(row.expires_at) };
}

/** Counts a wrong try; the code dies on the `maxTries`-th. Returns the tries so far. */
export async function recordWrongTry(tx: Queryable, id: number, maxTries: number): Promise<number> {
  const { rows } = await tx.query<{ wrong_tries: number }>(
    `UPDATE sms_codes SET wrong_tries = wrong_tries + 1, state = CASE WHEN wrong_tries + 1 >= $2 THEN 'dead' ELSE state END
      WHERE id = $1 RETURNING wrong_tries`,
    [id, maxTries],
  );
  return Number(rows[0]!.wrong_tries);
}

export async function markCodeUsed(tx: Queryable, id: number, now: Date): Promise<void> {
  await tx.query(`UPDATE sms_codes SET state = 'used', used_at = $2 WHERE id = $1`, [id, now]);
}

// ---- registrations ------------------------------------------------------------------------------------------

export interface Attribution {
  templateId: number | null;
  inviteCode: string;
  userFrom: string;
  appFrom: string;
  utmTag: string;
  appName: string;
  deviceId: string;
  clientIp: string;
}

export async function insertRegistration(tx: Queryable, r: Attribution & { borrowerId: number; smsCodeId: number; now: Date }): Promise<void> {
  await tx.query(
    `INSERT INTO registrations (borrower_id, sms_code_id, template_id, invite_code, user_from, app_from, utm_tag, app_name, device_id, client_ip, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [r.borrowerId, r.smsCodeId, r.templateId, r.inviteCode, r.userFrom, r.appFrom, r.utmTag, r.appName, r.deviceId, r.clientIp, r.now],
  );
}

/** The SMS code a borrower registered with through the landing (null when they came another way). */
export async function registeredWithCode(tx: Queryable, borrowerId: number, phone: string): Promise<Pick<SmsCodeRow, 'codeHash' | 'salt'> | null> {
  const { rows } = await tx.query<{ code_hash: string; sid: string }>(
    `SELECT s.code_hash, s.sid FROM registrations r JOIN sms_codes s ON s.id = r.sms_code_id WHERE r.borrower_id = $1`,
    [borrowerId],
  );
  const row = rows[0];
  return row ? { codeHash: row.code_hash, salt: { sid: row.sid, phone } } : null;
}

export interface RegistrationRow extends Attribution {
  borrowerId: number;
  createdAt: Date;
}

/** The newest registrations, for the back office: of these borrowers, or of everyone. */
export async function listRegistrations(db: Queryable, borrowerIds: number[] | undefined, limit: number): Promise<RegistrationRow[]> {
  const { rows } = await db.query<{
    borrower_id: number;
    template_id: number | null;
    invite_code: string;
    user_from: string;
    app_from: string;
    utm_tag: string;
    app_name: string;
    device_id: string;
    client_ip: string;
    created_at: Date;
  }>(
    `SELECT * FROM registrations r
      WHERE ($1::bigint[] IS NULL OR r.borrower_id = ANY($1::bigint[]))
      ORDER BY r.created_at DESC, r.borrower_id DESC LIMIT $2`,
    [borrowerIds ?? null, limit],
  );
  return rows.map((r) => ({
    borrowerId: Number(r.borrower_id),
    templateId: r.template_id === null ? null : Number(r.template_id),
    inviteCode: r.invite_code,
    userFrom: r.user_from,
    appFrom: r.app_from,
    utmTag: r.utm_tag,
    appName: r.app_name,
    deviceId: r.device_id,
    clientIp: r.client_ip,
    createdAt: r.created_at,
  }));
}

/** The answer of a sid's current image, for the dev back office (tests read captchas through it). */
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

/**
 * The erasure run's part (issue 39): the sign-up keeps its campaign figures (template, source, day)
 * without the device, address and invite code; the phone's sign-in codes keep their row (the sign-up
 * points at one) without the phone and address, and the captchas it passed are deleted.
 */
export async function erasePromotionData(tx: Queryable, borrowerId: number, phone: string): Promise<number> {
  const signUp = await tx.query(`UPDATE registrations SET device_id = '', client_ip = '', invite_code = '' WHERE borrower_id = $1 RETURNING sms_code_id`, [borrowerId]);
  const codeIds = signUp.rows.map((r) => (r as { sms_code_id: number }).sms_code_id);
  const codes = await tx.query(`UPDATE sms_codes SET phone = '', client_ip = '', sid = '' WHERE phone = $1 OR id = ANY($2::bigint[]) RETURNING id`, [phone, codeIds]);
  const captchas = await tx.query('DELETE FROM captchas WHERE passed_phone = $1 RETURNING sid', [phone]);
  return signUp.rows.length + codes.rows.length + captchas.rows.length;
}
