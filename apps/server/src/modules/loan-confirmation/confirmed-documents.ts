/**
 * The documents a borrower confirms, frozen when the order is made: the cost disclosure (Disclosure
 * Statement, or Key Fact Statement for the rupee) exactly as the confirmation screen showed it, and
 * each scene-3 agreement filled with the order's figures, as the agreement page shows it. The orders
 * room stores them as canonical JSON with a SHA-256 (saveConfirmedDocuments); the records module
 * prints them from there (docs/records.md), never from today's product or agreement rows.
 */
import { AGREEMENT_SCENE, marketOfCurrency } from '@cashloan/contract';
import type { Lang } from '@cashloan/contract/i18n';
import type { Config } from '../../config.ts';
import { inLang } from '../../platform/i18n/answer-texts.ts';
import type { Queryable } from '../../platform/db/client.ts';
import type { OfferTerms } from '../../loan-terms/disclosure.ts';
import type { Borrower } from '../../domain/borrowers/service.ts';
import { saveConfirmedDocuments, type ConfirmedAgreementBody, type ConfirmedDisclosureBody, type DocumentToConfirm, type OrderRow } from '../../domain/orders/service.ts';
import { agreementFigures, fillAgreement, orderLoanFigures } from './agreement-text.ts';
import { disclosureOf, projectedPlan } from './disclosure.ts';
import { listAgreements } from './store.ts';

export interface ConfirmationFacts {
  order: OrderRow;
  borrower: Pick<Borrower, 'name' | 'mobilePhone'>;
  /** The terms the borrower was shown (the offer's; the order is made on them). */
  terms: OfferTerms;
  currency: string;
  /** The language the borrower confirmed in: the disclosure is kept in it. */
  lang: Lang;
  confirmedAt: Date;
}

/** The documents to store for an order just confirmed. */
export async function documentsToConfirm(config: Pick<Config, 'COMPANY_CORPORATE_NAME' | 'APP_EN_NAME' | 'SERVICE_EMAIL' | 'SERVICE_PHONE'>, db: Queryable, facts: ConfirmationFacts): Promise<DocumentToConfirm[]> {
  const { order, borrower, terms, currency, lang, confirmedAt } = facts;
  const at = confirmedAt.toISOString();
  // In the borrower's language, as the screen showed it (the same translation of the same texts).
  const disclosure = inLang(lang, disclosureOf(terms, projectedPlan(terms, confirmedAt), currency));
  const disclosureBody: ConfirmedDisclosureBody = { kind: 'disclosure', orderNo: order.orderNo, currency, ...(lang === 'en' ? {} : { lang }), confirmedAt: at, disclosure };
  const figures = agreementFigures(config, borrower, order.productName, orderLoanFigures(order), marketOfCurrency(currency));
  // Each agreement in the borrower's language where the lender keeps it in it, else in English; its language is kept with it.
  const agreements = await listAgreements(db, order.productId, Number(AGREEMENT_SCENE), lang);
  return [
    { kind: 'disclosure', position: 0, title: disclosure.title, content: disclosureBody },
    ...agreements.map((a): DocumentToConfirm => {
      const body: ConfirmedAgreementBody = {
        kind: 'agreement',
        orderNo: order.orderNo,
        position: a.position,
        title: a.title,
        ...(a.lang === 'en' ? {} : { lang: a.lang }),
        text: fillAgreement(a.body, figures, a.lang),
        confirmedAt: at,
      };
      return { kind: 'agreement', position: a.position, title: a.title, content: body };
    }),
  ];
}

/**
 * Stores what the borrower confirmed for the order, in the caller's transaction: the push that
 * creates the order (submitLoan), and the demo seed for its orders.
 */
export async function storeConfirmedDocuments(config: Pick<Config, 'COMPANY_CORPORATE_NAME' | 'APP_EN_NAME' | 'SERVICE_EMAIL' | 'SERVICE_PHONE'>, tx: Queryable, facts: ConfirmationFacts): Promise<void> {
  await saveConfirmedDocuments(tx, facts.order.id, await documentsToConfirm(config, tx, facts), facts.confirmedAt);
}
