/**
 * The books, for finance (issue 37, docs/books.md): the trial balance and the journal of a date range
 * and its CSV export; the providers' daily reports imported and matched against the journal, the
 * items finance resolves, and the day-end. Amounts are minor units (centavos, paise) of `currency`.
 */
import { z } from 'zod';
import { defineStaffCall, isoDateTime, pageFields, pageOf, staffId } from './common.ts';

export const BOOK_CURRENCIES = ['PHP', 'INR'] as const;
export type BookCurrency = (typeof BOOK_CURRENCIES)[number];

/** A market day, YYYY-MM-DD (Manila for PHP, Kolkata for INR). */
export const bookDay = (name: string) =>
  z
    .string({ error: `${name} must be a date (YYYY-MM-DD)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${name} must be a date (YYYY-MM-DD)` })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), { error: `${name} is not a date of the calendar` });

const currencyField = z.enum(BOOK_CURRENCIES, { error: `currency must be one of ${BOOK_CURRENCIES.join(', ')}` }).default('PHP');
const rangeFields = { from: bookDay('from'), to: bookDay('to') };
const rangeCheck = <T extends { from: string; to: string }>(v: T) => v.from <= v.to;
const rangeError = { error: 'from must be on or before to', path: ['from'] };

export const ENTRY_KINDS = ['opening', 'disbursement', 'payout_reversal', 'payment', 'credit_refund', 'reconciliation', 'reversal'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];
export const ENTRY_KIND_TITLES: Record<EntryKind, string> = {
  opening: 'Opening balance',
  disbursement: 'Disbursement',
  payout_reversal: 'Payout returned',
  payment: 'Payment',
  credit_refund: 'Credit refunded',
  reconciliation: 'Reconciliation',
  reversal: 'Reversal',
};

export const ACCOUNT_KINDS = ['asset', 'liability', 'equity', 'income', 'expense'] as const;

export const trialBalanceRow = z.object({
  code: z.string().describe('the account code, e.g. 1400 or 1100-DRAGONPAY (cash at a provider)'),
  name: z.string(),
  kind: z.enum(ACCOUNT_KINDS),
  openingMinor: z.number().int().describe('debits − credits booked before `from`'),
  debitMinor: z.number().int().nonnegative().describe('debits booked from `from` to `to`'),
  creditMinor: z.number().int().nonnegative().describe('credits booked from `from` to `to`'),
  closingMinor: z.number().int().describe('debits − credits booked up to and including `to`'),
});
export type TrialBalanceRow = z.infer<typeof trialBalanceRow>;

export const trialBalanceCall = defineStaffCall(
  { method: 'GET', path: '/books/trial-balance', access: { roles: ['finance'] } },
  {
    input: z.object({ ...rangeFields, currency: currencyField }).refine(rangeCheck, rangeError),
    answer: z.object({
      from: z.string(),
      to: z.string(),
      currency: z.enum(BOOK_CURRENCIES),
      rows: z.array(trialBalanceRow),
      totals: z.object({ openingMinor: z.number().int(), debitMinor: z.number().int(), creditMinor: z.number().int(), closingMinor: z.number().int() }).describe('opening and closing always sum to 0, and debits equal credits'),
    }),
  },
  'The trial balance of a currency for a range of market days: per account, the balance before the range, its debits and credits, and the balance at its end.',
);

export const journalLine = z.object({ account: z.string(), name: z.string(), debitMinor: z.number().int().nonnegative(), creditMinor: z.number().int().nonnegative() });
export const journalEntry = z.object({
  id: z.number().int().positive(),
  bookDay: z.string().describe('the market day it is booked on'),
  kind: z.enum(ENTRY_KINDS),
  currency: z.enum(BOOK_CURRENCIES),
  memo: z.string(),
  orderId: z.number().int().positive().nullable(),
  orderNo: z.string().nullable(),
  paymentId: z.number().int().positive().nullable(),
  payoutId: z.number().int().positive().nullable(),
  provider: z.string().nullable().describe("whose cash moved: a collection or payout provider, or 'bank'"),
  providerRef: z.string().nullable().describe("the provider's reference, as its report gives it"),
  reversesEntryId: z.number().int().positive().nullable(),
  createdBy: z.string().nullable().describe('the finance user who booked it by hand (a reconciliation), else null'),
  createdAt: isoDateTime,
  lines: z.array(journalLine),
});
export type JournalEntry = z.infer<typeof journalEntry>;

export const journalCall = defineStaffCall(
  { method: 'GET', path: '/books/journal', access: { roles: ['finance'] } },
  { input: z.object({ ...rangeFields, ...pageFields }).refine(rangeCheck, rangeError), answer: pageOf(journalEntry) },
  'The journal entries booked from `from` to `to` (market days), oldest first, each with its lines and the order, payment or payout it belongs to.',
);

export const exportJournalCall = defineStaffCall(
  { method: 'GET', path: '/books/journal/export', access: { roles: ['finance'] } },
  {
    input: z.object({ ...rangeFields }).refine(rangeCheck, rangeError),
    answer: z.object({ fileName: z.string(), content: z.string().describe('CSV, one row per journal line (docs/books.md, "Export")') }),
  },
  "The journal of a range as CSV, one row per line, in the general-journal layout accounting packages import (docs/books.md).",
);

// ---- reconciliation --------------------------------------------------------------------------------

/**
 * A provider's daily report in the books' format (docs/books.md, "Report format"): CSV, this header,
 * one line per transaction of the day, amounts and fees in minor units. The sandboxes produce it; a
 * real provider's report is converted to it, or fetched through its adapter.
 */
export const PROVIDER_REPORT_COLUMNS = ['provider', 'report_day', 'reference', 'type', 'currency', 'amount_minor', 'fee_minor'] as const;
/** A line's type: money a borrower paid in, a payout made, a payout the bank returned. */
export const PROVIDER_REPORT_LINE_TYPES = ['collection', 'payout', 'payout_return'] as const;

export const ITEM_STATES = ['matched', 'not_booked', 'not_in_report', 'amount_differs', 'fee_differs'] as const;
export type ItemState = (typeof ITEM_STATES)[number];
export const ITEM_STATE_TITLES: Record<ItemState, string> = {
  matched: 'Matched',
  not_booked: 'In the report, not booked',
  not_in_report: 'Booked, not in the report',
  amount_differs: 'Amount differs',
  fee_differs: 'Fee differs',
};
export const LINE_TYPE_TITLES: Record<(typeof PROVIDER_REPORT_LINE_TYPES)[number], string> = {
  collection: 'Collection',
  payout: 'Payout',
  payout_return: 'Payout returned',
};
/** An item's name on screen: its reference, and for a payout's return (which shares the payout's reference) that it is the return. */
export const itemName = (item: { reference: string; type: (typeof PROVIDER_REPORT_LINE_TYPES)[number] }) => (item.type === 'payout_return' ? `${item.reference} (returned)` : item.reference);
export const RESOLUTIONS = ['booked', 'provider_error', 'note'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];
export const RESOLUTION_TITLES: Record<Resolution, string> = { booked: 'Booked the difference', provider_error: "The provider's error", note: 'Note' };

export const reconciliationItem = z.object({
  id: z.number().int().positive(),
  lineNo: z.number().int().positive().nullable().describe('the line of the report (null: booked, not in the report)'),
  reference: z.string(),
  type: z.enum(PROVIDER_REPORT_LINE_TYPES).describe("the line's type (a payout and its return share the payout's reference)"),
  state: z.enum(ITEM_STATES),
  currency: z.enum(BOOK_CURRENCIES),
  reportAmountMinor: z.number().int().nullable(),
  reportFeeMinor: z.number().int().nullable(),
  bookedAmountMinor: z.number().int().nullable(),
  bookedFeeMinor: z.number().int().nullable(),
  orderId: z.number().int().positive().nullable(),
  orderNo: z.string().nullable(),
  paymentId: z.number().int().positive().nullable(),
  payoutId: z.number().int().positive().nullable(),
  entryId: z.number().int().positive().nullable(),
  resolution: z.enum(RESOLUTIONS).nullable(),
  resolutionNote: z.string().nullable(),
  resolutionEntryId: z.number().int().positive().nullable(),
  resolvedBy: z.string().nullable(),
  resolvedAt: isoDateTime.nullable(),
});
export type ReconciliationItem = z.infer<typeof reconciliationItem>;

export const providerReport = z.object({
  id: z.number().int().positive(),
  provider: z.string(),
  reportDay: z.string(),
  fileName: z.string(),
  lineCount: z.number().int().nonnegative(),
  matched: z.number().int().nonnegative(),
  open: z.number().int().nonnegative().describe('items neither matched nor resolved'),
  closed: z.boolean().describe("the provider's day is closed"),
  importedBy: z.string(),
  importedAt: isoDateTime,
});
export type ProviderReport = z.infer<typeof providerReport>;

export const bookProvider = z.object({
  provider: z.string(),
  flow: z.enum(['collections', 'payouts']),
  currency: z.enum(BOOK_CURRENCIES),
  fetchable: z.boolean().describe('its report can be fetched through its adapter (else it is uploaded)'),
  lastClosedDay: z.string().nullable(),
  openItems: z.number().int().nonnegative(),
});
export type BookProvider = z.infer<typeof bookProvider>;

export const reconciliationCall = defineStaffCall(
  { method: 'GET', path: '/books/reconciliation', access: { roles: ['finance'] } },
  { input: z.object({}), answer: z.object({ providers: z.array(bookProvider), reports: z.array(providerReport).describe('the latest reports, newest first') }) },
  'Each provider with its last closed day and open items, and the latest reports imported.',
);

const providerName = z.string({ error: 'provider is required' }).min(1, { error: 'provider is required' }).max(40);

export const importReportCall = defineStaffCall(
  { method: 'POST', path: '/books/reports', access: { roles: ['finance'] }, audit: 'books.report.import' },
  {
    input: z.object({
      provider: providerName,
      fileName: z.string({ error: 'fileName is required' }).min(1, { error: 'fileName is required' }).max(200),
      content: z.string({ error: 'content must be the text of the report' }).min(1, { error: 'the report is empty' }).max(4_000_000, { error: 'the report is larger than 4 MB' }),
    }),
    answer: providerReport,
  },
  "Imports a provider's daily report (CSV, docs/books.md \"Report format\") and matches every line against the journal by the provider's reference. All or nothing: a bad line names its line number and nothing is imported.",
);

export const fetchReportCall = defineStaffCall(
  { method: 'POST', path: '/books/reports/fetch', access: { roles: ['finance'] }, audit: 'books.report.fetch' },
  { input: z.object({ provider: providerName, day: bookDay('day') }), answer: providerReport },
  "Fetches a provider's report of a day through its adapter, where the provider offers one, and imports it as an upload would.",
);

export const getReportCall = defineStaffCall(
  { method: 'GET', path: '/books/reports/:id', access: { roles: ['finance'] } },
  { input: z.object({ id: staffId('id') }), answer: z.object({ report: providerReport, items: z.array(reconciliationItem) }) },
  'A report with every item: its lines matched or not, and what was booked that day but not in it.',
);

export const resolveItemCall = defineStaffCall(
  { method: 'POST', path: '/books/items/:id/resolve', access: { roles: ['finance'] }, audit: 'books.item.resolve' },
  {
    input: z.object({
      id: staffId('id'),
      action: z.enum(RESOLUTIONS, { error: `action must be one of ${RESOLUTIONS.join(', ')}` }),
      note: z.string({ error: 'note must be text' }).trim().min(3, { error: 'note must say why, in at least 3 characters' }).max(500, { error: 'note must be at most 500 characters' }),
    }),
    answer: z.object({ report: providerReport, item: reconciliationItem }),
  },
  "Resolves an item: book the difference (an entry to suspense that makes the books agree with the report), mark it as the provider's error, or write a note. Each says why.",
);

export const closeDayCall = defineStaffCall(
  { method: 'POST', path: '/books/close', access: { roles: ['finance'] }, audit: 'books.day.close' },
  { input: z.object({ provider: providerName, day: bookDay('day') }), answer: z.object({ provider: z.string(), day: z.string(), closedAt: isoDateTime }) },
  "Closes a provider's day: refused while its report is missing or any item is open. A closed day gets no new entries for that provider.",
);
