/**
 * Mounts one contract call on Fastify: validates the payload against the contract, has the caller
 * named by the session (`authenticate`, handed in: the borrowers of the domain layer), runs the
 * handler, and wraps its answer in the envelope of the call's code form. Route files mount through
 * domain/borrowers/borrower-calls.ts and never build an envelope or read the session themselves.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
import { invalidInput } from './api-error.ts';
import { claimKey, holdClaim, idempotencyKeyOf, payloadHash, recordAnswer, replayAnswer } from './idempotency.ts';
import { describeIssue, findNul } from './validation.ts';

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

/** What mounting needs from the app: the database and clock, and how a session names its caller. */
export interface CallMounting<B extends Caller> {
  db: Db;
  clock: Clock;
  /** Tests: every answer is checked against the call's answer schema. */
  validateAnswers?: boolean | undefined;
  /** The caller of a call that needs a session; throws the session refusal otherwise. */
  authenticate(session: Partial<SessionParams>, now: Date): Promise<B>;
}

export interface CallContext<C extends Call, B extends Caller> {
  payload: ParsedPayloadOf<C>;
  /** The session's borrower (a call without `auth` gets none: never read it there). */
  borrower: B;
  /** The currency symbol amounts are written in for this request (from the `real` query parameter). */
  currency: string;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type CallHandler<C extends Call, B extends Caller> = (ctx: CallContext<C, B>) => Promise<AnswerDataOf<C>>;

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

function refuseNul(input: Record<string, unknown>): void {
  const field = findNul(input);
  if (field !== null) throw invalidInput(`${field} must not contain a NUL character`);
}

export function mountContractCall<C extends Call, B extends Caller>(app: FastifyInstance, deps: CallMounting<B>, call: C, handler: CallHandler<C, B>): void {
  const url = callUrlPath(call.route);
  // Only a borrower's call can take an Idempotency-Key: keys are kept per borrower (http/idempotency.ts).
  const idempotency = call.route.auth ? call.route.idempotent : undefined;
  app.route({
    method: call.route.method,
    url,
    config: { codeForm: call.route.codeForm },
    ...(idempotency ? { onSend: (request: FastifyRequest, reply: FastifyReply, payload: unknown) => recordAnswer(deps, request, reply, payload) } : {}),
    handler: async (request, reply) => {
      // Answers carry the borrower's data (and refusals name it): no cache keeps a copy.
      reply.header('Cache-Control', 'no-store');
      const { session, rest } = splitQuery(request.query);
      refuseNul({ ...session, ...rest });
      const borrower = call.route.auth ? await deps.authenticate(session, deps.clock.now()) : null;
      const key = idempotency ? idempotencyKeyOf(request) : undefined;
      // Payload fields may arrive in the query (GET, or calls like repayment-way?orderId) or the form
      // body; a multipart upload's file is read by its handler from the request.
      const body = call.route.body === 'form' && request.body && typeof request.body === 'object' ? request.body : {};
      refuseNul(body as Record<string, unknown>);
      const input = { ...rest, ...(body as Record<string, unknown>) };
      const parsed = call.payload.safeParse(input);
      if (!parsed.success) throw invalidInput(describeIssue(parsed.error));
      if (idempotency && key !== undefined && borrower) {
        // Without a key the call runs as before; with one, a retry answers the first answer again.
        const claim = { borrowerId: borrower.id, callName: `${call.route.method} ${url}`, key };
        const stored = await claimKey(deps, claim, payloadHash(input), idempotency);
        if (stored) return replayAnswer(reply, stored);
        holdClaim(request, claim);
      }
      const currency = currencySymbolFor(typeof rest[CURRENCY_PARAM] === 'string' ? rest[CURRENCY_PARAM] : undefined);
      const data = await handler({ payload: parsed.data as ParsedPayloadOf<C>, borrower: borrower as B, currency, request, reply });
      if (deps.validateAnswers) {
        const checked = call.answer.safeParse(data);
        if (!checked.success) throw new Error(`Answer of ${call.route.path} breaks the contract: ${describeIssue(checked.error)}`);
      }
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
  });
}
