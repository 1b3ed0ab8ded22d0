/**
 * The spec's route table (section 2) in one place: spec path → the page's real name.
 * Every page is lazy, so a route loads only its own code.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Page = LazyExoticComponent<ComponentType>;
const unavailable = lazy(() => import('./UnavailablePage.tsx'));
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
  { path: '/smpSystem', purpose: 'Loan confirmation', page: unavailable },
  { path: '/manyVoting', purpose: 'Loan confirmation (second variant)', page: unavailable },
  { path: '/allowedAlso', purpose: 'Repayment by period', page: unavailable },
  { path: '/byAs', purpose: 'Repay', page: unavailable },
  { path: '/beSeats', purpose: 'Customer service', page: lazy(() => import('../features/customer-service/CustomerServicePage.tsx')) },
  { path: '/toIs', purpose: 'Loan agreement', page: unavailable },
  { path: '/pluralityCounting', purpose: 'About us', page: lazy(() => import('../features/site/AboutUsPage.tsx')) },
  { path: '/maySimilar', purpose: 'Privacy policy', page: lazy(() => import('../features/site/PrivacyPolicyPage.tsx')) },
  { path: '/votingCandidates', purpose: 'Rollover repayment', page: unavailable },
  { path: '/numberWill', purpose: 'Complaint entry', page: complaintStart },
  { path: '/candidateWhile', purpose: 'Bind a payment account', page: unavailable },
  { path: '/dragonpayPaymentInstructions', purpose: 'Payment-provider instructions', page: unavailable },
  { path: '/repaymentOfCode', purpose: 'Repayment by code', page: unavailable },
  { path: '/repaymentOfCode2', purpose: 'Repayment code', page: unavailable },
  { path: '/testPreview', purpose: 'Developer preview', page: lazy(() => import('../features/test-preview/TestPreviewPage.tsx')) },
  { path: '/complainPage', purpose: 'Complaint start', page: complaintStart },
  { path: '/complainPageNext', purpose: 'Complaint step two', page: lazy(() => import('../features/complaints/pages/ComplaintFormPage.tsx')) },
  { path: '/complaintList', purpose: 'My complaints', page: lazy(() => import('../features/complaints/pages/ComplaintListPage.tsx')) },
  { path: '/complainDetails', purpose: 'Complaint details', page: lazy(() => import('../features/complaints/pages/ComplaintDetailsPage.tsx')) },
];

/** pay.html's hash routes. */
export const PAYMENT_WAY_ROUTES: RouteEntry[] = [
  { path: '/borrowDetail', purpose: 'Borrow detail after card repayment', page: unavailable },
  { path: '/addnormalcard', purpose: 'Add a bank card', page: unavailable },
  { path: '/alipayrepayment', purpose: 'Repay by card', page: unavailable },
];

/** promo.html's hash routes. */
export const PROMOTION_ROUTES: RouteEntry[] = [
  { path: '/downloadTemplate', purpose: 'Sign-up landing and download', page: unavailable },
  { path: '/agreementTemplate', purpose: 'Promotion agreement', page: unavailable },
];
