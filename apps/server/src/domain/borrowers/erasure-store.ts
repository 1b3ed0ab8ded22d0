/**
 * The borrowers room's part of the erasure run and the retention job (issue 39, migration 043): the
 * identity replaced on the borrower's row, their sessions ended, and the identity the money-laundering
 * laws keep, sealed until its retention ends.
 */
import type { Queryable } from '../../platform/db/client.ts';

export interface ErasedIdentity {
  name: string;
  mobilePhone: string;
  userId: string;
}

/** What an erased borrower's row holds instead: unique per borrower (the phone and user id are unique), and no one's. */
export const erasedMark = (borrowerId: number): string => `erased:${borrowerId}`;

/**
 * Replaces the borrower's name, phone and host-app user id and ends their sessions, under the row's
 * lock; answers the identity it replaced, or null when the borrower does not exist or is erased already.
 */
export async function replaceIdentity(tx: Queryable, borrowerId: number, now: Date): Promise<ErasedIdentity | null> {
  const { rows } = await tx.query<{ name: string; mobile_phone: string; user_id: string; erased_at: Date | null }>(
    'SELECT name, mobile_phone, user_id, erased_at FROM borrowers WHERE id = $1 FOR UPDATE',
    [borrowerId],
  );
  const row = rows[0];
  if (!row || row.erased_at !== null) return null;
  await tx.query(`UPDATE borrowers SET name = '', mobile_phone = $2, user_id = $2, lang = NULL, erased_at = $3 WHERE id = $1`, [borrowerId, erasedMark(borrowerId), now]);
  await tx.query('DELETE FROM sessions WHERE borrower_id = $1', [borrowerId]);
  return { name: row.name, mobilePhone: row.mobile_phone, userId: row.user_id };
}

export async function erasedAt(db: Queryable, borrowerId: number): Promise<Date | null> {
  const { rows } = await db.query<{ erased_at: Date | null }>('SELECT erased_at FROM borrowers WHERE id = $1', [borrowerId]);
  return rows[0]?.erased_at ?? null;
}

export async function insertRetainedIdentity(tx: Queryable, r: { borrowerId: number; sealed: string; law: string; keepUntil: string; now: Date }): Promise<void> {
  await tx.query(`INSERT INTO retained_identities (borrower_id, sealed, law, keep_until, sealed_at) VALUES ($1, $2, $3, $4, $5)`, [r.borrowerId, r.sealed, r.law, r.keepUntil, r.now]);
}

/** Deletes the sealed identities whose retention ended before `day` (YYYY-MM-DD); answers their borrowers. */
export async function deleteRetainedIdentitiesBefore(tx: Queryable, day: string): Promise<number[]> {
  const { rows } = await tx.query<{ borrower_id: number }>('DELETE FROM retained_identities WHERE keep_until < $1 RETURNING borrower_id', [day]);
  return rows.map((r) => Number(r.borrower_id));
}

export async function retainedIdentityOf(db: Queryable, borrowerId: number): Promise<{ sealed: string; law: string; keepUntil: string } | null> {
  const { rows } = await db.query<{ sealed: string; law: string; keep_until: string }>(
    `SELECT sealed, law, to_char(keep_until, 'YYYY-MM-DD') AS keep_until FROM retained_identities WHERE borrower_id = $1`,
    [borrowerId],
  );
  return rows[0] ? { sealed: rows[0].sealed, law: rows[0].law, keepUntil: rows[0].keep_until } : null;
}
