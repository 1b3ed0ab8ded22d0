/** The side menu's entries: each opens a screen whose calls the contract gives to some roles. */
import {
  AlertOutlined,
  AuditOutlined,
  BankOutlined,
  BookOutlined,
  DashboardOutlined,
  ExceptionOutlined,
  FileProtectOutlined,
  FileTextOutlined,
  MessageOutlined,
  PhoneOutlined,
  ReconciliationOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  SnippetsOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { StaffCall, StaffRole } from '@cashloan/contract/staff/common';
import { listStaffCall } from '@cashloan/contract/staff/accounts';
import { listAuditCall } from '@cashloan/contract/staff/audit';
import { reconciliationCall, trialBalanceCall } from '@cashloan/contract/staff/books';
import { searchBorrowersCall } from '@cashloan/contract/staff/borrowers';
import { listBreachesCall } from '@cashloan/contract/staff/breaches';
import { queueCall, templatesCall } from '@cashloan/contract/staff/collections';
import { listComplaintsCall } from '@cashloan/contract/staff/complaints';
import { dashboardCall } from '@cashloan/contract/staff/dashboard';
import { listPayoutsCall, listPostingsCall, searchOrdersCall } from '@cashloan/contract/staff/orders';
import { listPaymentExceptionsCall } from '@cashloan/contract/staff/payment-exceptions';
import { privacyRequestsCall } from '@cashloan/contract/staff/privacy';
import { settingsCall } from '@cashloan/contract/staff/settings';
import { mayCall } from '../shared/access.ts';
import {
  ACCOUNTS_PATH,
  AUDIT_PATH,
  BOOKS_PATH,
  BORROWERS_PATH,
  BREACHES_PATH,
  COLLECTION_TEMPLATES_PATH,
  COLLECTIONS_PATH,
  COMPLAINTS_PATH,
  DASHBOARD_PATH,
  ORDERS_PATH,
  PAYMENT_EXCEPTIONS_PATH,
  PAYOUTS_PATH,
  POSTINGS_PATH,
  PRIVACY_PATH,
  RECONCILIATION_PATH,
  SETTINGS_PATH,
} from '../shared/paths.ts';

export interface MenuEntry {
  path: string;
  label: string;
  icon: ReactNode;
  /** The call the screen loads first: who may make it may open the screen. */
  call: StaffCall;
}

export const MENU_ENTRIES: readonly MenuEntry[] = [
  { path: DASHBOARD_PATH, label: 'Dashboard', icon: <DashboardOutlined />, call: dashboardCall },
  { path: COMPLAINTS_PATH, label: 'Complaints', icon: <MessageOutlined />, call: listComplaintsCall },
  { path: ORDERS_PATH, label: 'Orders', icon: <FileTextOutlined />, call: searchOrdersCall },
  { path: POSTINGS_PATH, label: 'Postings to approve', icon: <SafetyCertificateOutlined />, call: listPostingsCall },
  { path: PAYOUTS_PATH, label: 'Payouts', icon: <BankOutlined />, call: listPayoutsCall },
  { path: PAYMENT_EXCEPTIONS_PATH, label: 'Payment exceptions', icon: <ExceptionOutlined />, call: listPaymentExceptionsCall },
  { path: BOOKS_PATH, label: 'Books', icon: <BookOutlined />, call: trialBalanceCall },
  { path: RECONCILIATION_PATH, label: 'Reconciliation', icon: <ReconciliationOutlined />, call: reconciliationCall },
  { path: BORROWERS_PATH, label: 'Borrowers', icon: <UserOutlined />, call: searchBorrowersCall },
  { path: COLLECTIONS_PATH, label: 'Collections', icon: <PhoneOutlined />, call: queueCall },
  { path: COLLECTION_TEMPLATES_PATH, label: 'Collection templates', icon: <SnippetsOutlined />, call: templatesCall },
  { path: PRIVACY_PATH, label: 'Data requests', icon: <FileProtectOutlined />, call: privacyRequestsCall },
  { path: BREACHES_PATH, label: 'Breach register', icon: <AlertOutlined />, call: listBreachesCall },
  { path: ACCOUNTS_PATH, label: 'Staff accounts', icon: <TeamOutlined />, call: listStaffCall },
  { path: AUDIT_PATH, label: 'Audit log', icon: <AuditOutlined />, call: listAuditCall },
  { path: SETTINGS_PATH, label: 'Settings', icon: <SettingOutlined />, call: settingsCall },
];

export function menuFor(roles: readonly StaffRole[]): MenuEntry[] {
  return MENU_ENTRIES.filter((entry) => mayCall(entry.call, roles));
}

/** The menu entry a path belongs to (a detail screen lights its list's entry; the account screens none). */
export function menuKeyOf(pathname: string): string[] {
  if (pathname === DASHBOARD_PATH) return [DASHBOARD_PATH];
  const match = MENU_ENTRIES.find((e) => e.path !== DASHBOARD_PATH && (pathname === e.path || pathname.startsWith(`${e.path}/`)));
  return match ? [match.path] : [];
}
