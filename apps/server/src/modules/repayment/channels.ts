/**
 * The repayment family's channels: the over-the-counter ones (code and QR) the repayment screens list,
 * and the internal channels card and hosted-checkout money is booked on (migration 005).
 */
import type { Queryable } from '../../platform/db/client.ts';
import type { PaymentPurpose } from '../../loan-terms/position.ts';
import { findLiveCodeOnKinds, listActiveChannels, type ChannelRow } from '../../domain/payments/service.ts';

/** Channel kinds a borrower pays at with a code or QR: the only ones the repayment screens list. */
export const COUNTER_KINDS = ['code', 'qr'] as const;
export const CARD_CHANNEL = 'CARD';
export const CHECKOUT_CHANNEL = 'CHECKOUT';

export type CounterChannel = ChannelRow & { kind: 'code' | 'qr' };
const isCounter = (c: ChannelRow): c is CounterChannel => (COUNTER_KINDS as readonly string[]).includes(c.kind);

/** The active over-the-counter channels in display order (the first is preselected). */
export async function listCounterChannels(db: Queryable): Promise<CounterChannel[]> {
  return (await listActiveChannels(db)).filter(isCounter);
}

/** The newest live code of an order for this purpose and amount on an over-the-counter channel, with its channel. */
export function findLiveCounterCode(db: Queryable, k: { orderId: number; purpose: PaymentPurpose; amountMinor: number; now: Date }) {
  return findLiveCodeOnKinds(db, { ...k, kinds: COUNTER_KINDS });
}
