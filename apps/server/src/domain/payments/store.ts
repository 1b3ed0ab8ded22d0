/** SQL for payment channels, pay codes and the payments received on them. */
import type { Queryable } from '../../platform/db/client.ts';
import { jsonDate, type ColumnPart } from '../../platform/db/column-part.ts';
import type { PaymentPurpose } from '../../loan-terms/position.ts';

export interface PayNoticeStep {
  name: string;
  steps: string[];
}
export interface ChannelRow {
  channelNumber: string;
  name: string;
  logo: string;
  kind: 'code' | 'qr';
  /** Grouped instructions: group title → items, each a name and its steps. */
  payNotice: Record<string, PayNoticeStep[]>;
  sort: number;
  active: boolean;
}

interface ChannelDb {
  channel_number: string;
  name: string;
  logo: string;
  kind: 'code' | 'qr';
  pay_notice: Record<string, PayNoticeStep[]>;
  sort: number;
  active: boolean;
}
const toChannel = (r: ChannelDb): ChannelRow => ({
  channelNumber: r.channel_number,
  name: r.name,
  logo: r.logo,
  kind: r.kind,
  payNotice: r.pay_notice,
  sort: r.sort,
  active: r.active,
});

/** Active repayment channels, the default (preselected) one first. */
export async function listActiveChannels(db: Queryable): Promise<ChannelRow[]> {
  const { rows } = await db.query<ChannelDb>('SELECT * FROM payment_channels WHERE active ORDER BY sort, channel_number');
  return rows.map(toChannel);
}

/** Every payment channel, active or not, in display order (the back office). */
export async function listChannels(db: Queryable): Promise<ChannelRow[]> {
  const { rows } = await db.query<ChannelDb>('SELECT * FROM payment_channels ORDER BY sort, channel_number');
  return rows.map(toChannel);
}

export async function findActiveChannel(db: Queryable, channelNumber: string): Promise<ChannelRow | null> {
  const { rows } = await db.query<ChannelDb>('SELECT * FROM payment_channels WHERE channel_number = $1 AND active', [channelNumber]);
  return rows[0] ? toChannel(rows[0]) : null;
}

/** live: waiting to be paid; pending: paid at the provider, waiting for its confirmation; then paid, expired, failed or voided. */
export type PayCodeStatus = 'live' | 'pending' | 'paid' | 'expired' | 'failed' | 'voided';

/** What the provider answered when asked to void a code we voided (migration 031). */
export type ProviderVoid = 'done' | 'refused' | 'not supported' | 'failed';

export interface PayCodeRow {
  id: number;
  orderId: number;
  channelNumber: string;
  amountMinor: number;
  purpose: PaymentPurpose;
  code: string;
  /** The provider's transaction id (our idempotency key); the code itself on the sandbox. */
  txnId: string;
  status: PayCodeStatus;
  createdAt: Date;
  expiresAt: Date;
  paidAt: Date | null;
  /** When a payment that settled or cancelled the order voided this code, and why (naming the payment); null otherwise. */
  voidedAt: Date | null;
  voidReason: string | null;
  /** The provider's answer to that void, and its words; null while it was not asked. */
  providerVoid: ProviderVoid | null;
  providerVoidDetail: string | null;
}
interface PayCodeDb {
  id: number;
  order_id: number;
  channel_number: string;
  amount_minor: number;
  purpose: PaymentPurpose;
  code: string;
  txn_id: string;
  status: PayCodeStatus;
  created_at: Date;
  expires_at: Date;
  paid_at: Date | null;
  voided_at: Date | null;
  void_reason: string | null;
  provider_void: ProviderVoid | null;
  provider_void_detail: string | null;
}
const toPayCode = (r: PayCodeDb): PayCodeRow => ({
  id: Number(r.id),
  orderId: Number(r.order_id),
  channelNumber: r.channel_number,
  amountMinor: Number(r.amount_minor),
  purpose: r.purpose,
  code: r.code,
  txnId: r.txn_id,
  status: r.status,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  paidAt: r.paid_at,
  voidedAt: r.voided_at,
  voidReason: r.void_reason,
  providerVoid: r.provider_void,
  providerVoidDetail: r.provider_void_detail,
});

/** A live, unexpired code already issued for the same order, channel, amount and purpose. */
export async function findLivePayCode(
  db: Queryable,
  k: { orderId: number; channelNumber: string; amountMinor: number; purpose: PaymentPurpose; now: Date },
): Promise<PayCodeRow | null> {
  const { rows } = await db.query<PayCodeDb>(
    `SELECT * FROM pay_codes
      WHERE order_id = $1 AND channel_number = $2 AND amount_minor = $3 AND purpose = $4 AND status IN ('live', 'pending') AND expires_at > $5
      ORDER BY id DESC LIMIT 1`,
    [k.orderId, k.channelNumber, k.amountMinor, k.purpose, k.now],
  );
  return rows[0] ? toPayCode(rows[0]) : null;
}

/** Inserts a pay code; null when the drawn code is already taken. */
export async function insertPayCode(
  db: Queryable,
  c: { orderId: number; channelNumber: string; amountMinor: number; purpose: PaymentPurpose; code: string; txnId?: string; now: Date; expiresAt: Date },
): Promise<PayCodeRow | null> {
  const { rows } = await db.query<PayCodeDb>(
    `INSERT INTO pay_codes (order_id, channel_number, amount_minor, purpose, code, txn_id, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING RETURNING *`,
    [c.orderId, c.channelNumber, c.amountMinor, c.purpose, c.code, c.txnId ?? c.code, c.now, c.expiresAt],
  );
  return rows[0] ? toPayCode(rows[0]) : null;
}

/** A pay code by its code; `forUpdate` serialises concurrent notifications of the same code. */
export async function findPayCode(db: Queryable, code: string, options: { forUpdate?: boolean } = {}): Promise<PayCodeRow | null> {
  const { rows } = await db.query<PayCodeDb>(`SELECT * FROM pay_codes WHERE code = $1${options.forUpdate ? ' FOR UPDATE' : ''}`, [code]);
  return rows[0] ? toPayCode(rows[0]) : null;
}

/** A pay code by the provider's transaction id, locked when `forUpdate`. */
export async function findPayCodeByTxn(db: Queryable, txnId: string, options: { forUpdate?: boolean } = {}): Promise<PayCodeRow | null> {
  const { rows } = await db.query<PayCodeDb>(`SELECT * FROM pay_codes WHERE txn_id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`, [txnId]);
  return rows[0] ? toPayCode(rows[0]) : null;
}

/**
 * Moves a code that is not paid to pending, failed or voided (a paid code never moves back, and one a
 * settling payment voided is never pending again).
 */
export async function setUnpaidPayCodeStatus(db: Queryable, id: number, status: 'pending' | 'failed' | 'voided'): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE pay_codes SET status = $2 WHERE id = $1 AND status <> 'paid' AND status <> $2 AND NOT ($2 = 'pending' AND void_reason IS NOT NULL) RETURNING id`,
    [id, status],
  );
  return rows.length > 0;
}

/**
 * Voids the order's open codes other than `paidId` (live and not expired, or pending at the provider;
 * never one with a payment), saying why; the codes voided. In the transaction that settled the order,
 * which holds the order's row lock. A code another transaction holds locked is being paid right now:
 * it is skipped (no lock-order deadlock: that payment locked its code, then waits for the order), and
 * once this commits it finds the order settled (an exception, or held whole on a card).
 */
export async function voidOpenPayCodes(tx: Queryable, orderId: number, paidId: number, reason: string, now: Date): Promise<PayCodeRow[]> {
  const { rows } = await tx.query<PayCodeDb>(
    `UPDATE pay_codes SET status = 'voided', voided_at = $4, void_reason = $3
      WHERE id IN (SELECT pc.id FROM pay_codes pc
                    WHERE pc.order_id = $1 AND pc.id <> $2 AND (pc.status = 'pending' OR (pc.status = 'live' AND pc.expires_at > $4))
                      AND NOT EXISTS (SELECT 1 FROM payments pm WHERE pm.pay_code_id = pc.id)
                    FOR UPDATE SKIP LOCKED)
      RETURNING *`,
    [orderId, paidId, reason, now],
  );
  return rows.map(toPayCode);
}

/** The order's codes voided on our books whose provider was not asked yet. */
export async function listPayCodesToVoidAtProvider(db: Queryable, orderId: number): Promise<PayCodeRow[]> {
  const { rows } = await db.query<PayCodeDb>(
    `SELECT * FROM pay_codes WHERE order_id = $1 AND status = 'voided' AND void_reason IS NOT NULL AND provider_void IS NULL ORDER BY id`,
    [orderId],
  );
  return rows.map(toPayCode);
}

/** Keeps the provider's answer to voiding a code (the first answer: a code is asked once). */
export async function recordProviderVoid(db: Queryable, id: number, answer: ProviderVoid, detail: string | null): Promise<void> {
  await db.query(`UPDATE pay_codes SET provider_void = $2, provider_void_detail = $3 WHERE id = $1 AND provider_void IS NULL`, [id, answer, detail]);
}

/** Every pay code issued for an order, newest first. */
export async function listOrderPayCodes(db: Queryable, orderId: number): Promise<PayCodeRow[]> {
  const { rows } = await db.query<PayCodeDb>('SELECT * FROM pay_codes WHERE order_id = $1 ORDER BY id DESC', [orderId]);
  return rows.map(toPayCode);
}

/** Whether one of the order's pay codes is paid at the provider and waits for its confirmation (status 'pending'). */
/** Whether the order `alias` has a pay code waiting for the provider's confirmation, as a part of the order's own statement. */
export const pendingPayCodePart: ColumnPart<boolean> = {
  sql: (alias) => `EXISTS (SELECT 1 FROM pay_codes pc WHERE pc.order_id = ${alias}.id AND pc.status = 'pending')`,
  read: (value) => value === true,
};

export async function markPayCodePaid(db: Queryable, id: number, paidAt: Date): Promise<void> {
  await db.query(`UPDATE pay_codes SET status = 'paid', paid_at = $2 WHERE id = $1`, [id, paidAt]);
}

export interface PaymentRow<R> {
  id: number;
  payCodeId: number;
  providerRef: string;
  amountMinor: number;
  appliedAt: Date;
  result: R;
}
interface PaymentDb<R> {
  id: number;
  pay_code_id: number;
  provider_ref: string;
  amount_minor: number;
  applied_at: Date;
  result: R;
}
const toPayment = <R>(r: PaymentDb<R>): PaymentRow<R> => ({
  id: Number(r.id),
  payCodeId: Number(r.pay_code_id),
  providerRef: r.provider_ref,
  amountMinor: Number(r.amount_minor),
  appliedAt: r.applied_at,
  result: r.result,
});

export async function findPaymentByPayCode<R>(db: Queryable, payCodeId: number): Promise<PaymentRow<R> | null> {
  const { rows } = await db.query<PaymentDb<R>>('SELECT * FROM payments WHERE pay_code_id = $1', [payCodeId]);
  return rows[0] ? toPayment(rows[0]) : null;
}

export async function findPaymentByRef<R>(db: Queryable, providerRef: string): Promise<PaymentRow<R> | null> {
  const { rows } = await db.query<PaymentDb<R>>('SELECT * FROM payments WHERE provider_ref = $1', [providerRef]);
  return rows[0] ? toPayment(rows[0]) : null;
}

export async function insertPayment(
  db: Queryable,
  p: { payCodeId: number; providerRef: string; amountMinor: number; appliedAt: Date; postedByStaffId: number | null },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO payments (pay_code_id, provider_ref, amount_minor, applied_at, posted_by_staff_id) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [p.payCodeId, p.providerRef, p.amountMinor, p.appliedAt, p.postedByStaffId],
  );
  return Number(rows[0]!.id);
}

/** Holds a reference until the transaction ends: one posting of it at a time (PGlite runs one transaction at a time anyway). */
export async function lockPaymentRef(tx: Queryable, providerRef: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`payment-ref:${providerRef}`]);
}

export async function savePaymentResult(db: Queryable, paymentId: number, result: unknown): Promise<void> {
  await db.query('UPDATE payments SET result = $2::jsonb WHERE id = $1', [paymentId, JSON.stringify(result)]);
}

/** Every payment received on an order (newest first). */
export async function listOrderPayments<R>(db: Queryable, orderId: number): Promise<Array<PaymentRow<R>>> {
  const { rows } = await db.query<PaymentDb<R>>(
    `SELECT pm.* FROM payments pm JOIN pay_codes pc ON pc.id = pm.pay_code_id WHERE pc.order_id = $1 ORDER BY pm.id DESC`,
    [orderId],
  );
  return rows.map(toPayment);
}

/** How many payments were applied at or after `since`, and their sum. */
export async function paymentsAppliedSince(db: Queryable, since: Date): Promise<{ count: number; amountMinor: number }> {
  const { rows } = await db.query<{ n: number; total: number }>('SELECT count(*) AS n, coalesce(sum(amount_minor), 0) AS total FROM payments WHERE applied_at >= $1', [since]);
  return { count: Number(rows[0]!.n), amountMinor: Number(rows[0]!.total) };
}

export async function isChannelActive(db: Queryable, channelNumber: string): Promise<boolean> {
  const { rows } = await db.query<{ found: number }>('SELECT 1 AS found FROM payment_channels WHERE channel_number = $1 AND active', [channelNumber]);
  return rows.length > 0;
}


/** A live code of an order as liveCodesPart reads it. */
export interface LiveCode {
  code: string;
  channelNumber: string;
  purpose: PaymentPurpose;
  amountMinor: number;
  expiresAt: Date;
}

/** The order `alias`'s live codes, newest first, as a part of the order's own statement (pay-codes.ts's pickLiveCode picks from them). */
export const liveCodesPart: ColumnPart<LiveCode[]> = {
  sql: (alias) =>
    `SELECT coalesce(json_agg(json_build_object('code', pc.code, 'channel_number', pc.channel_number, 'purpose', pc.purpose,
                                                'amount_minor', pc.amount_minor, 'expires_at', pc.expires_at) ORDER BY pc.id DESC), '[]'::json)
       FROM pay_codes pc WHERE pc.order_id = ${alias}.id AND pc.status = 'live'`,
  read: (value) =>
    ((typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as Array<Record<string, unknown>>).map((c) => ({
      code: String(c.code),
      channelNumber: String(c.channel_number),
      purpose: c.purpose as PaymentPurpose,
      amountMinor: Number(c.amount_minor),
      expiresAt: jsonDate(c.expires_at),
    })),
};

/** A payment channel with its instructions (the demo seed); one already there is left as it is. */
export async function insertChannel(
  db: Queryable,
  c: { channelNumber: string; name: string; logo: string; kind: string; payNotice: unknown; sort: number },
): Promise<void> {
  await db.query(
    `INSERT INTO payment_channels (channel_number, name, logo, kind, pay_notice, sort) VALUES ($1, $2, $3, $4, $5::json, $6)
     ON CONFLICT (channel_number) DO NOTHING`,
    [c.channelNumber, c.name, c.logo, c.kind, JSON.stringify(c.payNotice), c.sort],
  );
}

// ---- payment exceptions (migration 022) -----------------------------------------------------------

/**
 * Why money was not applied as it came (migrations 022, 031). 'overpayment': a payment brought more
 * than its order owed; what was owed was applied (its payment), the rest is held.
 */
export type PaymentExceptionKind = 'amount_mismatch' | 'already_paid' | 'order_closed' | 'unknown_reference' | 'overpayment';

export interface PaymentException {
  id: number;
  kind: PaymentExceptionKind;
  provider: string;
  txnId: string;
  refNo: string;
  payCodeId: number | null;
  orderId: number | null;
  borrowerId: number | null;
  /** Everything that arrived. */
  receivedMinor: number;
  /** The pay code's amount; for an overpayment, what the order owed (and was applied). */
  expectedMinor: number | null;
  /** Held as the borrower's credit: all of receivedMinor, or for an overpayment the part beyond what was owed. */
  heldMinor: number;
  /** An overpayment's payment, which applied what was owed; null for the other kinds. */
  paymentId: number | null;
  detail: string;
  createdAt: Date;
  /** The credit paid back to the borrower from the lender's bank, else null. */
  refund: { reference: string; refundedByStaffId: number; refundedBy: string; refundedAt: Date } | null;
}

/** Records an exception once per provider payment and kind; its id, or null when it was recorded before. */
export async function insertPaymentException(db: Queryable, e: Omit<PaymentException, 'id' | 'refund'>): Promise<number | null> {
  const { rows } = await db.query(
    `INSERT INTO payment_exceptions (kind, provider, txn_id, ref_no, pay_code_id, order_id, borrower_id, received_minor, expected_minor, held_minor, payment_id, detail, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT (provider, ref_no, kind) DO NOTHING RETURNING id`,
    [e.kind, e.provider, e.txnId, e.refNo, e.payCodeId, e.orderId, e.borrowerId, e.receivedMinor, e.expectedMinor, e.heldMinor, e.paymentId, e.detail, e.createdAt],
  );
  return rows[0] ? Number((rows[0] as { id: string }).id) : null;
}

export async function findPaymentException(tx: Queryable, id: number, opts: { forUpdate?: boolean } = {}): Promise<PaymentException | null> {
  const { rows } = await tx.query<Record<string, unknown>>(`SELECT * FROM payment_exceptions WHERE id = $1${opts.forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] ? toPaymentException(rows[0]) : null;
}

export async function markExceptionRefunded(tx: Queryable, id: number, refund: { reference: string; staffId: number; staffName: string; at: Date }): Promise<void> {
  await tx.query('UPDATE payment_exceptions SET refund_reference = $2, refunded_by_staff_id = $3, refunded_by_name = $4, refunded_at = $5 WHERE id = $1', [
    id,
    refund.reference,
    refund.staffId,
    refund.staffName,
    refund.at,
  ]);
}

const num = (v: unknown) => (v === null ? null : Number(v));
const toPaymentException = (r: Record<string, unknown>): PaymentException => ({
  id: Number(r.id),
  kind: r.kind as PaymentExceptionKind,
  provider: r.provider as string,
  txnId: r.txn_id as string,
  refNo: r.ref_no as string,
  payCodeId: num(r.pay_code_id),
  orderId: num(r.order_id),
  borrowerId: num(r.borrower_id),
  receivedMinor: Number(r.received_minor),
  expectedMinor: num(r.expected_minor),
  heldMinor: Number(r.held_minor),
  paymentId: num(r.payment_id),
  detail: r.detail as string,
  createdAt: r.created_at as Date,
  refund:
    r.refunded_at === null || r.refunded_at === undefined
      ? null
      : { reference: r.refund_reference as string, refundedByStaffId: Number(r.refunded_by_staff_id), refundedBy: r.refunded_by_name as string, refundedAt: r.refunded_at as Date },
});

export async function listPaymentExceptions(db: Queryable, limit = 100): Promise<PaymentException[]> {
  const { rows } = await db.query<Record<string, unknown>>(`SELECT * FROM payment_exceptions ORDER BY id DESC LIMIT $1`, [limit]);
  return rows.map(toPaymentException);
}

/** A page of exceptions, newest first (by when they were recorded), of one kind or all, and how many match in all. */
export async function listPaymentExceptionsPage(
  db: Queryable,
  filter: { kind?: PaymentExceptionKind | undefined; offset: number; limit: number },
): Promise<{ rows: PaymentException[]; total: number }> {
  const kind = filter.kind ?? null;
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT * FROM payment_exceptions WHERE ($1::text IS NULL OR kind = $1) ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT $3`,
    [kind, filter.offset, filter.limit],
  );
  const counted = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM payment_exceptions WHERE ($1::text IS NULL OR kind = $1)`, [kind]);
  return { rows: rows.map(toPaymentException), total: counted.rows[0]!.n };
}

// ---- an order's payments as the borrower's records show them (issue 22) ---------------------------

/** A payment with its pay code and channel. */
export interface OrderPaymentRecord<R> extends PaymentRow<R> {
  payCodeId: number;
  payCode: string;
  channelNumber: string;
  channelName: string;
  channelKind: string;
  postedByStaffId: number | null;
}

/** Every payment applied to an order with its pay code and channel, newest first. */
export async function listOrderPaymentRecords<R>(db: Queryable, orderId: number): Promise<Array<OrderPaymentRecord<R>>> {
  const { rows } = await db.query<PaymentDb<R> & { code: string; channel_number: string; channel_name: string; channel_kind: string; posted_by_staff_id: number | null }>(
    `SELECT pm.*, pc.code, pc.channel_number, ch.name AS channel_name, ch.kind AS channel_kind
       FROM payments pm JOIN pay_codes pc ON pc.id = pm.pay_code_id JOIN payment_channels ch ON ch.channel_number = pc.channel_number
      WHERE pc.order_id = $1 ORDER BY pm.applied_at DESC, pm.id DESC`,
    [orderId],
  );
  return rows.map((r) => ({
    ...toPayment(r),
    payCodeId: Number(r.pay_code_id),
    payCode: r.code,
    channelNumber: r.channel_number,
    channelName: r.channel_name,
    channelKind: r.channel_kind,
    postedByStaffId: r.posted_by_staff_id === null ? null : Number(r.posted_by_staff_id),
  }));
}

/** An order's pay codes not paid yet, with their channel's name and kind, newest first. */
export async function listUnpaidPayCodesWithChannel(db: Queryable, orderId: number): Promise<Array<PayCodeRow & { channelName: string; channelKind: string }>> {
  const { rows } = await db.query<PayCodeDb & { channel_name: string; channel_kind: string }>(
    `SELECT pc.*, ch.name AS channel_name, ch.kind AS channel_kind
       FROM pay_codes pc JOIN payment_channels ch ON ch.channel_number = pc.channel_number
      WHERE pc.order_id = $1 AND pc.status <> 'paid' AND NOT EXISTS (SELECT 1 FROM payments pm WHERE pm.pay_code_id = pc.id)
      ORDER BY pc.created_at DESC, pc.id DESC`,
    [orderId],
  );
  return rows.map((r) => ({ ...toPayCode(r), channelName: r.channel_name, channelKind: r.channel_kind }));
}

/** A payment as the ledger took it: its order, when, and the money applied (what was held as the borrower's credit left out). */
export interface MoneyApplied {
  paymentId: number;
  orderId: number;
  appliedAt: Date;
  /** amountMinor less its unappliedMinor (an overpayment's part held apart, never in the order's paid total). */
  appliedMinor: number;
}

/** The money applied in [from, to), oldest first, to these orders or to any. */
export async function moneyApplied(db: Queryable, range: { from: Date; to: Date; orderIds?: readonly number[] | undefined }): Promise<MoneyApplied[]> {
  if (range.orderIds?.length === 0) return [];
  const { rows } = await db.query<{ id: string; order_id: string; applied_at: Date; applied_minor: string }>(
    `SELECT pm.id, pc.order_id, pm.applied_at, pm.amount_minor - coalesce((pm.result ->> 'unappliedMinor')::bigint, 0) AS applied_minor
       FROM payments pm JOIN pay_codes pc ON pc.id = pm.pay_code_id
      WHERE pm.applied_at >= $1 AND pm.applied_at < $2 AND ($3::bigint[] IS NULL OR pc.order_id = ANY($3::bigint[]))
      ORDER BY pm.applied_at, pm.id`,
    [range.from, range.to, range.orderIds ? [...new Set(range.orderIds)] : null],
  );
  return rows.map((r) => ({ paymentId: Number(r.id), orderId: Number(r.order_id), appliedAt: new Date(r.applied_at), appliedMinor: Number(r.applied_minor) }));
}
