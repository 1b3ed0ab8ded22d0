/**
 * The caller kind of the staff calls of the contract (packages/contract/src/staff) under /staff/api;
 * platform/http/mount.ts takes the steps every call takes (no-store, NUL refusal, the call's schema
 * with a 400 naming the field, the answer check). Every check the call declares is made before its
 * handler runs, so no handler can forget one: the session cookie (401), the sign-in stage (403), the
 * roles (403), and for a write the CSRF token bound to the session, the Origin and Sec-Fetch-Site of
 * the page that sent it, and a JSON body (403, 415). The input is the path parameters with the query
 * (GET) or the JSON body; the answer is `{code: 0, message: 'success', data}`. A write is written to
 * the audit log: in its own transaction when done, on its own when refused.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  STAFF_API_BASE,
  STAFF_CSRF_HEADER,
  STAFF_MESSAGES,
  STAFF_SESSION_COOKIE,
  type StaffAnswerOf,
  type StaffCall,
  type StaffParsedInputOf,
} from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { ApiError, invalidInput } from '../../platform/http/api-error.ts';
import type { CallerKind, HandlerTypes } from '../../platform/http/mount.ts';
import { writeAudit, type AuditActor } from '../audit/service.ts';
import { sessionOf, type StaffSession } from '../session/service.ts';

export type StaffDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'cardData' | 'storage' | 'reencodeQueue' | 'payments' | 'payouts' | 'sms'>;

/** What an audit entry says besides who and when: the target and its values before and after. */
export interface AuditDetails {
  targetType?: string | undefined;
  targetId?: string | number | undefined;
  before?: unknown;
  after?: unknown;
}

export interface StaffCallContext<C extends StaffCall> {
  input: StaffParsedInputOf<C>;
  /** The caller's session; a public call (signing in) has none: never read it there. */
  current: StaffSession;
  now: Date;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Who the call's audit entries name: the session's staff member, or (signing in) whoever the email names. */
  actor: AuditActor | null;
  /** A write with its audit entry, in one transaction: both are stored or neither. */
  write<T>(fn: (tx: Queryable) => Promise<{ answer: T; audit: AuditDetails }>): Promise<T>;
  /** An audit entry on its own, for the session calls whose every statement stands alone (a failure counted must stay counted). */
  audit(details: AuditDetails): Promise<void>;
  /**
   * Names the step this write is when it is not the call's own action (a posting held for a second
   * approval is `payment.post-requested`, not `payment.post`): its entry says so, done or refused.
   */
  auditAs(action: string): void;
}

export type StaffHandler<C extends StaffCall> = (ctx: StaffCallContext<C>) => Promise<StaffAnswerOf<C>>;

const forbidden = (message: string) => new ApiError(403, message, 403);

/** The session cookie: HttpOnly, SameSite=Strict, sent only to the staff API, Secure over https. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(STAFF_SESSION_COOKIE, token, { path: STAFF_API_BASE, httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https' });
}
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(STAFF_SESSION_COOKIE, { path: STAFF_API_BASE, httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https' });
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * A write must come from a page of the back office: a browser says where it was sent from
 * (Sec-Fetch-Site, Origin). The back office's origin is BACKOFFICE_ORIGIN when set (scheme, host and
 * port), else this server's host as the request names it.
 */
function refuseForeignPage(request: FastifyRequest, backofficeOrigin: string | undefined): void {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') throw forbidden(STAFF_MESSAGES.csrf);
  const origin = request.headers.origin;
  if (origin !== undefined) {
    // Through URL, so a default port written or not (and case) compares the same.
    const parsed = (url: string) => {
      try {
        return new URL(url);
      } catch {
        return null;
      }
    };
    const same = backofficeOrigin !== undefined ? parsed(origin)?.origin === backofficeOrigin : parsed(origin)?.host === parsed(`${request.protocol}://${request.host}`)?.host;
    if (!same) throw forbidden(STAFF_MESSAGES.csrf);
  }
}

/** What an entry targets when the handler does not say: the path's first part and its :id. */
const TARGET_TYPES: Record<string, string> = { orders: 'order', complaints: 'complaint', staff: 'staff', uploads: 'upload' };
function defaultTarget(call: StaffCall, request: FastifyRequest, actor: AuditActor | null): AuditDetails {
  const first = call.route.path.split('/')[1] ?? '';
  const id = (request.params as Record<string, string> | undefined)?.id;
  if (TARGET_TYPES[first] === undefined) return { targetType: 'staff', targetId: actor?.id ?? '' };
  return { targetType: TARGET_TYPES[first], targetId: id ?? '' };
}

/** The session's stage and roles, and for a write the CSRF token bound to the session: refused with 403. */
function checkAccess(call: StaffCall, request: FastifyRequest, current: StaffSession): void {
  const { route } = call;
  const access = route.access;
  if (!(route.stages ?? ['signed-in']).includes(current.session.stage)) throw forbidden(STAFF_MESSAGES.finishSignIn);
  if (typeof access === 'object' && !current.staff.roles.some((r) => access.roles.includes(r))) throw forbidden(STAFF_MESSAGES.forbidden);
  if (route.method === 'POST') {
    const sent = request.headers[STAFF_CSRF_HEADER.toLowerCase()];
    if (typeof sent !== 'string' || !sameText(sent, current.session.csrfToken)) throw forbidden(STAFF_MESSAGES.csrf);
  }
}

/** Path parameters, then the query (GET) or the JSON body (POST); a multipart upload is read by its handler. */
function staffInput(call: StaffCall, request: FastifyRequest, options: MountOptions): Record<string, unknown> {
  const writes = call.route.method === 'POST';
  const contentType = String(request.headers['content-type'] ?? '');
  if (writes && !options.multipart && !contentType.startsWith('application/json') && request.headers['content-length'] !== '0' && request.body !== undefined) {
    throw new ApiError(415, 'The body must be JSON (Content-Type: application/json).', 415);
  }
  const sent = (call.route.method === 'GET' ? request.query : options.multipart ? {} : request.body) ?? {};
  if (typeof sent !== 'object' || Array.isArray(sent)) throw invalidInput('The body must be a JSON object.');
  return { ...(sent as Record<string, unknown>), ...(request.params as Record<string, unknown>) };
}

export interface MountOptions {
  /** The call takes a multipart upload instead of a JSON body. */
  multipart?: boolean;
}

/** A staff call's handler types, for platform/http/mount.ts. */
export interface StaffHandlers extends HandlerTypes {
  context: this['call'] extends StaffCall ? StaffCallContext<this['call']> : never;
  answer: this['call'] extends StaffCall ? StaffAnswerOf<this['call']> : never;
}

/** The caller kind of the staff calls: `mountCall(app, staffCalls(deps), call, handler)`. */
export function staffCalls(deps: StaffDeps & { config: { validateAnswers?: boolean } }, options: MountOptions = {}): CallerKind<StaffCall, StaffHandlers> {
  return {
    url: (call) => call.route.path,
    inputSchema: (call) => call.input,
    validateAnswers: deps.config.validateAnswers,
    open: (call, request, reply) => {
      const { route } = call;
      const writes = route.method === 'POST';
      const now = deps.clock.now();
      const address = request.ip;
      let current: StaffSession | null = null;
      let actor: AuditActor | null = null;
      let action = route.audit;
      const entry = (details: AuditDetails, outcome: 'done' | 'refused') => ({
        action: action!,
        ...defaultTarget(call, request, actor),
        ...Object.fromEntries(Object.entries(details).filter(([, value]) => value !== undefined)),
        outcome,
      });
      return {
        identify: async () => {
          if (writes) refuseForeignPage(request, deps.config.BACKOFFICE_ORIGIN);
          if (route.access === 'public') return;
          current = await sessionOf(deps.db, request.cookies[STAFF_SESSION_COOKIE], now);
          // Named before the checks below, so a refused write is audited with who tried it.
          actor = { id: current.staff.id, email: current.staff.email };
          checkAccess(call, request, current);
        },
        input: () => staffInput(call, request, options),
        context: (input) => ({
          input: input as StaffParsedInputOf<StaffCall>,
          current: current!,
          now,
          request,
          reply,
          get actor() {
            return actor;
          },
          set actor(who) {
            actor = who;
          },
          write: (fn) =>
            deps.db.transaction(async (tx) => {
              const { answer, audit } = await fn(tx);
              if (route.audit) await writeAudit(tx, actor!, entry(audit, 'done'), { at: now, address });
              return answer;
            }),
          audit: (details) => writeAudit(deps.db, actor!, entry(details, 'done'), { at: now, address }),
          auditAs: (step) => {
            action = step;
          },
        }),
        answer: (data) => ({ code: 0, message: 'success', data }),
        failed: async (error) => {
          if (error instanceof ApiError && error.httpStatus === 401 && route.access !== 'public') clearSessionCookie(request, reply);
          // A refused write is in the log too (who tried what, and why it was refused), when we know who.
          if (error instanceof ApiError && error.httpStatus < 500 && route.audit && actor) {
            await writeAudit(deps.db, actor, entry({ after: { refused: error.message } }, 'refused'), { at: now, address });
          }
        },
      };
    },
  };
}
