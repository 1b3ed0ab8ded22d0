/**
 * The repayment family's channels: the over-the-counter ones (code and QR) the repayment screens list,
 * and the internal channels card and hosted-checkout money is booked on (migration 005).
 */
import type { Queryable } from '../../platform/db/client.ts';
import type { PaymentPurpose } from '../../loan-terms/position.ts';
import { findLiveCodeOnKinds } from '../../domain/payments/service.ts';
import { COUNTER_KINDS } from '../../domain/payments/pay-code-page.ts';

// The counter channels are the payments room's (cancel-loan lists them too).
export { COUNTER_KINDS, listCounterChannels, type CounterChannel } from '../../domain/payments/pay-code-page.ts';
export const CARD_CHANNEL = 'CARD';
export const CHECKOUT_CHANNEL = 'CHECKOUT';

/** The newest live code of an order for this purpose and amount on an over-the-counter channel, with its channel. */
export function findLiveCounterCode(db: Queryable, k: { orderId: number; purpose: PaymentPurpose; amountMinor: number; now: Date }) {
  return findLiveCodeOnKinds(db, { ...k, kinds: COUNTER_KINDS });
}
