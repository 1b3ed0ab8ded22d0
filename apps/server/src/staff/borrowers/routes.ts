/** The staff API's borrower calls: the search and one borrower (agents and finance). */
import type { FastifyInstance } from 'fastify';
import { getBorrowerCall, searchBorrowersCall } from '@cashloan/contract';
import { mountCall } from '../../platform/http/mount.ts';
import { staffCalls, type StaffDeps } from '../http/mount.ts';
import { borrowerForStaff, searchBorrowersForStaff } from './service.ts';

export function registerBorrowerCalls(app: FastifyInstance, deps: StaffDeps): void {
  const staff = staffCalls(deps);
  mountCall(app, staff, searchBorrowersCall, async ({ input }) => searchBorrowersForStaff(deps, input));

  mountCall(app, staff, getBorrowerCall, async ({ input, now }) => borrowerForStaff(deps, input.id, now));
}
