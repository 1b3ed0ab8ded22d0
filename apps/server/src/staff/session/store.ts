/** SQL of staff sessions and of the sign-in failures the lockout counts. */
import type { SignInStage } from '@cashloan/contract';
import type { Queryable } from '../../platform/db/client.ts';

export interface SessionRow {
  idHash: string;
  staffId: number;
  stage: SignInStage;
  csrfToken: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  endedAt: Date | null;
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
});

export async function insertSession(db: Queryable, s: Omit<SessionRow, 'endedAt' | 'lastSeenAt'>): Promise<void> {
  await db.query(
    `INSERT INTO staff_sessions (id_hash, staff_id, stage, csrf_token, created_at, last_seen_at, expires_at) VALUES ($1, $2, $3, $4, $5, $5, $6)`,
    [s.idHash, s.staffId, s.stage, s.csrfToken, s.createdAt, s.expiresAt],
  );
}

export async function findSession(db: Queryable, idHash: string): Promise<SessionRow | null> {
  const { rows } = await db.query<SessionDb>('SELECT * FROM staff_sessions WHERE id_hash = $1', [idHash]);
  return rows[0] ? toSession(rows[0]) : null;
}

export async function setSessionStage(db: Queryable, idHash: string, stage: SignInStage): Promise<void> {
  await db.query('UPDATE staff_sessions SET stage = $2 WHERE id_hash = $1', [idHash, stage]);
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

/** Counts an attempt as failed before it is checked, so attempts sent at once are all counted; answers its id. */
export async function insertFailure(db: Queryable, email: string, at: Date): Promise<number> {
  const { rows } = await db.query<{ id: number }>('INSERT INTO staff_sign_in_failures (email, at) VALUES ($1, $2) RETURNING id', [email, at]);
  return Number(rows[0]!.id);
}

/** The attempt was right after all. */
export async function deleteFailure(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM staff_sign_in_failures WHERE id = $1', [id]);
}

/** When each failure of `email` since `since` happened, oldest first. */
export async function failuresSince(db: Queryable, email: string, since: Date): Promise<Date[]> {
  const { rows } = await db.query<{ at: Date }>('SELECT at FROM staff_sign_in_failures WHERE email = $1 AND at >= $2 ORDER BY at, id', [email, since]);
  return rows.map((r) => new Date(r.at));
}

/** A complete sign-in forgets the failures before it. */
export async function clearFailures(db: Queryable, email: string): Promise<void> {
  await db.query('DELETE FROM staff_sign_in_failures WHERE email = $1', [email]);
}
