/**
 * The agreements of loan confirmation (scene 3): the list both variants show, the page one opens on
 * (/toIs), and its text filled with the borrower's and the loan's real figures.
 */
import { PESO_SYMBOL, marketOfCurrency, type AgreementContent, type AgreementItem } from '@cashloan/contract';
import { DEFAULT_LANG, type Lang } from '@cashloan/contract/i18n';
import type { Queryable } from '../../platform/db/client.ts';
import { notFound } from '../../platform/http/api-error.ts';
import { addDays } from '../../loan-terms/calendar.ts';
import { projectLoan, type OfferTerms } from '../../loan-terms/disclosure.ts';
import type { Borrower } from '../../domain/borrowers/service.ts';
import { loadBorrowerOrder, loadOrder, type OrderRow, type ProductRow } from '../../domain/orders/service.ts';
import { agreementPageUrl } from './agreement-page.ts';
import { agreementFigures, fillAgreement, orderLoanFigures, type LoanFigures } from './agreement-text.ts';
import { AGREEMENT_NOT_FOUND, ORDER_NOT_FOUND, SCENE, existingProduct, hasEnded, termsOf, type Deps } from './service.ts';
import { findAgreement, latestOffer, listAgreements } from './store.ts';

export { agreementFigures, orderLoanFigures, type LoanFigures } from './agreement-text.ts';

/** contract and goya cultures: the agreements of scene 3 for the product, titled in `lang` where the lender keeps the text in it. */
export async function agreementList(deps: Deps, productId: number, lang: Lang = DEFAULT_LANG): Promise<{ data: AgreementItem[] }> {
  const product = await existingProduct(deps.db, productId);
  return { data: (await listAgreements(deps.db, product.id, SCENE, lang)).map((a) => ({ title: a.title, position: a.position })) };
}

/** The borrower's own order of the product; anything else is "not found". */
async function ownOrder(db: Queryable, borrower: Borrower, productId: number, orderId: number): Promise<OrderRow> {
  const order = await loadBorrowerOrder(db, borrower.id, orderId);
  if (!order || order.productId !== productId) throw notFound(ORDER_NOT_FOUND);
  return order;
}

/** contract-jump and goya misunderstood: where one agreement is read (the loan agreement page). */
export async function agreementLink(
  deps: Deps,
  borrower: Borrower,
  ids: { productId: number; position: number; orderId?: number | undefined },
): Promise<{ contract_url: string }> {
  const product = await existingProduct(deps.db, ids.productId);
  if (!(await findAgreement(deps.db, product.id, SCENE, ids.position))) throw notFound(AGREEMENT_NOT_FOUND);
  if (ids.orderId !== undefined) await ownOrder(deps.db, borrower, product.id, ids.orderId);
  return { contract_url: agreementPageUrl(deps.config, { productId: product.id, position: ids.position, orderId: ids.orderId }) };
}

/**
 * The figures an agreement is filled with: the named order's, or (none named) the loan the
 * confirmation screen offers — its order once pushed, else the open offer, else the product's terms
 * as they would be offered today. Reading an agreement never makes an offer.
 */
async function agreementLoan(deps: Deps, borrower: Borrower, product: ProductRow, orderId: number | undefined): Promise<LoanFigures> {
  const { db } = deps;
  const now = deps.clock.now();
  let order: OrderRow | null = orderId !== undefined ? await ownOrder(db, borrower, product.id, orderId) : null;
  let terms: OfferTerms = termsOf(product);
  if (!order) {
    const offer = await latestOffer(db, borrower.id, product.id);
    const offerOrder = offer?.orderId ? await loadOrder(db, offer.orderId) : null;
    if (offerOrder && !hasEnded(offerOrder, now)) order = offerOrder;
    else if (offer && offer.orderId === null) terms = offer;
  }
  if (order) return orderLoanFigures(order);
  const loan = projectLoan(terms);
  return {
    orderNo: null,
    principalMinor: loan.principalMinor,
    interestMinor: loan.interestMinor,
    feeMinor: loan.feeMinor,
    termDays: terms.termDays,
    startsAt: now,
    endsAt: addDays(now, loan.instalments.at(-1)!.dueInDays),
    expected: true,
  };
}

/**
 * contract-content: one agreement as the loan agreement page shows it, with the real figures written
 * in: the lender's text in `lang` where it keeps one, else the English text.
 */
export async function agreementText(
  deps: Deps,
  borrower: Borrower,
  ids: { productId: number; position: number; orderId?: number | undefined },
  currency: string = PESO_SYMBOL,
  lang: Lang = DEFAULT_LANG,
): Promise<AgreementContent> {
  const product = await existingProduct(deps.db, ids.productId);
  const agreement = await findAgreement(deps.db, product.id, SCENE, ids.position, lang);
  if (!agreement) throw notFound(AGREEMENT_NOT_FOUND);
  const loan = await agreementLoan(deps, borrower, product, ids.orderId);
  const figures = agreementFigures(deps.config, borrower, product.name, loan, marketOfCurrency(currency));
  return { title: agreement.title, body: fillAgreement(agreement.body, figures, agreement.lang) };
}
