/**
 * Who sends money out (the money-out issue builds on this; docs/architecture.md, "Money: the rooms"):
 * the interface a payout provider's adapter implements, beside the payment provider's
 * (providers/payments/payment-provider.ts), handed in through deps the same way. Nothing implements it
 * yet: finance's "Disburse" still only moves the order's status.
 *
 * The shape follows what payout switches document (RazorpayX, Xendit, a bank's API): a payout is made
 * under our idempotency key, its status is asked of the provider before any retry, and the provider
 * tells the final status by a signed notification.
 */

/** Where a payout stands at the provider. `reversed`: it was paid and the bank sent it back. */
export type PayoutStatus = 'processing' | 'paid' | 'failed' | 'reversed';

export interface PayoutRequest {
  /** Our idempotency key of this payout attempt: the same key never makes two payouts. */
  reference: string;
  amountMinor: number;
  currency: 'PHP' | 'INR';
  /** The borrower's bound payout account, opened only for this call (domain/bank-cards/payout-account.ts). */
  account: { kind: string; bankCode: string; accountNumber: string; holderName: string };
  /** What the borrower's bank statement says. */
  narration: string;
}

export interface PayoutAnswer {
  reference: string;
  status: PayoutStatus;
  /** The provider's own id of the payout, when it made one. */
  providerRef: string | null;
  /** Why a payout failed or was reversed, in the provider's words. */
  failureReason: string | null;
}

export interface PayoutProvider {
  readonly name: string;
  /** Starts a payout; the same reference answers the payout made under it, never a second one. */
  createPayout(request: PayoutRequest): Promise<PayoutAnswer>;
  /** Where the payout made under this reference stands, asked of the provider; null when it never made one. */
  payoutStatus(reference: string): Promise<PayoutAnswer | null>;
  /** Whether a notification carries the provider's signature (checked in constant time). */
  verifyNotification(headers: Record<string, string | undefined>, rawBody: string): boolean;
}
