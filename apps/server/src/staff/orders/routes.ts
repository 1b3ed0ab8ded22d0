/**
 * The staff API's order calls: the search and one order (agents and finance). Finance's writes on an
 * order (its moves, payments posted) belong here too, answering orderForStaff.
 */
import type { FastifyInstance } from 'fastify';
import { getOrderCall, searchOrdersCall } from '@cashloan/contract';
import { mountStaffCall, type StaffDeps } from '../http/mount.ts';
import { orderForStaff, searchOrdersForStaff } from './service.ts';

export function registerOrderCalls(app: FastifyInstance, deps: StaffDeps): void {
  mountStaffCall(app, deps, searchOrdersCall, async ({ input, now }) => searchOrdersForStaff(deps, input, now));

  mountStaffCall(app, deps, getOrderCall, async ({ input, now }) => orderForStaff(deps, input.id, now));
}
