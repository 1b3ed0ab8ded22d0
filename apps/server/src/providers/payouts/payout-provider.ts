/**
 * Who sends money out (docs/ops.md, "Payout providers"): the interface a payout provider's adapter
 * implements, beside the payment provider's (providers/payments/payment-provider.ts), handed in through
 * deps as `payouts` (one provider per currency: the Philippines' and India's).
 *
 * The shape follows what payout switches document (Xendit, RazorpayX): a payout is made under our
 * idempotency key (the payout attempt's reference), its status is asked of the provider before any
 * retry, and the provider tells the final status by a signed notification.
 */

/**
 * Where a payout stands at the provider. `processing`: accepted, not final; `paid`: the money reached
 * the borrower's account; `failed`: nothing was paid (refused by the bank or the provider);
 * `reversed`: it was paid and the bank sent it back.
 */
export type PayoutStatus = 'processing' | 'paid' | 'failed' | 'reversed';
export const PAYOUT_STATUSES: readonly PayoutStatus[] = ['processing', 'paid', 'failed', 'reversed'];

/**
 * Why a payout failed, in one of a few kinds the borrower's screen can put in plain words; each
 * adapter maps its provider's own codes to these (the provider's words stay in `failureReason`).
 */
export type PayoutFailureKind = 'account_closed' | 'account_invalid' | 'name_mismatch' | 'limit_exceeded' | 'bank_unavailable' | 'other';
export const PAYOUT_FAILURE_KINDS: readonly PayoutFailureKind[] = ['account_closed', 'account_invalid', 'name_mismatch', 'limit_exceeded', 'bank_unavailable', 'other'];

export interface PayoutRequest {
  /** Our idempotency key of this payout attempt: the same key never makes two payouts. */
  reference: string;
  amountMinor: number;
  currency: 'PHP' | 'INR';
  /** The borrower's bound payout account, opened only for this call (domain/bank-cards/payout-account.ts). */
  account: {
    /** The bank as the borrower bound it: its code in the lender's bank list (an IFSC in India). */
    bankCode: string;
    /** The bank's name, for providers that route by name. */
    bankName: string;
    accountNumber: string;
    holderName: string;
  };
  /** The borrower, for providers that keep a contact per payee (RazorpayX). */
  contact: { name: string; phone: string };
  /** What the borrower's bank statement says. */
  narration: string;
}

export interface PayoutAnswer {
  reference: string;
  status: PayoutStatus;
  /** The provider's own id of the payout, when it made one. */
  providerRef: string | null;
  /** Set when failed or reversed. */
  failureKind: PayoutFailureKind | null;
  /** Why a payout failed or was reversed, in the provider's words (shown to finance, never to the borrower). */
  failureReason: string | null;
  /** When the provider says the money arrived (paid), or null when it does not say. */
  paidAt: Date | null;
}

/**
 * The provider did not answer in time, could not be reached, or answered with its own 5xx: whether a
 * payout was made is unknown, so the attempt stays processing and its status is asked again later
 * (never a new payout under a new key).
 */
export class PayoutProviderUnavailable extends Error {}

export interface PayoutProvider {
  /** The provider's name, kept on each payout (which provider to ask about it later). */
  readonly name: string;
  /** The currency it pays out in: PHP (the Philippines' provider) or INR (India's). */
  readonly currency: 'PHP' | 'INR';
  /** Its report of a day's payouts and returns in the books' format (CSV); absent when the provider offers none through its API. */
  dailyReport?(day: string): Promise<string>;
  /**
   * Starts a payout; the same reference answers the payout made under it, never a second one.
   * A definite refusal (e.g. an account number the provider rejects) answers `failed`; an unknown
   * outcome throws PayoutProviderUnavailable.
   */
  createPayout(request: PayoutRequest): Promise<PayoutAnswer>;
  /** Where the payout made under this reference stands, asked of the provider; null when it never made one. Throws PayoutProviderUnavailable. */
  payoutStatus(reference: string): Promise<PayoutAnswer | null>;
  /**
   * A notification's word on a payout: null when it does not carry the provider's signature (checked
   * in constant time) or is not about a payout we make; otherwise what it says.
   */
  readNotification(headers: Record<string, string | string[] | undefined>, rawBody: string): { verified: boolean; answer: PayoutAnswer | null };
  /**
   * Only the sandbox has it: where it delivers its own signed notifications (the app's payout
   * webhook, connected by modules/provider-notifications once the app exists). A real provider posts
   * to the webhook over the network instead.
   */
  deliverTo?(send: (headers: Record<string, string>, rawBody: string) => Promise<void>): void;
}
