/** The staff API's dashboard (every role). */
import type { FastifyInstance } from 'fastify';
import { dashboardCall } from '@cashloan/contract';
import { mountCall } from '../../platform/http/mount.ts';
import { staffCalls, type StaffDeps } from '../http/mount.ts';
import { dashboard } from './service.ts';

export function registerDashboardCalls(app: FastifyInstance, deps: StaffDeps): void {
  mountCall(app, staffCalls(deps), dashboardCall, async ({ now, current }) => dashboard(deps, now, current.staff.roles));
}
