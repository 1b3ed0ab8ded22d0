/**
 * Every query key of the back office, from one factory: a feature's hooks take their keys here and
 * its mutations invalidate through the same functions, so a key is never spelled twice.
 */
export const staffKeys = {
  all: ['staff'] as const,
  session: () => [...staffKeys.all, 'session'] as const,
  dashboard: () => [...staffKeys.all, 'dashboard'] as const,
  complaints: {
    all: () => [...staffKeys.all, 'complaints'] as const,
    list: (filters: object) => [...staffKeys.complaints.all(), 'list', filters] as const,
    detail: (id: number) => [...staffKeys.complaints.all(), 'detail', id] as const,
  },
  orders: {
    all: () => [...staffKeys.all, 'orders'] as const,
    list: (filters: object) => [...staffKeys.orders.all(), 'list', filters] as const,
    detail: (id: number) => [...staffKeys.orders.all(), 'detail', id] as const,
    /** Postings awaiting (or past) a second finance user's approval: under orders, so every write on an order refreshes them. */
    postings: (filters: object) => [...staffKeys.orders.all(), 'postings', filters] as const,
    /** Payouts by status: under orders, so a release (or any write on an order) refreshes them. */
    payouts: (filters: object) => [...staffKeys.orders.all(), 'payouts', filters] as const,
  },
  paymentExceptions: {
    all: () => [...staffKeys.all, 'payment-exceptions'] as const,
    list: (filters: object) => [...staffKeys.paymentExceptions.all(), 'list', filters] as const,
  },
  books: {
    all: () => [...staffKeys.all, 'books'] as const,
    trialBalance: (filters: object) => [...staffKeys.books.all(), 'trial-balance', filters] as const,
    journal: (filters: object) => [...staffKeys.books.all(), 'journal', filters] as const,
    /** The providers and the latest reports: under books, so an import, a resolution or a day closed refreshes it. */
    reconciliation: () => [...staffKeys.books.all(), 'reconciliation'] as const,
    report: (id: number) => [...staffKeys.books.all(), 'report', id] as const,
  },
  borrowers: {
    all: () => [...staffKeys.all, 'borrowers'] as const,
    list: (filters: object) => [...staffKeys.borrowers.all(), 'list', filters] as const,
    detail: (id: number) => [...staffKeys.borrowers.all(), 'detail', id] as const,
  },
  accounts: {
    all: () => [...staffKeys.all, 'accounts'] as const,
    list: () => [...staffKeys.accounts.all(), 'list'] as const,
  },
  audit: {
    all: () => [...staffKeys.all, 'audit'] as const,
    list: (filters: object) => [...staffKeys.audit.all(), 'list', filters] as const,
  },
  settings: () => [...staffKeys.all, 'settings'] as const,
  /** The collections desk: every write on an order's collections refreshes the queue, the order, the templates and the portfolio. */
  collections: {
    all: () => [...staffKeys.all, 'collections'] as const,
    queue: (filters: object) => [...staffKeys.collections.all(), 'queue', filters] as const,
    collectors: () => [...staffKeys.collections.all(), 'collectors'] as const,
    order: (id: number) => [...staffKeys.collections.all(), 'order', id] as const,
    templates: () => [...staffKeys.collections.all(), 'templates'] as const,
    portfolio: (currency: string) => [...staffKeys.collections.all(), 'portfolio', currency] as const,
  },
  /** The data-protection officer's desk: an answer refreshes the list and the request. */
  privacy: {
    all: () => [...staffKeys.all, 'privacy'] as const,
    list: (filters: object) => [...staffKeys.privacy.all(), 'list', filters] as const,
    request: (id: number) => [...staffKeys.privacy.all(), 'request', id] as const,
  },
  /** The breach register: a breach recorded, notified or reported refreshes the list and the breach. */
  breaches: {
    all: () => [...staffKeys.all, 'breaches'] as const,
    list: (filters: object) => [...staffKeys.breaches.all(), 'list', filters] as const,
    detail: (id: number) => [...staffKeys.breaches.all(), 'detail', id] as const,
    affected: (query: object) => [...staffKeys.breaches.all(), 'affected', query] as const,
  },
};
