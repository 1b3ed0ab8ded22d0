/**
 * The order details family: the order screen /allIt (= /anFrom) and its actions (spec section 7:
 * /v3/loan-details/*, /service/event/save), and the joint-login failure screen /wherePlurality with
 * its obfuscated calls (/gopia/goya/drowns, because, define). Success code 0 on the v3 calls, '00' on goya.
 */
import { z } from 'zod';
import { emptyAnswer, fixedField, idField, jumpUrl, optionalIdField, textRow } from './schema.ts';
import { GOOGLE_SCORE, TRACKING_MODULE } from './routes/values.ts';

/** A recommended product (order details and the joint-login failure screen). */
export const recommendedProduct = z.object({
  /** Not named by the spec: the product the tracking and jump calls are about. */
  productId: z.number().int().positive().describe('the product (name chosen here)'),
  logo: z.string(),
  name: z.string(),
  /** 1: enabled; 0: the button is grey. */
  enable: z.number().int().describe('1 = enabled, 0 = button grey'),
  buttonText: z.string(),
  /** Amount range text, e.g. '₱1000 - ₱20000'. */
  range: z.string(),
  rangeDesc: z.string().describe('range description'),
  rate: z.string(),
  description: z.string(),
  /** Shown on the first 2 recommendations only. */
  tags: z.array(z.string()),
});
export type RecommendedProduct = z.infer<typeof recommendedProduct>;

export const orderDetails = z.object({
  /** Status code: 21, 110, 151, 170, 174, 180, 200 (docs/statuses.md). */
  orderStatus: z.number().int().describe('status code, see docs/statuses.md'),
  noticeStatusText: z.string(),
  noticeDesText: z.string(),
  productName: z.string(),
  productLogo: z.string(),
  userOrderDetail: z.object({ detail: z.array(textRow) }),
  recProducts: z.array(recommendedProduct),
  /** 1: an order of the lender's own product; the spec does not say more. */
  inside: z.number().int().describe("1 = the lender's own product (meaning not shown in the spec)"),
  /** The repayment page: the order's own, else the server's configured REPAY_URL (the H5 falls back to /allowedAlso on ''). */
  h5Url: z.string().describe("repayment page: the order's own, else the configured REPAY_URL"),
  /** '1': rollover allowed. */
  isDelay: z.enum(['0', '1']).describe("'1' = rollover allowed"),
  /** The phone to call about the order; the configured service phone when the order has none. */
  telephone: z.string().describe('the configured SERVICE_PHONE when the order has none'),
  /** '1': show the rating popup (never again once the borrower has rated the app through google-score). */
  isScore: z.enum(['0', '1']).describe("'1' = show the rating popup (until the borrower has rated the app)"),
  /** Non-empty with a status other than 21: redirect at once to this URL with the carried parameters. */
  playeduL: z.string().describe('non-empty (status not 21): redirect at once'),
  /** Non-empty: the rollover prompt shown before going to the rollover screen. */
  reyMsg: z.string().describe('non-empty: the rollover prompt text'),
  /** Non-empty: show the Kind tips popup, unless this webview session recorded the bank tip (set on going to repay). */
  KindTipsMsg: z.string().describe('non-empty: the Kind tips popup (until the borrower goes to repay in this session)'),
  /** 1: show the bank-card binding dialog. */
  cardNeedPop: z.number().int().describe('1 = show the bank-card dialog'),
  cardPopTitle: z.string(),
  cardPopMsg: z.string(),
  /** Ours (issue 21): non-empty while a payment waits for the payment partner's confirmation. */
  paymentPendingText: z.string().optional().describe('non-empty: a payment of this order waits for the payment partner to confirm it'),
  /** Ours (issue 22): non-empty once the borrower replied STOP to the SMS payment reminders. */
  remindersStoppedText: z.string().optional().describe('non-empty: the borrower replied STOP, so no SMS payment reminders are sent'),
  /** Ours (issue 23): non-empty while the loan may be cancelled in its cooling-off period ('Cooling-off: you can cancel until 2026-11-30'); the screen links to /cancelLoan. */
  coolingOffText: z.string().optional().describe("non-empty: the loan may be cancelled until the date it names (link 'Cancel this loan' to /cancelLoan)"),
  /** Ours (issue 36): the money on its way ('Sending ₱5,000.00 to your account ending 1234') or when it arrived. */
  payoutText: z.string().optional().describe('non-empty: the loan money on its way to the bound account, or when it arrived'),
  /** Ours (issue 36): non-empty when the money could not be sent, with the reason; the screen links 'Correct your account' to the bank screen (source=loanDetail). */
  payoutProblemText: z.string().optional().describe("non-empty: the loan money could not be sent (the reason); link 'Correct your account' to the bank screen with source=loanDetail"),
});

/** Shown on order details while a pay code of the order is pending at the payment provider. */
export const PAYMENT_PENDING_TEXT = 'We are waiting for the payment partner to confirm your payment';
/** Shown on order details once the borrower has replied STOP to the SMS payment reminders (docs/records.md). */
export const REMINDERS_STOPPED_TEXT = 'You asked us to stop SMS payment reminders, so we no longer send them. Reply START to our SMS to get them again.';
export type OrderDetails = z.infer<typeof orderDetails>;

export const loanDetails = {
  payload: z.object({ productId: idField('productId'), orderId: idField('orderId') }),
  answer: orderDetails,
};

/**
 * Ours (issue 38): who handles an overdue order's collection, shown under "Handled by" on order
 * details (India requires the agency, agent and phone be told to the borrower).
 */
export const collectionContact = z.object({
  /** The order's number: the "I dispute this amount" link files a collection complaint on it. */
  orderNo: z.string().describe('the order number the dispute complaint is filed on'),
  agency: z.string().describe('the collections agency (configured COLLECTIONS_AGENCY)'),
  agentName: z.string().nullable().describe('the collector holding the order; null while none does (the collections desk handles it)'),
  phone: z.string().describe('the number to call about the collection (configured COLLECTIONS_PHONE)'),
});
export type CollectionContact = z.infer<typeof collectionContact>;

/** Ours (issue 38): the order of loan-details' payload; null unless the borrower is shown the order as overdue (180). */
export const loanCollector = {
  payload: z.object({ productId: idField('productId'), orderId: idField('orderId') }),
  answer: collectionContact.nullable().describe('`null` when the order is not overdue now (nothing to show).'),
};

export const googleScore = {
  payload: z.object({ score: fixedField('score', GOOGLE_SCORE) }),
  answer: emptyAnswer,
};

// ---- tracking (Borrow Again) ----------------------------------------------------------------------

export const trackingModuleField = z.enum([TRACKING_MODULE.borrowAgain, TRACKING_MODULE.failureRecommendations], {
  error: `moduleId must be ${TRACKING_MODULE.borrowAgain} or ${TRACKING_MODULE.failureRecommendations}`,
});

export const eventSave = {
  payload: z.object({
    productId: idField('productId'),
    moduleId: trackingModuleField,
    /** Where on the screen the event happened (the recommendation's index for module 18). */
    positionId: idField('positionId'),
  }),
  answer: emptyAnswer,
};
export type TrackingEvent = z.input<typeof eventSave.payload>;

// ---- the joint-login failure screen (goya) -----------------------------------------------------------

/** The joint-login failure screen. */
export const loginFailureInfo = z.object({
  noticeMsg: z.string().describe('notice message (name chosen here)'),
  errorMsg: z.string().describe('error message (name chosen here)'),
  /** Order status whose icon the screen shows (unknown statuses use the 200 icon). */
  status: z.number().int().describe('status code choosing the icon (name chosen here)'),
  recProducts: z.array(recommendedProduct),
});
export type LoginFailureInfo = z.infer<typeof loginFailureInfo>;

/** drowns: payload not shown; the product and order the failed joint login was about, when known. */
export const goyaFailureInfo = {
  payload: z.object({ productId: optionalIdField('productId'), orderId: optionalIdField('orderId') }),
  answer: loginFailureInfo,
};

/** because: payload not shown; event/save's fields with the failure page's module 18. */
export const goyaClickTrack = {
  payload: z.object({
    productId: idField('productId'),
    moduleId: fixedField('moduleId', TRACKING_MODULE.failureRecommendations),
    positionId: idField('positionId'),
  }),
  answer: emptyAnswer,
};

/** define: payload not shown; the recommended product to open. */
export const goyaProductJump = {
  payload: z.object({ productId: idField('productId') }),
  answer: z.object({ url: jumpUrl.describe('the product page; opened directly when it starts with http, otherwise via the iOS bridge') }),
};
