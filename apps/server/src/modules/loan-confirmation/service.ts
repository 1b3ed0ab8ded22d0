/**
 * The rules of loan confirmation (/smpSystem, /manyVoting): the offer a borrower is shown for a
 * product and every figure of it (from loan-terms), and the push that turns the offer into an order
 * exactly once. The agreements are agreements.ts. docs/loan-confirmation.md has the rules in prose.
 */
import type { Lang } from '@cashloan/contract/i18n';
import { costCapRows } from '@cashloan/contract/cost-cap';
import {
  AGREEMENT_SCENE,
  type ConfirmPlanRow,
  type LoanConfirmation,
  type NewLoanConfirmation,
  type TextRow,
  marketOfCurrency,
} from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import type { Db, Queryable } from '../../platform/db/client.ts';
import { invalidInput, notFound, refused } from '../../platform/http/api-error.ts';
import { lenderDate, lenderDay } from '../../loan-terms/calendar.ts';
import { offerCapBreach } from '../../loan-terms/caps.ts';
import { dateTextIn, type DateText } from '../../loan-terms/date-text.ts';
import { projectLoan, type OfferTerms } from '../../loan-terms/disclosure.ts';
import { moneyTextIn, type MoneyText } from '../../loan-terms/money-text.ts';
import { CREDIT_DAYS, DECISION_DAYS } from '../../loan-terms/published-terms.ts';
import { ORDER_STATUS } from '../../loan-terms/status.ts';
import {
  catalogueProduct,
  createOrder,
  findProduct,
  loadOrder,
  newestOrderOfProduct,
  orderIdByOfferKey,
  orderNamedByPart,
  viewOrder,
  type OrderRow,
  type ProductRow,
} from '../../domain/orders/service.ts';
import { lockBorrower, type Borrower } from '../../domain/borrowers/service.ts';
import { agreementPageUrl } from './agreement-page.ts';
import { costCapOf, disclosureOf, projectedPlan, type PlanLine } from './disclosure.ts';
import { storeConfirmedDocuments } from './confirmed-documents.ts';
import {
  agreementsOf,
  insertOffer,
  latestOffer,
  latestOfferWith,
  linkOfferToOrder,
  updateOfferTerms,
  type OfferRow,
} from './store.ts';

export { disclosureOf, projectedPlan, type PlanLine } from './disclosure.ts';

export type Deps = Pick<AppDeps, 'db' | 'config' | 'clock'>;

/** Stored statuses of a loan that has not ended (not rejected, not settled): one of these per product at a time. */
const RUNNING_STATUSES = [ORDER_STATUS.inReview, ORDER_STATUS.disbursing, ORDER_STATUS.repaying, ORDER_STATUS.due, ORDER_STATUS.overdue];

export const PRODUCT_NOT_FOUND = 'This product was not found.';
export const AGREEMENT_NOT_FOUND = 'This agreement was not found.';
/** The same words the order screen uses: nothing tells whether another borrower's order exists. */
export const ORDER_NOT_FOUND = 'This order was not found. Please check your orders and try again.';
export const REVIEW_TERMS_AGAIN = 'Please open the loan confirmation again and review the terms before you confirm.';
export const productUnavailable = (name: string) => `${name} is not available now.`;
export const loanInProgress = (name: string) => `You already have a loan of ${name} in progress.`;

/** The unit the term is counted in on the wire (termUnit): days. */
export const TERM_UNIT_DAYS = 1;
/** The agreement scene of loan confirmation (spec section 9). */
export const SCENE = Number(AGREEMENT_SCENE);
/** The order screen a push leads to (the web adds the carried parameters and from=confirm). */
export const LEND_DETAILS_PATH = '/allIt';
/** The loan agreement page (spec route /toIs) that renders one agreement. */

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

export function termsOf(product: ProductRow): OfferTerms {
  return {
    principalMinor: product.amountMinor,
    termDays: product.termDays,
    periods: product.periods,
    interestBp: product.interestBp,
    serviceFeeBp: product.serviceFeeBp,
  };
}
const sameTerms = (a: OfferTerms, b: OfferTerms) =>
  a.principalMinor === b.principalMinor && a.termDays === b.termDays && a.periods === b.periods && a.interestBp === b.interestBp && a.serviceFeeBp === b.serviceFeeBp;

export async function existingProduct(db: Queryable, productId: number): Promise<ProductRow> {
  const product = await findProduct(db, productId);
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  return product;
}
/** The product of a show call, from the catalogue this process keeps; refused while it is not active. */
async function activeProduct(db: Db, productId: number): Promise<ProductRow> {
  const product = await catalogueProduct(db, productId);
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  if (!product.active) throw refused(productUnavailable(product.name));
  return product;
}

/**
 * Why an offer on these terms of the product is withheld in the currency's market today (its own
 * terms break a legal cap, loan-terms/caps.ts), or null when it may be made.
 */
export function withheldReason(product: ProductRow, terms: OfferTerms, currency: string, now: Date): string | null {
  const market = marketOfCurrency(currency);
  return offerCapBreach(product.name, { ...terms, rolloverFeeBp: product.rolloverFeeBp }, market, lenderDate(now, market));
}
function refuseWithheld(product: ProductRow, terms: OfferTerms, currency: string, now: Date): void {
  const reason = withheldReason(product, terms, currency, now);
  if (reason) throw refused(reason);
}

/** Whether an order has ended: rejected, or everything repaid (as the borrower is shown it now). */
export function hasEnded(order: OrderRow, now: Date): boolean {
  const status = viewOrder(order, now).shownStatus;
  return status === ORDER_STATUS.rejected || status === ORDER_STATUS.settled;
}

/** The offer on screen: open (waiting for the push) or already pushed, with its order then. */
interface CurrentOffer {
  offer: OfferRow;
  order: OrderRow | null;
}

/**
 * The borrower's offer for the product: the open one (kept in step with the product's terms), or
 * the pushed one while its loan runs — so going back to the screen and confirming again leads to the
 * same order. Once that loan has ended, a new offer is made.
 */
async function currentOffer(deps: Deps, borrower: Borrower, product: ProductRow): Promise<CurrentOffer> {
  const now = deps.clock.now();
  // Most shows change nothing — the open offer on the product's terms, or the pushed one while its
  // loan runs — so the offer and its order are read first in one statement, without the lock; only
  // a show that writes (new terms, a new offer) takes the borrower's lock and decides again under it.
  const seen = await latestOfferWith(deps.db, borrower.id, product.id, WITH_ITS_ORDER);
  const unchanged = seen && offerAsItIs(seen.offer, seen.parts.order, product, now);
  if (unchanged) return unchanged;
  return deps.db.transaction(async (tx) => {
    await lockBorrower(tx, borrower.id);
    const latest = await latestOffer(tx, borrower.id, product.id);
    if (latest && latest.orderId === null) {
      const terms = termsOf(product);
      return { offer: sameTerms(latest, terms) ? latest : await updateOfferTerms(tx, latest.id, terms, now), order: null };
    }
    if (latest && latest.orderId !== null) {
      const order = await loadOrder(tx, latest.orderId);
      if (order && !hasEnded(order, now)) return { offer: latest, order };
    }
    return { offer: await insertOffer(tx, { borrowerId: borrower.id, productId: product.id, terms: termsOf(product), now }), order: null };
  });
}

/** The offer's order, read in the offer's own statement (a constant: its SQL is written once). */
const WITH_ITS_ORDER = { order: orderNamedByPart('order_id') };

/** The offer as it stands when showing it needs no write: open on the product's terms, or pushed with its loan running; null otherwise. */
function offerAsItIs(offer: OfferRow, order: OrderRow | null, product: ProductRow, now: Date): CurrentOffer | null {
  if (offer.orderId === null) return sameTerms(offer, termsOf(product)) ? { offer, order: null } : null;
  return order && !hasEnded(order, now) ? { offer, order } : null;
}

/** The plan as the borrower is shown it: the order's own once the offer is pushed, otherwise projected from today. */
function planLines(current: CurrentOffer, now: Date): PlanLine[] {
  if (current.order && current.order.plan.length > 0) {
    return current.order.plan.map((p) => ({ seq: p.seq, dueAt: p.dueAt, amountMinor: p.amountMinor }));
  }
  return projectedPlan(current.offer, now);
}

function detailRows(terms: OfferTerms, money: MoneyText, currency: string): TextRow[] {
  const loan = projectLoan(terms);
  const cap = costCapOf(terms, currency);
  return [
    { text: 'Loan amount', value: money(terms.principalMinor) },
    { text: 'Loan term', value: terms.periods > 1 ? `${days(terms.termDays)}, ${terms.periods} instalments` : days(terms.termDays) },
    { text: 'Interest', value: money(loan.interestMinor) },
    { text: 'Service fee', value: money(loan.feeMinor) },
    { text: 'Total to repay', value: money(loan.totalMinor) },
    // A capped offer says the most it can ever cost, and how far late charges may go.
    ...(cap ? costCapRows(cap, money) : []),
  ];
}

function planRows(plan: PlanLine[], { date: day }: DateText): ConfirmPlanRow[] {
  return plan.map((p) => ({
    title: `Period ${p.seq}`,
    description: plan.length === 1 ? 'Principal, interest and service fee' : `Instalment ${p.seq} of ${plan.length}`,
    amount: p.amountMinor,
    pay_time: day(p.dueAt),
  }));
}

async function confirmationFor(deps: Deps, borrower: Borrower, productId: number, currency: string) {
  const product = await activeProduct(deps.db, productId);
  refuseWithheld(product, termsOf(product), currency, deps.clock.now());
  const current = await currentOffer(deps, borrower, product);
  const now = deps.clock.now();
  const money = moneyTextIn(currency);
  const dates = dateTextIn(currency);
  const terms = current.offer;
  const plan = planLines(current, now);
  const pushed = current.order !== null;
  const firstAgreement = (await agreementsOf(deps.db, product.id, SCENE))[0];
  // A borrower's first loan: the Loan Agreement opens in a modal to be read before anything else.
  const askToRead = !pushed && !borrower.isRepeat && firstAgreement !== undefined;
  const confirmation: LoanConfirmation = {
    amount: terms.principalMinor,
    periods: terms.termDays,
    termUnit: TERM_UNIT_DAYS,
    details: detailRows(terms, money, currency),
    repay_plans: planRows(plan, dates),
    firstPayTime: dates.date(plan[0]!.dueAt),
    firstPeriodDay: Math.max(0, lenderDay(plan[0]!.dueAt, dates.market) - lenderDay(now, dates.market)),
    pRateDsc: product.rateDesc,
    // No SMS is sent on submit: the order screen tells the borrower where the application stands.
    sendSms: 0,
    // Leaving before the push loses the application, so iOS's back asks first; after it, nothing is lost.
    isPopType: pushed ? 0 : 1,
    popTitle: pushed ? '' : 'Your loan is almost ready',
    popContent: pushed ? '' : `Only one step is left to apply for ${money(terms.principalMinor)}. If you leave now, your application is not sent. Leave anyway?`,
    popAgreementUrl: askToRead ? agreementPageUrl(deps.config, { productId: product.id, position: firstAgreement.position }) : '',
    comProductLogo: product.logo,
    comProductName: product.name,
    disclosure: disclosureOf(terms, plan, currency),
  };
  return { confirmation, pushed, money };
}

/** loan-detail-confirm: the confirmation screen (V3) for a product. */
export async function loanConfirmation(deps: Deps, borrower: Borrower, productId: number, currency: string): Promise<LoanConfirmation> {
  return (await confirmationFor(deps, borrower, productId, currency)).confirmation;
}

/** goya satire: the second variant adds the button label and the promotional popup's message. */
export async function newLoanConfirmation(deps: Deps, borrower: Borrower, productId: number, currency: string): Promise<NewLoanConfirmation> {
  const { confirmation, pushed, money } = await confirmationFor(deps, borrower, productId, currency);
  const amount = money(confirmation.amount);
  return {
    ...confirmation,
    NewButtonMsg: pushed ? 'View my application' : `Apply for ${amount} now`,
    NewPopMsg: pushed
      ? ''
      : `Only one step is left: confirm to apply for ${amount}. You have our decision within ${days(DECISION_DAYS)}, and the money reaches your account ${CREDIT_DAYS.min} to ${CREDIT_DAYS.max} days after approval.`,
  };
}

export interface LoanSubmission {
  productId: number;
  amount: number;
  periods: number;
  termUnit: number;
}

/** The push must send back exactly the terms the borrower was shown; each mismatch names its field. */
function checkSubmittedTerms(offer: OfferRow, s: LoanSubmission, money: MoneyText): void {
  if (s.amount !== offer.principalMinor) throw invalidInput(`amount must be the offered amount, ${offer.principalMinor} (${money(offer.principalMinor)})`);
  if (s.termUnit !== TERM_UNIT_DAYS) throw invalidInput(`termUnit must be ${TERM_UNIT_DAYS} (days)`);
  if (s.periods !== offer.termDays) throw invalidInput(`periods must be the offered term, ${offer.termDays} (days)`);
}

const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

export const lendDetailsUrl = (order: Pick<OrderRow, 'productId' | 'id'>) => `${LEND_DETAILS_PATH}?productId=${order.productId}&orderId=${order.id}`;

/**
 * loan-detail-push and goya depush: the borrower confirms the offer on screen. The first push makes
 * the order (status 21, in review) from the offer's frozen terms; every later push of the same offer
 * — repeated, or arriving at the same moment — answers that same order. A new loan needs a new offer,
 * which the confirmation screen makes once the previous loan of the product has ended.
 */
export async function submitLoan(deps: Deps, borrower: Borrower, submission: LoanSubmission, currency: string, lang: Lang = 'en'): Promise<{ lendDetailsUrl: string }> {
  const { db } = deps;
  const product = await existingProduct(db, submission.productId);
  const money = moneyTextIn(currency);
  let offerKey: string | null = null;
  try {
    const order = await db.transaction(async (tx) => {
      await lockBorrower(tx, borrower.id);
      const offer = await latestOffer(tx, borrower.id, product.id);
      if (!offer) throw refused(REVIEW_TERMS_AGAIN);
      checkSubmittedTerms(offer, submission, money);
      offerKey = `offer:${offer.id}`;
      if (offer.orderId !== null) return { id: offer.orderId, productId: product.id };
      // A push that lost a race on PostgreSQL without the lock would find the winner's order here.
      const made = await orderIdByOfferKey(tx, offerKey);
      if (made !== null) {
        await linkOfferToOrder(tx, offer.id, made, deps.clock.now());
        return { id: made, productId: product.id };
      }
      if (!product.active) throw refused(productUnavailable(product.name));
      if (await newestOrderOfProduct(tx, borrower.id, product.id, RUNNING_STATUSES)) throw refused(loanInProgress(product.name));
      const now = deps.clock.now();
      refuseWithheld(product, offer, currency, now);
      const created = await createOrder(
        tx,
        {
          borrower: { id: borrower.id, isRepeat: borrower.isRepeat },
          // The order is made on the terms the borrower was shown, even if the product changed since.
          product: { ...product, amountMinor: offer.principalMinor, termDays: offer.termDays, periods: offer.periods, interestBp: offer.interestBp, serviceFeeBp: offer.serviceFeeBp },
          status: ORDER_STATUS.inReview,
          offerKey,
          market: marketOfCurrency(currency),
        },
        now,
      );
      await linkOfferToOrder(tx, offer.id, created.id, now);
      // What the borrower just confirmed is kept as it is now, whatever the product or agreements become.
      await storeConfirmedDocuments(deps.config, tx, { order: created, borrower, terms: offer, currency, lang, confirmedAt: now });
      return created;
    });
    return { lendDetailsUrl: lendDetailsUrl(order) };
  } catch (error) {
    // The unique offer key stopped a second order: answer the one that was made.
    if (offerKey !== null && isUniqueViolation(error)) {
      const id = await orderIdByOfferKey(db, offerKey);
      if (id !== null) return { lendDetailsUrl: lendDetailsUrl({ id, productId: product.id }) };
    }
    throw error;
  }
}
