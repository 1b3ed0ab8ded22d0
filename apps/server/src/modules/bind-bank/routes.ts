/** HTTP of the bank screen (/candidateWhile): card-init, bind-card-new, bind-card-change. The rules are in service.ts. */
import type { FastifyInstance } from 'fastify';
import { bindCardChangeCall, bindCardNewCall, cardInitCall } from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import { mountCall } from '../../platform/http/mount-call.ts';
import { cardInit, saveAccount } from './service.ts';

export function registerBindBank(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock } = deps;
  mountCall(app, deps, cardInitCall, ({ borrower, payload }) => cardInit(db, borrower, payload.product_id));
  mountCall(app, deps, bindCardNewCall, async ({ borrower, payload }) => {
    await saveAccount(deps, borrower, payload, 'bind-card-new', clock.now());
    return {};
  });
  mountCall(app, deps, bindCardChangeCall, async ({ borrower, payload }) => {
    await saveAccount(deps, borrower, payload, 'bind-card-change', clock.now());
    return {};
  });
}
