/**
 * The caller kind of the borrower's calls (mount.ts does the steps every call takes): the caller is
 * named by the session parameters of the query (`authenticate`, handed in: the borrowers of the
 * domain layer), the payload is the rest of the query and the form body, a call marked idempotent
 * takes an Idempotency-Key, and the answer is the envelope of the call's code form (or a raw image or PDF).
 * domain/borrowers/session.ts makes the kind with the borrowers' session check (`borrowerCalls`).
 */
import { DEFAULT_LANG, LANG_PARAM, type Lang } from '@cashloan/contract/i18n';
import { langOf } from '@cashloan/contract/lang-choice';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CURRENCY_PARAM,
  SESSION_PARAMS,
  currencySymbolFor,
  callUrlPath,
  successCode,
  type AnswerDataOf,
  type Call,
  type Envelope,
  type CodeForm,
  type ParsedPayloadOf,
  type SessionParams,
} from '@cashloan/contract';
import type { Clock } from '../clock/clock.ts';
import type { Db } from '../db/client.ts';
import { claimKey, holdClaim, idempotencyKeyOf, payloadHash, recordAnswer, replayAnswer } from './idempotency.ts';
import { refuseNul, type CallerKind, type HandlerTypes } from './mount.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The success code form of the call a route serves; errors use the same code form. */
    codeForm?: CodeForm;
  }
}

/** Who a session names: the id keys the caller's Idempotency-Keys. */
export interface Caller {
  id: number;
}

/** What the kind needs from the app: the database and clock, and how a session names its caller. */
export interface CallMounting<B extends Caller> {
  db: Db;
  clock: Clock;
  /** Tests: every answer is checked against the call's answer schema. */
  validateAnswers?: boolean | undefined;
  /** Whether `lang=qps`, the pseudo-locale, is served (never in production; docs/i18n.md). */
  pseudoLang: boolean;
  /** The caller of a call that needs a session; throws the session refusal otherwise. */
  authenticate(session: Partial<SessionParams>, now: Date): Promise<B>;
  /** Told the language of each call a session makes, once its caller is known (the borrower's language). */
  rememberLang?(caller: B, lang: Lang): Promise<void>;
}

export interface CallContext<C extends Call, B extends Caller> {
  payload: ParsedPayloadOf<C>;
  /** The session's borrower (a call without `auth` gets none: never read it there). */
  borrower: B;
  /** The currency symbol amounts are written in for this request (from the `real` query parameter). */
  currency: string;
  /** The language the borrower reads this answer in (the `lang` query parameter; English without it). */
  lang: Lang;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type CallHandler<C extends Call, B extends Caller> = (ctx: CallContext<C, B>) => Promise<AnswerDataOf<C>>;

/** A borrower call's handler types, for mount.ts. */
export interface BorrowerHandlers<B extends Caller> extends HandlerTypes {
  context: this['call'] extends Call ? CallContext<this['call'], B> : never;
  answer: this['call'] extends Call ? AnswerDataOf<this['call']> : never;
}

/**
 * Names the file a 'pdf' route's answer is saved as (Content-Disposition: attachment). The name is
 * kept to letters, digits, '.', '-' and '_', so it needs no quoting rules.
 */
export function attachmentName(reply: FastifyReply, fileName: string): void {
  reply.header('Content-Disposition', `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`);
}

/** Splits the query into the session parameters and the rest. */
export function splitQuery(query: unknown): { session: Partial<SessionParams>; rest: Record<string, unknown> } {
  const session: Partial<SessionParams> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    const text = Array.isArray(value) ? value[0] : value;
    if ((SESSION_PARAMS as readonly string[]).includes(key)) session[key as keyof SessionParams] = String(text ?? '');
    else rest[key] = text;
  }
  return { session, rest };
}

// Only a borrower's call can take an Idempotency-Key: keys are kept per borrower (http/idempotency.ts).
const idempotencyOf = (call: Call) => (call.route.auth ? call.route.idempotent : undefined);

export function borrowerKind<B extends Caller>(deps: CallMounting<B>): CallerKind<Call, BorrowerHandlers<B>> {
  return {
    url: (call) => callUrlPath(call.route),
    inputSchema: (call) => call.payload,
    routeOptions: (call) => ({
      config: { codeForm: call.route.codeForm },
      ...(idempotencyOf(call) ? { onSend: (request: FastifyRequest, reply: FastifyReply, payload: unknown) => recordAnswer(deps, request, reply, payload) } : {}),
    }),
    validateAnswers: deps.validateAnswers,
    open: (call, request, reply) => {
      const idempotency = idempotencyOf(call);
      const { session, rest } = splitQuery(request.query);
      const lang = langOf(rest[LANG_PARAM], { pseudo: deps.pseudoLang }) ?? DEFAULT_LANG;
      let borrower: B | null = null;
      let key: string | undefined;
      return {
        identify: async () => {
          refuseNul({ ...session, ...rest });
          borrower = call.route.auth ? await deps.authenticate(session, deps.clock.now()) : null;
          if (borrower && deps.rememberLang) await deps.rememberLang(borrower, lang);
          key = idempotency ? idempotencyKeyOf(request) : undefined;
        },
        // Payload fields may arrive in the query (GET, or calls like repayment-way?orderId) or the form
        // body; a multipart upload's file is read by its handler from the request.
        input: () => {
          const body = call.route.body === 'form' && request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
          // The body on its own first, so a refusal names the body's field even where the query has one of the same name.
          refuseNul(body);
          return { ...rest, ...body };
        },
        before: async (input) => {
          if (!idempotency || key === undefined || !borrower) return false;
          // Without a key the call runs as before; with one, a retry answers the first answer again.
          const claim = { borrowerId: borrower.id, callName: `${call.route.method} ${callUrlPath(call.route)}`, key };
          const stored = await claimKey(deps, claim, payloadHash(input), idempotency);
          if (stored) {
            replayAnswer(reply, stored);
            return true;
          }
          holdClaim(request, claim);
          return false;
        },
        context: (payload) => ({
          payload: payload as ParsedPayloadOf<Call>,
          borrower: borrower as B,
          currency: currencySymbolFor(typeof rest[CURRENCY_PARAM] === 'string' ? rest[CURRENCY_PARAM] : undefined),
          lang,
          request,
          reply,
        }),
        answer: (data) => {
          // A few routes (the captcha) answer raw bytes instead of an envelope.
          if (call.route.responds === 'image') return reply.type('image/png').send(data);
          // A document (records): the PDF itself, saved as a file; the handler names it with attachmentName.
          if (call.route.responds === 'pdf') {
            if (!reply.hasHeader('Content-Disposition')) reply.header('Content-Disposition', 'attachment');
            return reply.type('application/pdf').send(Buffer.from(data as Uint8Array));
          }
          const envelope: Envelope<unknown> = { code: successCode(call.route.codeForm), message: 'success', data };
          return envelope;
        },
      };
    },
  };
}
