/** SQL of staff sessions and of the sign-in failures the lockout counts. */
import type { SignInStage } from '@cashloan/contract';
import { advisoryLockKeys, type Queryable } from '../../platform/db/client.ts';

export interface SessionRow {
  idHash: string;
  staffId: number;
  stage: SignInStage;
  csrfToken: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  endedAt: Date | null;
  /** When this session proved the account's second factor; null when it did not. */
  secondFactorAt: Date | null;
}
interface SessionDb {
  id_hash: string;
  staff_id: number;
  stage: SignInStage;
  csrf_token: string;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  ended_at: Date | null;
  second_factor_at: Date | null;
}
const toSession = (r: SessionDb): SessionRow => ({
  idHash: r.id_hash,
  staffId: Number(r.staff_id),
  stage: r.stage,
  csrfToken: r.csrf_token,
  createdAt: r.created_at,
  lastSeenAt: r.last_seen_at,
  expiresAt: r.expires_at,
  endedAt: r.ended_at,
  secondFactorAt: r.second_factor_at,
});

export async function insertSession(db: Queryable, s: Omit<SessionRow, 'endedAt' | 'lastSeenAt'>): Promise<void> {
  await db.query(
    `INSERT INTO staff_sessions (id_hash, staff_id, stage, csrf_token, created_at, last_seen_at, expires_at, second_factor_at) VALUES ($1, $2, $3, $4, $5, $5, $6, $7)`,
    [s.idHash, s.staffId, s.stage, s.csrfToken, s.createdAt, s.expiresAt, s.secondFactorAt],
  );
}

export async function findSession(db: Queryable, idHash: string): Promise<SessionRow | null> {
  const { rows } = await db.query<SessionDb>('SELECT * FROM staff_sessions WHERE id_hash = $1', [idHash]);
  return rows[0] ? toSession(rows[0]) : null;
}

/** Moves a session to a stage; `secondFactorAt` records the moment it proved the second factor (kept when undefined). */
export async function setSessionStage(db: Queryable, idHash: string, stage: SignInStage, secondFactorAt?: Date): Promise<void> {
  await db.query('UPDATE staff_sessions SET stage = $2, second_factor_at = COALESCE($3, second_factor_at) WHERE id_hash = $1', [idHash, stage, secondFactorAt ?? null]);
}

export async function touchSession(db: Queryable, idHash: string, now: Date): Promise<void> {
  await db.query('UPDATE staff_sessions SET last_seen_at = $2 WHERE id_hash = $1 AND ended_at IS NULL', [idHash, now]);
}

export async function endSession(db: Queryable, idHash: string, now: Date): Promise<void> {
  await db.query('UPDATE staff_sessions SET ended_at = $2 WHERE id_hash = $1 AND ended_at IS NULL', [idHash, now]);
}

/** Ends every open session of the account but `keep` (a password change keeps the one that made it). */
export async function endSessionsOf(db: Queryable, staffId: number, now: Date, keep?: string): Promise<number> {
  const { rows } = await db.query<{ id_hash: string }>(
    'UPDATE staff_sessions SET ended_at = $2 WHERE staff_id = $1 AND ended_at IS NULL AND ($3::text IS NULL OR id_hash <> $3) RETURNING id_hash',
    [staffId, now, keep ?? null],
  );
  return rows.length;
}

// ---- sign-in failures (the lockout) -----------------------------------------------------------------

/** Who tries: the email typed (known or not) and the address the attempt came from. */
export interface SignInAttempt {
  email: string;
  address: string;
}

export interface SignInFailure {
  id: number;
  at: Date;
  /** null for a failure recorded before addresses were kept (migration 034). */
  address: string | null;
  /** false: refused unchecked while locked. */
  checked: boolean;
}

/**
 * Holds the email's sign-in lock until the caller's transaction ends: every count-and-decide of one
 * email runs alone, in any process on the database (a transaction-level advisory lock; the email may
 * name no account, so there is no row to lock).
 */
export async function lockSignInsOf(tx: Queryable, email: string): Promise<void> {
  const [namespace, key] = advisoryLockKeys(`staff-sign-in:${email}`);
  await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [namespace, key]);
}

/**
 * Records an attempt as failed: before its password or code is checked (so attempts sent at once are
 * all counted; taken back when it was right), or refused unchecked while locked (`checked` false).
 * Answers its id.
 */
export async function insertFailure(db: Queryable, who: SignInAttempt, at: Date, checked = true): Promise<number> {
  const { rows } = await db.query<{ id: number }>('INSERT INTO staff_sign_in_failures (email, address, at, checked) VALUES ($1, $2, $3, $4) RETURNING id', [
    who.email,
    who.address,
    at,
    checked,
  ]);
  return Number(rows[0]!.id);
}

/** The attempt was right after all. */
export async function deleteFailure(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM staff_sign_in_failures WHERE id = $1', [id]);
}

/** Each failure of `email` since `since`, from any address, oldest first. */
export async function failuresSince(db: Queryable, email: string, since: Date): Promise<SignInFailure[]> {
  const { rows } = await db.query<{ id: number; at: Date; address: string | null; checked: boolean }>(
    'SELECT id, at, address, checked FROM staff_sign_in_failures WHERE email = $1 AND at >= $2 ORDER BY at, id',
    [email, since],
  );
  return rows.map((r) => ({ id: Number(r.id), at: new Date(r.at), address: r.address, checked: r.checked }));
}

/** Failures of `email` older than anything the lockout still reads. */
export async function forgetFailuresBefore(db: Queryable, email: string, before: Date): Promise<void> {
  await db.query('DELETE FROM staff_sign_in_failures WHERE email = $1 AND at < $2', [email, before]);
}

/**
 * A complete sign-in forgets the failures before it from its own address; those from other
 * addresses still count towards the account, so signing in never hands a guesser new tries.
 */
export async function clearFailures(db: Queryable, who: SignInAttempt): Promise<void> {
  await db.query('DELETE FROM staff_sign_in_failures WHERE email = $1 AND address = $2', [who.email, who.address]);
}
