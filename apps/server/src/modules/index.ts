/** Every API family's routes; one line per module folder. */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { registerPersonalCenter } from './personal-center/routes.ts';
import { registerComplaints } from './complaints/routes.ts';
import { registerSite } from './site/routes.ts';
import { registerOrderDetails } from './order-details/routes.ts';
import { registerRepayment } from './repayment/routes.ts';
import { registerPromotion } from './promotion/routes.ts';
import { registerLoanConfirm } from './loan-confirm/routes.ts';
import { registerBindCard } from './bind-card/routes.ts';

export async function registerModules(app: FastifyInstance, deps: AppDeps): Promise<void> {
  registerPersonalCenter(app, deps);
  registerComplaints(app, deps);
  registerSite(app, deps);
  registerOrderDetails(app, deps);
  registerRepayment(app, deps);
  registerPromotion(app, deps);
  registerLoanConfirm(app, deps);
  registerBindCard(app, deps);
}
