/**
 * Finance's release of an approved order (docs/backoffice.md, "Release"): the checks, then one payout
 * attempt recorded as processing, in the caller's transaction (with its audit entry). Nothing is sent
 * here: the caller hands the attempt to sending.ts once it committed, so a payout is never sent for an
 * attempt a rollback forgot.
 */
import type { Market } from '@cashloan/contract';
import type { Queryable } from '../../platform/db/client.ts';
import { ApiError, notFound, refused } from '../../platform/http/api-error.ts';
import { startOfLenderDay } from '../../loan-terms/calendar.ts';
import { DEDUCTED_AT_DISBURSEMENT_MINOR } from '../../loan-terms/disclosure.ts';
import { moneyText } from '../../loan-terms/money-text.ts';
import { ORDER_STATUS, STATUS_MEANING, type OrderStatus } from '../../loan-terms/status.ts';
import { findAccount } from '../bank-cards/service.ts';
import { lastFourDigits } from '../bank-cards/card-numbers.ts';
import { listConfirmedDocuments, loadOrder, type OrderRow } from '../orders/service.ts';
import { attemptsOf, insertPayout, latestPayouts, lockReleasesOf, releasedSince, type PayoutRow } from './store.ts';

export type PayoutCurrency = 'PHP' | 'INR';
export const CURRENCY_OF_MARKET: Record<Market, PayoutCurrency> = { PH: 'PHP', IN: 'INR' };
const SYMBOL: Record<PayoutCurrency, string> = { PHP: '₱', INR: '₹' };
export const payoutMoney = (minor: number, currency: PayoutCurrency) => moneyText(minor, SYMBOL[currency]);

export const RELEASE_MESSAGES = {
  notApproved: (orderNo: string, status: OrderStatus) =>
    `Order ${orderNo} cannot be released: it is ${status} (${STATUS_MEANING[status]}); only an approved order (110) is paid out. Nothing was sent.`,
  ownApproval: (orderNo: string) => `You approved order ${orderNo}, so another finance user must release it. Nothing was sent.`,
  onItsWay: (orderNo: string, p: PayoutRow) =>
    p.status === 'processing'
      ? `Order ${orderNo} already has a payout on its way (${p.reference}); nothing was sent again.`
      : `Order ${orderNo} was already paid out (${p.reference}, ${p.status}); nothing was sent again.`,
  noAccount: (orderNo: string) => `Order ${orderNo} has no bound payout account: the borrower must bind one on the bank screen first. Nothing was sent.`,
  overLimit: (amount: string, limit: string, released: string) =>
    `Releasing ${amount} now would pass today's release limit of ${limit} (${released} released today). Nothing was sent; raise PAYOUT_DAILY_LIMIT_MINOR or release tomorrow.`,
} as const;

/** The net proceeds the borrower confirmed (the Disclosure Statement's / KFS's amount to be received), else the principal less what is deducted. */
export async function netProceedsOf(db: Queryable, order: OrderRow): Promise<number> {
  const disclosure = (await listConfirmedDocuments(db, order.id)).find((d) => d.kind === 'disclosure');
  if (disclosure) {
    const confirmed = JSON.parse(disclosure.body) as { disclosure?: { netProceeds?: unknown } };
    const net = confirmed.disclosure?.netProceeds;
    if (typeof net === 'number' && Number.isInteger(net) && net > 0) return net;
  }
  return order.principalMinor - DEDUCTED_AT_DISBURSEMENT_MINOR;
}

export interface ReleaseInput {
  orderId: number;
  releasedBy: { id: number; name: string };
  /** The approver's name as it is now (the staff area reads it); the id is the order's. */
  approverName: (staffId: number) => Promise<string>;
  /** The name of the provider that pays out in a currency (the order's, read under its lock). */
  providerFor: (currency: PayoutCurrency) => string;
  dailyLimitMinor: number;
  now: Date;
}

/** Checks and records one payout attempt of an approved order; in the caller's transaction. */
export async function releaseOrder(tx: Queryable, input: ReleaseInput): Promise<{ order: OrderRow; payout: PayoutRow }> {
  const order = await loadOrder(tx, input.orderId, { forUpdate: true });
  if (!order) throw notFound(`Order ${input.orderId} does not exist.`);
  if (order.status !== ORDER_STATUS.disbursing) throw refused(RELEASE_MESSAGES.notApproved(order.orderNo, order.status));
  if (order.approvedBy === input.releasedBy.id) throw new ApiError(403, RELEASE_MESSAGES.ownApproval(order.orderNo), 403);
  const live = (await latestPayouts(tx, [order.id])).get(order.id);
  if (live && live.status !== 'failed') throw refused(RELEASE_MESSAGES.onItsWay(order.orderNo, live));
  const account = order.payoutAccountId === null ? null : await findAccount(tx, order.payoutAccountId);
  if (!account) throw refused(RELEASE_MESSAGES.noAccount(order.orderNo));
  const currency = CURRENCY_OF_MARKET[order.market];
  const amountMinor = await netProceedsOf(tx, order);
  // The day's sum is read and added to under one lock per currency, so two releases at once cannot both pass it.
  await lockReleasesOf(tx, currency);
  const released = await releasedSince(tx, currency, startOfLenderDay(input.now, order.market));
  if (released + amountMinor > input.dailyLimitMinor) {
    throw refused(RELEASE_MESSAGES.overLimit(payoutMoney(amountMinor, currency), payoutMoney(input.dailyLimitMinor, currency), payoutMoney(released, currency)));
  }
  const attempt = (await attemptsOf(tx, order.id)) + 1;
  const payout = await insertPayout(tx, {
    orderId: order.id,
    attempt,
    reference: `PO-${order.orderNo}-${attempt}`,
    provider: input.providerFor(currency),
    currency,
    amountMinor,
    accountId: account.id,
    bankName: account.bankName,
    accountLast4: lastFourDigits(account.cardNoMasked),
    approvedBy: order.approvedBy === null ? null : { id: order.approvedBy, name: await input.approverName(order.approvedBy) },
    releasedBy: input.releasedBy,
    now: input.now,
  });
  // The order's row lock makes this unreachable in one database; the unique index is the last word.
  if (!payout) throw refused(`Order ${order.orderNo} already has a payout on its way; nothing was sent again.`);
  return { order, payout };
}
