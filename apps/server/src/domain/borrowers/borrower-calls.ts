/**
 * How every module mounts its contract calls: platform's mountContractCall with the caller named by
 * the session, as the borrowers decide it (session.ts). Route files import mountCall from here.
 */
import type { FastifyInstance } from 'fastify';
import type { Call } from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import { mountContractCall, type CallHandler } from '../../platform/http/mount-call.ts';
import { borrowerForSession, type SessionBorrower } from './session.ts';

export function mountCall<C extends Call>(app: FastifyInstance, deps: Pick<AppDeps, 'db' | 'clock' | 'config'>, call: C, handler: CallHandler<C, SessionBorrower>): void {
  mountContractCall(
    app,
    {
      db: deps.db,
      clock: deps.clock,
      validateAnswers: deps.config.validateAnswers,
      authenticate: (session, now) => borrowerForSession(deps.db, session, now),
    },
    call,
    handler,
  );
}
