/**
 * The orders room's door (orders, their plans, and the product catalogue): creating one consistent
 * with a status, moving it through review and disbursement, writing a payment into its ledger, and
 * reading what it owes and which status the borrower sees. Other rooms call these; SQL stays in store.ts.
 */
import type { Lang } from '@cashloan/contract/i18n';
import { createHash, randomInt } from 'node:crypto';
import type { CostDisclosure, Market } from '@cashloan/contract';
import type { Queryable } from '../../platform/db/client.ts';
import { invalidInput, notFound, refused } from '../../platform/http/api-error.ts';
import { addDays, lenderDay, startOfLenderDay } from '../../loan-terms/calendar.ts';
import { closeInCoolingOff, coolingOff, exitPaidBy } from '../../loan-terms/cooling-off.ts';
import { applyPayment, loanPosition, shownStatus, statusForPosition, type AppliedPayment, type LoanPosition, type LoanState, type PaymentPurpose } from '../../loan-terms/position.ts';
import { capsFor } from '../../loan-terms/market-rules.ts';
import { DUE_WINDOW_DAYS, instalmentDueOffsets, isValidTerm, splitInstalments, termCharges } from '../../loan-terms/rules.ts';
import { ORDER_STATUS, ORDER_STATUSES, REPAYING_STATUSES, STATUS_MEANING, isRepaying, storedStatusesShowing, type OrderStatus } from '../../loan-terms/status.ts';
import type { ProductRow } from './product-store.ts';
import {
  countOrdersByStatus,
  deletePlan,
  insertConfirmedDocument,
  insertOrder,
  insertPlanRows,
  recordApprover,
  listOrdersInStatuses,
  loadOrder,
  markCancelled,
  saveLedger,
  searchOrders,
  type ConfirmedDocumentKind,
  type OrderFlags,
  type OrderRow,
  type PlanRow,
} from './store.ts';

// What other rooms read and lock of orders and products, as the store answers it.
export {
  borrowerOrdersOfProduct,
  clearCardPrompt,
  listBorrowerOrders,
  confirmedLangOf,
  listConfirmedDocuments,
  listOpenInstalmentsDueBefore,
  listOrdersInStatuses,
  loadBorrowerOrder,
  loadBorrowerOrderWith,
  borrowerProductsInStatuses,
  openProductIdsOfBorrower,
  orderNamedByPart,
  loadOrder,
  loadOrderByNo,
  lockOrder,
  newestOrderOfProduct,
  orderIdByOfferKey,
  orderNumbersOf,
  ordersPayingOutTo,
  setPayoutAccount,
  type ConfirmedDocumentKind,
  type ConfirmedDocumentRow,
  type OpenInstalment,
  type OrderFlags,
  type OrderRow,
  type PlanRow,
} from './store.ts';
export { closedBorrowersBefore, redactBorrowerDocuments } from './store.ts';
export { catalogueProduct, catalogueProducts, findProduct, hasProducts, listActiveProducts, listProducts, productExists, type ProductRow } from './product-store.ts';

export const DEFAULT_FLAGS: OrderFlags = {
  isDelay: '0',
  playeduL: '',
  kindTipsMsg: '',
  cardNeedPop: 0,
  cardPopTitle: '',
  cardPopMsg: '',
  isScore: '0',
  reyMsg: '',
  h5Url: '',
};

export interface CreateOrderInput {
  borrower: { id: number; isRepeat: boolean };
  product: ProductRow;
  status: OrderStatus;
  /** Principal in minor units; the product's amount when absent. */
  principalMinor?: number | undefined;
  /** Repaying and settled orders: calendar days from today to the current instalment's due date. */
  dueInDays?: number | undefined;
  /** Repaying and settled orders: calendar days since disbursement (instead of dueInDays). */
  disbursedDaysAgo?: number | undefined;
  flags?: Partial<OrderFlags> | undefined;
  offerKey?: string | undefined;
  /** The market the order is made in (the currency the borrower confirmed in); the Philippines when absent. */
  market?: Market | undefined;
}

/** The given flags over the defaults; a flag given as undefined keeps its default. */
function withDefaults(flags: Partial<OrderFlags> = {}): OrderFlags {
  const given = Object.fromEntries(Object.entries(flags).filter(([, v]) => v !== undefined));
  return { ...DEFAULT_FLAGS, ...given };
}

/** Where a new order's timeline starts when ops gives neither dueInDays nor disbursedDaysAgo. */
const DEFAULT_TIMELINE: Partial<Record<OrderStatus, { dueInDays?: number; disbursedDaysAgo?: number }>> = {
  [ORDER_STATUS.repaying]: { disbursedDaysAgo: 10 },
  [ORDER_STATUS.due]: { dueInDays: 0 },
  [ORDER_STATUS.overdue]: { dueInDays: -5 },
  [ORDER_STATUS.settled]: { dueInDays: -1 },
};

/**
 * The ledger view of an order that loan-terms computes on, with the caps of its market, principal and
 * term. A cancelled loan owes only the interest it kept, and no fee.
 */
export function toLoanState(order: OrderRow): LoanState {
  return {
    principalMinor: order.principalMinor,
    interestMinor: order.cancellation?.keptInterestMinor ?? order.interestMinor,
    feeMinor: order.cancellation ? 0 : order.feeMinor,
    extraChargesMinor: order.extraChargesMinor,
    paidMinor: order.paidMinor,
    isRepeatBorrower: order.isRepeatBorrower,
    penaltyCharged: order.penaltyCharged,
    lateInterestBookedThroughDay: order.lateInterestBookedThroughDay,
    termDays: order.termDays,
    periods: order.periods,
    rolloverFeeBp: order.rolloverFeeBp,
    rolloverCount: order.rolloverCount,
    disbursedAt: order.disbursedAt,
    instalments: order.plan.map((p) => ({ seq: p.seq, dueAt: p.dueAt, amountMinor: p.amountMinor, paidMinor: p.paidMinor, settledAt: p.settledAt })),
    market: order.market,
    caps: capsFor(order.market, order.principalMinor, order.termDays),
    lateChargesMinor: order.lateChargesMinor,
    overdueMinorDays: order.overdueMinorDays,
  };
}

export interface OrderView {
  order: OrderRow;
  /** The status the borrower is shown now (stored status plus the clock). */
  shownStatus: OrderStatus;
  meaning: string;
  /** What the loan owes now; null before disbursement and after rejection. */
  position: LoanPosition | null;
}

export function viewOrder(order: OrderRow, now: Date): OrderView {
  const disbursed = isRepaying(order.status) || order.status === ORDER_STATUS.settled;
  const state = toLoanState(order);
  const status = shownStatus(order.status, state, now);
  return { order, shownStatus: status, meaning: STATUS_MEANING[status], position: disbursed ? loanPosition(state, now) : null };
}

/**
 * How many orders show each status today (every status, 0 when none): the stored status counted in
 * SQL, except for repaying orders, whose 170, 174, 180 (or 200) the clock decides: viewOrder works
 * those out one by one.
 */
export async function countOrdersByShownStatus(db: Queryable, now: Date): Promise<Map<OrderStatus, number>> {
  const counts = new Map<OrderStatus, number>(ORDER_STATUSES.map((s) => [s, 0]));
  for (const { status, count } of await countOrdersByStatus(db, REPAYING_STATUSES)) counts.set(status, count);
  for (const order of await listOrdersInStatuses(db, REPAYING_STATUSES)) {
    const shown = viewOrder(order, now).shownStatus;
    counts.set(shown, counts.get(shown)! + 1);
  }
  return counts;
}

export interface OrderFilter {
  /** Only orders of these borrowers (a phone search finds them in the borrowers room). */
  borrowerIds?: readonly number[] | undefined;
  /** The order number, in any case. */
  orderNo?: string | undefined;
  /** The status the order shows at `now`. */
  shownStatus?: OrderStatus | undefined;
  offset: number;
  limit: number;
}

/** Orders newest first (a page of them, and how many match in all), the shown status judged at `now`. */
export async function findOrders(db: Queryable, filter: OrderFilter, now: Date): Promise<{ rows: OrderRow[]; total: number }> {
  const { shownStatus, ...rest } = filter;
  const todayStartsAt = startOfLenderDay(now);
  const shown =
    shownStatus === undefined
      ? undefined
      : { status: shownStatus, storedStatuses: storedStatusesShowing(shownStatus), todayStartsAt, dueWindowEndsAt: addDays(todayStartsAt, DUE_WINDOW_DAYS + 1) };
  return searchOrders(db, { ...rest, shown });
}

/** 'PN' + lender date + 6 random digits, e.g. PN261101048213. */
function drawOrderNo(now: Date): string {
  const date = new Date(lenderDay(now) * 86_400_000).toISOString().slice(2, 10).replaceAll('-', '');
  return `PN${date}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

interface Timeline {
  disbursedAt: Date | null;
  plan: Array<Omit<PlanRow, 'id'>>;
}

/** Plan rows dated from a disbursement moment; none settled. */
function planFrom(disbursedAt: Date, amounts: number[], offsets: number[]): Array<Omit<PlanRow, 'id'>> {
  return amounts.map((amountMinor, i) => ({ seq: i + 1, dueAt: addDays(disbursedAt, offsets[i]!), amountMinor, paidMinor: 0, settledAt: null }));
}

function timelineFor(input: CreateOrderInput, amounts: number[], offsets: number[], now: Date): Timeline {
  const { status } = input;
  const given = input.dueInDays !== undefined || input.disbursedDaysAgo !== undefined;
  if (!isRepaying(status) && status !== ORDER_STATUS.settled) {
    if (given) throw invalidInput(`dueInDays and disbursedDaysAgo do not apply to status ${status} (not disbursed)`);
    // Rejected orders have no plan; in review and disbursing show the plan as if disbursed today.
    return { disbursedAt: null, plan: status === ORDER_STATUS.rejected ? [] : planFrom(now, amounts, offsets) };
  }
  if (input.dueInDays !== undefined && input.disbursedDaysAgo !== undefined) {
    throw invalidInput('dueInDays: give dueInDays or disbursedDaysAgo, not both');
  }
  const timeline = given ? { dueInDays: input.dueInDays, disbursedDaysAgo: input.disbursedDaysAgo } : DEFAULT_TIMELINE[status]!;
  const firstOffset = offsets[0]!;
  const daysAgo = timeline.dueInDays !== undefined ? firstOffset - timeline.dueInDays : timeline.disbursedDaysAgo!;
  if (daysAgo < 0) throw invalidInput(`dueInDays must be at most ${firstOffset}: the loan cannot be disbursed in the future`);
  const disbursedAt = addDays(now, -daysAgo);
  const plan = planFrom(disbursedAt, amounts, offsets);
  const today = lenderDay(now);
  for (const row of plan) {
    const pastDue = lenderDay(row.dueAt) < today;
    // Settled orders were repaid on each due date (or today if repaid early); repaying, not overdue
    // orders paid their earlier instalments on time; overdue orders left them unpaid.
    if (status === ORDER_STATUS.settled || (pastDue && status !== ORDER_STATUS.overdue)) {
      row.paidMinor = row.amountMinor;
      row.settledAt = pastDue ? row.dueAt : now;
    }
  }
  if (status !== ORDER_STATUS.settled) {
    const open = plan.filter((r) => r.settledAt === null);
    const derived = statusForPosition({
      openInstalments: open.length,
      daysUntilDue: open[0] ? lenderDay(open[0].dueAt) - today : null,
      daysOverdue: open[0] ? Math.max(0, today - lenderDay(open[0].dueAt)) : 0,
    });
    if (derived !== status) {
      const field = input.dueInDays !== undefined ? 'dueInDays' : 'disbursedDaysAgo';
      throw invalidInput(`${field}: that timeline makes the order ${derived} (${STATUS_MEANING[derived]}), not ${status}`);
    }
  }
  return { disbursedAt, plan };
}

/** Creates an order whose dates, plan rows and paid amount agree with its status. */
export async function createOrder(db: Queryable, input: CreateOrderInput, now: Date): Promise<OrderRow> {
  const { product } = input;
  const principalMinor = input.principalMinor ?? product.amountMinor;
  if (!Number.isSafeInteger(principalMinor) || principalMinor <= 0) throw invalidInput('amount must be a positive whole number of minor units');
  if (!isValidTerm(product.termDays)) throw invalidInput(`productId: product term ${product.termDays} days is outside 91-365`);
  const { interestMinor, feeMinor } = termCharges(principalMinor, product.interestBp, product.serviceFeeBp);
  const amounts = splitInstalments(principalMinor + interestMinor + feeMinor, product.periods);
  const offsets = instalmentDueOffsets(product.termDays, product.periods);
  const { disbursedAt, plan } = timelineFor(input, amounts, offsets, now);
  const open = plan.filter((r) => r.settledAt === null);
  const settled = input.status === ORDER_STATUS.settled;
  const settledAt = settled ? plan.reduce<Date | null>((latest, r) => (latest && latest > r.settledAt! ? latest : r.settledAt), null) : null;
  const row = {
    borrowerId: input.borrower.id,
    productId: product.id,
    status: input.status,
    principalMinor,
    interestMinor,
    feeMinor,
    paidMinor: plan.reduce((sum, r) => sum + r.paidMinor, 0),
    termDays: product.termDays,
    periods: product.periods,
    isRepeatBorrower: input.borrower.isRepeat,
    disbursedAt,
    dueAt: disbursedAt ? (open[0] ?? plan[plan.length - 1])!.dueAt : null,
    settledAt,
    offerKey: input.offerKey ?? null,
    market: input.market ?? 'PH',
    flags: withDefaults(input.flags),
    now,
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    const id = await insertOrder(db, { ...row, orderNo: drawOrderNo(now) });
    if (id === null) continue;
    await insertPlanRows(db, id, plan);
    return (await loadOrder(db, id))!;
  }
  throw new Error('Could not draw a free order number');
}

/**
 * The moves of the status graph made by a person or a provider: approve (21→110) and reject (21→151)
 * by finance; 110→170 when the payout provider confirms the money arrived (domain/payouts), never by a
 * click (the dev /ops API may still make it directly, to set up a demo).
 */
const ALLOWED_MOVES: Partial<Record<OrderStatus, readonly OrderStatus[]>> = {
  [ORDER_STATUS.inReview]: [ORDER_STATUS.disbursing, ORDER_STATUS.rejected],
  [ORDER_STATUS.disbursing]: [ORDER_STATUS.repaying],
};

/** The statuses the back office may move an order to from its stored status (none for most). */
export function allowedMoves(status: OrderStatus): readonly OrderStatus[] {
  return ALLOWED_MOVES[status] ?? [];
}

/**
 * Moves an order along ALLOWED_MOVES, under its row lock. `now` is the moment of the move: for
 * 110→170 the moment the money arrived, from which the plan (and so the term and the cooling-off
 * period) is dated. `approvedBy` records the finance user who approved (21→110).
 */
export async function moveOrder(db: Queryable, orderId: number, to: OrderStatus, now: Date, by: { approvedBy?: number } = {}): Promise<OrderRow> {
  const order = await loadOrder(db, orderId, { forUpdate: true });
  if (!order) throw notFound(`Order ${orderId} does not exist`);
  if (!allowedMoves(order.status).includes(to)) {
    throw refused(`Order ${order.orderNo} cannot move from ${order.status} to ${to}`);
  }
  let plan = order.plan;
  let disbursedAt = order.disbursedAt;
  if (to === ORDER_STATUS.repaying) {
    // Disbursement: the term starts now, so the plan is re-dated from this moment.
    disbursedAt = now;
    const offsets = instalmentDueOffsets(order.termDays, order.periods);
    plan = plan.map((p, i) => ({ ...p, dueAt: addDays(now, offsets[i]!) }));
  }
  await saveLedger(db, order.id, {
    status: to,
    paidMinor: order.paidMinor,
    extraChargesMinor: order.extraChargesMinor,
    lateChargesMinor: order.lateChargesMinor,
    overdueMinorDays: order.overdueMinorDays,
    penaltyCharged: order.penaltyCharged,
    lateInterestBookedThroughDay: order.lateInterestBookedThroughDay,
    rolloverCount: order.rolloverCount,
    disbursedAt,
    dueAt: to === ORDER_STATUS.repaying ? (plan[0]?.dueAt ?? null) : order.dueAt,
    settledAt: order.settledAt,
    plan: to === ORDER_STATUS.rejected ? [] : plan,
    now,
  });
  if (to === ORDER_STATUS.rejected) await deletePlan(db, order.id);
  if (to === ORDER_STATUS.disbursing && by.approvedBy !== undefined) await recordApprover(db, order.id, by.approvedBy);
  return (await loadOrder(db, order.id))!;
}

/** What writing a payment into an order's ledger did (applyPayment's account, and the order after it). */
export interface LedgerPayment extends Omit<AppliedPayment, 'state'> {
  order: OrderRow;
  status: OrderStatus;
  paidMinor: number;
  dueAt: Date | null;
  settledAt: Date | null;
  /** What the order owes right after the payment (its total owed at that moment). */
  balanceAfterMinor: number;
  /** What the books need beyond the allocation: the charges this payment booked, and what a cooling-off exit waived. */
  books: LedgerBooking;
}

/** The charges a payment booked, by kind, and the interest and fee a cooling-off cancellation waived (domain/books). */
export interface LedgerBooking {
  lateChargesBookedMinor: number;
  rolloverFeeBookedMinor: number;
  interestWaivedMinor: number;
  feeWaivedMinor: number;
}

/**
 * Writes money received into the order's ledger, under the order's row lock: the loan-terms rules
 * apply it (charges, then instalments; a rollover extends the due dates) and the stored status follows
 * what the clock shows now. Call it inside the transaction that records the payment, once per payment.
 */
export async function recordPayment(tx: Queryable, orderId: number, amountMinor: number, purpose: PaymentPurpose, now: Date): Promise<LedgerPayment> {
  const order = await loadOrder(tx, orderId, { forUpdate: true });
  if (!order) throw notFound(`Order ${orderId} does not exist`);
  if (!isRepaying(order.status) && order.status !== ORDER_STATUS.settled) {
    throw refused(`Order ${order.orderNo} is not being repaid (status ${order.status})`);
  }
  const state = toLoanState(order);
  // A cancel payment closes the loan when it qualifies (loan-terms' exitPaidBy); otherwise it is
  // applied as a repayment.
  const exit = purpose === 'cancel' ? exitPaidBy(coolingOff({ status: order.status, market: order.market, state }, now), amountMinor) : null;
  const cancel = exit ? closeInCoolingOff(state, amountMinor, exit, now) : null;
  const { state: next, ...applied } = cancel ?? applyPayment(state, amountMinor, purpose, now);
  const after = loanPosition(next, now);
  const settled = order.status === ORDER_STATUS.settled || applied.outcome === 'settled' || applied.outcome === 'cancelled';
  // Stored as what the clock shows right now; later the clock moves it on its own (docs/statuses.md).
  const status = settled ? ORDER_STATUS.settled : statusForPosition(after);
  const dueAt = after.currentDueAt ?? order.dueAt;
  const settledAt = order.settledAt ?? (settled ? now : null);
  await saveLedger(tx, order.id, {
    status,
    paidMinor: next.paidMinor,
    extraChargesMinor: next.extraChargesMinor,
    lateChargesMinor: next.lateChargesMinor,
    overdueMinorDays: next.overdueMinorDays,
    penaltyCharged: next.penaltyCharged,
    lateInterestBookedThroughDay: next.lateInterestBookedThroughDay,
    rolloverCount: next.rolloverCount,
    disbursedAt: order.disbursedAt,
    dueAt,
    settledAt,
    plan: next.instalments,
    now,
  });
  if (cancel && exit) await markCancelled(tx, order.id, { at: now, keptInterestMinor: exit.interestMinor });
  const lateChargesBookedMinor = next.lateChargesMinor - state.lateChargesMinor;
  const books: LedgerBooking = {
    lateChargesBookedMinor,
    rolloverFeeBookedMinor: applied.bookedChargesMinor - lateChargesBookedMinor,
    interestWaivedMinor: state.interestMinor - next.interestMinor,
    feeWaivedMinor: state.feeMinor - next.feeMinor,
  };
  return { ...applied, order, status, paidMinor: next.paidMinor, dueAt, settledAt, balanceAfterMinor: after.totalOwedMinor, books };
}

/**
 * JSON with object keys sorted at every level and no whitespace: the same content always gives the
 * same text, so its SHA-256 names the content.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The stored body of the disclosure (canonical JSON of this). */
export interface ConfirmedDisclosureBody {
  kind: 'disclosure';
  orderNo: string;
  /** The currency symbol the borrower confirmed in. */
  currency: string;
  /**
   * The language the borrower confirmed in (docs/i18n.md); the disclosure's texts are stored in it,
   * as the screen showed them. Absent on documents confirmed before languages: English.
   */
  lang?: Lang;
  confirmedAt: string;
  disclosure: CostDisclosure;
}

/** The stored body of one agreement (canonical JSON of this). */
export interface ConfirmedAgreementBody {
  kind: 'agreement';
  orderNo: string;
  position: number;
  title: string;
  /** The language the lender's text is written in, when not English (the borrower's, where the lender kept it in theirs). */
  lang?: Lang;
  /** The agreement's text with the order's figures written in. */
  text: string;
  confirmedAt: string;
}

export interface DocumentToConfirm {
  kind: ConfirmedDocumentKind;
  /** The agreement's position; 0 for the disclosure. */
  position: number;
  title: string;
  /** What the borrower confirmed, stored as canonical JSON. */
  content: unknown;
}

/**
 * Stores the documents a borrower confirmed for an order, each as canonical JSON with its SHA-256,
 * in the caller's transaction (the one that creates the order). The rows are never updated: a
 * document already stored for the order, kind and position is kept as it was.
 */
export async function saveConfirmedDocuments(tx: Queryable, orderId: number, documents: readonly DocumentToConfirm[], confirmedAt: Date): Promise<void> {
  for (const d of documents) {
    const body = canonicalJson(d.content);
    await insertConfirmedDocument(tx, { orderId, kind: d.kind, position: d.position, title: d.title, body, sha256: sha256Hex(body), confirmedAt });
  }
}
