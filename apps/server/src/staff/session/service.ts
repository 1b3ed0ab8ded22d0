/**
 * Signing staff in and keeping their sessions (docs/backoffice.md, "Security", after OWASP ASVS 5.0
 * level 2): the password, then the second factor where the roles need one, a temporary password
 * changed, the second factor set up; sessions of 256 random bits kept only as their SHA-256, ended
 * after 30 idle minutes or 12 hours, by signing out, and (the others) by a password change; a
 * session's stage follows its account's roles on every call. 5 wrong passwords or codes in 15 minutes
 * from one address lock the email for that address for 15 minutes, 15 from any addresses lock it for
 * everyone, counted and decided under the email's lock; one answer for every refusal, so nobody
 * learns which accounts exist.
 */
import { createHash, randomBytes } from 'node:crypto';
import { STAFF_LIMITS, STAFF_MESSAGES, type SessionState, type SignInStage } from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import type { Db, Queryable } from '../../platform/db/client.ts';
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
  forgetFailuresBefore,
  insertFailure,
  insertSession,
  lockSignInsOf,
  setSessionStage,
  touchSession,
  type SessionRow,
  type SignInAttempt,
} from './store.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'cardData' | 'config'>;

const MINUTE_MS = 60_000;
const LOCK_MS = STAFF_LIMITS.lockoutMinutes * MINUTE_MS;
/** How far back failures can still lock: a group within 15 minutes that ended up to 15 minutes ago. */
const WINDOW_MS = 2 * LOCK_MS;
const IDLE_MS = STAFF_LIMITS.idleMinutes * MINUTE_MS;
const ABSOLUTE_MS = STAFF_LIMITS.absoluteHours * 60 * MINUTE_MS;

export const SESSION_MESSAGES = {
  wrongCode: 'code is not right. Please type the code your app shows now, or one of your recovery codes.',
  secondFactorSet: 'The second factor is already set up. To set it up again, ask an admin to reset it.',
  noSetup: 'Please start setting up the second factor first.',
  noSecondFactor: 'This account has no second factor yet. Please sign in again to set it up.',
} as const;

/** 401 with the one sign-in answer. */
const signInFailed = () => new ApiError(401, STAFF_MESSAGES.signInFailed, 401);
export const signedOut = () => new ApiError(401, STAFF_MESSAGES.signedOut, 401);
const sessionEnded = () => new ApiError(401, STAFF_MESSAGES.sessionEnded, 401);

/**
 * Until when failures lock: `threshold` failures within 15 minutes lock for 15 minutes from the last
 * of them. `failures` are oldest first.
 */
export function lockedUntil(failures: readonly Date[], threshold: number = STAFF_LIMITS.lockoutFailures): Date | null {
  let until: number | null = null;
  for (let i = threshold - 1; i < failures.length; i++) {
    const last = failures[i]!.getTime();
    if (last - failures[i - threshold + 1]!.getTime() <= LOCK_MS) until = Math.max(until ?? 0, last + LOCK_MS);
  }
  return until === null ? null : new Date(until);
}

/**
 * Whether `who` is locked out now: 5 wrong passwords or codes from its address within 15 minutes, or
 * 15 from any addresses. Deciding whether a right one counts (`forRightAnswer`, the attempt's own
 * failure left out), the attempts refused unchecked from its address count too: a right password
 * sent amid a burst of guesses is not taken, whichever of them was checked first.
 */
async function isLocked(db: Queryable, who: SignInAttempt, now: Date, forRightAnswer?: { failureId: number }): Promise<boolean> {
  const failures = (await failuresSince(db, who.email, new Date(now.getTime() - WINDOW_MS))).filter((f) => f.id !== forRightAnswer?.failureId);
  const checked = failures.filter((f) => f.checked);
  const fromAddress = (forRightAnswer ? failures : checked).filter((f) => f.address === who.address);
  const locks = [
    lockedUntil(fromAddress.map((f) => f.at), STAFF_LIMITS.lockoutFailures),
    lockedUntil(checked.map((f) => f.at), STAFF_LIMITS.accountLockoutFailures),
  ];
  return locks.some((until) => until !== null && until > now);
}

/**
 * Runs one check of a password or code against the lockout. Counting and deciding happen under the
 * email's lock, so attempts sent at once, to any process, are decided one after another:
 * 1. a locked email is refused unchecked (the refusal kept); otherwise the attempt is recorded as a
 *    failure first;
 * 2. the check itself runs outside the lock (a password hash takes a while);
 * 3. a right answer counts only if the guesses sent with it did not lock the email meanwhile; then
 *    `use` spends what it needs (a TOTP step, a recovery code) and the failure is taken back.
 */
async function attempt(db: Db, who: SignInAttempt, now: Date, check: () => Promise<boolean>, use?: (tx: Queryable) => Promise<boolean>): Promise<'right' | 'wrong' | 'locked'> {
  const failure = await db.transaction(async (tx) => {
    await lockSignInsOf(tx, who.email);
    await forgetFailuresBefore(tx, who.email, new Date(now.getTime() - WINDOW_MS));
    if (await isLocked(tx, who, now)) {
      await insertFailure(tx, who, now, false);
      return null;
    }
    return insertFailure(tx, who, now);
  });
  if (failure === null) return 'locked';
  if (!(await check())) return 'wrong';
  return db.transaction(async (tx) => {
    await lockSignInsOf(tx, who.email);
    if (await isLocked(tx, who, now, { failureId: failure })) {
      await deleteFailure(tx, failure);
      return 'locked';
    }
    if (use && !(await use(tx))) return 'wrong';
    await deleteFailure(tx, failure);
    return 'right';
  });
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

/** What a session carries from one stage to the next: where its requests come from, and when it proved the second factor. */
interface Carried {
  address: string;
  secondFactorAt: Date | null;
}

async function openSession(db: Queryable, staff: StaffRow, stage: SignInStage, now: Date, carried: Carried): Promise<OpenedSession> {
  const token = randomBytes(32).toString('base64url');
  const session = {
    idHash: hashOf(token),
    staffId: staff.id,
    stage,
    csrfToken: randomBytes(32).toString('base64url'),
    createdAt: now,
    expiresAt: new Date(now.getTime() + ABSOLUTE_MS),
    secondFactorAt: carried.secondFactorAt,
  };
  await insertSession(db, session);
  if (stage === 'signed-in') {
    await clearFailures(db, { email: staff.email, address: carried.address });
    await markSignedIn(db, staff.id, now);
  }
  return { session: { ...session, lastSeenAt: now, endedAt: null }, staff: (await findStaffById(db, staff.id))!, token };
}

/**
 * Moves a session to its next stage. Reaching 'signed-in' opens a new session (new id and CSRF
 * token) and ends the one that only half signed in: a session id known before signing in is worth nothing after.
 */
async function advance(db: Queryable, current: StaffSession, stage: SignInStage, now: Date, address: string, provedSecondFactor = false): Promise<StaffSession | OpenedSession> {
  const staff = (await findStaffById(db, current.staff.id))!;
  const secondFactorAt = provedSecondFactor ? now : current.session.secondFactorAt;
  if (stage === 'signed-in' && current.session.stage !== 'signed-in') {
    await endSession(db, current.session.idHash, now);
    return openSession(db, staff, stage, now, { address, secondFactorAt });
  }
  await setSessionStage(db, current.session.idHash, stage, secondFactorAt ?? undefined);
  return { session: { ...current.session, stage, secondFactorAt }, staff };
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

/**
 * The stage a session is at now, by its account as it is now and not only as it was at sign-in:
 * roles that need a second factor this session never proved send it back to the code (or to setting
 * one up, when the account has none), and a password an admin reset back to changing it.
 */
export function stageNow(session: Pick<SessionRow, 'stage' | 'secondFactorAt'>, staff: Pick<StaffRow, 'roles' | 'mustChangePassword' | 'totpSecretSealed'>): SignInStage {
  if (session.stage !== 'signed-in') return session.stage;
  if (staff.mustChangePassword) return 'change-password';
  if (needsSecondFactor(staff.roles) && session.secondFactorAt === null) return staff.totpSecretSealed !== null ? 'second-factor' : 'second-factor-setup';
  return 'signed-in';
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
 * The session a cookie names, still open, at the stage its account's roles allow now (stageNow; a
 * move back is stored): one idle for 30 minutes, older than 12 hours or of a disabled account is
 * ended here. Each use moves its idle time on.
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
  const stage = stageNow(session, staff);
  if (stage !== session.stage) await setSessionStage(db, session.idHash, stage);
  return { session: { ...session, stage, lastSeenAt: now }, staff };
}

export const signOut = (db: Queryable, current: StaffSession, now: Date) => endSession(db, current.session.idHash, now);

/**
 * Ends every session of an account (disabled, reset, or its roles changed by an admin), but `keep`:
 * the session making the change, when an admin changes their own account.
 */
export const endAllSessions = (db: Queryable, staffId: number, now: Date, keep?: StaffSession) => endSessionsOf(db, staffId, now, keep?.session.idHash);

// ---- signing in --------------------------------------------------------------------------------------

export interface SignInOutcome {
  /** Who tried, for the audit log: the account when the email is one, the email as typed otherwise. */
  actor: { id: number | null; email: string };
  opened: OpenedSession | null;
}

/**
 * The email and password, sent from `address`. Wrong ones, a locked or disabled account, and an
 * unknown email all get the same 401.
 */
export async function signIn(db: Db, input: { email: string; password: string; address: string }, now: Date): Promise<SignInOutcome> {
  const staff = await findStaffByEmail(db, input.email);
  const actor = { id: staff?.id ?? null, email: input.email };
  const result = await attempt(db, { email: input.email, address: input.address }, now, async () => {
    // An unknown email is checked against a decoy hash, so it takes as long to refuse.
    const right = await verifyPassword(input.password, staff?.passwordHash ?? (await decoy()));
    return right && staff !== null && staff.disabledAt === null;
  });
  if (result === 'locked') await verifyPassword(input.password, await decoy());
  if (result !== 'right') return { actor, opened: null };
  return { actor, opened: await openSession(db, staff!, stageAfterPassword(staff!), now, { address: input.address, secondFactorAt: null }) };
}
export { signInFailed };

/** The TOTP code, or a recovery code (used up), that finishes signing in; sent from `address`. */
export async function enterSecondFactor(deps: Deps, current: StaffSession, code: string, address: string, now: Date): Promise<StaffSession | OpenedSession> {
  const { staff } = current;
  if (staff.totpSecretSealed === null) throw invalidInput(SESSION_MESSAGES.noSecondFactor);
  const sealed = staff.totpSecretSealed;
  const isTotp = /^\d{6}$/.test(code);
  let step: number | null = null;
  const result = await attempt(
    deps.db,
    { email: staff.email, address },
    now,
    // A recovery code is looked up (and used up) only under the lock.
    async () => !isTotp || (step = totpStep(deps.cardData.open(sealed, totpContext(staff.id)), code, now)) !== null,
    (tx) => (isTotp ? advanceTotpStep(tx, staff.id, step!) : useRecoveryCode(tx, staff.id, recoveryCodeHash(code))),
  );
  if (result === 'locked') {
    await endSession(deps.db, current.session.idHash, now);
    throw signInFailed();
  }
  if (result === 'wrong') throw invalidInput(SESSION_MESSAGES.wrongCode);
  return advance(deps.db, current, stageAfterSecondFactor(staff), now, address, true);
}

/**
 * A new password (its length was the contract's check): the current one must be right (a wrong one
 * counts towards the lockout), the new one not common; every other session of the account ends.
 */
export async function changePassword(db: Db, current: StaffSession, input: { currentPassword: string; newPassword: string }, address: string, now: Date): Promise<StaffSession | OpenedSession> {
  const { staff } = current;
  const result = await attempt(db, { email: staff.email, address }, now, () => verifyPassword(input.currentPassword, staff.passwordHash));
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
  return advance(db, { ...current, staff: changed }, next, now, address);
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
export async function confirmSecondFactor(deps: Deps, current: StaffSession, code: string, address: string, now: Date): Promise<{ recoveryCodes: string[]; next: StaffSession | OpenedSession }> {
  const { staff } = current;
  if (staff.totpSecretSealed !== null) throw new ApiError(409, SESSION_MESSAGES.secondFactorSet, 409);
  if (staff.totpPendingSealed === null) throw invalidInput(SESSION_MESSAGES.noSetup);
  const secret = deps.cardData.open(staff.totpPendingSealed, totpContext(staff.id));
  let step: number | null = null;
  const result = await attempt(deps.db, { email: staff.email, address }, now, async () => (step = totpStep(secret, code, now)) !== null);
  if (result === 'locked') {
    await endSession(deps.db, current.session.idHash, now);
    throw signInFailed();
  }
  if (result === 'wrong') throw invalidInput(SESSION_MESSAGES.wrongCode);
  const recoveryCodes = newRecoveryCodes(STAFF_LIMITS.recoveryCodes);
  await confirmSecret(deps.db, staff.id, { sealed: staff.totpPendingSealed, step: step!, recoveryCodeHashes: recoveryCodes.map(recoveryCodeHash) });
  const next = current.session.stage === 'second-factor-setup' ? 'signed-in' : current.session.stage;
  return { recoveryCodes, next: await advance(deps.db, current, next, now, address, true) };
}

/** The TOTP secret of an account (the dev ops API's stand-in for the authenticator app). */
export function totpSecretOf(deps: Pick<AppDeps, 'cardData'>, staff: StaffRow): string | null {
  return staff.totpSecretSealed === null ? null : deps.cardData.open(staff.totpSecretSealed, totpContext(staff.id));
}
export const sealTotpSecret = (deps: Pick<AppDeps, 'cardData'>, staffId: number, secret: string) => deps.cardData.seal(secret, totpContext(staffId));
