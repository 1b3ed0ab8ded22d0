/**
 * The spec's route table (section 2) in one place: spec path → the page's real name. The paths
 * themselves are in shared/navigation/screen-paths.ts, where the features find them too.
 * Every page is lazy, so a route loads only its own code.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import {
  ABOUT_US_PATH,
  AGREEMENT_TEMPLATE_PATH,
  BIND_BANK_PATH,
  BORROW_DETAIL_PATH,
  CANCEL_LOAN_PATH,
  CARD_REPAYMENT_PATH,
  CHOOSE_CARD_PATH,
  COMPLAINT_DETAILS_PATH,
  COMPLAINT_ENTRY_PATH,
  COMPLAINT_FORM_PATH,
  COMPLAINT_LIST_PATH,
  COMPLAINT_START_PATH,
  CUSTOMER_SERVICE_PATH,
  DOWNLOAD_TEMPLATE_PATH,
  LOAN_AGREEMENT_PATH,
  LOAN_CONFIRMATION_PATH,
  LOAN_DOCUMENTS_PATH,
  LOGIN_FAILURE_PATH,
  MY_DATA_PATH,
  NEW_LOAN_CONFIRMATION_PATH,
  OFFICIAL_SITE_PATH,
  ORDER_DETAILS_PATH,
  ORDER_PATH,
  PAYMENT_HISTORY_PATH,
  PAYMENT_INSTRUCTIONS_PATH,
  PAYMENT_RECEIPT_PATH,
  PRIVACY_POLICY_PATH,
  REPAYMENT_BY_CODE_PATH,
  REPAYMENT_BY_PERIOD_PATH,
  REPAYMENT_CODE_PATH,
  REPAY_PATH,
  ROLLOVER_PATH,
  TEST_PREVIEW_PATH,
} from '../shared/navigation/screen-paths.ts';
import { heldTexts } from '../shared/i18n/texts.ts';

type PageModule = { default: ComponentType };
type Page = LazyExoticComponent<ComponentType>;

/**
 * A page's code: lazy in the browser, where it renders once its route's texts are there too (in a
 * language other than English); the server renderer loads every `load` once at start.
 */
interface PageCode {
  page: Page;
  load: () => Promise<PageModule>;
}

/** In Filipino or Hindi, the route's part of the catalogue when the page does not hold it (docs/i18n.md). */
const laterRouteTexts = () => heldTexts() && import('../shared/i18n/route-texts.ts').then((m) => m.routeTexts());

function pageCode(load: () => Promise<PageModule>): PageCode {
  return { page: lazy(() => Promise.all([load(), laterRouteTexts()]).then(([module]) => module)), load };
}

/** The complaint entry (/numberWill) and the complaint start (/complainPage) are one screen. */
const complaintStart = pageCode(() => import('../features/complaints/pages/ComplaintStartPage.tsx'));
const orderDetails = pageCode(() => import('../features/order-details/OrderDetailsPage.tsx'));
const repaymentPlan = pageCode(() => import('../features/repayment/pages/RepaymentPlanPage.tsx'));
const borrowDetail = pageCode(() => import('../features/repayment/pages/card/BorrowDetailPage.tsx'));
const chooseCard = pageCode(() => import('../features/repayment/pages/card/ChooseCardPage.tsx'));
const cardRepayment = pageCode(() => import('../features/repayment/pages/card/CardRepaymentPage.tsx'));

/** Each route's comment says what the borrower does there, in their words (a comment, not a field: it would ship to every route). */
export interface RouteEntry extends PageCode {
  path: string;
  /**
   * 'browser': the page's first screen depends on what only the phone holds (its storage, the
   * history state), so the server sends the shell and the browser renders it. Otherwise the server
   * renders the first screen with the session's first answers, and the page's code loads after that
   * screen's first paint; what the borrower types or taps meanwhile is handed to the page once it is
   * hydrated (app/early-input.ts, docs/performance.md).
   */
  firstScreen?: 'browser';
}

export const MAIN_ROUTES: RouteEntry[] = [
  { path: OFFICIAL_SITE_PATH, ...pageCode(() => import('../features/site/OfficialSitePage.tsx')) }, // Official site
  { path: LOGIN_FAILURE_PATH, ...pageCode(() => import('../features/order-details/LoginFailurePage.tsx')) }, // Joint-login failure
  { path: ORDER_DETAILS_PATH, ...orderDetails }, // Order details
  { path: ORDER_PATH, ...orderDetails }, // Order details (same screen as /allIt)
  { path: LOAN_CONFIRMATION_PATH, ...pageCode(() => import('../features/loan-confirmation/pages/LoanConfirmPage.tsx')) }, // Loan confirmation
  { path: NEW_LOAN_CONFIRMATION_PATH, ...pageCode(() => import('../features/loan-confirmation/pages/NewLoanConfirmPage.tsx')) }, // Loan confirmation (second variant)
  { path: REPAYMENT_BY_PERIOD_PATH, ...repaymentPlan }, // Repayment by period
  { path: REPAY_PATH, ...repaymentPlan }, // Repay (same screen as /allowedAlso)
  { path: CUSTOMER_SERVICE_PATH, ...pageCode(() => import('../features/customer-service/CustomerServicePage.tsx')) }, // Customer service
  { path: LOAN_AGREEMENT_PATH, ...pageCode(() => import('../features/loan-confirmation/pages/LoanAgreementPage.tsx')) }, // Loan agreement
  { path: ABOUT_US_PATH, ...pageCode(() => import('../features/site/AboutUsPage.tsx')) }, // About us
  { path: PRIVACY_POLICY_PATH, ...pageCode(() => import('../features/site/PrivacyPolicyPage.tsx')) }, // Privacy policy
  { path: ROLLOVER_PATH, ...pageCode(() => import('../features/repayment/pages/RolloverPage.tsx')) }, // Rollover repayment
  { path: COMPLAINT_ENTRY_PATH, ...complaintStart }, // Complaint entry
  { path: BIND_BANK_PATH, ...pageCode(() => import('../features/bind-bank/BindBankPage.tsx')) }, // Bind a payment account
  { path: PAYMENT_INSTRUCTIONS_PATH, ...pageCode(() => import('../features/repayment/pages/PaymentInstructionsPage.tsx')) }, // Payment-provider instructions
  { path: REPAYMENT_BY_CODE_PATH, ...pageCode(() => import('../features/repayment/pages/RepaymentCodePage.tsx')) }, // Repayment by code
  { path: REPAYMENT_CODE_PATH, ...pageCode(() => import('../features/repayment/pages/StoredRepaymentCodePage.tsx')), firstScreen: 'browser' }, // Repayment code
  { path: TEST_PREVIEW_PATH, ...pageCode(() => import('../features/test-preview/TestPreviewPage.tsx')) }, // Developer preview
  { path: COMPLAINT_START_PATH, ...complaintStart }, // Complaint start
  { path: COMPLAINT_FORM_PATH, ...pageCode(() => import('../features/complaints/pages/ComplaintFormPage.tsx')) }, // Complaint step two
  { path: COMPLAINT_LIST_PATH, ...pageCode(() => import('../features/complaints/pages/ComplaintListPage.tsx')) }, // My complaints
  { path: COMPLAINT_DETAILS_PATH, ...pageCode(() => import('../features/complaints/pages/ComplaintDetailsPage.tsx')) }, // Complaint details
  { path: PAYMENT_HISTORY_PATH, ...pageCode(() => import('../features/records/pages/PaymentHistoryPage.tsx')) }, // Payment history (ours)
  { path: PAYMENT_RECEIPT_PATH, ...pageCode(() => import('../features/records/pages/ReceiptPage.tsx')) }, // Payment receipt (ours)
  { path: LOAN_DOCUMENTS_PATH, ...pageCode(() => import('../features/records/pages/DocumentsPage.tsx')) }, // Loan documents (ours)
  { path: CANCEL_LOAN_PATH, ...pageCode(() => import('../features/cancel-loan/CancelLoanPage.tsx')) }, // Cancel a loan in its cooling-off period (ours)
  { path: MY_DATA_PATH, ...pageCode(() => import('../features/my-data/MyDataPage.tsx')) }, // See, download, correct or erase my data; my consents (ours)
  // pay.html's three screens at path addresses of their own too (ours): the server renders them,
  // where it never sees the route of pay.html#/… (docs/performance.md, "The #/ apps").
  { path: BORROW_DETAIL_PATH, ...borrowDetail }, // Borrow detail after card repayment
  { path: CHOOSE_CARD_PATH, ...chooseCard }, // Choose or add a bank card
  { path: CARD_REPAYMENT_PATH, ...cardRepayment }, // Repay by card
];

/** pay.html's hash routes (the spec's addresses; the same screens as the path routes above). */
export const PAYMENT_WAY_ROUTES: RouteEntry[] = [
  { path: BORROW_DETAIL_PATH, ...borrowDetail }, // Borrow detail after card repayment
  { path: CHOOSE_CARD_PATH, ...chooseCard }, // Choose or add a bank card
  { path: CARD_REPAYMENT_PATH, ...cardRepayment }, // Repay by card
];

/** promo.html's hash routes. promo.tsx loads the landing (the entry's first screen) with the entry itself. */
export const PROMOTION_ROUTES: RouteEntry[] = [
  { path: DOWNLOAD_TEMPLATE_PATH, ...pageCode(() => import('../features/promotion/pages/DownloadTemplatePage.tsx')) }, // Sign-up landing and download
  { path: AGREEMENT_TEMPLATE_PATH, ...pageCode(() => import('../features/promotion/pages/AgreementTemplatePage.tsx')) }, // Promotion agreement
];
