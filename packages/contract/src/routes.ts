/**
 * Every route of spec section 7, in one zod-free table: the only place a path is written.
 * The web imports routes from here (its bundle carries no schema code); the payload and answer
 * types come from the family files by type-only imports.
 *
 * Where the spec says "verb not shown" the call is a POST with a form-encoded body, like every
 * other POST of the product.
 */
import { ERROR_CODES, route, type Idempotency } from './common.ts';
import type * as bindBank from './bind-bank.ts';
import type * as complaints from './complaints.ts';
import type * as customerService from './customer-service.ts';
import type * as loanConfirmation from './loan-confirmation.ts';
import type * as orderDetails from './order-details.ts';
import type * as promotion from './promotion.ts';
import type * as repayment from './repayment.ts';
import type * as site from './site.ts';
import type * as records from './records.ts';
import type * as cancelLoan from './cancel-loan.ts';

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

// ---- bank form ------------------------------------------------------------------------------------
/** The card type the bank screen starts on. */
export const DEFAULT_CARD_TYPE = 1;
/** cardTypeMi value meaning "shown for every card type". */
export const ALL_CARD_TYPES = 0;
/** The channel number the bank screen starts with. */
export const DEFAULT_CHANNEL_NUMBER = '90006';
/** An item's channelNumber meaning "shown for every channel". */
export const ALL_CHANNELS = '';
/**
 * The code of the channel picker: choosing one of its options while the card type is 1 makes that
 * option's type the selected channel number, and its value is the account's channel on save.
 */
export const BANK_CHANNEL_FIELD = 'channel';
/** The card type whose fields follow the selected channel (spec section 4: "when card type is 1"). */
export const CHANNEL_CARD_TYPE = 1;
/**
 * Whether a bank form item is shown (and saved, and checked by the server) for a card type and
 * channel (spec section 4): hidden when its cardTypeMi is neither 0 nor the card type, or when the
 * card type is 1 and its channelNumber is neither '' nor the selected channel. One rule for both sides.
 */
export function bankItemShown(item: Pick<bindBank.BankFormItem, 'cardTypeMi' | 'channelNumber'>, cardType: number, channelNumber: string): boolean {
  if (item.cardTypeMi !== ALL_CARD_TYPES && item.cardTypeMi !== cardType) return false;
  if (cardType === CHANNEL_CARD_TYPE && item.channelNumber !== ALL_CHANNELS && item.channelNumber !== channelNumber) return false;
  return true;
}

// ---- complaints -----------------------------------------------------------------------------------
export const COMPLAINT_MAX_CHARS = 200;
export const COMPLAINT_MAX_IMAGES = 9;
/** The collection problem type: it needs a sub-type and an order whose isShow is 1. */
export const COLLECTION_PROBLEM_TYPE = '1';
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
 * Failure codes particular calls answer with besides ERROR_CODES (numeric form: the '00' family
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
const REPAYMENT_IDEMPOTENCY: Idempotency = { duplicateCode: CALL_ERROR_CODES.duplicateRepayment, duplicateMessage: DUPLICATE_REPAYMENT_MESSAGE };
/** Loan push and pay-code issue: a duplicate is refused (409) in the family's shape. */
const SUBMISSION_IDEMPOTENCY: Idempotency = { duplicateCode: ERROR_CODES.refused, duplicateMessage: DUPLICATE_SUBMISSION_MESSAGE };

// ---- bind card (/candidateWhile) ------------------------------------------------------------------
export const cardInitRoute = route<typeof bindBank.cardInit>({ method: 'POST', path: '/v3/bind-card/card-init', family: 'zero' });
export const bindCardNewRoute = route<typeof bindBank.bindCard>({ method: 'POST', path: '/v3/bind-card/bind-card-new', family: 'zero' });
/** The variant the bank screen saves with when it was opened from the order page (source=loanDetail). */
export const bindCardChangeRoute = route<typeof bindBank.bindCard>({
  method: 'POST',
  path: '/v3/bind-card/bind-card-change',
  family: 'zero',
});

// ---- complaints ---------------------------------------------------------------------------------
export const problemDetailRoute = route<typeof complaints.problemDetail>({
  method: 'POST',
  path: '/user-problem/problem-detail',
  family: 'doubleZero',
});
export const saveScoreRoute = route<typeof complaints.saveScore>({ method: 'POST', path: '/user-problem/save-score', family: 'doubleZero' });
const PROBLEM_INIT = '/user-problem/problem-init';
export const problemInitRoute = route<typeof complaints.problemInit>({ method: 'POST', path: PROBLEM_INIT, family: 'doubleZero' });
/** The GET variant of problem-init: the same payload in the query, beside the session parameters. */
export const problemInitByQueryRoute = route<typeof complaints.problemInit>({
  method: 'GET',
  path: PROBLEM_INIT,
  family: 'doubleZero',
});
export const uploadProblemImgRoute = route<typeof complaints.uploadProblemImg>({
  method: 'POST',
  path: '/user-problem/upload-problem-img',
  family: 'doubleZero',
  body: 'multipart',
});
export const problemSaveRoute = route<typeof complaints.problemSave>({ method: 'POST', path: '/user-problem/problem-save', family: 'doubleZero' });
export const problemListRoute = route<typeof complaints.problemList>({ method: 'POST', path: '/user-problem/problem-list', family: 'doubleZero' });

// ---- personal center ----------------------------------------------------------------------------
export const contactKfInfoRoute = route<typeof customerService.contactKfInfo>({
  method: 'POST',
  path: '/v3/personal-center/contact-kf-info',
  family: 'zero',
});

// ---- repayment by card (pay.html: #/borrowDetail, #/addnormalcard, #/alipayrepayment) ----------------
const YOUMI_LOAN = '/api/v1/youmi/youmi-api/service/loan';
/** orderId may travel in the query (as the spec's `repayment-way?orderId`) or the form body. */
export const repaymentWayRoute = route<typeof repayment.repaymentWay>({
  method: 'POST',
  path: `${YOUMI_LOAN}/repayment-way`,
  base: 'root',
  family: 'doubleZero',
});
export const repaymentCommitRoute = route<typeof repayment.repaymentCommit>({
  method: 'POST',
  path: `${YOUMI_LOAN}/repayment-commit`,
  base: 'root',
  family: 'doubleZero',
  idempotent: REPAYMENT_IDEMPOTENCY,
});
export const repaymentConfirmRoute = route<typeof repayment.repaymentConfirm>({
  method: 'POST',
  path: `${YOUMI_LOAN}/repayment-confirm`,
  base: 'root',
  family: 'doubleZero',
  idempotent: REPAYMENT_IDEMPOTENCY,
});
export const repaymentHuichaoRoute = route<typeof repayment.repaymentHuichao>({
  method: 'POST',
  path: `${YOUMI_LOAN}/repayment-huichao`,
  base: 'root',
  family: 'doubleZero',
  idempotent: REPAYMENT_IDEMPOTENCY,
});

// ---- promotion landing (promo.html: #/agreementTemplate, #/downloadTemplate); public ---------------
/**
 * The mobile-number rules of the registration landing, in the one place both sides read them. A
 * landing template names its market's rule (`phoneRule`); 'default' is the spec's rule (section 5:
 * 11 digits, 1 then 3-9), 'ph' and 'in' are the Philippine and Indian numbers real campaigns use.
 */
/**
 * The landing a promotion link opens when it names no templateId (spec: the routes take query
 * parameters, but a bare #/downloadTemplate must still work). The demo seed creates it with the
 * spec's phone rule; an operator keeps a template with this id.
 */
export const DEFAULT_LANDING_TEMPLATE_ID = '1';

export const PHONE_RULES = {
  default: { pattern: '^1[3-9][0-9]{9}$', maxLength: PHONE_LENGTH, example: '13912345678', hint: '11 digits, starting with 1' },
  /** Philippine mobile numbers as written at home: 09 then 9 digits. */
  ph: { pattern: '^09[0-9]{9}$', maxLength: 11, example: '09171234567', hint: '11 digits, starting with 09' },
  /** Indian mobile numbers: 10 digits, the first 6 to 9. */
  in: { pattern: '^[6-9][0-9]{9}$', maxLength: 10, example: '9876543210', hint: '10 digits, starting with 6, 7, 8 or 9' },
} as const;
export type PhoneRuleName = keyof typeof PHONE_RULES;
export const PHONE_RULE_NAMES = Object.keys(PHONE_RULES) as PhoneRuleName[];
/** Whether a mobile number (digits only) is correct under a market's rule. */
export function phoneMatchesRule(phone: string, rule: PhoneRuleName): boolean {
  return new RegExp(PHONE_RULES[rule].pattern).test(phone);
}
/** The landing pages track-visit and track-click count (the promotion routes without their slash). */
export const LANDING_PAGES = ['downloadTemplate', 'agreementTemplate'] as const;
export type LandingPage = (typeof LANDING_PAGES)[number];

const YOUMI_PROMOTION = '/api/v2/youmi/promotion';
export const channelTemplateRoute = route<typeof promotion.channelTemplate>({
  method: 'GET',
  path: '/api/v2/youmi/service/channel/channel-template',
  base: 'root',
  family: 'zero',
  auth: false,
});
export const trackVisitRoute = route<typeof promotion.trackPage>({
  method: 'GET',
  path: `${YOUMI_PROMOTION}/track-visit`,
  base: 'root',
  family: 'zero',
  auth: false,
});
export const trackClickRoute = route<typeof promotion.trackPage>({
  method: 'GET',
  path: `${YOUMI_PROMOTION}/track-click`,
  base: 'root',
  family: 'zero',
  auth: false,
});
export const getSidRoute = route<typeof promotion.getSid>({
  method: 'GET',
  path: `${YOUMI_PROMOTION}/get-sid`,
  base: 'root',
  family: 'zero',
  auth: false,
});
/** Answers the captcha image itself (image/png), not an envelope: the page uses the URL as an <img> src. */
export const getCaptchaRoute = route<typeof promotion.getCaptcha>({
  method: 'GET',
  path: `${YOUMI_PROMOTION}/get-captcha`,
  base: 'root',
  family: 'zero',
  auth: false,
  responds: 'image',
});
export const getSmsRoute = route<typeof promotion.getSms>({
  method: 'POST',
  path: `${YOUMI_PROMOTION}/get-sms`,
  base: 'root',
  family: 'zero',
  auth: false,
});
export const registerRoute = route<typeof promotion.register>({
  method: 'POST',
  path: `${YOUMI_PROMOTION}/register`,
  base: 'root',
  family: 'zero',
  auth: false,
});

// ---- repayment info (/allowedAlso, /votingCandidates, /repaymentOfCode2) -----------------------------
/** Rollover (delay) repayment info; the path is obfuscated. */
export const rolloverInfoRoute = route<typeof repayment.rolloverInfo>({ method: 'POST', path: '/story/inherited', family: 'zero' });
export const loanPlayDetailRoute = route<typeof repayment.loanPlayDetail>({
  method: 'POST',
  path: '/v3/installment/loan-play-detail',
  family: 'zero',
});

// ---- order details (/allIt, /anFrom) ------------------------------------------------------------
export const loanDetailsRoute = route<typeof orderDetails.loanDetails>({ method: 'POST', path: '/v3/loan-details/loan-details', family: 'zero' });
export const googleScoreRoute = route<typeof orderDetails.googleScore>({ method: 'POST', path: '/v3/loan-details/google-score', family: 'zero' });
export const generateVcodeRoute = route<typeof repayment.generateVcode>({
  method: 'POST',
  path: '/v3/loan-details/generate-vcode',
  family: 'zero',
  idempotent: SUBMISSION_IDEMPOTENCY,
});

/** Not in the spec (issue 21): UPI for Indian orders, real=1 (docs/repayment.md, "UPI"). */
export const upiPayRoute = route<typeof repayment.upiPay>({
  method: 'POST',
  path: '/v3/loan-details/upi-pay',
  family: 'zero',
  idempotent: SUBMISSION_IDEMPOTENCY,
});

// ---- loan confirmation (/smpSystem) and agreements ----------------------------------------------
export const loanDetailConfirmRoute = route<typeof loanConfirmation.loanDetailConfirm>({
  method: 'POST',
  path: '/v3/loan-confirm/loan-detail-confirm',
  family: 'zero',
});
export const loanDetailPushRoute = route<typeof loanConfirmation.loanDetailPush>({
  method: 'POST',
  path: '/v3/loan-confirm/loan-detail-push',
  family: 'zero',
  idempotent: SUBMISSION_IDEMPOTENCY,
});
export const contractRoute = route<typeof loanConfirmation.contract>({ method: 'POST', path: '/v3/contract/contract', family: 'zero' });
export const contractJumpRoute = route<typeof loanConfirmation.contractJump>({ method: 'POST', path: '/v3/contract/contract-jump', family: 'zero' });
/** The filled agreement text the loan agreement page (/toIs) shows. Not in the spec's section 7 (chosen here). */
export const agreementContentRoute = route<typeof loanConfirmation.agreementContent>({
  method: 'POST',
  path: '/v3/contract/contract-content',
  family: 'zero',
});

// ---- official site (/, /pluralityCounting, /maySimilar); public --------------------------------------
/**
 * The site's configuration and the loan-terms figures. Not in the spec's section 7 (chosen here):
 * public, so the official site and its pages open without a borrower session.
 */
export const siteConfigRoute = route<typeof site.siteConfig>({ method: 'GET', path: '/v3/site/config', family: 'zero', auth: false });

// ---- tracking -----------------------------------------------------------------------------------
export const eventSaveRoute = route<typeof orderDetails.eventSave>({ method: 'POST', path: '/service/event/save', family: 'zero' });

// ---- obfuscated goya family (/manyVoting, /wherePlurality); named here by what each call does -------
const GOYA = '/gopia/goya';
/** satire: the second-variant loan confirmation data. */
export const goyaLoanConfirmRoute = route<typeof loanConfirmation.goyaLoanConfirm>({ method: 'POST', path: `${GOYA}/satire`, family: 'doubleZero' });
/** cultures: the agreements of scene 3. */
export const goyaAgreementsRoute = route<typeof loanConfirmation.goyaAgreements>({ method: 'GET', path: `${GOYA}/cultures`, family: 'doubleZero' });
/** misunderstood: one agreement's page URL. */
export const goyaAgreementJumpRoute = route<typeof loanConfirmation.goyaAgreementJump>({
  method: 'GET',
  path: `${GOYA}/misunderstood`,
  family: 'doubleZero',
});
/** depush: submits the loan and answers the next URL. */
export const goyaLoanSubmitRoute = route<typeof loanConfirmation.goyaLoanSubmit>({
  method: 'POST',
  path: `${GOYA}/depush`,
  family: 'doubleZero',
  idempotent: SUBMISSION_IDEMPOTENCY,
});
/** drowns: the joint-login failure messages and recommended products. */
export const goyaFailureInfoRoute = route<typeof orderDetails.goyaFailureInfo>({ method: 'POST', path: `${GOYA}/drowns`, family: 'doubleZero' });
/** because: click tracking of a recommended product. */
export const goyaClickTrackRoute = route<typeof orderDetails.goyaClickTrack>({ method: 'POST', path: `${GOYA}/because`, family: 'doubleZero' });
/** define: a recommended product's jump URL. */
export const goyaProductJumpRoute = route<typeof orderDetails.goyaProductJump>({ method: 'POST', path: `${GOYA}/define`, family: 'doubleZero' });

// ---- the borrower's records (issue 22; not in the spec, chosen here: docs/records.md) -------------
/** A document key of record-pdf: a receipt, the confirmed disclosure or an agreement, the schedule, the statement, the certificate. */
export const RECORD_DOCUMENT_PATTERN = /^(receipt|disclosure|agreement-\d{1,4}|schedule|statement|certificate)$/;
export const paymentHistoryRoute = route<typeof records.paymentHistory>({ method: 'POST', path: '/v3/records/payment-history', family: 'zero' });
export const receiptRoute = route<typeof records.receipt>({ method: 'POST', path: '/v3/records/receipt', family: 'zero' });
export const documentsRoute = route<typeof records.documents>({ method: 'POST', path: '/v3/records/documents', family: 'zero' });
/** Answers the PDF itself (application/pdf, Content-Disposition: attachment), not an envelope; a refusal is the usual envelope. */
export const recordPdfRoute = route<typeof records.recordPdf>({ method: 'GET', path: '/v3/records/pdf', family: 'zero', responds: 'pdf' });

// ---- cancelling a loan in its cooling-off period (issue 23; not in the spec, chosen here: docs/cancel-loan.md) ----
/** Whether the order can be cancelled now, until when, and the exact exit amount. */
export const coolingOffRoute = route<typeof cancelLoan.coolingOff>({ method: 'POST', path: '/v3/cancel-loan/cooling-off', family: 'zero' });
/** A pay code for the exit amount (purpose 'cancel'), answered as the page that shows it, like generate-vcode. */
export const cancelPayCodeRoute = route<typeof cancelLoan.cancelPayCode>({
  method: 'POST',
  path: '/v3/cancel-loan/pay-code',
  family: 'zero',
  idempotent: SUBMISSION_IDEMPOTENCY,
});
