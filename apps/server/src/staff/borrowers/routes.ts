/** The staff API's borrower calls: the search and one borrower (agents and finance). */
import type { FastifyInstance } from 'fastify';
import { getBorrowerCall, searchBorrowersCall } from '@cashloan/contract';
import { mountStaffCall, type StaffDeps } from '../http/mount.ts';
import { borrowerForStaff, searchBorrowersForStaff } from './service.ts';

export function registerBorrowerCalls(app: FastifyInstance, deps: StaffDeps): void {
  mountStaffCall(app, deps, searchBorrowersCall, async ({ input }) => searchBorrowersForStaff(deps, input));

  mountStaffCall(app, deps, getBorrowerCall, async ({ input, now }) => borrowerForStaff(deps, input.id, now));
}
