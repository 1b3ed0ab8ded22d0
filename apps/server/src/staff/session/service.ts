/**
 * Signing staff in and keeping their sessions (docs/backoffice.md, "Security", after OWASP ASVS 5.0
 * level 2): the password, then the second factor where the roles need one, a temporary password
 * changed, the second factor set up; sessions of 256 random bits kept only as their SHA-256, ended
 * after 30 idle minutes or 12 hours, by signing out, and (the others) by a password change; 5 wrong
 * passwords or codes in 15 minutes lock the email for 15 minutes, with the one answer for every
 * refusal so nobody learns which accounts exist.
 */
import { createHash, randomBytes } from 'node:crypto';
import { STAFF_LIMITS, STAFF_MESSAGES, type SessionState, type SignInStage } from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { ApiError, invalidInput } from '../../platform/http/api-error.ts';
import {
  PASSWORD_MESSAGES,
  advanceTotpStep,
  confirmSecret,
  decoy,
  findStaffByEmail,
  findStaffById,
  hashPassword,
  markSignedIn,
  needsSecondFactor,
  passwordProblem,
  setPassword,
  setPendingSecret,
  useRecoveryCode,
  verifyPassword,
  type StaffRow,
} from '../accounts/service.ts';
import { newRecoveryCodes, newTotpSecret, otpauthUrl, recoveryCodeHash, totpStep } from './second-factor.ts';

export { newTotpSecret, totpCodeAt } from './second-factor.ts';
import {
  clearFailures,
  deleteFailure,
  endSession,
  endSessionsOf,
  failuresSince,
  findSession,
  insertFailure,
  insertSession,
  setSessionStage,
  touchSession,
  type SessionRow,
} from './store.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'cardData' | 'config'>;

const MINUTE_MS = 60_000;
const LOCK_MS = STAFF_LIMITS.lockoutMinutes * MINUTE_MS;
const IDLE_MS = STAFF_LIMITS.idleMinutes * MINUTE_MS;
const ABSOLUTE_MS = STAFF_LIMITS.absoluteHours * 60 * MINUTE_MS;

export const SESSION_MESSAGES = {
  wrongCode: 'code is not right. Please type the code your app shows now, or one of your recovery codes.',
  secondFactorSet: 'The second factor is already set up. To set it up again, ask an admin to reset it.',
  noSetup: 'Please start setting up the second factor first.',
} as const;

/** 401 with the one sign-in answer. */
const signInFailed = () => new ApiError(401, STAFF_MESSAGES.signInFailed, 401);
export const signedOut = () => new ApiError(401, STAFF_MESSAGES.signedOut, 401);
const sessionEnded = () => new ApiError(401, STAFF_MESSAGES.sessionEnded, 401);

/**
 * Until when failures lock an email: 5 within 15 minutes lock it for 15 minutes from the fifth.
 * `failures` are oldest first.
 */
export function lockedUntil(failures: readonly Date[]): Date | null {
  const n = STAFF_LIMITS.lockoutFailures;
  let until: number | null = null;
  for (let i = n - 1; i < failures.length; i++) {
    const last = failures[i]!.getTime();
    if (last - failures[i - n + 1]!.getTime() <= LOCK_MS) until = Math.max(until ?? 0, last + LOCK_MS);
  }
  return until === null ? null : new Date(until);
}

async function isLocked(db: Queryable, email: string, now: Date): Promise<boolean> {
  const until = lockedUntil(await failuresSince(db, email, new Date(now.getTime() - 2 * LOCK_MS)));
  return until !== null && until > now;
}

/**
 * Runs one check of a password or code against the lockout: a locked email is refused before the
 * check; otherwise the attempt is first counted as a failure (so attempts sent at once are all
 * counted) and the count is taken back when the check passes.
 */
async function attempt(db: Queryable, email: string, now: Date, check: () => Promise<boolean>): Promise<'right' | 'wrong' | 'locked'> {
  if (await isLocked(db, email, now)) return 'locked';
  const failure = await insertFailure(db, email, now);
  if (!(await check())) return 'wrong';
  await deleteFailure(db, failure);
  return 'right';
}

// ---- sessions ----------------------------------------------------------------------------------------

export interface StaffSession {
  session: SessionRow;
  staff: StaffRow;
}

/** A session just opened: the cookie's value, which is never stored. */
export interface OpenedSession extends StaffSession {
  token: string;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

async function openSession(db: Queryable, staff: StaffRow, stage: SignInStage, now: Date): Promise<OpenedSession> {
  const token = randomBytes(32).toString('base64url');
  const session = { idHash: hashOf(token), staffId: staff.id, stage, csrfToken: randomBytes(32).toString('base64url'), createdAt: now, expiresAt: new Date(now.getTime() + ABSOLUTE_MS) };
  await insertSession(db, session);
  if (stage === 'signed-in') {
    await clearFailures(db, staff.email);
    await markSignedIn(db, staff.id, now);
  }
  return { session: { ...session, lastSeenAt: now, endedAt: null }, staff: (await findStaffById(db, staff.id))!, token };
}

/**
 * Moves a session to its next stage. Reaching 'signed-in' opens a new session (new id and CSRF
 * token) and ends the one that only half signed in: a session id known before signing in is worth nothing after.
 */
async function advance(db: Queryable, current: StaffSession, stage: SignInStage, now: Date): Promise<StaffSession | OpenedSession> {
  const staff = (await findStaffById(db, current.staff.id))!;
  if (stage === 'signed-in' && current.session.stage !== 'signed-in') {
    await endSession(db, current.session.idHash, now);
    return openSession(db, staff, stage, now);
  }
  await setSessionStage(db, current.session.idHash, stage);
  return { session: { ...current.session, stage }, staff };
}

/** What is left to do after the password: the code, a new password, the second factor's set-up, or nothing. */
function stageAfterPassword(staff: StaffRow): SignInStage {
  if (staff.totpSecretSealed !== null) return 'second-factor';
  return stageAfterSecondFactor(staff);
}
function stageAfterSecondFactor(staff: StaffRow): SignInStage {
  if (staff.mustChangePassword) return 'change-password';
  return stageAfterPasswordChange(staff);
}
function stageAfterPasswordChange(staff: StaffRow): SignInStage {
  return needsSecondFactor(staff.roles) && staff.totpSecretSealed === null ? 'second-factor-setup' : 'signed-in';
}

export function sessionState({ session, staff }: StaffSession): SessionState {
  return {
    stage: session.stage,
    staff: { id: staff.id, email: staff.email, name: staff.name, roles: staff.roles, secondFactor: staff.totpSecretSealed !== null },
    csrfToken: session.csrfToken,
    idleMinutes: STAFF_LIMITS.idleMinutes,
  };
}

/**
 * The session a cookie names, still open: one idle for 30 minutes, older than 12 hours or of a
 * disabled account is ended here. Each use moves its idle time on.
 */
export async function sessionOf(db: Queryable, token: string | undefined, now: Date): Promise<StaffSession> {
  if (!token) throw signedOut();
  const session = await findSession(db, hashOf(token));
  if (!session || session.endedAt !== null) throw signedOut();
  const staff = await findStaffById(db, session.staffId);
  const idle = now.getTime() - session.lastSeenAt.getTime() >= IDLE_MS;
  if (!staff || staff.disabledAt !== null || idle || now >= session.expiresAt) {
    await endSession(db, session.idHash, now);
    throw sessionEnded();
  }
  await touchSession(db, session.idHash, now);
  return { session: { ...session, lastSeenAt: now }, staff };
}

export const signOut = (db: Queryable, current: StaffSession, now: Date) => endSession(db, current.session.idHash, now);

/** Ends every session of an account (disabled or reset by an admin). */
export const endAllSessions = (db: Queryable, staffId: number, now: Date) => endSessionsOf(db, staffId, now);

// ---- signing in --------------------------------------------------------------------------------------

export interface SignInOutcome {
  /** Who tried, for the audit log: the account when the email is one, the email as typed otherwise. */
  actor: { id: number | null; email: string };
  opened: OpenedSession | null;
}

/** The email and password. Wrong ones, a locked or disabled account, and an unknown email all get the same 401. */
export async function signIn(db: Queryable, input: { email: string; password: string }, now: Date): Promise<SignInOutcome> {
  const staff = await findStaffByEmail(db, input.email);
  const actor = { id: staff?.id ?? null, email: input.email };
  const result = await attempt(db, input.email, now, async () => {
    // An unknown email is checked against a decoy hash, so it takes as long to refuse.
    const right = await verifyPassword(input.password, staff?.passwordHash ?? (await decoy()));
    return right && staff !== null && staff.disabledAt === null;
  });
  if (result === 'locked') await verifyPassword(input.password, await decoy());
  if (result !== 'right') return { actor, opened: null };
  return { actor, opened: await openSession(db, staff!, stageAfterPassword(staff!), now) };
}
export { signInFailed };

/** The TOTP code, or a recovery code (used up), that finishes signing in. */
export async function enterSecondFactor(deps: Deps, current: StaffSession, code: string, now: Date): Promise<StaffSession | OpenedSession> {
  const { staff } = current;
  const result = await attempt(deps.db, staff.email, now, async () => {
    if (/^\d{6}$/.test(code)) {
      const step = totpStep(deps.cardData.open(staff.totpSecretSealed!, totpContext(staff.id)), code, now);
      return step !== null && (await advanceTotpStep(deps.db, staff.id, step));
    }
    return useRecoveryCode(deps.db, staff.id, recoveryCodeHash(code));
  });
  if (result === 'locked') {
    await endSession(deps.db, current.session.idHash, now);
    throw signInFailed();
  }
  if (result === 'wrong') throw invalidInput(SESSION_MESSAGES.wrongCode);
  return advance(deps.db, current, stageAfterSecondFactor(staff), now);
}

/**
 * A new password (its length was the contract's check): the current one must be right (a wrong one
 * counts towards the lockout), the new one not common; every other session of the account ends.
 */
export async function changePassword(db: Queryable, current: StaffSession, input: { currentPassword: string; newPassword: string }, now: Date): Promise<StaffSession | OpenedSession> {
  const { staff } = current;
  const result = await attempt(db, staff.email, now, () => verifyPassword(input.currentPassword, staff.passwordHash));
  if (result === 'locked') {
    await endSession(db, current.session.idHash, now);
    throw signInFailed();
  }
  if (result === 'wrong') throw invalidInput(PASSWORD_MESSAGES.wrongCurrent);
  if (input.newPassword === input.currentPassword) throw invalidInput(PASSWORD_MESSAGES.same);
  const problem = await passwordProblem(input.newPassword, staff);
  if (problem) throw invalidInput(problem);
  await setPassword(db, staff.id, { passwordHash: await hashPassword(input.newPassword), mustChangePassword: false, now });
  await endSessionsOf(db, staff.id, now, current.session.idHash);
  const changed = (await findStaffById(db, staff.id))!;
  const next = current.session.stage === 'change-password' ? stageAfterPasswordChange(changed) : current.session.stage;
  return advance(db, { ...current, staff: changed }, next, now);
}

/** Where an account's TOTP secret belongs: a sealed secret copied to another account does not open. */
const totpContext = (staffId: number) => `staff-totp:${staffId}`;

/** A new TOTP secret, kept pending (sealed) until a code from it confirms it. */
export async function startSecondFactorSetup(deps: Deps, current: StaffSession): Promise<{ secret: string; otpauthUrl: string }> {
  const { staff } = current;
  if (staff.totpSecretSealed !== null) throw new ApiError(409, SESSION_MESSAGES.secondFactorSet, 409);
  const secret = newTotpSecret();
  await setPendingSecret(deps.db, staff.id, deps.cardData.seal(secret, totpContext(staff.id)));
  return { secret, otpauthUrl: otpauthUrl(secret, staff.email, `${deps.config.APP_EN_NAME} back office`) };
}

/** A code from the pending secret turns the second factor on; answers the recovery codes, this once. */
export async function confirmSecondFactor(deps: Deps, current: StaffSession, code: string, now: Date): Promise<{ recoveryCodes: string[]; next: StaffSession | OpenedSession }> {
  const { staff } = current;
  if (staff.totpSecretSealed !== null) throw new ApiError(409, SESSION_MESSAGES.secondFactorSet, 409);
  if (staff.totpPendingSealed === null) throw invalidInput(SESSION_MESSAGES.noSetup);
  const secret = deps.cardData.open(staff.totpPendingSealed, totpContext(staff.id));
  let step: number | null = null;
  const result = await attempt(deps.db, staff.email, now, async () => (step = totpStep(secret, code, now)) !== null);
  if (result === 'locked') {
    await endSession(deps.db, current.session.idHash, now);
    throw signInFailed();
  }
  if (result === 'wrong') throw invalidInput(SESSION_MESSAGES.wrongCode);
  const recoveryCodes = newRecoveryCodes(STAFF_LIMITS.recoveryCodes);
  await confirmSecret(deps.db, staff.id, { sealed: staff.totpPendingSealed, step: step!, recoveryCodeHashes: recoveryCodes.map(recoveryCodeHash) });
  const next = current.session.stage === 'second-factor-setup' ? 'signed-in' : current.session.stage;
  return { recoveryCodes, next: await advance(deps.db, current, next, now) };
}

/** The TOTP secret of an account (the dev ops API's stand-in for the authenticator app). */
export function totpSecretOf(deps: Pick<AppDeps, 'cardData'>, staff: StaffRow): string | null {
  return staff.totpSecretSealed === null ? null : deps.cardData.open(staff.totpSecretSealed, totpContext(staff.id));
}
export const sealTotpSecret = (deps: Pick<AppDeps, 'cardData'>, staffId: number, secret: string) => deps.cardData.seal(secret, totpContext(staffId));
