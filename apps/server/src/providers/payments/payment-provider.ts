/**
 * The payment provider: whoever actually moves the borrower's money. The server only talks to this
 * interface; sandbox.ts is the local implementation (no money moves), and a real over-the-counter
 * or card gateway implements the same methods. See docs/repayment.md.
 *
 * Every payment is keyed by one of our pay codes (payments/service.ts issues them): the code is the
 * reference the provider reports back when money arrives, and applyPaidPayCode applies it exactly
 * once however often the provider reports it.
 */
import type { PaymentPurpose } from '../../loan-terms/position.ts';

/** How a pay code is shown to the borrower: typed in at a counter or app (1), or a QR to scan (2). */
export const SHOW_TYPE = { code: 1, qr: 2 } as const;
export type ShowType = (typeof SHOW_TYPE)[keyof typeof SHOW_TYPE];

export interface PayCodeRequest {
  orderNo: string;
  channelNumber: string;
  amountMinor: number;
  purpose: PaymentPurpose;
  /** The code must not be payable after this moment (the quote changes with the lender day). */
  expiresAt: Date;
}

export interface IssuedPayCode {
  code: string;
  txnId: string;
}

/**
 * A provider's transaction statuses (Dragonpay's letters): S success, F failure, P pending, U unknown,
 * R refund, K chargeback, V void, A authorized.
 */
export const PROVIDER_STATUSES = ['S', 'F', 'P', 'U', 'R', 'K', 'V', 'A'] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];

export interface ProviderTransaction {
  txnId: string;
  refNo: string;
  status: ProviderStatus;
  /** What the provider says was paid, in minor units. */
  amountMinor: number;
}

/** A notification as the provider posts it (Dragonpay's postback fields). */
export interface ProviderNotification {
  txnid: string;
  refno: string;
  status: string;
  message: string;
  digest: string;
}

export interface CardChargeRequest {
  /** Our pay code: the reference the charge is booked under. */
  reference: string;
  amountMinor: number;
  /**
   * The card on file, by the lender's id. A real gateway resolves its own token from it (cards are
   * tokenised when bound); the full number never travels through this interface.
   */
  card: { id: number; bankCode: string; bankName: string; maskedNo: string };
  /** The borrower's mobile number, where a verification code is sent. */
  phone: string;
  borrowerId: number;
}

export interface CardChargeStart {
  /** The provider's id of the charge (sent back to confirm it). */
  chargeId: string;
  /** Whether the borrower must enter a verification code before the money is taken. */
  otpRequired: boolean;
  /** When no code is needed the money is taken at once: the provider's payment reference. */
  providerRef?: string;
}

export type CardChargeResult =
  | { status: 'succeeded'; providerRef: string }
  | { status: 'wrong_code' }
  | { status: 'code_expired' }
  | { status: 'too_many_attempts' };

/**
 * Where a charge stands at the provider, asked after a crash: 'succeeded' means the money was taken;
 * 'pending' that it was not (the charge still waits for its code, or is not complete); 'failed' that
 * it never will be (unknown, expired or declined). Only 'succeeded' may be booked.
 */
export type CardChargeStatus = { status: 'succeeded'; providerRef: string } | { status: 'pending' } | { status: 'failed' };

/** A charge found by our reference: its id and where it stands (as cardChargeStatus answers). */
export type CardChargeFound = CardChargeStatus & { chargeId: string };

/**
 * What a provider answered when asked to void a transaction: 'done' (it takes no money for it any
 * more; also when it was void already), or 'refused' with the provider's reason (e.g. it was paid).
 */
export type VoidAnswer = { outcome: 'done' } | { outcome: 'refused'; detail: string };

export interface CheckoutRequest {
  /** Our pay code: the reference the hosted payment is booked under. */
  reference: string;
  amountMinor: number;
  orderNo: string;
}

export interface PaymentProvider {
  /** Shown in logs and docs ('sandbox', 'dragonpay', …). */
  readonly name: string;
  /**
   * Its report of a day's settled transactions in the books' format (PROVIDER_REPORT_COLUMNS, CSV),
   * for reconciliation; absent when the provider offers none through its API (finance uploads it).
   */
  dailyReport?(day: string): Promise<string>;

  /**
   * Over the counter: a fresh code for the borrower to pay with (`code`, what they are shown) and the
   * provider's transaction id it is known by (`txnId`: our idempotency key, the txnid of its
   * notifications). Called inside a database transaction, so it must not touch the lender's
   * database; a code already taken is retried. Retries inside never make two references for one call.
   */
  createPayCode(request: PayCodeRequest): Promise<IssuedPayCode>;
  /**
   * Where a transaction stands at the provider, asked of the provider itself (a notification is a
   * hint; this is the truth). null when the provider does not know the txnId.
   */
  transactionStatus(txnId: string): Promise<ProviderTransaction | null>;
  /** Whether a notification carries the provider's signature (checked in constant time). */
  verifyNotification(notification: ProviderNotification): boolean;
  /** How a code of this channel kind is shown: the type and, for a QR, the image URL. */
  displayOf(code: string, channelKind: 'code' | 'qr'): { showType: ShowType; imageUrl: string };

  /** Card: starts a charge. Idempotent per reference: the same reference answers the same charge. */
  startCardCharge(request: CardChargeRequest): Promise<CardChargeStart>;
  /** Card: sends (again) the verification code of a charge waiting for one. */
  sendCardCode(chargeId: string): Promise<void>;
  /** Card: completes a charge with the code the borrower typed. A charge that already succeeded answers success again. */
  confirmCardCharge(chargeId: string, code: string): Promise<CardChargeResult>;
  /**
   * Card: the outcome of a charge, without a code and without taking anything. How a confirmation
   * the server never finished (it stopped mid-call) is resolved: see recoverCardRepayments.
   */
  cardChargeStatus(chargeId: string): Promise<CardChargeStatus>;
  /**
   * Card: the charge started with this reference (our pay code), read only, or null when none was
   * started. How a commit that never stored the charge id (it stopped during startCardCharge) is
   * resolved: see recoverCardRepayments.
   */
  findCardChargeByReference(reference: string): Promise<CardChargeFound | null>;

  /** Alternate channel: a hosted payment page for the amount; the borrower is sent to `url`. */
  createCheckout(request: CheckoutRequest): Promise<{ url: string }>;

  /**
   * Optional: voids a transaction not paid yet (a pay code whose order was settled another way), so
   * the provider takes no money for it. Throws when the provider could not be asked or its answer
   * could not be read. A provider without it cannot void: the code is voided on the lender's books
   * only (docs/repayment.md, "Voiding"). Never called inside a database transaction.
   */
  voidTransaction?(txnId: string): Promise<VoidAnswer>;

  /**
   * Dev stand-ins only (the sandbox): records what its counter "received" for a transaction, as a
   * provider's own books would, and answers the refno and status it now has. The dev ops API's
   * "paid" calls it, then settles the txnId like a real provider's notification. A real provider
   * has no such door: its postback says what it received.
   */
  recordCounterPayment?(t: { txnId: string; refNo: string; status: ProviderStatus; amountMinor: number; now: Date }): Promise<{ refNo: string; status: ProviderStatus }>;
}
