/**
 * The books for finance (docs/books.md): the providers this server reconciles, and the books room's
 * reads in the staff API's shapes, each line with its order's number and who booked it by hand.
 */
import type { BookProvider, JournalEntry, ProviderReport, ReconciliationItem } from '@cashloan/contract';
import type { Queryable } from '../../platform/db/client.ts';
import { orderNumbersOf } from '../../domain/orders/service.ts';
import { payoutBookProvider } from '../../domain/books/accounts.ts';
import { providerStanding, type ItemRow, type ReconciledProvider, type ReportRow } from '../../domain/books/reconciliation.ts';
import type { JournalEntryWithLines } from '../../domain/books/reports.ts';
import { findStaffById } from '../accounts/service.ts';
import type { StaffDeps } from '../http/mount.ts';

export interface ProviderOfBooks extends ReconciledProvider {
  /** Its daily report through its adapter, when the provider offers one. */
  fetch: ((day: string) => Promise<string>) | null;
}

/** The collection provider (pesos) and each payout provider, by their names in the books. */
export function providersOfBooks(deps: Pick<StaffDeps, 'payments' | 'payouts'>): ProviderOfBooks[] {
  const collections: ProviderOfBooks = {
    provider: deps.payments.name,
    flow: 'collections',
    currency: 'PHP',
    fetch: deps.payments.dailyReport ? (day) => deps.payments.dailyReport!(day) : null,
  };
  const payouts = deps.payouts.all().map(
    (p): ProviderOfBooks => ({ provider: payoutBookProvider(p.name), flow: 'payouts', currency: p.currency, fetch: p.dailyReport ? (day) => p.dailyReport!(day) : null }),
  );
  return [collections, ...payouts];
}

/** A provider of this server by its books name; a clear refusal naming the ones it has otherwise. */
export function providerNamed(deps: Pick<StaffDeps, 'payments' | 'payouts'>, name: string): ProviderOfBooks | null {
  return providersOfBooks(deps).find((p) => p.provider === name) ?? null;
}

export async function providersView(deps: Pick<StaffDeps, 'db' | 'payments' | 'payouts'>): Promise<BookProvider[]> {
  const standing = await providerStanding(deps.db);
  return providersOfBooks(deps).map((p) => ({
    provider: p.provider,
    flow: p.flow,
    currency: p.currency,
    fetchable: p.fetch !== null,
    lastClosedDay: standing.get(p.provider)?.lastClosedDay ?? null,
    openItems: standing.get(p.provider)?.openItems ?? 0,
  }));
}

export const reportView = (r: ReportRow): ProviderReport => ({
  id: r.id,
  provider: r.provider,
  reportDay: r.reportDay,
  fileName: r.fileName,
  lineCount: r.lineCount,
  matched: r.matched,
  open: r.open,
  closed: r.closed,
  importedBy: r.importedBy,
  importedAt: r.importedAt.toISOString(),
});

export async function itemViews(db: Queryable, items: readonly ItemRow[]): Promise<ReconciliationItem[]> {
  const numbers = await orderNumbersOf(db, [...new Set(items.flatMap((i) => (i.orderId === null ? [] : [i.orderId])))]);
  return items.map((i) => ({
    id: i.id,
    lineNo: i.lineNo,
    reference: i.reference,
    type: i.lineType,
    state: i.state,
    currency: i.currency,
    reportAmountMinor: i.reportAmountMinor,
    reportFeeMinor: i.reportFeeMinor,
    bookedAmountMinor: i.bookedAmountMinor,
    bookedFeeMinor: i.bookedFeeMinor,
    orderId: i.orderId,
    orderNo: i.orderId === null ? null : (numbers.get(i.orderId) ?? null),
    paymentId: i.paymentId,
    payoutId: i.payoutId,
    entryId: i.entryId,
    resolution: i.resolution,
    resolutionNote: i.resolutionNote,
    resolutionEntryId: i.resolutionEntryId,
    resolvedBy: i.resolvedBy,
    resolvedAt: i.resolvedAt?.toISOString() ?? null,
  }));
}

export async function journalViews(db: Queryable, entries: readonly JournalEntryWithLines[]): Promise<JournalEntry[]> {
  const numbers = await orderNumbersOf(db, [...new Set(entries.flatMap((e) => (e.orderId === null ? [] : [e.orderId])))]);
  const staffIds = [...new Set(entries.flatMap((e) => (e.createdByStaffId === null ? [] : [e.createdByStaffId])))];
  const names = new Map<number, string>();
  for (const id of staffIds) names.set(id, (await findStaffById(db, id))?.name ?? `staff ${id}`);
  return entries.map((e) => ({
    id: e.id,
    bookDay: e.bookDay,
    kind: e.kind,
    currency: e.currency,
    memo: e.memo,
    orderId: e.orderId,
    orderNo: e.orderId === null ? null : (numbers.get(e.orderId) ?? null),
    paymentId: e.paymentId,
    payoutId: e.payoutId,
    provider: e.provider,
    providerRef: e.providerRef,
    reversesEntryId: e.reversesEntryId,
    createdBy: e.createdByStaffId === null ? null : (names.get(e.createdByStaffId) ?? null),
    createdAt: e.createdAt.toISOString(),
    lines: e.lines.map((l) => ({ account: l.account, name: l.name, debitMinor: l.debitMinor, creditMinor: l.creditMinor })),
  }));
}
