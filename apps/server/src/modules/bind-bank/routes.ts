/** HTTP of the bank screen (/candidateWhile): card-init, bind-card-new, bind-card-change. The rules are in service.ts. */
import type { FastifyInstance } from 'fastify';
import { bindCardChangeCall, bindCardNewCall, cardInitCall } from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import { mountCall } from '../../domain/borrowers/borrower-calls.ts';
import { cardInit, saveAccount } from './service.ts';

export function registerBindBank(app: FastifyInstance, deps: AppDeps): void {
  mountCall(app, deps, cardInitCall, ({ borrower, payload }) => cardInit(deps, borrower, payload.product_id));
  mountCall(app, deps, bindCardNewCall, async ({ borrower, payload }) => {
    await saveAccount(deps, borrower, payload, 'bind-card-new');
    return {};
  });
  mountCall(app, deps, bindCardChangeCall, async ({ borrower, payload }) => {
    await saveAccount(deps, borrower, payload, 'bind-card-change');
    return {};
  });
}
