/** Every API family's routes; one line per module folder. */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { registerCustomerService } from './customer-service/routes.ts';
import { registerComplaints } from './complaints/routes.ts';
import { registerSite } from './site/routes.ts';
import { registerOrderDetails } from './order-details/routes.ts';
import { registerRepayment } from './repayment/routes.ts';
import { registerProviderNotifications } from './provider-notifications/routes.ts';
import { registerPayoutNotifications } from './provider-notifications/payout-routes.ts';
import { registerCardRepayment } from './card-repayment/routes.ts';
import { registerPromotion } from './promotion/routes.ts';
import { registerLoanConfirmation } from './loan-confirmation/routes.ts';
import { registerBindBank } from './bind-bank/routes.ts';
import { registerRecords } from './records/routes.ts';
import { registerCancelLoan } from './cancel-loan/routes.ts';
import { registerMyData } from './my-data/routes.ts';
import { complaintsPersonalData } from './complaints/personal-data.ts';
import { uploadOwnedBy } from './complaints/owned-uploads.ts';
import { remindersPersonalData } from './reminders/personal-data.ts';
import { promotionPersonalData } from './promotion/personal-data.ts';
import { orderDetailsPersonalData } from './order-details/personal-data.ts';
import { smsSectionOf } from './my-data/export.ts';

/**
 * Every family's part of what the lender holds about a borrower, and the SMS provider's copy: the one
 * list "My data" exports, the data-protection officer reads and the erasure run erases (a module never
 * imports another, so the list is made here and handed to the my-data family, the staff API and the jobs).
 */
export const personalDataSections = (deps: Pick<AppDeps, 'sms'>) => [
  complaintsPersonalData,
  remindersPersonalData,
  promotionPersonalData,
  orderDetailsPersonalData,
  ...smsSectionOf(deps.sms),
];

export async function registerModules(app: FastifyInstance, deps: AppDeps): Promise<void> {
  registerCustomerService(app, deps);
  registerComplaints(app, deps);
  registerSite(app, deps);
  registerOrderDetails(app, deps);
  registerRepayment(app, deps);
  registerCardRepayment(app, deps);
  registerProviderNotifications(app, deps);
  await registerPayoutNotifications(app, deps);
  registerPromotion(app, deps);
  registerLoanConfirmation(app, deps);
  registerBindBank(app, deps);
  registerRecords(app, deps);
  registerCancelLoan(app, deps);
  // "My data" collects every family's part of what the lender holds about a borrower (a module never imports another).
  registerMyData(app, deps, { sections: personalDataSections(deps), ownsUpload: uploadOwnedBy });
}
