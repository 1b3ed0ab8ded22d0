/**
 * The repayment screens' channels: the over-the-counter ones (code and QR) they list. The internal
 * channels card and hosted-checkout money is booked on are the card repayment's (card-repayment/channels.ts).
 */
import type { Queryable } from '../../platform/db/client.ts';
import type { PaymentPurpose } from '../../loan-terms/position.ts';
import { findLiveCodeOnKinds } from '../../domain/payments/pay-codes.ts';
import { COUNTER_KINDS } from '../../domain/payments/pay-code-page.ts';

// The counter channels are the payments room's (cancel-loan lists them too).
export { COUNTER_KINDS, listCounterChannels, type CounterChannel } from '../../domain/payments/pay-code-page.ts';

/** The newest live code of an order for this purpose and amount on an over-the-counter channel, with its channel. */
export function findLiveCounterCode(db: Queryable, k: { orderId: number; purpose: PaymentPurpose; amountMinor: number; now: Date }) {
  return findLiveCodeOnKinds(db, { ...k, kinds: COUNTER_KINDS });
}
