/** SQL for orders and their repayment plan rows (products are product-store.ts). */
import type { Market } from '@cashloan/contract';
import { DEFAULT_LANG, type Lang } from '@cashloan/contract/i18n';
import { langOf } from '@cashloan/contract/lang-choice';
import type { Queryable } from '../../platform/db/client.ts';
import { jsonDate, partColumns, readParts, type ColumnPart, type PartValues } from '../../platform/db/column-part.ts';
import { dayToIsoDate, isoDateToDay } from '../../loan-terms/calendar.ts';
import { ORDER_STATUS, REPAYING_STATUSES, type OrderStatus } from '../../loan-terms/status.ts';

export interface PlanRow {
  id: number;
  seq: number;
  dueAt: Date;
  amountMinor: number;
  paidMinor: number;
  settledAt: Date | null;
}

/** The display and prompt flags the order-details screen reads (spec section 3, Order details). */
export interface OrderFlags {
  isDelay: string;
  playeduL: string;
  kindTipsMsg: string;
  cardNeedPop: number;
  cardPopTitle: string;
  cardPopMsg: string;
  isScore: string;
  reyMsg: string;
  h5Url: string;
}

export interface OrderRow {
  id: number;
  orderNo: string;
  borrowerId: number;
  productId: number;
  productName: string;
  productLogo: string;
  rolloverFeeBp: number;
  status: OrderStatus;
  principalMinor: number;
  interestMinor: number;
  feeMinor: number;
  paidMinor: number;
  extraChargesMinor: number;
  /** Late interest and penalty booked so far (part of extraChargesMinor). */
  lateChargesMinor: number;
  /** Σ over overdue days through lateInterestBookedThroughDay of the amount overdue that day. */
  overdueMinorDays: number;
  termDays: number;
  periods: number;
  isRepeatBorrower: boolean;
  penaltyCharged: boolean;
  lateInterestBookedThroughDay: number | null;
  rolloverCount: number;
  disbursedAt: Date | null;
  dueAt: Date | null;
  settledAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  offerKey: string | null;
  /** The market the order was made in (its caps, cooling-off and calendar); fixed at creation. */
  market: Market;
  /** The bound account (bank_cards) the loan pays out to; null until the bank screen binds one. */
  payoutAccountId: number | null;
  /** The staff account that approved the order (21 → 110), which may not release its payout; null when approved by the dev API or before migration 035. */
  approvedBy: number | null;
  /** Closed in the cooling-off period (migration 028): when, and the interest kept for the days used; null otherwise. */
  cancellation: { at: Date; keptInterestMinor: number } | null;
  flags: OrderFlags;
  plan: PlanRow[];
}

interface OrderDb {
  id: number;
  order_no: string;
  borrower_id: number;
  product_id: number;
  product_name: string;
  product_logo: string;
  rollover_fee_bp: number;
  status: number;
  principal_minor: number;
  interest_minor: number;
  fee_minor: number;
  paid_minor: number;
  extra_charges_minor: number;
  late_charges_minor: number;
  overdue_minor_days: number;
  term_days: number;
  periods: number;
  is_repeat_borrower: boolean;
  penalty_charged: boolean;
  booked_through: string | null;
  rollover_count: number;
  disbursed_at: Date | null;
  due_at: Date | null;
  settled_at: Date | null;
  created_at: Date;
  updated_at: Date;
  offer_key: string | null;
  market: Market;
  bank_card_id: number | null;
  approved_by_staff_id: number | null;
  cancelled_at: Date | null;
  cancel_kept_interest_minor: number | null;
  is_delay: string;
  playedu_l: string;
  kind_tips_msg: string;
  card_need_pop: number;
  card_pop_title: string;
  card_pop_msg: string;
  is_score: string;
  rey_msg: string;
  h5_url: string;
}

const ORDER_SELECT = `
  SELECT o.*, to_char(o.late_interest_booked_through, 'YYYY-MM-DD') AS booked_through,
         p.name AS product_name, p.logo AS product_logo, p.rollover_fee_bp
    FROM orders o JOIN products p ON p.id = o.product_id`;

const toOrder = (r: OrderDb, plan: PlanRow[]): OrderRow => ({
  id: Number(r.id),
  orderNo: r.order_no,
  borrowerId: Number(r.borrower_id),
  productId: Number(r.product_id),
  productName: r.product_name,
  productLogo: r.product_logo,
  rolloverFeeBp: r.rollover_fee_bp,
  status: r.status as OrderStatus,
  principalMinor: Number(r.principal_minor),
  interestMinor: Number(r.interest_minor),
  feeMinor: Number(r.fee_minor),
  paidMinor: Number(r.paid_minor),
  extraChargesMinor: Number(r.extra_charges_minor),
  lateChargesMinor: Number(r.late_charges_minor),
  overdueMinorDays: Number(r.overdue_minor_days),
  termDays: r.term_days,
  periods: r.periods,
  isRepeatBorrower: r.is_repeat_borrower,
  penaltyCharged: r.penalty_charged,
  lateInterestBookedThroughDay: r.booked_through === null ? null : isoDateToDay(r.booked_through),
  rolloverCount: r.rollover_count,
  disbursedAt: r.disbursed_at,
  dueAt: r.due_at,
  settledAt: r.settled_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  offerKey: r.offer_key,
  market: r.market,
  payoutAccountId: r.bank_card_id === null ? null : Number(r.bank_card_id),
  approvedBy: r.approved_by_staff_id === null ? null : Number(r.approved_by_staff_id),
  cancellation: r.cancelled_at === null ? null : { at: r.cancelled_at, keptInterestMinor: Number(r.cancel_kept_interest_minor ?? 0) },
  flags: {
    isDelay: r.is_delay,
    playeduL: r.playedu_l,
    kindTipsMsg: r.kind_tips_msg,
    cardNeedPop: r.card_need_pop,
    cardPopTitle: r.card_pop_title,
    cardPopMsg: r.card_pop_msg,
    isScore: r.is_score,
    reyMsg: r.rey_msg,
    h5Url: r.h5_url,
  },
  plan,
});

interface PlanDb {
  id: number;
  order_id: number;
  seq: number;
  due_at: Date;
  amount_minor: number;
  paid_minor: number;
  settled_at: Date | null;
}
const toPlan = (r: PlanDb): PlanRow => ({
  id: Number(r.id),
  seq: r.seq,
  dueAt: r.due_at,
  amountMinor: Number(r.amount_minor),
  paidMinor: Number(r.paid_minor),
  settledAt: r.settled_at,
});

async function withPlans(db: Queryable, rows: OrderDb[]): Promise<OrderRow[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => Number(r.id));
  const plans = await db.query<PlanDb>('SELECT * FROM repayment_plans WHERE order_id = ANY($1::bigint[]) ORDER BY order_id, seq', [ids]);
  return rows.map((r) => toOrder(r, plans.rows.filter((p) => Number(p.order_id) === Number(r.id)).map(toPlan)));
}

/** The plan of the order `alias` as a JSON array in seq order (a scalar subquery). */
const planJson = (alias: string) => `(SELECT coalesce(json_agg(json_build_object('id', rp.id, 'seq', rp.seq, 'due_at', rp.due_at, 'amount_minor', rp.amount_minor,
                                                     'paid_minor', rp.paid_minor, 'settled_at', rp.settled_at) ORDER BY rp.seq), '[]'::json)
            FROM repayment_plans rp WHERE rp.order_id = ${alias}.id)`;

/**
 * ORDER_SELECT with each order's plan in the same statement (one round trip, one snapshot), as a
 * JSON array in seq order. Only for reads: a locking read (FOR UPDATE) reads the plan after the
 * lock is held (withPlans), since a subquery here would see the plan as it was before the wait.
 * The order's own row travels as one JSON value: on PGlite parsing some 45 columns one by one
 * costs more than the whole statement otherwise does (issue 42, docs/benchmarks.md).
 */
const orderWithPlanSelect = (moreColumns = '') => `
  SELECT row_to_json(o) AS order_json, p.name AS product_name, p.logo AS product_logo, p.rollover_fee_bp,
         ${planJson('o')} AS plan_json${moreColumns}
    FROM orders o JOIN products p ON p.id = o.product_id`;
const ORDER_WITH_PLAN_SELECT = orderWithPlanSelect();

/** A plan row as json_build_object writes it: timestamps in ISO 8601 with their offset. */
interface PlanJson {
  id: number;
  seq: number;
  due_at: string;
  amount_minor: number;
  paid_minor: number;
  settled_at: string | null;
}
const planFromJson = (r: PlanJson): PlanRow => ({
  id: Number(r.id),
  seq: r.seq,
  dueAt: new Date(r.due_at),
  amountMinor: Number(r.amount_minor),
  paidMinor: Number(r.paid_minor),
  settledAt: r.settled_at === null ? null : new Date(r.settled_at),
});
/** A row of orderWithPlanSelect: the order as row_to_json wrote it, its product's columns and its plan. */
interface OrderJsonRow {
  order_json: Record<string, unknown>;
  product_name: string;
  product_logo: string;
  rollover_fee_bp: number;
  plan_json: PlanJson[];
}
const dateOrNull = (value: unknown): Date | null => (value === null || value === undefined ? null : jsonDate(value));
const withJsonPlan = (r: OrderJsonRow): OrderRow => {
  const o = r.order_json;
  const order = {
    ...(o as unknown as OrderDb),
    product_name: r.product_name,
    product_logo: r.product_logo,
    rollover_fee_bp: r.rollover_fee_bp,
    // A date column is written YYYY-MM-DD in JSON.
    booked_through: (o.late_interest_booked_through as string | null) ?? null,
    disbursed_at: dateOrNull(o.disbursed_at),
    due_at: dateOrNull(o.due_at),
    settled_at: dateOrNull(o.settled_at),
    created_at: jsonDate(o.created_at),
    updated_at: jsonDate(o.updated_at),
    cancelled_at: dateOrNull(o.cancelled_at),
  };
  return toOrder(order, r.plan_json.map(planFromJson));
};

/** One order with its plan; `forUpdate` locks the order row until the transaction ends. */
export async function loadOrder(db: Queryable, id: number, options: { forUpdate?: boolean } = {}): Promise<OrderRow | null> {
  if (options.forUpdate) {
    const { rows } = await db.query<OrderDb>(`${ORDER_SELECT} WHERE o.id = $1 FOR UPDATE OF o`, [id]);
    return (await withPlans(db, rows))[0] ?? null;
  }
  const { rows } = await db.query<OrderJsonRow>(`${ORDER_WITH_PLAN_SELECT} WHERE o.id = $1`, [id]);
  return rows[0] ? withJsonPlan(rows[0]) : null;
}

export async function loadOrderByNo(db: Queryable, orderNo: string): Promise<OrderRow | null> {
  const { rows } = await db.query<OrderJsonRow>(`${ORDER_WITH_PLAN_SELECT} WHERE o.order_no = $1`, [orderNo]);
  return rows[0] ? withJsonPlan(rows[0]) : null;
}

/** The order numbers of these orders, by id (an id with no order is left out). */
export async function orderNumbersOf(db: Queryable, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<{ id: string; order_no: string }>(`SELECT id, order_no FROM orders WHERE id = ANY($1::bigint[])`, [[...new Set(ids)]]);
  return new Map(rows.map((r) => [Number(r.id), r.order_no]));
}

/** A borrower's order, or null when it does not exist or belongs to someone else. */
export async function loadBorrowerOrder(db: Queryable, borrowerId: number, orderId: number): Promise<OrderRow | null> {
  return (await loadBorrowerOrderWith(db, borrowerId, orderId, NO_PARTS))?.order ?? null;
}
const NO_PARTS = {};

/**
 * A borrower's order with what other rooms lend to the same statement (their column parts, each
 * reading the row aliased `o`): one round trip for a screen about one order. Null as loadBorrowerOrder.
 */
export async function loadBorrowerOrderWith<P extends Record<string, ColumnPart<unknown>>>(
  db: Queryable,
  borrowerId: number,
  orderId: number,
  parts: P,
): Promise<{ order: OrderRow; parts: PartValues<P> } | null> {
  const { rows } = await db.query<OrderJsonRow & Record<string, unknown>>(
    `${orderWithPlanSelect(partColumns(parts, 'o'))} WHERE o.id = $1 AND o.borrower_id = $2`,
    [orderId, borrowerId],
  );
  const row = rows[0];
  return row ? { order: withJsonPlan(row), parts: readParts(parts, row) } : null;
}

/**
 * The order (with its plan) that the row `alias` names in `column` (null when it names none), as a
 * part of another room's statement about that row: the loan offer's order, in the offer's statement.
 */
export const orderNamedByPart = (column: string): ColumnPart<OrderRow | null> => {
  if (!/^\w+$/.test(column)) throw new Error(`column ${column} is not a plain identifier`);
  return {
    // Its own aliases (named, np), so the statement it joins may call its row anything, `o` included.
    sql: (alias) =>
      `SELECT json_build_object('order_json', row_to_json(named), 'product_name', np.name, 'product_logo', np.logo, 'rollover_fee_bp', np.rollover_fee_bp,
                                'plan_json', ${planJson('named')})
         FROM orders named JOIN products np ON np.id = named.product_id WHERE named.id = ${alias}.${column}`,
    read: (value) => (value === null || value === undefined ? null : withJsonPlan((typeof value === 'string' ? JSON.parse(value) : value) as OrderJsonRow)),
  };
};

/** The products of which the borrower of the order `alias` has an order in one of `statuses` (a running loan). */
export const borrowerProductsInStatuses = (statuses: readonly OrderStatus[]): ColumnPart<number[]> => ({
  sql: (alias) =>
    // A plain array (a product may come twice): no aggregate to sort, the reader only asks what is in it.
    `ARRAY(SELECT b.product_id FROM orders b WHERE b.borrower_id = ${alias}.borrower_id AND b.status IN (${statuses.map((s) => Number(s)).join(', ')}))`,
  read: (value) => (Array.isArray(value) ? value.map(Number) : []),
});

/** The products of which the borrower has an order in one of `statuses`. */
export async function openProductIdsOfBorrower(db: Queryable, borrowerId: number, statuses: readonly OrderStatus[]): Promise<number[]> {
  const { rows } = await db.query<{ product_id: string | number }>('SELECT DISTINCT product_id FROM orders WHERE borrower_id = $1 AND status = ANY($2::int[])', [
    borrowerId,
    statuses,
  ]);
  return rows.map((r) => Number(r.product_id));
}

/** A borrower's orders, newest first. */
export async function listBorrowerOrders(db: Queryable, borrowerId: number): Promise<OrderRow[]> {
  const { rows } = await db.query<OrderJsonRow>(
    `${ORDER_WITH_PLAN_SELECT} WHERE o.borrower_id = $1 ORDER BY o.created_at DESC, o.id DESC`,
    [borrowerId],
  );
  return rows.map(withJsonPlan);
}

/** The stored statuses of orders and how many have each; `except` leaves some statuses out. */
export async function countOrdersByStatus(db: Queryable, except: readonly OrderStatus[]): Promise<Array<{ status: OrderStatus; count: number }>> {
  const { rows } = await db.query<{ status: number; n: number }>('SELECT status, count(*) AS n FROM orders WHERE status <> ALL($1::int[]) GROUP BY status', [except]);
  return rows.map((r) => ({ status: r.status as OrderStatus, count: Number(r.n) }));
}

/** Every order stored in one of `statuses`, with its plan. */
export async function listOrdersInStatuses(db: Queryable, statuses: readonly OrderStatus[]): Promise<OrderRow[]> {
  const { rows } = await db.query<OrderJsonRow>(`${ORDER_WITH_PLAN_SELECT} WHERE o.status = ANY($1::int[]) ORDER BY o.id`, [statuses]);
  return rows.map(withJsonPlan);
}

/** An unpaid instalment of an order being repaid (what the SMS reminders are about). */
export interface OpenInstalment {
  orderId: number;
  borrowerId: number;
  seq: number;
  dueAt: Date;
}

/**
 * The unpaid instalments, due before `dueBefore`, of orders stored as being repaid (170, 174, 180):
 * never those in review, disbursing, rejected or settled. Uses the partial index of open plan rows.
 */
export async function listOpenInstalmentsDueBefore(db: Queryable, dueBefore: Date): Promise<OpenInstalment[]> {
  const { rows } = await db.query<{ order_id: number; borrower_id: number; seq: number; due_at: Date }>(
    `SELECT rp.order_id, o.borrower_id, rp.seq, rp.due_at
       FROM repayment_plans rp JOIN orders o ON o.id = rp.order_id
      WHERE rp.settled_at IS NULL AND rp.due_at < $1 AND o.status = ANY($2::int[])
      ORDER BY rp.order_id, rp.seq`,
    [dueBefore, REPAYING_STATUSES],
  );
  return rows.map((r) => ({ orderId: Number(r.order_id), borrowerId: Number(r.borrower_id), seq: r.seq, dueAt: r.due_at }));
}

/**
 * The status an order shows (loan-terms/position.ts: shownStatus and statusForPosition) in SQL, for
 * searching by it: a repaying order is 180 once its current (lowest open) instalment's due day has
 * passed, 174 while that day is within the due window, 170 before, and 200 with nothing left open.
 * `todayStartsAt` and `dueWindowEndsAt` are SQL parameters: the start of today's lender day and of
 * the first day after the due window.
 */
const shownStatusSql = (todayStartsAt: string, dueWindowEndsAt: string) => `
  CASE WHEN o.status <> ALL(ARRAY[${REPAYING_STATUSES.join(', ')}]) THEN o.status
       ELSE coalesce((SELECT CASE WHEN rp.due_at < ${todayStartsAt} THEN ${ORDER_STATUS.overdue}
                                  WHEN rp.due_at < ${dueWindowEndsAt} THEN ${ORDER_STATUS.due}
                                  ELSE ${ORDER_STATUS.repaying} END
                        FROM repayment_plans rp WHERE rp.order_id = o.id AND rp.settled_at IS NULL ORDER BY rp.seq LIMIT 1), ${ORDER_STATUS.settled})
  END`;

export interface OrderSearch {
  /** Only orders of these borrowers (found by phone in the borrowers room). */
  borrowerIds?: readonly number[] | undefined;
  /** The order number, in any case. */
  orderNo?: string | undefined;
  /** The status shown today, the stored statuses that may show it, and today's lender-day bounds (see shownStatusSql). */
  shown?: { status: OrderStatus; storedStatuses: readonly OrderStatus[]; todayStartsAt: Date; dueWindowEndsAt: Date } | undefined;
  offset: number;
  limit: number;
}

/** Orders newest first, with their plans, and how many match in all (for the pages). */
export async function searchOrders(db: Queryable, s: OrderSearch): Promise<{ rows: OrderRow[]; total: number }> {
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  const where: string[] = [];
  if (s.borrowerIds !== undefined) where.push(`o.borrower_id = ANY(${param(s.borrowerIds)}::bigint[])`);
  if (s.orderNo !== undefined) where.push(`lower(o.order_no) = lower(${param(s.orderNo)})`);
  if (s.shown !== undefined) {
    // The stored statuses first, so that an index on status narrows the rows the CASE is worked out for.
    where.push(`o.status = ANY(${param(s.shown.storedStatuses)}::int[])`);
    where.push(`${shownStatusSql(`${param(s.shown.todayStartsAt)}::timestamptz`, `${param(s.shown.dueWindowEndsAt)}::timestamptz`)} = ${param(s.shown.status)}`);
  }
  const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const counted = await db.query<{ n: number }>(`SELECT count(*) AS n FROM orders o ${clause}`, params);
  const total = Number(counted.rows[0]!.n);
  if (total === 0) return { rows: [], total };
  const page = `LIMIT ${param(s.limit)} OFFSET ${param(s.offset)}`;
  const { rows } = await db.query<OrderJsonRow>(`${ORDER_WITH_PLAN_SELECT} ${clause} ORDER BY o.created_at DESC, o.id DESC ${page}`, params);
  return { rows: rows.map(withJsonPlan), total };
}

export interface NewOrderRow {
  orderNo: string;
  borrowerId: number;
  productId: number;
  status: OrderStatus;
  principalMinor: number;
  interestMinor: number;
  feeMinor: number;
  paidMinor: number;
  termDays: number;
  periods: number;
  isRepeatBorrower: boolean;
  disbursedAt: Date | null;
  dueAt: Date | null;
  settledAt: Date | null;
  offerKey: string | null;
  market: Market;
  flags: OrderFlags;
  now: Date;
}

/** Inserts an order; null when the order number is already taken (the caller draws another). */
export async function insertOrder(db: Queryable, o: NewOrderRow): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO orders (order_no, borrower_id, product_id, status, principal_minor, interest_minor, fee_minor, paid_minor,
                         term_days, periods, is_repeat_borrower, disbursed_at, due_at, settled_at, offer_key,
                         is_delay, playedu_l, kind_tips_msg, card_need_pop, card_pop_title, card_pop_msg, is_score, rey_msg, h5_url,
                         created_at, updated_at, market)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $25, $26)
     ON CONFLICT (order_no) DO NOTHING RETURNING id`,
    [
      o.orderNo, o.borrowerId, o.productId, o.status, o.principalMinor, o.interestMinor, o.feeMinor, o.paidMinor,
      o.termDays, o.periods, o.isRepeatBorrower, o.disbursedAt, o.dueAt, o.settledAt, o.offerKey,
      o.flags.isDelay, o.flags.playeduL, o.flags.kindTipsMsg, o.flags.cardNeedPop, o.flags.cardPopTitle, o.flags.cardPopMsg,
      o.flags.isScore, o.flags.reyMsg, o.flags.h5Url, o.now, o.market,
    ],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

export async function insertPlanRows(db: Queryable, orderId: number, rows: Array<Omit<PlanRow, 'id'>>): Promise<void> {
  for (const r of rows) {
    await db.query(
      `INSERT INTO repayment_plans (order_id, seq, due_at, amount_minor, paid_minor, settled_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [orderId, r.seq, r.dueAt, r.amountMinor, r.paidMinor, r.settledAt],
    );
  }
}

/** The ledger columns and plan rows a payment or a transition changes. */
export type LedgerUpdate = Pick<
  OrderRow,
  'status' | 'paidMinor' | 'extraChargesMinor' | 'lateChargesMinor' | 'overdueMinorDays' | 'penaltyCharged' | 'lateInterestBookedThroughDay' | 'rolloverCount' | 'disbursedAt' | 'dueAt' | 'settledAt'
> & {
  plan: Array<Pick<PlanRow, 'seq' | 'dueAt' | 'paidMinor' | 'settledAt'>>;
  now: Date;
};

export async function saveLedger(db: Queryable, orderId: number, u: LedgerUpdate): Promise<void> {
  await db.query(
    `UPDATE orders SET status = $2, paid_minor = $3, extra_charges_minor = $4, penalty_charged = $5,
            late_interest_booked_through = $6::date, rollover_count = $7, disbursed_at = $8, due_at = $9, settled_at = $10,
            updated_at = $11, late_charges_minor = $12, overdue_minor_days = $13
      WHERE id = $1`,
    [
      orderId, u.status, u.paidMinor, u.extraChargesMinor, u.penaltyCharged,
      u.lateInterestBookedThroughDay === null ? null : dayToIsoDate(u.lateInterestBookedThroughDay),
      u.rolloverCount, u.disbursedAt, u.dueAt, u.settledAt, u.now, u.lateChargesMinor, u.overdueMinorDays,
    ],
  );
  for (const row of u.plan) {
    await db.query(
      `UPDATE repayment_plans SET due_at = $3, paid_minor = $4, settled_at = $5 WHERE order_id = $1 AND seq = $2`,
      [orderId, row.seq, row.dueAt, row.paidMinor, row.settledAt],
    );
  }
}

/** Marks an order closed in its cooling-off period, in the transaction that applied the exit payment (saveLedger wrote the rest). */
export async function markCancelled(db: Queryable, orderId: number, c: { at: Date; keptInterestMinor: number }): Promise<void> {
  await db.query('UPDATE orders SET cancelled_at = $2, cancel_kept_interest_minor = $3 WHERE id = $1', [orderId, c.at, c.keptInterestMinor]);
}

/** A rejected order keeps no repayment plan. */
export async function deletePlan(db: Queryable, orderId: number): Promise<void> {
  await db.query('DELETE FROM repayment_plans WHERE order_id = $1', [orderId]);
}

/** Locks the order's row: payments and card repayments of one order take turns on it. */
export async function lockOrder(db: Queryable, orderId: number): Promise<void> {
  await db.query('SELECT id FROM orders WHERE id = $1 FOR UPDATE', [orderId]);
}

/** The borrower's orders of a product (id and stored status), newest first. */
export async function borrowerOrdersOfProduct(db: Queryable, borrowerId: number, productId: number): Promise<Array<{ id: number; status: number }>> {
  const { rows } = await db.query<{ id: number; status: number }>(
    'SELECT id, status FROM orders WHERE borrower_id = $1 AND product_id = $2 ORDER BY created_at DESC, id DESC',
    [borrowerId, productId],
  );
  return rows.map((r) => ({ id: Number(r.id), status: r.status }));
}

/** The borrower's newest order of the product in one of `statuses`, with the offer it came from. */
export async function newestOrderOfProduct(
  db: Queryable,
  borrowerId: number,
  productId: number,
  statuses: readonly number[],
): Promise<{ id: number; offerKey: string | null } | null> {
  const { rows } = await db.query<{ id: number; offer_key: string | null }>(
    `SELECT id, offer_key FROM orders WHERE borrower_id = $1 AND product_id = $2 AND status = ANY($3::int[]) ORDER BY created_at DESC, id DESC LIMIT 1`,
    [borrowerId, productId, statuses],
  );
  return rows[0] ? { id: Number(rows[0].id), offerKey: rows[0].offer_key } : null;
}

/** The order made from an offer (orders.offer_key), if any. */
export async function orderIdByOfferKey(db: Queryable, offerKey: string): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM orders WHERE offer_key = $1', [offerKey]);
  return rows[0] ? Number(rows[0].id) : null;
}

/** Records the staff account that approved the order (the one that may not release it). */
export async function recordApprover(db: Queryable, orderId: number, staffId: number): Promise<void> {
  await db.query('UPDATE orders SET approved_by_staff_id = $2 WHERE id = $1', [orderId, staffId]);
}

/** Makes a bound account the one these orders pay out to. */
export async function setPayoutAccount(db: Queryable, orderIds: number[], accountId: number, now: Date): Promise<void> {
  if (orderIds.length === 0) return;
  await db.query('UPDATE orders SET bank_card_id = $2, updated_at = $3 WHERE id = ANY($1::bigint[])', [orderIds, accountId, now]);
}

/** The orders that pay out to each of these accounts. */
export async function ordersPayingOutTo(db: Queryable, accountIds: number[]): Promise<Map<number, number[]>> {
  const byAccount = new Map<number, number[]>();
  if (accountIds.length === 0) return byAccount;
  const { rows } = await db.query<{ id: number; bank_card_id: number }>('SELECT id, bank_card_id FROM orders WHERE bank_card_id = ANY($1::bigint[]) ORDER BY id', [accountIds]);
  for (const r of rows) byAccount.set(Number(r.bank_card_id), [...(byAccount.get(Number(r.bank_card_id)) ?? []), Number(r.id)]);
  return byAccount;
}

/** Turns off the card-binding prompt (cardNeedPop) on the borrower's orders of the product. */
export async function clearCardPrompt(db: Queryable, borrowerId: number, productId: number, now: Date): Promise<void> {
  await db.query('UPDATE orders SET card_need_pop = 0, updated_at = $3 WHERE borrower_id = $1 AND product_id = $2 AND card_need_pop <> 0', [
    borrowerId,
    productId,
    now,
  ]);
}

// ---- the documents a borrower confirmed (migration 024; immutable by trigger) ---------------------

export type ConfirmedDocumentKind = 'disclosure' | 'agreement';

export interface ConfirmedDocumentRow {
  id: number;
  orderId: number;
  kind: ConfirmedDocumentKind;
  /** The agreement's position; 0 for the disclosure. */
  position: number;
  title: string;
  /** The document's canonical JSON as written at confirmation. */
  body: string;
  /** SHA-256 of body (hex). */
  sha256: string;
  confirmedAt: Date;
}

interface ConfirmedDocumentDb {
  id: string;
  order_id: string;
  kind: ConfirmedDocumentKind;
  position: number;
  title: string;
  body: string;
  sha256: string;
  confirmed_at: Date;
}

/** Inserts a confirmed document; one already there for the order, kind and position is left as it is. */
export async function insertConfirmedDocument(db: Queryable, d: Omit<ConfirmedDocumentRow, 'id'>): Promise<void> {
  await db.query(
    `INSERT INTO confirmed_documents (order_id, kind, position, title, body, sha256, confirmed_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (order_id, kind, position) DO NOTHING`,
    [d.orderId, d.kind, d.position, d.title, d.body, d.sha256, d.confirmedAt],
  );
}

/**
 * The language the borrower confirmed the order in (its stored disclosure's, docs/i18n.md): what the
 * SMS about the order are written in. English for an order confirmed before languages were kept.
 */
export async function confirmedLangOf(db: Queryable, orderId: number): Promise<Lang> {
  const { rows } = await db.query<{ body: string }>(`SELECT body FROM confirmed_documents WHERE order_id = $1 AND kind = 'disclosure' LIMIT 1`, [orderId]);
  if (!rows[0]) return DEFAULT_LANG;
  try {
    return langOf((JSON.parse(rows[0].body) as { lang?: unknown }).lang, { pseudo: true }) ?? DEFAULT_LANG;
  } catch {
    return DEFAULT_LANG;
  }
}

/** An order's confirmed documents: the disclosure first, then the agreements by position. */
export async function listConfirmedDocuments(db: Queryable, orderId: number): Promise<ConfirmedDocumentRow[]> {
  const { rows } = await db.query<ConfirmedDocumentDb>(
    `SELECT * FROM confirmed_documents WHERE order_id = $1 ORDER BY CASE kind WHEN 'disclosure' THEN 0 ELSE 1 END, position`,
    [orderId],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    orderId: Number(r.order_id),
    kind: r.kind,
    position: r.position,
    title: r.title,
    body: r.body,
    sha256: r.sha256,
    confirmedAt: r.confirmed_at,
  }));
}

/**
 * The erasure run's part (issue 39): the borrower's confirmed documents with `redactBody` applied to
 * each body (the name and phone written into an agreement). Answers the documents it changed as they
 * were, so the caller can keep them sealed; their sha256 stays the original's.
 */
export async function redactBorrowerDocuments(tx: Queryable, borrowerId: number, redactBody: (body: string) => string, now: Date): Promise<Array<{ id: number; orderId: number; kind: string; position: number; body: string; sha256: string }>> {
  const { rows } = await tx.query<{ id: number; order_id: number; kind: string; position: number; body: string; sha256: string }>(
    `SELECT d.id, d.order_id, d.kind, d.position, d.body, d.sha256 FROM confirmed_documents d JOIN orders o ON o.id = d.order_id WHERE o.borrower_id = $1 ORDER BY d.id FOR UPDATE OF d`,
    [borrowerId],
  );
  const changed = [];
  for (const r of rows) {
    const redacted = redactBody(r.body);
    if (redacted === r.body) continue;
    await tx.query('UPDATE confirmed_documents SET body = $2, redacted_at = $3 WHERE id = $1', [r.id, redacted, now]);
    changed.push({ id: Number(r.id), orderId: Number(r.order_id), kind: r.kind, position: r.position, body: r.body, sha256: r.sha256 });
  }
  return changed;
}

/**
 * Borrowers not yet erased whose loans are all closed (settled or rejected) and of whom the last
 * closed before `closedBefore`: the retention job's candidates (issue 39), the oldest closure first.
 * `market` is India when any of their loans is Indian (the longer-kept law is the caller's to apply).
 */
export async function closedBorrowersBefore(db: Queryable, closedBefore: Date, limit: number): Promise<Array<{ borrowerId: number; lastClosedAt: Date; market: 'PH' | 'IN' }>> {
  const { rows } = await db.query<{ borrower_id: number; last_closed: Date; any_in: boolean }>(
    `SELECT o.borrower_id, max(coalesce(o.settled_at, o.updated_at)) AS last_closed, bool_or(o.market = 'IN') AS any_in
       FROM orders o JOIN borrowers b ON b.id = o.borrower_id AND b.erased_at IS NULL
      GROUP BY o.borrower_id
     HAVING bool_and(o.status IN (${ORDER_STATUS.settled}, ${ORDER_STATUS.rejected})) AND max(coalesce(o.settled_at, o.updated_at)) < $1
      ORDER BY last_closed, o.borrower_id
      LIMIT $2`,
    [closedBefore, limit],
  );
  return rows.map((r) => ({ borrowerId: Number(r.borrower_id), lastClosedAt: r.last_closed, market: r.any_in ? 'IN' : 'PH' }));
}
