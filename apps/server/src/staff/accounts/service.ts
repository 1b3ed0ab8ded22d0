/**
 * Staff accounts' door: an admin creates accounts (with a temporary password), sets roles, disables,
 * enables and resets them; signing in reads and updates them through here. An admin cannot take the
 * admin role from themself or disable themself, so there is always an admin who can sign in.
 */
import { SECOND_FACTOR_ROLES, type StaffAccount, type StaffRole } from '@cashloan/contract';
import type { Queryable } from '../../platform/db/client.ts';
import { ApiError, notFound } from '../../platform/http/api-error.ts';
import { hashPassword, temporaryPassword } from './passwords.ts';
import { clearSecondFactor, confirmSecret, findStaffById, insertStaff, setDisabled, setPassword, setRoles, type StaffRow } from './store.ts';

export {
  advanceTotpStep,
  confirmSecret,
  findStaffByEmail,
  findStaffById,
  hasStaff,
  listStaffRows,
  markSignedIn,
  setPassword,
  setPendingSecret,
  useRecoveryCode,
  type StaffRow,
} from './store.ts';
export { PASSWORD_MESSAGES, decoy, hashPassword, passwordProblem, temporaryPassword, verifyPassword } from './passwords.ts';

export const ACCOUNT_MESSAGES = {
  notFound: (id: number) => `Staff account ${id} does not exist.`,
  emailTaken: (email: string) => `email: an account with ${email} already exists.`,
  ownAdmin: 'roles: you cannot take the admin role from your own account; another admin can.',
  ownDisable: 'You cannot disable your own account; another admin can.',
} as const;

const conflict = (message: string) => new ApiError(409, message, 409);

/** Whether the account's roles need a second factor to sign in. */
export const needsSecondFactor = (roles: readonly StaffRole[]) => roles.some((r) => SECOND_FACTOR_ROLES.includes(r));

/** The account as admins see it: never its password hash, secret or recovery codes. */
export function accountView(s: StaffRow): StaffAccount {
  return {
    id: s.id,
    email: s.email,
    name: s.name,
    roles: s.roles,
    secondFactor: s.totpSecretSealed !== null,
    disabled: s.disabledAt !== null,
    mustChangePassword: s.mustChangePassword,
    createdAt: s.createdAt.toISOString(),
    lastSignInAt: s.lastSignInAt?.toISOString() ?? null,
  };
}

export async function existingStaff(db: Queryable, id: number): Promise<StaffRow> {
  const staff = await findStaffById(db, id, { forUpdate: true });
  if (!staff) throw notFound(ACCOUNT_MESSAGES.notFound(id));
  return staff;
}

/**
 * A new account. With no password given, a temporary one is drawn, answered once and changed at the
 * first sign-in. `totpSecretSealed` (the dev demo accounts only) starts it with a second factor.
 */
export async function createStaff(
  db: Queryable,
  input: {
    email: string;
    name: string;
    roles: StaffRole[];
    /** The password, or its hash made beforehand by hashPassword (the demo staff's, hashed while the demo data is written). */
    password?: string | { hash: string } | undefined;
    totpSecretSealed?: (id: number) => string;
  },
  now: Date,
): Promise<{ account: StaffRow; temporaryPassword: string | null }> {
  const temporary = input.password === undefined ? temporaryPassword() : null;
  const created = await insertStaff(db, {
    email: input.email,
    name: input.name,
    roles: [...new Set(input.roles)],
    passwordHash: typeof input.password === 'object' ? input.password.hash : await hashPassword(input.password ?? temporary!),
    mustChangePassword: temporary !== null,
    now,
  });
  if (!created) throw conflict(ACCOUNT_MESSAGES.emailTaken(input.email));
  if (input.totpSecretSealed) {
    await confirmSecret(db, created.id, { sealed: input.totpSecretSealed(created.id), step: 0, recoveryCodeHashes: [] });
  }
  return { account: (await findStaffById(db, created.id))!, temporaryPassword: temporary };
}

export async function changeRoles(db: Queryable, actorId: number, id: number, roles: StaffRole[]): Promise<{ before: StaffRow; after: StaffRow }> {
  const before = await existingStaff(db, id);
  if (id === actorId && before.roles.includes('admin') && !roles.includes('admin')) throw conflict(ACCOUNT_MESSAGES.ownAdmin);
  await setRoles(db, id, [...new Set(roles)]);
  return { before, after: (await findStaffById(db, id))! };
}

export async function changeDisabled(db: Queryable, actorId: number, id: number, disabled: boolean, now: Date): Promise<{ before: StaffRow; after: StaffRow }> {
  const before = await existingStaff(db, id);
  if (disabled && id === actorId) throw conflict(ACCOUNT_MESSAGES.ownDisable);
  if ((before.disabledAt !== null) !== disabled) await setDisabled(db, id, disabled ? now : null);
  return { before, after: (await findStaffById(db, id))! };
}

/** A new temporary password (and the second factor taken off when asked); the caller ends the sessions. */
export async function resetStaff(db: Queryable, id: number, options: { secondFactor: boolean }, now: Date): Promise<{ before: StaffRow; after: StaffRow; temporaryPassword: string }> {
  const before = await existingStaff(db, id);
  const temporary = temporaryPassword();
  await setPassword(db, id, { passwordHash: await hashPassword(temporary), mustChangePassword: true, now });
  if (options.secondFactor) await clearSecondFactor(db, id);
  return { before, after: (await findStaffById(db, id))!, temporaryPassword: temporary };
}
