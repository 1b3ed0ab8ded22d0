/**
 * What a borrower confirmed for an order, as the staff back office shows it: the documents stored at
 * confirmation (the cost disclosure and each agreement with the order's figures, never rebuilt from
 * today's product or agreement rows). An order made without the confirmation screen (the dev ops API)
 * has none stored; it is shown what the offer and today's agreements give, as before issue 22.
 */
import { currencySymbolFor, type StaffOrder } from '@cashloan/contract';
import type { Queryable } from '../../platform/db/client.ts';
import type { Borrower } from '../../domain/borrowers/service.ts';
import { listConfirmedDocuments, type ConfirmedAgreementBody, type ConfirmedDisclosureBody, type OrderRow } from '../../domain/orders/service.ts';
import { agreementFigures, fillAgreement, orderLoanFigures } from './agreement-text.ts';
import { disclosureOf, projectedPlan } from './disclosure.ts';
import { SCENE, type Deps } from './service.ts';
import { listAgreements, offerOfOrder } from './store.ts';

export async function confirmedForStaff(
  deps: Pick<Deps, 'config'> & { db: Queryable },
  order: OrderRow,
  borrower: Pick<Borrower, 'name' | 'mobilePhone'>,
): Promise<StaffOrder['confirmed']> {
  const stored = await listConfirmedDocuments(deps.db, order.id);
  if (stored.length > 0) {
    const disclosure = stored.find((d) => d.kind === 'disclosure');
    const body = disclosure ? (JSON.parse(disclosure.body) as ConfirmedDisclosureBody) : null;
    return {
      // Documents confirmed before languages were English.
      lang: body?.lang ?? 'en',
      disclosure: body?.disclosure ?? null,
      agreements: stored
        .filter((d) => d.kind === 'agreement')
        .map((d) => {
          const agreement = JSON.parse(d.body) as ConfirmedAgreementBody;
          return { position: d.position, title: d.title, lang: agreement.lang ?? 'en', body: agreement.text };
        }),
    };
  }
  // The lender's own currency: staff read no `real` parameter, so the default one the borrower screens use.
  const currency = currencySymbolFor(undefined);
  const offer = await offerOfOrder(deps.db, order.id);
  // The schedule as it was on the confirmation screen: projected from the day the order was made.
  const rebuilt = offer ? disclosureOf(offer, projectedPlan(offer, order.createdAt), currency) : null;
  const figures = agreementFigures(deps.config, borrower, order.productName, orderLoanFigures(order));
  const agreements = await listAgreements(deps.db, order.productId, SCENE);
  return { lang: 'en', disclosure: rebuilt, agreements: agreements.map((a) => ({ position: a.position, title: a.title, lang: a.lang, body: fillAgreement(a.body, figures) })) };
}
