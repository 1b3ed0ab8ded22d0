/** The staff API's dashboard (every role). */
import type { FastifyInstance } from 'fastify';
import { dashboardCall } from '@cashloan/contract';
import { mountStaffCall, type StaffDeps } from '../http/mount.ts';
import { dashboard } from './service.ts';

export function registerDashboardCalls(app: FastifyInstance, deps: StaffDeps): void {
  mountStaffCall(app, deps, dashboardCall, async ({ now }) => dashboard(deps, now));
}
