/**
 * The repayment screens' channels: the over-the-counter ones (code and QR) they list. The internal
 * channels card and hosted-checkout money is booked on are the card repayment's (card-repayment/channels.ts).
 */

// The counter channels are the payments room's (cancel-loan lists them too).
export { COUNTER_KINDS, listCounterChannels, type CounterChannel } from '../../domain/payments/pay-code-page.ts';
