/**
 * Mounts one contract call on Fastify, borrower's or staff's alike: the steps every call takes are
 * here, once, and a caller kind (borrower-kind.ts; staff/http/mount.ts) supplies what differs.
 *
 *   no-store → the kind names the caller (session, stage, roles, CSRF) → the kind collects the input
 *   → NUL refusal → the call's schema (400 naming the field) → the kind may answer first (an
 *   Idempotency-Key replay) → the handler → answer validation (tests) → the kind shapes the answer;
 *   a refusal or failure passes the kind's `failed` on its way to the error handler.
 *
 * Route files mount with `mountCall(app, kind, call, handler)`; the kinds are made above platform
 * (the borrowers' in domain/borrowers/session.ts, the staff's in staff/http/mount.ts).
 */
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { invalidInput } from './api-error.ts';
import { describeIssue, findNul } from './validation.ts';

/** What mounting reads of any call: where it travels, and the schema its answer keeps to. */
export interface MountableCall {
  route: { method: 'GET' | 'POST'; path: string };
  answer: z.ZodType;
}

/**
 * What a kind's handlers receive and give back, for one call: a kind names these with an interface
 * that reads `this['call']` (TypeScript's stand-in for a type function), so a handler is typed by
 * the very call it is mounted for.
 */
export interface HandlerTypes {
  call: unknown;
  context: unknown;
  answer: unknown;
}
type For<T extends HandlerTypes, C> = T & { call: C };
export type KindHandler<T extends HandlerTypes, C> = (ctx: For<T, C>['context']) => Promise<For<T, C>['answer']>;

/** Route options a kind adds besides method, url and handler (the borrowers' code form, the idempotency hook). */
export interface KindRouteOptions {
  config?: FastifyContextConfig;
  onSend?: (request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>;
}

/** One request of a call, as its kind handles it; mountCall asks in this order. */
export interface CallerRequest<Ctx> {
  /** Names the caller and makes every check it must pass before its input is read; throws the refusal. */
  identify(): Promise<void>;
  /** The fields the request sent, from where this kind's calls send them. */
  input(): Record<string, unknown>;
  /**
   * With the input valid: true when the kind has sent the answer itself (an Idempotency-Key replay),
   * so the handler does not run. (Not the reply itself: a FastifyReply is a thenable, and awaiting it
   * waits for the send and gives undefined.)
   */
  before?(input: Record<string, unknown>): Promise<boolean>;
  /** What the handler is given. */
  context(input: unknown): Ctx;
  /** The handler's data as it is sent. */
  answer(data: unknown): unknown;
  /** A refusal or failure on its way to the error handler (which answers it). */
  failed?(error: unknown): Promise<void>;
}

/** What differs between the calls of one kind of caller; mountCall does the rest. */
export interface CallerKind<K extends MountableCall, T extends HandlerTypes> {
  /** The path the call is served on. */
  url(call: K): string;
  /** The schema the call's input must match. */
  inputSchema(call: K): z.ZodType;
  routeOptions?(call: K): KindRouteOptions;
  /** Tests: every answer is checked against the call's answer schema. */
  validateAnswers?: boolean | undefined;
  open(call: K, request: FastifyRequest, reply: FastifyReply): CallerRequest<For<T, K>['context']>;
}

/** PostgreSQL text cannot hold a NUL character: refused up front, naming the field. */
export function refuseNul(input: Record<string, unknown>): void {
  const field = findNul(input);
  if (field !== null) throw invalidInput(`${field} must not contain a NUL character`);
}

export function mountCall<K extends MountableCall, T extends HandlerTypes, C extends K>(app: FastifyInstance, kind: CallerKind<K, T>, call: C, handler: KindHandler<T, C>): void {
  app.route({
    method: call.route.method,
    url: kind.url(call),
    ...kind.routeOptions?.(call),
    handler: async (request, reply) => {
      // Answers carry borrowers' data and sessions (and refusals name them): no cache keeps a copy.
      reply.header('Cache-Control', 'no-store');
      const caller = kind.open(call, request, reply);
      try {
        await caller.identify();
        const input = caller.input();
        refuseNul(input);
        const parsed = kind.inputSchema(call).safeParse(input);
        if (!parsed.success) throw invalidInput(describeIssue(parsed.error));
        if (await caller.before?.(input)) return reply;
        const data = await handler(caller.context(parsed.data));
        if (kind.validateAnswers) {
          const checked = call.answer.safeParse(data);
          if (!checked.success) throw new Error(`Answer of ${call.route.path} breaks the contract: ${describeIssue(checked.error)}`);
        }
        return caller.answer(data);
      } catch (error) {
        await caller.failed?.(error);
        throw error;
      }
    },
  });
}
