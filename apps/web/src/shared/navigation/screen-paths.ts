/**
 * Every screen's path, written once: the spec's route names (section 2) under what the borrower
 * does there. app/routes.tsx mounts the pages on them (and the build reads them from there for the
 * route preloading: build/route-assets.ts); features link and navigate with them. Plain constants,
 * not an object: the minifier shortens their names, and the route table is in every route's shell.
 */

// index.html's path routes.
export const OFFICIAL_SITE_PATH = '/';
export const LOGIN_FAILURE_PATH = '/wherePlurality';
export const ORDER_DETAILS_PATH = '/allIt';
/** The order details screen under the spec's second name. */
export const ORDER_PATH = '/anFrom';
export const LOAN_CONFIRMATION_PATH = '/smpSystem';
export const NEW_LOAN_CONFIRMATION_PATH = '/manyVoting';
export const REPAYMENT_BY_PERIOD_PATH = '/allowedAlso';
/** The repayment-by-period screen under the spec's second name. */
export const REPAY_PATH = '/byAs';
export const CUSTOMER_SERVICE_PATH = '/beSeats';
export const LOAN_AGREEMENT_PATH = '/toIs';
export const ABOUT_US_PATH = '/pluralityCounting';
export const PRIVACY_POLICY_PATH = '/maySimilar';
export const ROLLOVER_PATH = '/votingCandidates';
/** The complaint start screen under the spec's entry name. */
export const COMPLAINT_ENTRY_PATH = '/numberWill';
export const BIND_BANK_PATH = '/candidateWhile';
export const PAYMENT_INSTRUCTIONS_PATH = '/dragonpayPaymentInstructions';
export const REPAYMENT_BY_CODE_PATH = '/repaymentOfCode';
export const REPAYMENT_CODE_PATH = '/repaymentOfCode2';
export const TEST_PREVIEW_PATH = '/testPreview';
export const COMPLAINT_START_PATH = '/complainPage';
export const COMPLAINT_FORM_PATH = '/complainPageNext';
export const COMPLAINT_LIST_PATH = '/complaintList';
export const COMPLAINT_DETAILS_PATH = '/complainDetails';
// Ours (issue 22), not in the spec: the borrower's records of an order (docs/records.md).
/** ?orderId=&productId=: the order's payments, newest first. */
export const PAYMENT_HISTORY_PATH = '/paymentHistory';
/** ?orderId=&paymentId=: the receipt of one payment. */
export const PAYMENT_RECEIPT_PATH = '/paymentReceipt';
/** ?orderId=: the order's documents as PDFs. */
export const LOAN_DOCUMENTS_PATH = '/loanDocuments';
// Ours (issue 23), not in the spec: cancelling a loan in its cooling-off period (docs/cancel-loan.md).
/** ?orderId=&productId=: the exit amount and the button that issues its pay code. */
export const CANCEL_LOAN_PATH = '/cancelLoan';
// Ours (issue 39), not in the spec: the borrower's data rights (docs/privacy.md).
/** Consents by purpose, who receives the data, its download, and requests to correct or erase it. */
export const MY_DATA_PATH = '/myData';

/** The payment-way app's page; the three paths below follow its '#'. */
export const PAY_APP_PATH = '/pay.html';
export const BORROW_DETAIL_PATH = '/borrowDetail';
export const CHOOSE_CARD_PATH = '/addnormalcard';
export const CARD_REPAYMENT_PATH = '/alipayrepayment';

/** The promotion app's page; the two paths below follow its '#'. */
export const PROMO_APP_PATH = '/promo.html';
export const DOWNLOAD_TEMPLATE_PATH = '/downloadTemplate';
export const AGREEMENT_TEMPLATE_PATH = '/agreementTemplate';
