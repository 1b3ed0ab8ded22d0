/** The staff API's payment exceptions (finance): money not applied as it came, or beyond what its order owed, newest first. */
import type { FastifyInstance } from 'fastify';
import { listPaymentExceptionsCall } from '@cashloan/contract';
import { mountStaffCall, type StaffDeps } from '../http/mount.ts';
import { paymentExceptionsForStaff } from './service.ts';

export function registerPaymentExceptionCalls(app: FastifyInstance, deps: StaffDeps): void {
  mountStaffCall(app, deps, listPaymentExceptionsCall, async ({ input }) => paymentExceptionsForStaff(deps, input));
}
