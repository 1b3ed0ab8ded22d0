/**
 * The one error handler: every failure becomes an envelope; a 5xx never leaks internals. A borrower's
 * call is refused in the page's language (docs/i18n.md, "Refusals"): the message through the
 * catalogue's 'server' part, the spec's own messages and any text the part lacks as written.
 */
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES, ERROR_MESSAGES, errorCode, type CodeForm } from '@cashloan/contract';
import { DEFAULT_LANG, LANG_PARAM, type Lang } from '@cashloan/contract/i18n';
import { langOf } from '@cashloan/contract/lang-choice';
import { textIn } from '../i18n/answer-texts.ts';
import { DbUnavailableError } from '../db/client.ts';
import { ApiError } from './api-error.ts';

export interface ErrorHandling {
  /** Whether `lang=qps`, the pseudo-locale, is served (never in production). */
  pseudoLang: boolean;
}

export function installErrorHandlers(app: FastifyInstance, { pseudoLang }: ErrorHandling = { pseudoLang: false }): void {
  /** The language of a borrower's call (its codeForm marks it; staff and ops calls are in English). */
  const langOfCall = (request: FastifyRequest): Lang => {
    if (request.routeOptions.config.codeForm === undefined) return DEFAULT_LANG;
    const query = request.query as Record<string, unknown> | undefined;
    return langOf(query?.[LANG_PARAM], { pseudo: pseudoLang }) ?? DEFAULT_LANG;
  };
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    const codeForm: CodeForm = request.routeOptions.config.codeForm ?? 'zero';
    const say = (message: string) => textIn(langOfCall(request), message);
    if (error instanceof ApiError) {
      // A service that is too busy says so in the envelope; the log shows how often it happens.
      if (error.httpStatus >= 500) request.log.warn({ code: error.code }, error.message);
      if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
      return reply.status(error.httpStatus).send({ code: errorCode(codeForm, error.code), message: say(error.message), data: null });
    }
    // Fastify's own client errors (malformed body, too large, bad content type).
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      return reply.status(status).send({ code: errorCode(codeForm, ERROR_CODES.invalidInput), message: error.message, data: null });
    }
    if (isDbUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(ERROR_CODES.unavailable)
        .header('Retry-After', '1')
        .send({ code: errorCode(codeForm, ERROR_CODES.unavailable), message: say(ERROR_MESSAGES.unavailable), data: null });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ code: errorCode(codeForm, ERROR_CODES.internal), message: say(ERROR_MESSAGES.internal), data: null });
  });
}

/** The database was out of reach, also when a service wrapped that failure as the cause of its own. */
function isDbUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof DbUnavailableError) return true;
  }
  return false;
}
