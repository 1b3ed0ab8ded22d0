/**
 * The values and rules of routes.ts that are not routes (statuses, fixed form values, limits, failure
 * codes and texts), apart so a page that needs one does not carry every
 * route, and so the schema files (<family>.ts) can use them without importing a route file (routes.ts).
 * The promotion landing's rules are in routes/landing.ts: only the landing's pages carry them.
 */
import { ERROR_CODES, type Idempotency } from '../common.ts';

// ---- order statuses (spec section 4; meanings and moves in docs/statuses.md) ------------------------
export const ORDER_STATUS = {
  inReview: 21,
  disbursing: 110,
  rejected: 151,
  repaying: 170,
  due: 174,
  overdue: 180,
  settled: 200,
} as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
export const ORDER_STATUSES = Object.values(ORDER_STATUS) as readonly OrderStatus[];

// ---- values the spec fixes for particular calls (section 9), as they travel in a form ------------
/** The fixed `overall` value the customer-service page sends. */
export const CONTACT_INFO_OVERALL = '30';
/** The agreement scene of the loan-confirmation agreements (contract, contract-jump, cultures). */
export const AGREEMENT_SCENE = '3';
/**
 * The "fixed extra number" that contract-jump and loan-detail-push send. The spec does not name
 * the field or give the value; we call it `extraNumber` and always send '1'.
 */
export const EXTRA_NUMBER_FIELD = 'extraNumber';
export const FIXED_EXTRA_NUMBER = '1';
/** The score google-score always submits, whatever number of stars was chosen. */
export const GOOGLE_SCORE = '5';
/** Stars below this open the result modal instead of the native rating. */
export const NATIVE_RATING_MIN_STARS = 4;
/** Tracking module ids (event/save and the goya click tracking). */
export const TRACKING_MODULE = { borrowAgain: '30', failureRecommendations: '18' } as const;
/** isDelay value that asks generate-vcode for a rollover pay code (and, on an order, allows rollover). */
export const ROLLOVER_FLAG = '1';

// ---- complaints -----------------------------------------------------------------------------------
export const COMPLAINT_MAX_CHARS = 200;
export const COMPLAINT_MAX_IMAGES = 9;
/** The collection problem type: it needs a sub-type and an order whose isShow is 1. */
export const COLLECTION_PROBLEM_TYPE = '1';
/** The collection sub-type "I dispute this amount" (issue 38): order details links an overdue order's dispute to it. */
export const DISPUTE_PROBLEM_SON_TYPE = '17';
export const RATING_MAX_STARS = 5;
/** The multipart field upload-problem-img reads the image from. */
export const COMPLAINT_IMAGE_FIELD = 'problemImage';
/** The largest image upload-problem-img accepts: 5 MB (5 × 1024 × 1024 bytes). */
export const COMPLAINT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The image kinds upload-problem-img accepts, recognised by their content (not by name or declared type). */
export const COMPLAINT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
/** problem-save's refusal of a collection complaint on an order whose isShow is not 1 (spec section 8). */
export const COLLECTION_NOT_ALLOWED_MESSAGE = 'El pedido seleccionado no admite el envío de tipo de colección.';

// ---- registration and repayment -------------------------------------------------------------------
export const PHONE_LENGTH = 11;
export const CAPTCHA_MAX_LENGTH = 4;
export const SMS_CODE_MAX_LENGTH = 6;
export const VERIFY_CODE_MIN_LENGTH = 6;
/** Seconds before another SMS (or repayment verification code) may be asked for. */
export const SMS_RESEND_SECONDS = 60;

/**
 * Failure codes particular calls answer with besides ERROR_CODES (numeric form: the '00' code form
 * sends them as strings, e.g. '800006').
 */
export const CALL_ERROR_CODES = {
  /** get-sms and register: the phone is already registered (prompt to download the app and log in). */
  alreadyRegistered: 11,
  /** get-sms: wrong image captcha (refresh it). */
  smsWrongCaptcha: 101,
  /** register: wrong image captcha (refresh it). */
  registerWrongCaptcha: -1,
  /** repayment-confirm: wrong verification code. */
  wrongVerifyCode: 800006,
  /** repayment-confirm: this payment request was already submitted. */
  duplicateRepayment: 800005,
  /**
   * repayment-confirm and repayment-commit (chosen here, not in the spec): this card repayment was
   * stopped after too many wrong codes; the page starts a new one (repayment-way, then commit).
   */
  repaymentClosed: 800007,
} as const;

// ---- idempotent calls (docs/api.md, "Idempotency-Key") -------------------------------------------
/** The spec's 800005 text (section 8: "do not submit the payment request twice"), also the repayment family's answer to a second confirm. */
export const DUPLICATE_REPAYMENT_MESSAGE = 'Please do not submit the payment request twice.';
/** What loan push and pay-code issue answer while the first request with the same key is still running. */
export const DUPLICATE_SUBMISSION_MESSAGE = 'This request was already sent and is still being processed. Please wait a moment before trying again.';
/** Repayment by card and by the alternate channel: a duplicate is the spec's 800005. */
export const REPAYMENT_IDEMPOTENCY: Idempotency = { duplicateCode: CALL_ERROR_CODES.duplicateRepayment, duplicateMessage: DUPLICATE_REPAYMENT_MESSAGE };
/** Loan push and pay-code issue: a duplicate is refused (409) in the call's code form. */
export const SUBMISSION_IDEMPOTENCY: Idempotency = { duplicateCode: ERROR_CODES.refused, duplicateMessage: DUPLICATE_SUBMISSION_MESSAGE };

// ---- the borrower's records (routes/records.ts) -------------------------------------------------
/** A document key of record-pdf: a receipt, the confirmed disclosure or an agreement, the schedule, the statement, the certificate. */
export const RECORD_DOCUMENT_PATTERN = /^(receipt|disclosure|agreement-\d{1,4}|schedule|statement|certificate)$/;
