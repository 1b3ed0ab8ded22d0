/**
 * What finance reads from the journal: the trial balance of a range, the entries of a range a page
 * at a time, and their CSV export in the general-journal layout accounting packages import
 * (docs/books.md, "Export").
 */
import type { Queryable } from '../../platform/db/client.ts';
import { accountOf, RECEIVABLE_CODES } from './accounts.ts';
import { balancesBetween, entriesBetween, linesOf, receivablesByOrder, type Currency, type EntryRow, type LineRow } from './store.ts';

export interface TrialBalanceLine {
  code: string;
  name: string;
  kind: 'asset' | 'liability' | 'equity' | 'income' | 'expense';
  openingMinor: number;
  debitMinor: number;
  creditMinor: number;
  closingMinor: number;
}

const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

export async function trialBalance(db: Queryable, range: { from: string; to: string; currency: Currency }): Promise<{ rows: TrialBalanceLine[]; totals: Omit<TrialBalanceLine, 'code' | 'name' | 'kind'> }> {
  const [before, during] = await Promise.all([balancesBetween(db, { from: null, to: dayBefore(range.from) }), balancesBetween(db, { from: range.from, to: range.to })]);
  const rows = new Map<string, TrialBalanceLine>();
  const row = (code: string) => {
    let r = rows.get(code);
    if (!r) {
      const account = accountOf(code) ?? { code, name: code, kind: 'asset' as const };
      r = { code, name: account.name, kind: account.kind, openingMinor: 0, debitMinor: 0, creditMinor: 0, closingMinor: 0 };
      rows.set(code, r);
    }
    return r;
  };
  for (const b of before) if (b.currency === range.currency) row(b.account).openingMinor += b.debitMinor - b.creditMinor;
  for (const d of during) {
    if (d.currency !== range.currency) continue;
    const r = row(d.account);
    r.debitMinor += d.debitMinor;
    r.creditMinor += d.creditMinor;
  }
  const list = [...rows.values()].map((r) => ({ ...r, closingMinor: r.openingMinor + r.debitMinor - r.creditMinor })).sort((a, b) => a.code.localeCompare(b.code));
  const totals = list.reduce(
    (t, r) => ({ openingMinor: t.openingMinor + r.openingMinor, debitMinor: t.debitMinor + r.debitMinor, creditMinor: t.creditMinor + r.creditMinor, closingMinor: t.closingMinor + r.closingMinor }),
    { openingMinor: 0, debitMinor: 0, creditMinor: 0, closingMinor: 0 },
  );
  return { rows: list, totals };
}

export interface JournalEntryWithLines extends EntryRow {
  lines: Array<LineRow & { name: string }>;
}

export async function journalPage(db: Queryable, range: { from: string; to: string; offset: number; limit: number }): Promise<{ rows: JournalEntryWithLines[]; total: number }> {
  const { rows, total } = await entriesBetween(db, range);
  const lines = await linesOf(
    db,
    rows.map((r) => r.id),
  );
  return { rows: rows.map((r) => ({ ...r, lines: (lines.get(r.id) ?? []).map((l) => ({ ...l, name: accountOf(l.account)?.name ?? l.account })) })), total };
}

/** Every entry of a range with its lines, for the export (in pages of 1,000, so a long range is not one query). */
export async function* journalBetween(db: Queryable, range: { from: string; to: string }): AsyncGenerator<JournalEntryWithLines> {
  for (let offset = 0; ; offset += 1000) {
    const page = await journalPage(db, { ...range, offset, limit: 1000 });
    yield* page.rows;
    if (offset + page.rows.length >= page.total || page.rows.length === 0) return;
  }
}

/** The CSV's columns (docs/books.md, "Export"): the general-journal import layout, plus where each line came from. */
export const JOURNAL_CSV_COLUMNS = ['JournalNo', 'JournalDate', 'Currency', 'AccountCode', 'AccountName', 'Debits', 'Credits', 'Description', 'Order', 'Payment', 'Payout', 'Provider', 'ProviderReference'] as const;

const csvCell = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};
/** Minor units as a decimal amount with two places (accounting packages take major units). */
const decimal = (minor: number) => (minor === 0 ? '' : `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`);

export async function journalCsv(db: Queryable, range: { from: string; to: string }, orderNos: (ids: number[]) => Promise<Map<number, string>>): Promise<string> {
  const out = [JOURNAL_CSV_COLUMNS.join(',')];
  const entries: JournalEntryWithLines[] = [];
  for await (const e of journalBetween(db, range)) entries.push(e);
  const numbers = await orderNos([...new Set(entries.flatMap((e) => (e.orderId === null ? [] : [e.orderId])))]);
  for (const e of entries) {
    for (const l of e.lines) {
      out.push(
        [
          e.id,
          e.bookDay,
          e.currency,
          l.account,
          l.name,
          decimal(l.debitMinor),
          decimal(l.creditMinor),
          e.memo,
          e.orderId === null ? null : (numbers.get(e.orderId) ?? String(e.orderId)),
          e.paymentId,
          e.payoutId,
          e.provider,
          e.providerRef,
        ]
          .map(csvCell)
          .join(','),
      );
    }
  }
  return `${out.join('\r\n')}\r\n`;
}

/** What the receivable accounts hold for each order (the property test and finance's checks compare it with each order's own ledger). */
export const receivablesPerOrder = (db: Queryable) => receivablesByOrder(db, RECEIVABLE_CODES);
