/**
 * The spec's route table (section 2) in one place: spec path → the page's real name.
 * Every page is lazy, so a route loads only its own code.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Page = LazyExoticComponent<ComponentType>;
/** /numberWill (the complaint entry) and /complainPage (the complaint start) are one screen. */
const complaintStart = lazy(() => import('../features/complaints/pages/ComplaintStartPage.tsx'));

export interface RouteEntry {
  path: string;
  /** What the borrower does there, in their words. */
  purpose: string;
  page: Page;
}

export const MAIN_ROUTES: RouteEntry[] = [
  { path: '/', purpose: 'Official site', page: lazy(() => import('../features/site/OfficialSitePage.tsx')) },
  { path: '/wherePlurality', purpose: 'Joint-login failure', page: lazy(() => import('../features/order-details/LoginFailurePage.tsx')) },
  { path: '/allIt', purpose: 'Order details', page: lazy(() => import('../features/order-details/OrderDetailsPage.tsx')) },
  { path: '/anFrom', purpose: 'Order details (same screen as /allIt)', page: lazy(() => import('../features/order-details/OrderDetailsPage.tsx')) },
  { path: '/smpSystem', purpose: 'Loan confirmation', page: lazy(() => import('../features/loan-confirmation/pages/LoanConfirmPage.tsx')) },
  { path: '/manyVoting', purpose: 'Loan confirmation (second variant)', page: lazy(() => import('../features/loan-confirmation/pages/NewLoanConfirmPage.tsx')) },
  { path: '/allowedAlso', purpose: 'Repayment by period', page: lazy(() => import('../features/repayment/pages/RepaymentPlanPage.tsx')) },
  { path: '/byAs', purpose: 'Repay (same screen as /allowedAlso)', page: lazy(() => import('../features/repayment/pages/RepaymentPlanPage.tsx')) },
  { path: '/beSeats', purpose: 'Customer service', page: lazy(() => import('../features/customer-service/CustomerServicePage.tsx')) },
  { path: '/toIs', purpose: 'Loan agreement', page: lazy(() => import('../features/loan-confirmation/pages/LoanAgreementPage.tsx')) },
  { path: '/pluralityCounting', purpose: 'About us', page: lazy(() => import('../features/site/AboutUsPage.tsx')) },
  { path: '/maySimilar', purpose: 'Privacy policy', page: lazy(() => import('../features/site/PrivacyPolicyPage.tsx')) },
  { path: '/votingCandidates', purpose: 'Rollover repayment', page: lazy(() => import('../features/repayment/pages/RolloverPage.tsx')) },
  { path: '/numberWill', purpose: 'Complaint entry', page: complaintStart },
  { path: '/candidateWhile', purpose: 'Bind a payment account', page: lazy(() => import('../features/bind-bank/BindBankPage.tsx')) },
  { path: '/dragonpayPaymentInstructions', purpose: 'Payment-provider instructions', page: lazy(() => import('../features/repayment/pages/PaymentInstructionsPage.tsx')) },
  { path: '/repaymentOfCode', purpose: 'Repayment by code', page: lazy(() => import('../features/repayment/pages/RepaymentCodePage.tsx')) },
  { path: '/repaymentOfCode2', purpose: 'Repayment code', page: lazy(() => import('../features/repayment/pages/StoredRepaymentCodePage.tsx')) },
  { path: '/testPreview', purpose: 'Developer preview', page: lazy(() => import('../features/test-preview/TestPreviewPage.tsx')) },
  { path: '/complainPage', purpose: 'Complaint start', page: complaintStart },
  { path: '/complainPageNext', purpose: 'Complaint step two', page: lazy(() => import('../features/complaints/pages/ComplaintFormPage.tsx')) },
  { path: '/complaintList', purpose: 'My complaints', page: lazy(() => import('../features/complaints/pages/ComplaintListPage.tsx')) },
  { path: '/complainDetails', purpose: 'Complaint details', page: lazy(() => import('../features/complaints/pages/ComplaintDetailsPage.tsx')) },
];

/** pay.html's hash routes. */
export const PAYMENT_WAY_ROUTES: RouteEntry[] = [
  { path: '/borrowDetail', purpose: 'Borrow detail after card repayment', page: lazy(() => import('../features/repayment/pages/card/BorrowDetailPage.tsx')) },
  { path: '/addnormalcard', purpose: 'Choose or add a bank card', page: lazy(() => import('../features/repayment/pages/card/ChooseCardPage.tsx')) },
  { path: '/alipayrepayment', purpose: 'Repay by card', page: lazy(() => import('../features/repayment/pages/card/CardRepaymentPage.tsx')) },
];

/** promo.html's hash routes. promo.tsx loads the landing (the entry's first screen) with the entry itself. */
export const PROMOTION_ROUTES: RouteEntry[] = [
  { path: '/downloadTemplate', purpose: 'Sign-up landing and download', page: lazy(() => import('../features/promotion/pages/DownloadTemplatePage.tsx')) },
  { path: '/agreementTemplate', purpose: 'Promotion agreement', page: lazy(() => import('../features/promotion/pages/AgreementTemplatePage.tsx')) },
];
