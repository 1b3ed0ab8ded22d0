/** SQL of staff accounts: who they are, their roles, password hash and second factor. */
import type { StaffRole } from '@cashloan/contract';
import type { Queryable } from '../../platform/db/client.ts';

export interface StaffRow {
  id: number;
  email: string;
  name: string;
  roles: StaffRole[];
  passwordHash: string;
  mustChangePassword: boolean;
  totpSecretSealed: string | null;
  totpPendingSealed: string | null;
  totpLastStep: number | null;
  recoveryCodeHashes: string[];
  disabledAt: Date | null;
  createdAt: Date;
  passwordChangedAt: Date;
  lastSignInAt: Date | null;
}

interface StaffDb {
  id: number;
  email: string;
  name: string;
  roles: StaffRole[];
  password_hash: string;
  must_change_password: boolean;
  totp_secret_sealed: string | null;
  totp_pending_sealed: string | null;
  totp_last_step: number | null;
  recovery_code_hashes: string[];
  disabled_at: Date | null;
  created_at: Date;
  password_changed_at: Date;
  last_sign_in_at: Date | null;
}

const toStaff = (r: StaffDb): StaffRow => ({
  id: Number(r.id),
  email: r.email,
  name: r.name,
  roles: r.roles,
  passwordHash: r.password_hash,
  mustChangePassword: r.must_change_password,
  totpSecretSealed: r.totp_secret_sealed,
  totpPendingSealed: r.totp_pending_sealed,
  totpLastStep: r.totp_last_step === null ? null : Number(r.totp_last_step),
  recoveryCodeHashes: r.recovery_code_hashes,
  disabledAt: r.disabled_at,
  createdAt: r.created_at,
  passwordChangedAt: r.password_changed_at,
  lastSignInAt: r.last_sign_in_at,
});

export async function findStaffById(db: Queryable, id: number, options: { forUpdate?: boolean } = {}): Promise<StaffRow | null> {
  const { rows } = await db.query<StaffDb>(`SELECT * FROM staff_accounts WHERE id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] ? toStaff(rows[0]) : null;
}

export async function findStaffByEmail(db: Queryable, email: string): Promise<StaffRow | null> {
  const { rows } = await db.query<StaffDb>('SELECT * FROM staff_accounts WHERE email = $1', [email.toLowerCase()]);
  return rows[0] ? toStaff(rows[0]) : null;
}

export async function listStaffRows(db: Queryable): Promise<StaffRow[]> {
  const { rows } = await db.query<StaffDb>('SELECT * FROM staff_accounts ORDER BY id');
  return rows.map(toStaff);
}

export async function hasStaff(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ found: number }>('SELECT 1 AS found FROM staff_accounts LIMIT 1');
  return rows.length > 0;
}

/** A new account; null when the email is taken. */
export async function insertStaff(
  db: Queryable,
  s: { email: string; name: string; roles: StaffRole[]; passwordHash: string; mustChangePassword: boolean; totpSecretSealed?: string | null; now: Date },
): Promise<StaffRow | null> {
  const { rows } = await db.query<StaffDb>(
    `INSERT INTO staff_accounts (email, name, roles, password_hash, must_change_password, totp_secret_sealed, created_at, password_changed_at)
     VALUES ($1, $2, $3::text[], $4, $5, $6, $7, $7) ON CONFLICT (email) DO NOTHING RETURNING *`,
    [s.email.toLowerCase(), s.name, s.roles, s.passwordHash, s.mustChangePassword, s.totpSecretSealed ?? null, s.now],
  );
  return rows[0] ? toStaff(rows[0]) : null;
}

export async function setRoles(db: Queryable, id: number, roles: StaffRole[]): Promise<void> {
  await db.query('UPDATE staff_accounts SET roles = $2::text[] WHERE id = $1', [id, roles]);
}

export async function setDisabled(db: Queryable, id: number, disabledAt: Date | null): Promise<void> {
  await db.query('UPDATE staff_accounts SET disabled_at = $2 WHERE id = $1', [id, disabledAt]);
}

export async function setPassword(db: Queryable, id: number, p: { passwordHash: string; mustChangePassword: boolean; now: Date }): Promise<void> {
  await db.query('UPDATE staff_accounts SET password_hash = $2, must_change_password = $3, password_changed_at = $4 WHERE id = $1', [
    id,
    p.passwordHash,
    p.mustChangePassword,
    p.now,
  ]);
}

/** Takes the second factor off (an admin's reset): it is set up again at the next sign-in. */
export async function clearSecondFactor(db: Queryable, id: number): Promise<void> {
  await db.query(
    `UPDATE staff_accounts SET totp_secret_sealed = NULL, totp_pending_sealed = NULL, totp_last_step = NULL, recovery_code_hashes = '{}' WHERE id = $1`,
    [id],
  );
}

export async function setPendingSecret(db: Queryable, id: number, sealed: string): Promise<void> {
  await db.query('UPDATE staff_accounts SET totp_pending_sealed = $2 WHERE id = $1', [id, sealed]);
}

/** The pending secret becomes the account's, with its first accepted step and new recovery codes. */
export async function confirmSecret(db: Queryable, id: number, s: { sealed: string; step: number; recoveryCodeHashes: string[] }): Promise<void> {
  await db.query(
    `UPDATE staff_accounts SET totp_secret_sealed = $2, totp_pending_sealed = NULL, totp_last_step = $3, recovery_code_hashes = $4::text[] WHERE id = $1`,
    [id, s.sealed, s.step, s.recoveryCodeHashes],
  );
}

/** Remembers the step of an accepted code, only if it is later than the last one (false: the code was used already). */
export async function advanceTotpStep(db: Queryable, id: number, step: number): Promise<boolean> {
  const { rows } = await db.query<{ id: number }>(
    'UPDATE staff_accounts SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id',
    [id, step],
  );
  return rows.length > 0;
}

/** Uses up one recovery code (false: it was not one of the account's, or was used already). */
export async function useRecoveryCode(db: Queryable, id: number, codeHash: string): Promise<boolean> {
  const { rows } = await db.query<{ id: number }>(
    'UPDATE staff_accounts SET recovery_code_hashes = array_remove(recovery_code_hashes, $2) WHERE id = $1 AND $2 = ANY(recovery_code_hashes) RETURNING id',
    [id, codeHash],
  );
  return rows.length > 0;
}

export async function markSignedIn(db: Queryable, id: number, now: Date): Promise<void> {
  await db.query('UPDATE staff_accounts SET last_sign_in_at = $2 WHERE id = $1', [id, now]);
}
