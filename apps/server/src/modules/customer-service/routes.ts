import type { FastifyInstance } from 'fastify';
import { contactKfInfoCall } from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import { mountCall } from '../../domain/borrowers/borrower-calls.ts';

export function registerCustomerService(app: FastifyInstance, deps: AppDeps): void {
  mountCall(app, deps, contactKfInfoCall, async () => ({
    email: deps.config.SERVICE_EMAIL,
    smWa: deps.config.SERVICE_SMWA,
  }));
}
