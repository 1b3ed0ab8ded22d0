/** The back office's screen paths (under BACKOFFICE_BASE), named once for the router, the menu and the links. */
export const SIGN_IN_PATH = '/sign-in';
export const DASHBOARD_PATH = '/';
export const COMPLAINTS_PATH = '/complaints';
export const ORDERS_PATH = '/orders';
export const BORROWERS_PATH = '/borrowers';
export const PAYMENT_EXCEPTIONS_PATH = '/payment-exceptions';
export const POSTINGS_PATH = '/postings';
export const PAYOUTS_PATH = '/payouts';
export const BOOKS_PATH = '/books';
export const RECONCILIATION_PATH = '/reconciliation';
export const ACCOUNTS_PATH = '/accounts';
export const AUDIT_PATH = '/audit';
export const SETTINGS_PATH = '/settings';
/** The collections desk's queue; an order's collections page is under it, so the menu lights Collections there. */
export const COLLECTIONS_PATH = '/collections';
/** A path of its own (not under /collections), so the menu lights Collection templates, not Collections. */
export const COLLECTION_TEMPLATES_PATH = '/collection-templates';
/** The data-protection officer's requests; one request's page is under it, so the menu lights Data requests there. */
export const PRIVACY_PATH = '/privacy';
/** The breach register; one breach's page is under it, so the menu lights Breach register there. */
export const BREACHES_PATH = '/breaches';
export const CHANGE_PASSWORD_PATH = '/account/password';
export const SECOND_FACTOR_PATH = '/account/second-factor';

export const complaintPath = (id: number) => `${COMPLAINTS_PATH}/${id}`;
export const orderPath = (id: number) => `${ORDERS_PATH}/${id}`;
export const borrowerPath = (id: number) => `${BORROWERS_PATH}/${id}`;
export const collectionOrderPath = (id: number) => `${COLLECTIONS_PATH}/orders/${id}`;
export const privacyRequestPath = (id: number) => `${PRIVACY_PATH}/requests/${id}`;
export const breachPath = (id: number) => `${BREACHES_PATH}/${id}`;
/** A provider's imported report, under the reconciliation (so the menu lights Reconciliation). */
export const reportPath = (id: number) => `${RECONCILIATION_PATH}/reports/${id}`;
