/**
 * Mounts one contract call on Fastify: validates the payload against the contract, resolves the
 * borrower from the session, runs the handler, and wraps its answer in the family's envelope.
 * Route files use this and never build an envelope or read the session themselves.
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
  type Family,
  type ParsedPayloadOf,
  type SessionParams,
} from '@cashloan/contract';
import type { AppDeps } from '../deps.ts';
import { borrowerForSession, type Borrower } from '../session/session.ts';
import { invalidInput } from './api-error.ts';
import { describeIssue } from './validation.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The success family of the call a route serves; errors use the same code form. */
    family?: Family;
  }
}

export interface CallContext<C extends Call, Authed extends boolean = true> {
  payload: ParsedPayloadOf<C>;
  borrower: Authed extends true ? Borrower : Borrower | null;
  /** The currency symbol amounts are written in for this request (from the `real` query parameter). */
  currency: string;
  request: FastifyRequest;
  reply: FastifyReply;
}

type Handler<C extends Call> = (ctx: CallContext<C>) => Promise<AnswerDataOf<C>>;

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

export function mountCall<C extends Call>(app: FastifyInstance, deps: AppDeps, call: C, handler: Handler<C>): void {
  app.route({
    method: call.route.method,
    url: callUrlPath(call.route),
    config: { family: call.route.family },
    handler: async (request, reply) => {
      const { session, rest } = splitQuery(request.query);
      const borrower = call.route.auth ? await borrowerForSession(deps.db, session, deps.clock.now()) : null;
      // Payload fields may arrive in the query (GET, or calls like repayment-way?orderId) or the form
      // body; a multipart upload's file is read by its handler from the request.
      const body = call.route.body === 'form' && request.body && typeof request.body === 'object' ? request.body : {};
      const parsed = call.payload.safeParse({ ...rest, ...(body as Record<string, unknown>) });
      if (!parsed.success) throw invalidInput(describeIssue(parsed.error));
      const currency = currencySymbolFor(typeof rest[CURRENCY_PARAM] === 'string' ? rest[CURRENCY_PARAM] : undefined);
      const data = await handler({ payload: parsed.data as ParsedPayloadOf<C>, borrower: borrower as Borrower, currency, request, reply });
      if (deps.config.validateAnswers) {
        const checked = call.answer.safeParse(data);
        if (!checked.success) throw new Error(`Answer of ${call.route.path} breaks the contract: ${describeIssue(checked.error)}`);
      }
      // A few routes (the captcha) answer raw bytes instead of an envelope.
      if (call.route.responds === 'image') return reply.header('Cache-Control', 'no-store').type('image/png').send(data);
      const envelope: Envelope<unknown> = { code: successCode(call.route.family), message: 'success', data };
      return envelope;
    },
  });
}
