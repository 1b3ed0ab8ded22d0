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

type PageModule = { default: ComponentType };
type Page = LazyExoticComponent<ComponentType>;

/** A page's code: lazy in the browser; the server renderer loads every `load` once at start. */
interface PageCode {
  page: Page;
  load: () => Promise<PageModule>;
}

function pageCode(load: () => Promise<PageModule>): PageCode {
  return { page: lazy(load), load };
}

/** The complaint entry (/numberWill) and the complaint start (/complainPage) are one screen. */
const complaintStart = pageCode(() => import('../features/complaints/pages/ComplaintStartPage.tsx'));
const orderDetails = pageCode(() => import('../features/order-details/OrderDetailsPage.tsx'));
const repaymentPlan = pageCode(() => import('../features/repayment/pages/RepaymentPlanPage.tsx'));

export interface RouteEntry extends PageCode {
  path: string;
  /** What the borrower does there, in their words. */
  purpose: string;
  /**
   * 'browser': the page's first screen depends on what only the phone holds (its storage, the
   * history state), so the server sends the shell and the browser renders it. Otherwise the server
   * renders the first screen with the session's first answers (docs/performance.md).
   */
  firstScreen?: 'browser';
}

export const MAIN_ROUTES: RouteEntry[] = [
  { path: OFFICIAL_SITE_PATH, purpose: 'Official site', ...pageCode(() => import('../features/site/OfficialSitePage.tsx')) },
  { path: LOGIN_FAILURE_PATH, purpose: 'Joint-login failure', ...pageCode(() => import('../features/order-details/LoginFailurePage.tsx')) },
  { path: ORDER_DETAILS_PATH, purpose: 'Order details', ...orderDetails },
  { path: ORDER_PATH, purpose: 'Order details (same screen as /allIt)', ...orderDetails },
  { path: LOAN_CONFIRMATION_PATH, purpose: 'Loan confirmation', ...pageCode(() => import('../features/loan-confirmation/pages/LoanConfirmPage.tsx')) },
  { path: NEW_LOAN_CONFIRMATION_PATH, purpose: 'Loan confirmation (second variant)', ...pageCode(() => import('../features/loan-confirmation/pages/NewLoanConfirmPage.tsx')) },
  { path: REPAYMENT_BY_PERIOD_PATH, purpose: 'Repayment by period', ...repaymentPlan },
  { path: REPAY_PATH, purpose: 'Repay (same screen as /allowedAlso)', ...repaymentPlan },
  { path: CUSTOMER_SERVICE_PATH, purpose: 'Customer service', ...pageCode(() => import('../features/customer-service/CustomerServicePage.tsx')) },
  { path: LOAN_AGREEMENT_PATH, purpose: 'Loan agreement', ...pageCode(() => import('../features/loan-confirmation/pages/LoanAgreementPage.tsx')) },
  { path: ABOUT_US_PATH, purpose: 'About us', ...pageCode(() => import('../features/site/AboutUsPage.tsx')) },
  { path: PRIVACY_POLICY_PATH, purpose: 'Privacy policy', ...pageCode(() => import('../features/site/PrivacyPolicyPage.tsx')) },
  { path: ROLLOVER_PATH, purpose: 'Rollover repayment', ...pageCode(() => import('../features/repayment/pages/RolloverPage.tsx')) },
  { path: COMPLAINT_ENTRY_PATH, purpose: 'Complaint entry', ...complaintStart },
  { path: BIND_BANK_PATH, purpose: 'Bind a payment account', ...pageCode(() => import('../features/bind-bank/BindBankPage.tsx')) },
  { path: PAYMENT_INSTRUCTIONS_PATH, purpose: 'Payment-provider instructions', ...pageCode(() => import('../features/repayment/pages/PaymentInstructionsPage.tsx')) },
  { path: REPAYMENT_BY_CODE_PATH, purpose: 'Repayment by code', ...pageCode(() => import('../features/repayment/pages/RepaymentCodePage.tsx')) },
  { path: REPAYMENT_CODE_PATH, purpose: 'Repayment code', ...pageCode(() => import('../features/repayment/pages/StoredRepaymentCodePage.tsx')), firstScreen: 'browser' },
  { path: TEST_PREVIEW_PATH, purpose: 'Developer preview', ...pageCode(() => import('../features/test-preview/TestPreviewPage.tsx')) },
  { path: COMPLAINT_START_PATH, purpose: 'Complaint start', ...complaintStart },
  { path: COMPLAINT_FORM_PATH, purpose: 'Complaint step two', ...pageCode(() => import('../features/complaints/pages/ComplaintFormPage.tsx')), firstScreen: 'browser' },
  { path: COMPLAINT_LIST_PATH, purpose: 'My complaints', ...pageCode(() => import('../features/complaints/pages/ComplaintListPage.tsx')) },
  { path: COMPLAINT_DETAILS_PATH, purpose: 'Complaint details', ...pageCode(() => import('../features/complaints/pages/ComplaintDetailsPage.tsx')) },
  { path: PAYMENT_HISTORY_PATH, purpose: 'Payment history (ours)', ...pageCode(() => import('../features/records/pages/PaymentHistoryPage.tsx')) },
  { path: PAYMENT_RECEIPT_PATH, purpose: 'Payment receipt (ours)', ...pageCode(() => import('../features/records/pages/ReceiptPage.tsx')) },
  { path: LOAN_DOCUMENTS_PATH, purpose: 'Loan documents (ours)', ...pageCode(() => import('../features/records/pages/DocumentsPage.tsx')) },
  { path: CANCEL_LOAN_PATH, purpose: 'Cancel a loan in its cooling-off period (ours)', ...pageCode(() => import('../features/cancel-loan/CancelLoanPage.tsx')) },
];

/** pay.html's hash routes. */
export const PAYMENT_WAY_ROUTES: RouteEntry[] = [
  { path: BORROW_DETAIL_PATH, purpose: 'Borrow detail after card repayment', ...pageCode(() => import('../features/repayment/pages/card/BorrowDetailPage.tsx')) },
  { path: CHOOSE_CARD_PATH, purpose: 'Choose or add a bank card', ...pageCode(() => import('../features/repayment/pages/card/ChooseCardPage.tsx')) },
  { path: CARD_REPAYMENT_PATH, purpose: 'Repay by card', ...pageCode(() => import('../features/repayment/pages/card/CardRepaymentPage.tsx')) },
];

/** promo.html's hash routes. promo.tsx loads the landing (the entry's first screen) with the entry itself. */
export const PROMOTION_ROUTES: RouteEntry[] = [
  { path: DOWNLOAD_TEMPLATE_PATH, purpose: 'Sign-up landing and download', ...pageCode(() => import('../features/promotion/pages/DownloadTemplatePage.tsx')) },
  { path: AGREEMENT_TEMPLATE_PATH, purpose: 'Promotion agreement', ...pageCode(() => import('../features/promotion/pages/AgreementTemplatePage.tsx')) },
];
