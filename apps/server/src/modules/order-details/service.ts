/**
 * The rules of the order-details family: what the order screen (/allIt, /anFrom) and the joint-login
 * failure screen (/wherePlurality) are told, the recommendations they list, who handles an overdue
 * order, tracking, the app rating and a recommended product's jump URL. Every figure comes from
 * loan-terms through viewOrder.
 */
import { latestPayoutOfOrder, payoutNotice } from '../../domain/payouts/payouts.ts';
import {
  PAYMENT_PENDING_TEXT,
  REMINDERS_STOPPED_TEXT,
  type CollectionContact,
  type LoginFailureInfo,
  type OrderDetails,
  type RecommendedProduct,
  type TextRow,
} from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../platform/db/client.ts';
import { notFound, refused } from '../../platform/http/api-error.ts';
import { dateTextIn, type DateText } from '../../loan-terms/date-text.ts';
import { loanPosition } from '../../loan-terms/position.ts';
import { coolingOff } from '../../loan-terms/cooling-off.ts';
import { moneyTextIn, type MoneyText } from '../../loan-terms/money-text.ts';
import { ORDER_STATUS, type OrderStatus } from '../../loan-terms/status.ts';
import {
  borrowerProductsInStatuses,
  catalogueProduct,
  catalogueProducts,
  loadBorrowerOrder,
  loadBorrowerOrderWith,
  openProductIdsOfBorrower,
  toLoanState,
  viewOrder,
  type OrderRow,
  type OrderView,
  type ProductRow,
} from '../../domain/orders/service.ts';
import type { Borrower, SessionBorrower } from '../../domain/borrowers/service.ts';
import { pendingPayCodeOfOrder } from '../../domain/payments/pay-codes.ts';
import { collectorOf } from '../../domain/collections/collections.ts';
import { activeRecommendations, EVENT_KIND, insertTrackingEvent, ratedAppPart, type RecommendationRow } from './store.ts';

type Deps = Pick<AppDeps, 'db' | 'config' | 'clock'>;

/** One answer for an order that does not exist and for another borrower's order: nothing leaks which. */
export const ORDER_NOT_FOUND = 'This order was not found. Please check your orders and try again.';
export const PRODUCT_NOT_FOUND = 'This product was not found.';

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** The status line of every status (noticeStatusText). */
export const STATUS_NOTICE: Record<OrderStatus, string> = {
  21: 'Under review',
  110: 'Disbursing',
  151: 'Not approved',
  170: 'Repaying',
  174: 'Repayment due',
  180: 'Overdue',
  200: 'Settled',
};
/** The status line of a settled order closed in its cooling-off period (stored 200, docs/statuses.md). */
export const CANCELLED_NOTICE = 'Cancelled';

/** Non-empty while the borrower may cancel the loan (docs/cancel-loan.md): the screen links to /cancelLoan under it. */
export function coolingOffText(order: OrderRow, now: Date): string {
  const cooling = coolingOff({ status: order.status, market: order.market, state: toLoanState(order) }, now);
  return cooling.open ? `Cooling-off: you can cancel until ${cooling.window.lastDate}` : '';
}

function statusDescription(view: OrderView, money: MoneyText, { date }: DateText): string {
  const p = view.position;
  switch (view.shownStatus) {
    case ORDER_STATUS.inReview:
      return 'We are reviewing your application. You will have our decision within 1 day.';
    case ORDER_STATUS.disbursing:
      return 'Your loan is approved. The money reaches your payment account within 1 to 3 days.';
    case ORDER_STATUS.rejected:
      return 'Sorry, your application was not approved this time.';
    case ORDER_STATUS.repaying:
      return `Your next repayment of ${money(p!.currentDueMinor)} is due on ${date(p!.currentDueAt)}.`;
    case ORDER_STATUS.due:
      return p!.daysUntilDue === 0
        ? `Please repay ${money(p!.currentDueMinor)} today (${date(p!.currentDueAt)}).`
        : `Please repay ${money(p!.currentDueMinor)} by ${date(p!.currentDueAt)}.`;
    case ORDER_STATUS.overdue:
      return `Your repayment is ${days(p!.daysOverdue)} overdue. Please repay ${money(p!.currentDueMinor)} today to stop further late charges.`;
    case ORDER_STATUS.settled:
      return view.order.cancellation
        ? `You cancelled this loan in its cooling-off period and repaid ${money(view.order.paidMinor)}. Nothing more is owed.`
        : 'You have repaid this loan in full. Thank you!';
  }
}

/** The detail list (userOrderDetail.detail): what the loan is and, once disbursed, what it owes now; dates on the request market's calendar. */
export function detailRows(view: OrderView, now: Date, money: MoneyText, { date }: DateText): TextRow[] {
  const { order } = view;
  const rows: TextRow[] = [
    { text: 'Order No.', value: order.orderNo },
    { text: 'Loan amount', value: money(order.principalMinor) },
    { text: 'Loan term', value: order.periods > 1 ? `${days(order.termDays)}, ${order.periods} instalments` : days(order.termDays) },
  ];
  const row = (text: string, value: string) => rows.push({ text, value });
  switch (view.shownStatus) {
    case ORDER_STATUS.rejected:
      row('Application date', date(order.createdAt));
      return rows;
    case ORDER_STATUS.inReview:
    case ORDER_STATUS.disbursing: {
      row('Application date', date(order.createdAt));
      // Not disbursed: only the base the plan was projected with, never late charges.
      const base = loanPosition(toLoanState(order), now).outstandingBaseMinor;
      row('Interest', money(order.interestMinor));
      row('Service fee', money(order.feeMinor));
      row('Total to repay', money(base));
      return rows;
    }
    case ORDER_STATUS.settled:
      row('Disbursement date', date(order.disbursedAt));
      row('Total repaid', money(order.paidMinor));
      row(order.cancellation ? 'Cancelled on' : 'Settled on', date(order.settledAt));
      return rows;
    default: {
      const p = view.position!;
      row('Disbursement date', date(order.disbursedAt));
      row('Interest', money(order.interestMinor));
      row('Service fee', money(order.feeMinor));
      if (order.periods > 1 && p.currentSeq !== null) row('Instalment', `${p.currentSeq} of ${order.periods}`);
      row('Due date', date(p.currentDueAt));
      if (p.daysOverdue > 0) {
        row('Days overdue', String(p.daysOverdue));
        row('Overdue interest', money(p.overdueInterestMinor));
        row('Late penalty', money(p.penaltyMinor));
      }
      if (p.unpaidChargesMinor > 0) row('Unpaid charges', money(p.unpaidChargesMinor));
      if (order.paidMinor > 0) row('Repaid so far', money(order.paidMinor));
      // A capped loan shows what it has cost beside the most the law lets it cost (docs/loan-terms.md).
      if (p.costCapMinor !== null) row('Charges so far', `${money(p.costSoFarMinor)} of at most ${money(p.costCapMinor)}`);
      row('Amount due', money(p.currentDueMinor));
      return rows;
    }
  }
}

/** Statuses of an order that is still running: a second loan of the same product is not offered then. */
const OPEN_STATUSES = [ORDER_STATUS.inReview, ORDER_STATUS.disbursing, ORDER_STATUS.repaying, ORDER_STATUS.due, ORDER_STATUS.overdue];

/** A recommendation of an active product as both cards it can show: to a borrower free to apply, and to one with a loan of it running (greyed). */
interface RecommendationCards {
  productId: number;
  free: RecommendedProduct;
  running: RecommendedProduct;
}

function cardsOf(r: RecommendationRow, product: ProductRow): RecommendationCards {
  const card = (running: boolean): RecommendedProduct =>
    Object.freeze({
      productId: r.productId,
      logo: product.logo,
      name: product.name,
      enable: running ? 0 : 1,
      buttonText: running ? 'Loan in progress' : 'Apply now',
      range: r.rangeText,
      rangeDesc: r.rangeDesc,
      rate: r.rate,
      description: r.description,
      tags: r.tags,
    });
  return { productId: r.productId, free: card(false), running: card(true) };
}

// Made once per kept catalogue and recommendations (the arrays cached-read hands out stay the same until a version moves).
const cardsKept = new WeakMap<readonly ProductRow[], WeakMap<readonly RecommendationRow[], RecommendationCards[]>>();

/** The recommendations of active products, in display order, as their two cards each. */
async function recommendationCards(db: Db): Promise<RecommendationCards[]> {
  const [products, recommendations] = await Promise.all([catalogueProducts(db), activeRecommendations(db)]);
  let byRecommendations = cardsKept.get(products);
  if (!byRecommendations) cardsKept.set(products, (byRecommendations = new WeakMap()));
  let cards = byRecommendations.get(recommendations);
  if (!cards) {
    const active = new Map(products.filter((p) => p.active).map((p) => [p.id, p]));
    cards = recommendations.flatMap((r) => {
      const product = active.get(r.productId);
      return product ? [cardsOf(r, product)] : [];
    });
    byRecommendations.set(recommendations, cards);
  }
  return cards;
}

/** What the order screen reads with the order, in its one statement (a constant: its SQL is written once). */
const ORDER_DETAILS_PARTS = {
  // The products of which the borrower has a running loan.
  openProducts: borrowerProductsInStatuses(OPEN_STATUSES),
  paymentPending: pendingPayCodeOfOrder,
  latestPayout: latestPayoutOfOrder,
  rated: ratedAppPart,
};

/** The recommendation cards for this borrower: a product they already have a running loan of is greyed; `exceptProductId` is left out. */
async function recommendationsFor(db: Db, openProductIds: readonly number[], exceptProductId?: number): Promise<RecommendedProduct[]> {
  return (await recommendationCards(db)).filter((c) => c.productId !== exceptProductId).map((c) => (openProductIds.includes(c.productId) ? c.running : c.free));
}

/** What a borrower's open orders are of, for the recommendations of a screen that read no order of theirs. */
async function openProductsOf(db: Db, borrowerId: number): Promise<number[]> {
  return openProductIdsOfBorrower(db, borrowerId, OPEN_STATUSES);
}

/** The borrower's own order with that product and id; anything else is "not found". */
async function ownOrder(db: Db, borrower: Borrower, productId: number, orderId: number): Promise<OrderRow> {
  const order = await loadBorrowerOrder(db, borrower.id, orderId);
  if (!order || order.productId !== productId) throw notFound(ORDER_NOT_FOUND);
  return order;
}

export async function orderDetails(
  deps: Deps,
  borrower: SessionBorrower,
  ids: { productId: number; orderId: number },
  currency: string,
): Promise<OrderDetails> {
  const { db, config } = deps;
  const money = moneyTextIn(currency);
  const dates = dateTextIn(currency);
  const now = deps.clock.now();
  // One statement: the order with its plan, and what the other rooms know of it (issue 42).
  const found = await loadBorrowerOrderWith(db, borrower.id, ids.orderId, ORDER_DETAILS_PARTS);
  if (!found || found.order.productId !== ids.productId) throw notFound(ORDER_NOT_FOUND);
  const { order, parts } = found;
  const view = viewOrder(order, now);
  const { flags } = order;
  const [recProducts, payout] = await Promise.all([recommendationsFor(db, parts.openProducts, order.productId), payoutNotice(db, order, parts.latestPayout)]);
  const paymentPending = parts.paymentPending;
  // A borrower who has rated the app is not asked again, whatever the order says.
  const rated = flags.isScore === '1' ? parts.rated : true;
  const askRating = !rated;
  return {
    orderStatus: view.shownStatus,
    noticeStatusText: order.cancellation ? CANCELLED_NOTICE : STATUS_NOTICE[view.shownStatus],
    noticeDesText: statusDescription(view, money, dates),
    productName: order.productName,
    productLogo: order.productLogo,
    userOrderDetail: { detail: detailRows(view, now, money, dates) },
    recProducts,
    // Every order of this server is of the lender's own products.
    inside: 1,
    h5Url: flags.h5Url || config.REPAY_URL,
    isDelay: flags.isDelay === '1' ? '1' : '0',
    // Orders carry no telephone of their own: the configured service phone is the one to call.
    telephone: config.SERVICE_PHONE,
    isScore: askRating ? '1' : '0',
    playeduL: flags.playeduL,
    reyMsg: flags.reyMsg,
    KindTipsMsg: flags.kindTipsMsg,
    cardNeedPop: flags.cardNeedPop === 1 ? 1 : 0,
    cardPopTitle: flags.cardPopTitle,
    cardPopMsg: flags.cardPopMsg,
    paymentPendingText: paymentPending ? PAYMENT_PENDING_TEXT : '',
    // The borrower replied STOP to the SMS payment reminders (modules/reminders): the screen says so.
    remindersStoppedText: borrower.remindersStoppedAt ? REMINDERS_STOPPED_TEXT : '',
    coolingOffText: coolingOffText(order, now),
    // The loan money: on its way to the bound account, arrived, or refused by the bank (correct the account).
    payoutText: payout.text,
    payoutProblemText: payout.problemText,
  };
}

/**
 * Who handles the collection of the borrower's own order while it shows as overdue (issue 38; India's
 * RBI directions have the borrower told the agency, the agent and a phone): the configured agency and
 * phone, and the collector holding the order, or null while none does (the collections desk handles
 * it). Null for an order not overdue; another borrower's order is "not found", as on loan-details.
 * Its own call, so loan-details keeps its cost: the page asks only when it shows an overdue order.
 */
export async function orderCollectionContact(deps: Deps, borrower: Borrower, ids: { productId: number; orderId: number }): Promise<CollectionContact | null> {
  const { db, config } = deps;
  const order = await ownOrder(db, borrower, ids.productId, ids.orderId);
  if (viewOrder(order, deps.clock.now()).shownStatus !== ORDER_STATUS.overdue) return null;
  const collector = await collectorOf(db, order.id);
  return { orderNo: order.orderNo, agency: config.COLLECTIONS_AGENCY, agentName: collector?.name ?? null, phone: config.COLLECTIONS_PHONE };
}

/** The icon of the failure page when no order of the borrower is named: the "not approved" one. */
export const FAILURE_STATUS_WITHOUT_ORDER = ORDER_STATUS.rejected;

/**
 * The joint-login failure page (drowns): why the borrower landed here and what else to borrow. The
 * product whose login failed is left out of the recommendations; a named order must be the borrower's.
 */
export async function failureInfo(deps: Deps, borrower: Borrower, ids: { productId?: number; orderId?: number }): Promise<LoginFailureInfo> {
  const { db } = deps;
  const now = deps.clock.now();
  let status: number = FAILURE_STATUS_WITHOUT_ORDER;
  let productId = ids.productId;
  if (ids.orderId !== undefined) {
    const order = await loadBorrowerOrder(db, borrower.id, ids.orderId);
    if (!order || (productId !== undefined && order.productId !== productId)) throw notFound(ORDER_NOT_FOUND);
    status = viewOrder(order, now).shownStatus;
    productId = order.productId;
  }
  const product = productId !== undefined ? await catalogueProduct(db, productId) : null;
  return {
    noticeMsg: product ? `We could not sign you in to ${product.name}.` : 'We could not sign you in.',
    errorMsg: 'The joint login did not go through. Please try again later, or choose one of the products below.',
    status,
    recProducts: await recommendationsFor(db, await openProductsOf(db, borrower.id), product?.id),
  };
}

async function existingProduct(db: Db, productId: number) {
  const product = await catalogueProduct(db, productId);
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  return product;
}

/** event/save and goya because: stores one tracking event about an existing product. */
export async function recordEvent(deps: Deps, borrower: Borrower, event: { productId: number; moduleId: string; positionId: string }): Promise<void> {
  await existingProduct(deps.db, event.productId);
  await insertTrackingEvent(deps.db, {
    borrowerId: borrower.id,
    kind: EVENT_KIND.event,
    data: { moduleId: event.moduleId, productId: String(event.productId), positionId: event.positionId },
    now: deps.clock.now(),
  });
}

/** google-score: the borrower rated the app; the order screen stops asking. */
export async function recordAppRating(deps: Deps, borrower: Borrower, score: string): Promise<void> {
  await insertTrackingEvent(deps.db, { borrowerId: borrower.id, kind: EVENT_KIND.appRating, data: { score }, now: deps.clock.now() });
}

/**
 * goya define: where a recommended product opens — the app's product page, as a deep link under the
 * configured scheme (not http, so the H5 hands it to the app through the bridge). A product the
 * borrower cannot apply for now (inactive, or a loan of it still running) is refused.
 */
export async function productJumpUrl(deps: Deps, borrower: Borrower, productId: number): Promise<string> {
  const product = await existingProduct(deps.db, productId);
  const card = (await recommendationCards(deps.db)).find((c) => c.productId === product.id);
  if (!product.active || !card) throw refused(`${product.name} is not available now.`);
  if ((await openProductsOf(deps.db, borrower.id)).includes(product.id)) throw refused(`You already have a loan of ${product.name} in progress.`);
  return `${deps.config.SCHEME_URL.replace(/\/+$/, '')}/productDetail?productId=${product.id}`;
}

