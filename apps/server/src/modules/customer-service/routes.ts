import type { FastifyInstance } from 'fastify';
import { contactKfInfoCall } from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import { borrowerCalls } from '../../domain/borrowers/session.ts';
import { mountCall } from '../../platform/http/mount.ts';

export function registerCustomerService(app: FastifyInstance, deps: AppDeps): void {
  mountCall(app, borrowerCalls(deps), contactKfInfoCall, async () => ({
    email: deps.config.SERVICE_EMAIL,
    smWa: deps.config.SERVICE_SMWA,
  }));
}
