/** The staff API's payment exceptions (finance): money not applied as it came, or beyond what its order owed, newest first. */
import type { FastifyInstance } from 'fastify';
import { listPaymentExceptionsCall } from '@cashloan/contract';
import { mountCall } from '../../platform/http/mount.ts';
import { staffCalls, type StaffDeps } from '../http/mount.ts';
import { paymentExceptionsForStaff } from './service.ts';

export function registerPaymentExceptionCalls(app: FastifyInstance, deps: StaffDeps): void {
  mountCall(app, staffCalls(deps), listPaymentExceptionsCall, async ({ input }) => paymentExceptionsForStaff(deps, input));
}
