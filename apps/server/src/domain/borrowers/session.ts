/**
 * Derives the borrower from the session parameters in the query, and nothing else; `borrowerCalls`
 * is the caller kind every module mounts its calls with (platform/http/mount.ts).
 */
import { randomBytes } from 'node:crypto';
import { ERROR_MESSAGES, type SessionParams } from '@cashloan/contract';
import type { BorrowerLang, Lang } from '@cashloan/contract/i18n';
import { pseudoLangServed } from '../../config.ts';
import type { AppDeps } from '../../deps.ts';
import { cachedLookup } from '../../platform/db/cached-read.ts';
import type { Db, Queryable } from '../../platform/db/client.ts';
import { sessionRefused } from '../../platform/http/api-error.ts';
import { borrowerKind } from '../../platform/http/borrower-kind.ts';
import { setBorrowerLang } from './store.ts';

export interface Borrower {
  id: number;
  userId: string;
  merchantNumber: string;
  mobilePhone: string;
  name: string;
  isRepeat: boolean;
}

/** The borrower a session names, with what borrower calls read of the row anyway, in the session's one statement. */
export interface SessionBorrower extends Borrower {
  /** When the borrower stopped SMS payment reminders; null when they get them (the order screen says so). */
  remindersStoppedAt: Date | null;
  /** The language of the borrower's latest call (null before the first): see rememberLang. */
  lang: BorrowerLang | null;
}

/** 256 bits from the OS CSPRNG. */
export function newSessionId(): string {
  return randomBytes(32).toString('hex');
}

const sessionError = sessionRefused;

/** A session's row as the borrower's calls read it: who, and until when. */
interface SessionRow {
  id: number;
  user_id: string;
  merchant_number: string;
  mobile_phone: string;
  name: string;
  is_repeat: boolean;
  reminders_stopped_at: Date | null;
  lang: BorrowerLang | null;
  expires_at: Date;
}

async function readSession(db: Queryable, sessionId: string): Promise<SessionRow | null> {
  const { rows } = await db.query<SessionRow>(
    // The reminders' state is the consent ledger's (consents), in the session's one statement.
    `SELECT b.id, b.user_id, b.merchant_number, b.mobile_phone, b.name, b.is_repeat, b.lang, s.expires_at,
            CASE WHEN c.granted = false THEN c.at END AS reminders_stopped_at
       FROM sessions s JOIN borrowers b ON b.id = s.borrower_id
       LEFT JOIN consents c ON c.borrower_id = b.id AND c.purpose = 'payment_reminders'
      WHERE s.id = $1`,
    [sessionId],
  );
  return rows[0] ?? null;
}

/**
 * Sessions as this process keeps them (platform/db/cached-read.ts, issue 42): one statement less on
 * every borrower call. Ending a session, or any change to a borrower or a consent, moves the
 * 'sessions' version (migration 045): this process sees its own at once, another's within a second.
 * The expiry is still compared with the clock on every call.
 */
const keptSessions = cachedLookup('sessions', readSession);

export async function borrowerForSession(db: Db, params: Partial<SessionParams>, now: Date): Promise<SessionBorrower> {
  const sessionId = params.sessionId?.trim();
  if (!sessionId) throw sessionError(ERROR_MESSAGES.sessionMissing);
  const row = await keptSessions.get(db, sessionId);
  if (!row || new Date(row.expires_at).getTime() <= now.getTime()) throw sessionError(ERROR_MESSAGES.sessionInvalid);
  // The session alone decides who this is; ids that say otherwise are refused, not trusted.
  const claimed: Array<[string | undefined, string]> = [
    [params.userId, row.user_id],
    [params.merchantNumber, row.merchant_number],
    [params.mobilePhone, row.mobile_phone],
  ];
  for (const [sent, actual] of claimed) {
    if (sent !== undefined && sent.trim() !== '' && sent.trim() !== actual) throw sessionError(ERROR_MESSAGES.sessionMismatch);
  }
  return {
    id: Number(row.id),
    userId: row.user_id,
    merchantNumber: row.merchant_number,
    mobilePhone: row.mobile_phone,
    name: row.name,
    isRepeat: row.is_repeat,
    remindersStoppedAt: row.reminders_stopped_at,
    lang: row.lang,
  };
}

/**
 * Keeps the language of the borrower's latest call on the borrower (the back office shows it; a
 * message about no order is written in it). A write only when it changed: the kept session sees it
 * at once in this process, so the next call compares with it and writes nothing. The pseudo-locale
 * is a developer's, never the borrower's.
 */
async function rememberLang(db: Db, borrower: SessionBorrower, lang: Lang): Promise<void> {
  if (borrower.lang !== lang) await setBorrowerLang(db, borrower.id, lang);
}

export async function createSession(db: Queryable, borrowerId: number, deviceId: string, now: Date, ttlDays: number): Promise<string> {
  const id = newSessionId();
  await db.query(
    `INSERT INTO sessions (id, borrower_id, device_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)`,
    [id, borrowerId, deviceId, now, new Date(now.getTime() + ttlDays * 86_400_000)],
  );
  return id;
}

/** The caller kind of the borrower's calls: the borrower is the one the session names (borrowerForSession). */
export function borrowerCalls(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>) {
  return borrowerKind<SessionBorrower>({
    db: deps.db,
    clock: deps.clock,
    validateAnswers: deps.config.validateAnswers,
    pseudoLang: pseudoLangServed(deps.config),
    authenticate: (session, now) => borrowerForSession(deps.db, session, now),
    rememberLang: (borrower, lang) => rememberLang(deps.db, borrower, lang),
  });
}
