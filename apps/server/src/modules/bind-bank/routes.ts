/** HTTP of the bank screen (/candidateWhile): card-init, bind-card-new, bind-card-change. The rules are in service.ts. */
import type { FastifyInstance } from 'fastify';
import { bindCardChangeCall, bindCardNewCall, cardInitCall } from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import { borrowerCalls } from '../../domain/borrowers/session.ts';
import { mountCall } from '../../platform/http/mount.ts';
import { cardInit, saveAccount } from './service.ts';

export function registerBindBank(app: FastifyInstance, deps: AppDeps): void {
  const borrowers = borrowerCalls(deps);
  mountCall(app, borrowers, cardInitCall, ({ borrower, payload }) => cardInit(deps, borrower, payload.product_id));
  mountCall(app, borrowers, bindCardNewCall, async ({ borrower, payload }) => {
    await saveAccount(deps, borrower, payload, 'bind-card-new');
    return {};
  });
  mountCall(app, borrowers, bindCardChangeCall, async ({ borrower, payload }) => {
    await saveAccount(deps, borrower, payload, 'bind-card-change');
    return {};
  });
}
