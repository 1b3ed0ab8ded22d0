/**
 * What a borrower confirmed for an order, as the staff back office shows it: the cost disclosure of
 * the offer the order was made from, and the agreements of loan confirmation filled with the order's
 * figures (the same text the loan agreement page shows for that order).
 */
import { currencySymbolFor, type StaffOrder } from '@cashloan/contract';
import type { Queryable } from '../../platform/db/client.ts';
import type { Borrower } from '../../domain/borrowers/service.ts';
import type { OrderRow } from '../../domain/orders/service.ts';
import { agreementFigures, orderLoanFigures } from './agreements.ts';
import { fillAgreement } from './agreement-text.ts';
import { SCENE, disclosureOf, projectedPlan, type Deps } from './service.ts';
import { listAgreements, offerOfOrder } from './store.ts';

export async function confirmedForStaff(
  deps: Pick<Deps, 'config'> & { db: Queryable },
  order: OrderRow,
  borrower: Pick<Borrower, 'name' | 'mobilePhone'>,
): Promise<StaffOrder['confirmed']> {
  // The lender's own currency: staff read no `real` parameter, so the default one the borrower screens use.
  const currency = currencySymbolFor(undefined);
  const offer = await offerOfOrder(deps.db, order.id);
  // The schedule as it was on the confirmation screen: projected from the day the order was made
  // (disbursement re-dates the order's plan later; the borrower confirmed these dates).
  const disclosure = offer ? disclosureOf(offer, projectedPlan(offer, order.createdAt), currency) : null;
  const figures = agreementFigures(deps.config, borrower, order.productName, orderLoanFigures(order));
  const agreements = await listAgreements(deps.db, order.productId, SCENE);
  return { disclosure, agreements: agreements.map((a) => ({ position: a.position, title: a.title, body: fillAgreement(a.body, figures) })) };
}
