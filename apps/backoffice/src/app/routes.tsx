/**
 * The back office's route table (under /backoffice). Every screen is a lazily loaded chunk of its own;
 * all but sign-in need a finished sign-in, and each names the call that decides which roles may open it.
 */
import { Result } from 'antd';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { listStaffCall } from '@cashloan/contract/staff/accounts';
import { listAuditCall } from '@cashloan/contract/staff/audit';
import { getReportCall, reconciliationCall, trialBalanceCall } from '@cashloan/contract/staff/books';
import { searchBorrowersCall } from '@cashloan/contract/staff/borrowers';
import { getBreachCall, listBreachesCall } from '@cashloan/contract/staff/breaches';
import { collectionOrderCall, queueCall, templatesCall } from '@cashloan/contract/staff/collections';
import { listComplaintsCall } from '@cashloan/contract/staff/complaints';
import { dashboardCall } from '@cashloan/contract/staff/dashboard';
import { listPayoutsCall, listPostingsCall, searchOrdersCall } from '@cashloan/contract/staff/orders';
import { listPaymentExceptionsCall } from '@cashloan/contract/staff/payment-exceptions';
import { privacyRequestCall, privacyRequestsCall } from '@cashloan/contract/staff/privacy';
import { settingsCall } from '@cashloan/contract/staff/settings';
import {
  ACCOUNTS_PATH,
  AUDIT_PATH,
  BOOKS_PATH,
  BORROWERS_PATH,
  BREACHES_PATH,
  CHANGE_PASSWORD_PATH,
  COLLECTION_TEMPLATES_PATH,
  COLLECTIONS_PATH,
  COMPLAINTS_PATH,
  ORDERS_PATH,
  PAYMENT_EXCEPTIONS_PATH,
  PAYOUTS_PATH,
  POSTINGS_PATH,
  PRIVACY_PATH,
  RECONCILIATION_PATH,
  SECOND_FACTOR_PATH,
  SETTINGS_PATH,
  SIGN_IN_PATH,
} from '../shared/paths.ts';
import { Loading } from '../shared/ui/QueryState.tsx';
import { Allowed } from './Allowed.tsx';
import { AppLayout } from './AppLayout.tsx';
import { RequireSession } from './RequireSession.tsx';

/** React.lazy for a named export. */
function screen<M>(load: () => Promise<M>, name: keyof M): ComponentType {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const SignInPage = screen(() => import('../features/session/SignInPage.tsx'), 'SignInPage');
const ChangePasswordPage = screen(() => import('../features/session/ChangePasswordPage.tsx'), 'ChangePasswordPage');
const SecondFactorPage = screen(() => import('../features/session/SecondFactorPage.tsx'), 'SecondFactorPage');
// Typed with its props: the dashboard takes other features' cards.
const DashboardPage = lazy(async () => ({ default: (await import('../features/dashboard/DashboardPage.tsx')).DashboardPage }));
const ComplaintsPage = screen(() => import('../features/complaints/ComplaintsPage.tsx'), 'ComplaintsPage');
const ComplaintPage = screen(() => import('../features/complaints/ComplaintPage.tsx'), 'ComplaintPage');
const OrdersPage = screen(() => import('../features/orders/OrdersPage.tsx'), 'OrdersPage');
const OrderPage = screen(() => import('../features/orders/OrderPage.tsx'), 'OrderPage');
const PostingsPage = screen(() => import('../features/orders/PostingsPage.tsx'), 'PostingsPage');
const PayoutsPage = screen(() => import('../features/orders/PayoutsPage.tsx'), 'PayoutsPage');
const PaymentExceptionsPage = screen(() => import('../features/payment-exceptions/PaymentExceptionsPage.tsx'), 'PaymentExceptionsPage');
const BooksPage = screen(() => import('../features/books/BooksPage.tsx'), 'BooksPage');
const ReconciliationPage = screen(() => import('../features/books/ReconciliationPage.tsx'), 'ReconciliationPage');
const ReportPage = screen(() => import('../features/books/ReportPage.tsx'), 'ReportPage');
const BorrowersPage = screen(() => import('../features/borrowers/BorrowersPage.tsx'), 'BorrowersPage');
const BorrowerPage = screen(() => import('../features/borrowers/BorrowerPage.tsx'), 'BorrowerPage');
const AccountsPage = screen(() => import('../features/accounts/AccountsPage.tsx'), 'AccountsPage');
const AuditPage = screen(() => import('../features/audit/AuditPage.tsx'), 'AuditPage');
const SettingsPage = screen(() => import('../features/settings/SettingsPage.tsx'), 'SettingsPage');
const QueuePage = screen(() => import('../features/collections/QueuePage.tsx'), 'QueuePage');
const CollectionOrderPage = screen(() => import('../features/collections/CollectionOrderPage.tsx'), 'CollectionOrderPage');
const TemplatesPage = screen(() => import('../features/collections/TemplatesPage.tsx'), 'TemplatesPage');
const PrivacyRequestsPage = screen(() => import('../features/privacy/RequestsPage.tsx'), 'RequestsPage');
const PrivacyRequestPage = screen(() => import('../features/privacy/RequestPage.tsx'), 'RequestPage');
const BreachesPage = screen(() => import('../features/breaches/BreachesPage.tsx'), 'BreachesPage');
const BreachPage = screen(() => import('../features/breaches/BreachPage.tsx'), 'BreachPage');
/** The collections desk's card on the dashboard: a chunk of its own, shown only to the roles that may read the portfolio. */
const PortfolioCard = screen(() => import('../features/collections/PortfolioCard.tsx'), 'PortfolioCard');

const only = (call: Parameters<typeof Allowed>[0]['call'], page: ReactNode) => <Allowed call={call}>{page}</Allowed>;

function NotFound() {
  return <Result status="404" title={<h1 style={{ fontSize: 24 }}>No such screen</h1>} subTitle="Use the menu to find what you need." />;
}

export const staffRoutes: RouteObject[] = [
  {
    path: SIGN_IN_PATH,
    element: (
      <Suspense fallback={<Loading />}>
        <SignInPage />
      </Suspense>
    ),
  },
  {
    element: <RequireSession />,
    children: [
      {
        element: <AppLayout />,
        children: [
          {
            index: true,
            element: only(
              dashboardCall,
              <DashboardPage
                cards={
                  <Suspense fallback={null}>
                    <PortfolioCard />
                  </Suspense>
                }
              />,
            ),
          },
          { path: COMPLAINTS_PATH, element: only(listComplaintsCall, <ComplaintsPage />) },
          { path: `${COMPLAINTS_PATH}/:id`, element: only(listComplaintsCall, <ComplaintPage />) },
          { path: ORDERS_PATH, element: only(searchOrdersCall, <OrdersPage />) },
          { path: `${ORDERS_PATH}/:id`, element: only(searchOrdersCall, <OrderPage />) },
          { path: POSTINGS_PATH, element: only(listPostingsCall, <PostingsPage />) },
          { path: PAYOUTS_PATH, element: only(listPayoutsCall, <PayoutsPage />) },
          { path: PAYMENT_EXCEPTIONS_PATH, element: only(listPaymentExceptionsCall, <PaymentExceptionsPage />) },
          { path: BOOKS_PATH, element: only(trialBalanceCall, <BooksPage />) },
          { path: RECONCILIATION_PATH, element: only(reconciliationCall, <ReconciliationPage />) },
          { path: `${RECONCILIATION_PATH}/reports/:id`, element: only(getReportCall, <ReportPage />) },
          { path: BORROWERS_PATH, element: only(searchBorrowersCall, <BorrowersPage />) },
          { path: `${BORROWERS_PATH}/:id`, element: only(searchBorrowersCall, <BorrowerPage />) },
          { path: COLLECTIONS_PATH, element: only(queueCall, <QueuePage />) },
          { path: `${COLLECTIONS_PATH}/orders/:id`, element: only(collectionOrderCall, <CollectionOrderPage />) },
          { path: COLLECTION_TEMPLATES_PATH, element: only(templatesCall, <TemplatesPage />) },
          { path: PRIVACY_PATH, element: only(privacyRequestsCall, <PrivacyRequestsPage />) },
          { path: `${PRIVACY_PATH}/requests/:id`, element: only(privacyRequestCall, <PrivacyRequestPage />) },
          { path: BREACHES_PATH, element: only(listBreachesCall, <BreachesPage />) },
          { path: `${BREACHES_PATH}/:id`, element: only(getBreachCall, <BreachPage />) },
          { path: ACCOUNTS_PATH, element: only(listStaffCall, <AccountsPage />) },
          { path: AUDIT_PATH, element: only(listAuditCall, <AuditPage />) },
          { path: SETTINGS_PATH, element: only(settingsCall, <SettingsPage />) },
          { path: CHANGE_PASSWORD_PATH, element: <ChangePasswordPage /> },
          { path: SECOND_FACTOR_PATH, element: <SecondFactorPage /> },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];
