/**
 * The staff API under /staff/api (docs/backoffice.md): its own cookie, its own 404, and each area's
 * calls. Nothing here is reachable with a borrower's session, and a staff session opens no borrower
 * call: the two never share a credential (borrowers send session parameters, staff a cookie whose path is /staff/api).
 */
import type { FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { STAFF_API_BASE } from '@cashloan/contract';
import { notFound } from '../../platform/http/api-error.ts';
import { registerAccountCalls } from '../accounts/routes.ts';
import { registerAuditCalls } from '../audit/routes.ts';
import { registerBorrowerCalls } from '../borrowers/routes.ts';
import { registerComplaintCalls } from '../complaints/routes.ts';
import { registerDashboardCalls } from '../dashboard/routes.ts';
import { registerFinanceCalls } from '../orders/finance-routes.ts';
import { registerPayoutCalls } from '../orders/payout-routes.ts';
import { registerOrderCalls } from '../orders/routes.ts';
import { registerPaymentExceptionCalls } from '../payment-exceptions/routes.ts';
import { registerBooksCalls } from '../books/routes.ts';
import { registerCollectionsCalls } from '../collections/routes.ts';
import { registerPortfolioCalls } from '../collections/portfolio-routes.ts';
import { registerPrivacyCalls } from '../privacy/routes.ts';
import { registerBreachCalls } from '../breaches/routes.ts';
import type { PersonalDataSection } from '../../platform/personal-data.ts';
import { registerSettingsCalls } from '../settings/routes.ts';
import type { StaffDeps } from './mount.ts';
import { registerSessionCalls } from '../session/routes.ts';

export interface StaffApiParts {
  /** Every part of what the lender holds about a borrower (modules/index.ts): the privacy desk reads and erases them. */
  personalData: readonly PersonalDataSection[];
}

export async function registerStaffApi(app: FastifyInstance, deps: StaffDeps, parts: StaffApiParts): Promise<void> {
  await app.register(
    async (staff) => {
      await staff.register(cookie);
      staff.setNotFoundHandler(async (request) => {
        throw notFound(`${request.method} ${request.url.split('?')[0]} is not a staff API call.`);
      });
      registerSessionCalls(staff, deps);
      registerAccountCalls(staff, deps);
      registerAuditCalls(staff, deps);
      registerComplaintCalls(staff, deps);
      registerDashboardCalls(staff, deps);
      registerOrderCalls(staff, deps);
      registerFinanceCalls(staff, deps);
      registerPayoutCalls(staff, deps);
      registerPaymentExceptionCalls(staff, deps);
      registerBooksCalls(staff, deps);
      registerCollectionsCalls(staff, deps);
      registerPortfolioCalls(staff, deps);
      registerPrivacyCalls(staff, deps, parts.personalData);
      registerBreachCalls(staff, deps);
      registerBorrowerCalls(staff, deps);
      registerSettingsCalls(staff, deps);
    },
    { prefix: STAFF_API_BASE },
  );
}
