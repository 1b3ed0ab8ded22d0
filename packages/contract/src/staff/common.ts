/**
 * The staff API (/staff/api, docs/backoffice.md): what every staff call shares. A call declares who
 * may make it (its roles), at which stage of signing in, and whether it writes (then it needs the
 * session's CSRF token and is written to the audit log). JSON in, `{code, message, data}` out; the
 * code of a failure is its HTTP status.
 */
import { z } from 'zod';

export const STAFF_API_BASE = '/staff/api';
/** Where the back office app is served. */
export const BACKOFFICE_BASE = '/backoffice';

export const STAFF_ROLES = ['agent', 'finance', 'admin', 'collector', 'collections_lead', 'dpo'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const STAFF_ROLE_TITLES: Record<StaffRole, string> = { agent: 'Agent', finance: 'Finance', admin: 'Admin', collector: 'Collector', collections_lead: 'Collections lead', dpo: 'Data protection officer' };
/** The roles as an error message lists them: 'agent', 'finance', … or 'collections_lead'. */
export const STAFF_ROLES_LISTED = `${STAFF_ROLES.slice(0, -1).map((r) => `'${r}'`).join(', ')} or '${STAFF_ROLES.at(-1)}'`;
/** Roles that must sign in with a second factor (TOTP); an agent may add one. */
export const SECOND_FACTOR_ROLES: readonly StaffRole[] = ['admin', 'finance', 'dpo'];

/**
 * Where a signed-in session stands: 'signed-in' may do the work of its roles; the others may only
 * finish signing in (enter the code, set up the second factor, change a temporary password).
 */
export const SIGN_IN_STAGES = ['signed-in', 'second-factor', 'second-factor-setup', 'change-password'] as const;
export type SignInStage = (typeof SIGN_IN_STAGES)[number];

/** The session cookie (HttpOnly, SameSite=Strict, Secure over https) and the header that carries the CSRF token. */
export const STAFF_SESSION_COOKIE = 'staff_session';
export const STAFF_CSRF_HEADER = 'X-CSRF-Token';

export const STAFF_LIMITS = {
  passwordMinChars: 12,
  passwordMaxChars: 128,
  idleMinutes: 30,
  absoluteHours: 12,
  /**
   * Wrong passwords or codes from one address within lockoutMinutes that lock the account for that
   * address for lockoutMinutes (docs/backoffice.md, "Lockout").
   */
  lockoutFailures: 5,
  /**
   * Wrong passwords or codes from any addresses within lockoutMinutes that lock the account for
   * everyone for lockoutMinutes: more than one address can send (3 × lockoutFailures), so one
   * address alone can never lock another person out.
   */
  accountLockoutFailures: 15,
  lockoutMinutes: 15,
  recoveryCodes: 10,
  pageSizeMax: 100,
  /** The agent's reply, as the ops API took it. */
  replyMaxChars: 2000,
  replyMaxImages: 9,
  /** Weekdays within which a complaint's review is promised (spec section 9). */
  reviewWeekdays: 3,
} as const;

export const STAFF_MESSAGES = {
  /** The one answer to a wrong email, password or code, and to a locked or disabled account. */
  signInFailed: 'The email, password or code is not right, or the account cannot sign in now. Please check them, or try again in 15 minutes.',
  signedOut: 'Please sign in.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  finishSignIn: 'Please finish signing in first.',
  forbidden: 'Your role cannot do this. Ask an admin if you need it.',
  csrf: 'This request did not come from the back office page. Please reload the page and try again.',
} as const;

/** Who may make a call: no session at all (signing in), any session (whatever its stage), or staff with one of these roles. */
export type StaffAccess = 'public' | 'session' | { roles: readonly StaffRole[] };

export interface StaffRoute {
  method: 'GET' | 'POST';
  /** Under STAFF_API_BASE; `:id` marks a path parameter. */
  path: string;
  access: StaffAccess;
  /** The stages a session may be in (default: signed-in only). */
  stages?: readonly SignInStage[];
  /** A write: needs the CSRF token, and is written to the audit log under this action name. */
  audit?: string;
}

export interface StaffCall<I extends z.ZodType = z.ZodType, A extends z.ZodType = z.ZodType> {
  route: StaffRoute;
  /** Path parameters, then the query (GET) or the JSON body (POST), in one object. */
  input: I;
  answer: A;
  summary: string;
}

export function defineStaffCall<I extends z.ZodType, A extends z.ZodType>(route: StaffRoute, schemas: { input: I; answer: A }, summary: string): StaffCall<I, A> {
  return { route, ...schemas, summary };
}

export type StaffInputOf<C extends StaffCall> = z.input<C['input']>;
export type StaffParsedInputOf<C extends StaffCall> = z.output<C['input']>;
export type StaffAnswerOf<C extends StaffCall> = z.output<C['answer']>;

/** The URL of a call with its path parameters filled in. */
export function staffCallUrl(route: Pick<StaffRoute, 'path'>, params: Record<string, string | number> = {}): string {
  return `${STAFF_API_BASE}${route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')))}`;
}

// ---- fields -------------------------------------------------------------------------------------------

/** An id in a path or query (a string of digits) or a JSON number. */
export const staffId = (name: string) =>
  z.coerce.number({ error: `${name} must be a number` }).int({ error: `${name} must be a whole number` }).positive({ error: `${name} must be a positive number` });
export const pageFields = {
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1, { error: 'page must be 1 or more' }).default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int()
    .min(1, { error: 'pageSize must be 1 or more' })
    .max(STAFF_LIMITS.pageSizeMax, { error: `pageSize must be at most ${STAFF_LIMITS.pageSizeMax}` })
    .default(20),
};
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int().nonnegative() });
/** Money in minor units (centavos): a positive whole number. */
export const amountMinorField = (name: string) =>
  z.number({ error: `${name} must be a number of minor units (centavos)` }).int({ error: `${name} must be a whole number of minor units (centavos)` }).positive({ error: `${name} must be more than 0` }).max(100_000_000_000, { error: `${name} is too large` });
export const isoDateTime = z.string().describe('ISO 8601 date and time');
export const emptyStaffAnswer = z.object({});
