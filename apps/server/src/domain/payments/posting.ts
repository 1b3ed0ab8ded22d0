/**
 * The payments room's door to money finance received at a counter or by bank transfer (the staff
 * back office's postings): posted to an order in the caller's transaction and applied by applyMoney
 * like any other payment. SQL stays in store.ts.
 */
import { randomInt } from 'node:crypto';
import type { Queryable } from '../../platform/db/client.ts';
import { invalidInput, notFound, refused } from '../../platform/http/api-error.ts';
import { loadOrder, viewOrder } from '../orders/service.ts';
import { applyMoney, type PaymentResult } from './payments.ts';
import { isBeingRepaid } from './repaying-order.ts';
import { findPaymentByRef, insertPayCode, lockPaymentRef } from './store.ts';

/** The internal channels money received outside the provider is booked on (migration 020). */
export const POSTED_CHANNELS = { counter: 'COUNTER-POSTED', 'bank-transfer': 'TRANSFER-POSTED' } as const;

export interface PostedPayment {
  orderId: number;
  amountMinor: number;
  method: keyof typeof POSTED_CHANNELS;
  /** The receipt's or the transfer's reference: one payment per reference, whatever the order. */
  reference: string;
  staffId: number;
  now: Date;
}

export const postedRef = (reference: string) => `posted:${reference}`;
/** The receipt's or transfer's reference finance posted a payment with; null for a payment not posted by staff. */
export const postedReferenceOf = (providerRef: string): string | null => (providerRef.startsWith('posted:') ? providerRef.slice('posted:'.length) : null);

/**
 * A posting's reference, for finance's postings that wait for a second approval (staff/orders): the
 * lock postReceivedPayment takes on it (held to the end of the caller's transaction, and taken again
 * by postReceivedPayment in the same one without waiting), and the payment already posted under it.
 */
export const lockPostedReference = (tx: Queryable, reference: string) => lockPaymentRef(tx, postedRef(reference));
export const findPostedPayment = (db: Queryable, reference: string) => findPaymentByRef<PaymentResult>(db, postedRef(reference));

/**
 * Money finance received at a counter or by bank transfer, posted to an order in the caller's
 * transaction (the staff API writes its audit entry in the same one). Booked on an internal pay code
 * and applied like any other payment. Refused, writing nothing: a reference posted before, an order
 * that is not being repaid, an amount above what it owes now (finance's data-entry check: a posting
 * never makes an overpayment). A posting that settles the order voids its other open codes; the
 * caller asks the provider to void them once its transaction committed (voidAtProvider).
 */
export async function postReceivedPayment(tx: Queryable, input: PostedPayment): Promise<PaymentResult> {
  const providerRef = postedRef(input.reference);
  // Two postings of one reference at once: the second waits here, then finds the first.
  await lockPaymentRef(tx, providerRef);
  const earlier = await findPaymentByRef<PaymentResult>(tx, providerRef);
  if (earlier) throw refused(`reference ${input.reference} was already posted (payment ${earlier.id}, order ${earlier.result.order.orderNo}); nothing was posted again.`);
  const order = await loadOrder(tx, input.orderId, { forUpdate: true });
  if (!order) throw notFound(`Order ${input.orderId} does not exist`);
  const view = viewOrder(order, input.now);
  if (!isBeingRepaid(view)) throw refused(`Order ${order.orderNo} is not being repaid (status ${view.shownStatus}): there is nothing to post a payment to.`);
  const owed = view.position.totalOwedMinor;
  if (input.amountMinor > owed) throw invalidInput(`amountMinor ${input.amountMinor} is more than order ${order.orderNo} owes now (${owed}).`);
  const channelNumber = POSTED_CHANNELS[input.method];
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = `FIN${String(randomInt(0, 1e9)).padStart(9, '0')}${String(randomInt(0, 1e3)).padStart(3, '0')}`;
    // Issued and paid at once: it never waits to be paid, so it expires the moment it is made.
    const payCode = await insertPayCode(tx, { orderId: order.id, channelNumber, amountMinor: input.amountMinor, purpose: 'repay', code, now: input.now, expiresAt: input.now });
    if (payCode) return applyMoney(tx, payCode, providerRef, input.now, input.staffId);
  }
  throw new Error('Could not draw a free pay code');
}

