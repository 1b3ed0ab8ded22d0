/**
 * The staff API's order calls: the search and one order (agents and finance). Finance's writes on an
 * order (its moves, payments posted) belong here too, answering orderForStaff.
 */
import type { FastifyInstance } from 'fastify';
import { getOrderCall, searchOrdersCall } from '@cashloan/contract';
import { mountCall } from '../../platform/http/mount.ts';
import { staffCalls, type StaffDeps } from '../http/mount.ts';
import { orderForStaff, searchOrdersForStaff } from './service.ts';

export function registerOrderCalls(app: FastifyInstance, deps: StaffDeps): void {
  const staff = staffCalls(deps);
  mountCall(app, staff, searchOrdersCall, async ({ input, now }) => searchOrdersForStaff(deps, input, now));

  mountCall(app, staff, getOrderCall, async ({ input, now, current }) => orderForStaff(deps, input.id, now, current.staff.id));
}
