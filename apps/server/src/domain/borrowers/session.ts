/**
 * Derives the borrower from the session parameters in the query, and nothing else; `borrowerCalls`
 * is the caller kind every module mounts its calls with (platform/http/mount.ts).
 */
import { randomBytes } from 'node:crypto';
import { ERROR_MESSAGES, type SessionParams } from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { sessionRefused } from '../../platform/http/api-error.ts';
import { borrowerKind } from '../../platform/http/borrower-kind.ts';

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
}

/** 256 bits from the OS CSPRNG. */
export function newSessionId(): string {
  return randomBytes(32).toString('hex');
}

const sessionError = sessionRefused;

export async function borrowerForSession(db: Queryable, params: Partial<SessionParams>, now: Date): Promise<SessionBorrower> {
  const sessionId = params.sessionId?.trim();
  if (!sessionId) throw sessionError(ERROR_MESSAGES.sessionMissing);
  const { rows } = await db.query<{
    id: number;
    user_id: string;
    merchant_number: string;
    mobile_phone: string;
    name: string;
    is_repeat: boolean;
    reminders_stopped_at: Date | null;
    expires_at: Date;
  }>(
    // The reminders' state is the consent ledger's (consents), in the session's one statement.
    `SELECT b.id, b.user_id, b.merchant_number, b.mobile_phone, b.name, b.is_repeat, s.expires_at,
            CASE WHEN c.granted = false THEN c.at END AS reminders_stopped_at
       FROM sessions s JOIN borrowers b ON b.id = s.borrower_id
       LEFT JOIN consents c ON c.borrower_id = b.id AND c.purpose = 'payment_reminders'
      WHERE s.id = $1`,
    [sessionId],
  );
  const row = rows[0];
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
  };
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
    authenticate: (session, now) => borrowerForSession(deps.db, session, now),
  });
}
