/**
 * The payouts room's reads: an order's payouts (the back office), the payouts finance must look at
 * (failed and reversed), and what the borrower's order details say about the money on its way.
 */
import type { Queryable } from '../../platform/db/client.ts';
import { lenderDateTime } from '../../loan-terms/calendar.ts';
import { ORDER_STATUS, isRepaying } from '../../loan-terms/status.ts';
import type { PayoutFailureKind } from '../../providers/payouts/payout-provider.ts';
import { findAccount } from '../bank-cards/service.ts';
import { lastFourDigits } from '../bank-cards/card-numbers.ts';
import type { OrderRow } from '../orders/service.ts';
import { CURRENCY_OF_MARKET, netProceedsOf, payoutMoney } from './release.ts';
import { latestPayoutPart, latestPayouts, listOrderPayouts, listPayoutsIn, type PayoutRow } from './store.ts';

export { listOrderPayouts, listPayoutsIn, latestPayouts, type PayoutRow };

/** Why a payout failed, in the borrower's words (the provider's own words are for finance). */
const FAILURE_WORDS: Record<PayoutFailureKind, string> = {
  account_closed: 'your bank says this account is closed',
  account_invalid: 'the bank or account number does not match an open account',
  name_mismatch: 'the name on the account does not match the name on your loan',
  limit_exceeded: 'the amount is more than this account can receive',
  bank_unavailable: 'your bank could not take the transfer just now',
  other: 'your bank did not accept the transfer',
};

export interface PayoutNotice {
  /** The status line: the money on its way, or when it arrived ('' when there is nothing to say). */
  text: string;
  /** Non-empty when the money could not be sent: why, and that the account can be corrected. */
  problemText: string;
}

const NONE: PayoutNotice = { text: '', problemText: '' };

/** The borrower's words for a payout the bank sent back. */
const returnedText = (amount: string, payout: PayoutRow) => `Your bank returned the ${amount} we sent to your account ending ${payout.accountLast4}. We will contact you.`;

/** The order's newest payout, read in the order's own statement (platform/db/column-part.ts); payoutNotice takes it. */
export const latestPayoutOfOrder = latestPayoutPart;

/**
 * What order details say about the payout of the order (approved, or repaying after a payout
 * arrived). `latest` is the order's newest payout when the caller read it already (latestPayoutOfOrder).
 */
export async function payoutNotice(db: Queryable, order: OrderRow, latest?: PayoutRow | null): Promise<PayoutNotice> {
  const paidOut = isRepaying(order.status) || order.status === ORDER_STATUS.settled;
  // Orders in review, rejected ones: nothing to say, and nothing to read.
  if (order.status !== ORDER_STATUS.disbursing && !paidOut) return NONE;
  const payout = latest !== undefined ? (latest ?? undefined) : (await latestPayouts(db, [order.id])).get(order.id);
  const money = (minor: number) => payoutMoney(minor, CURRENCY_OF_MARKET[order.market]);
  if (order.status === ORDER_STATUS.disbursing) {
    const account = order.payoutAccountId === null ? null : await findAccount(db, order.payoutAccountId);
    if (!account) return NONE;
    const amount = money(payout?.amountMinor ?? (await netProceedsOf(db, order)));
    // Failed to the account still bound: the borrower is asked to correct it. Once corrected, it is on its way again.
    if (payout?.status === 'failed' && payout.accountId === account.id) {
      return {
        text: '',
        problemText: `We could not send ${amount} to your account ending ${payout.accountLast4}: ${FAILURE_WORDS[payout.failureKind ?? 'other']}. Please correct your account details so we can send it again.`,
      };
    }
    if (payout?.status === 'reversed') return { text: '', problemText: returnedText(amount, payout) };
    return { text: `Sending ${amount} to your account ending ${lastFourDigits(account.cardNoMasked)}`, problemText: '' };
  }
  if (payout?.status === 'reversed' && isRepaying(order.status)) return { text: '', problemText: returnedText(money(payout.amountMinor), payout) };
  if (payout?.status === 'paid' && payout.paidAt) {
    return { text: `${money(payout.amountMinor)} arrived in your account ending ${payout.accountLast4} on ${lenderDateTime(payout.paidAt, order.market)}`, problemText: '' };
  }
  return NONE;
}
