/** The books room's SQL: journal_entries, journal_lines, closed_book_days, provider_reports, reconciliation_items (migration 036). */
import type { Queryable } from '../../platform/db/client.ts';

export type Currency = 'PHP' | 'INR';
export type EntryKind = 'opening' | 'disbursement' | 'payout_reversal' | 'payment' | 'credit_refund' | 'reconciliation' | 'reversal';

export interface LineRow {
  account: string;
  debitMinor: number;
  creditMinor: number;
}
export interface EntryRow {
  id: number;
  bookDay: string;
  kind: EntryKind;
  currency: Currency;
  orderId: number | null;
  paymentId: number | null;
  payoutId: number | null;
  provider: string | null;
  providerRef: string | null;
  reversesEntryId: number | null;
  memo: string;
  createdByStaffId: number | null;
  createdAt: Date;
}
export type NewEntryRow = Omit<EntryRow, 'id'>;

interface EntryDb {
  id: string;
  book_day: string;
  kind: EntryKind;
  currency: Currency;
  order_id: string | null;
  payment_id: string | null;
  payout_id: string | null;
  provider: string | null;
  provider_ref: string | null;
  reverses_entry_id: string | null;
  memo: string;
  created_by_staff_id: string | null;
  created_at: Date;
}
const num = (v: string | null) => (v === null ? null : Number(v));
const toEntry = (r: EntryDb): EntryRow => ({
  id: Number(r.id),
  bookDay: r.book_day,
  kind: r.kind,
  currency: r.currency,
  orderId: num(r.order_id),
  paymentId: num(r.payment_id),
  payoutId: num(r.payout_id),
  provider: r.provider,
  providerRef: r.provider_ref,
  reversesEntryId: num(r.reverses_entry_id),
  memo: r.memo,
  createdByStaffId: num(r.created_by_staff_id),
  createdAt: r.created_at,
});
const ENTRY_COLUMNS = `id, to_char(book_day, 'YYYY-MM-DD') AS book_day, kind, currency, order_id, payment_id, payout_id, provider, provider_ref,
  reverses_entry_id, memo, created_by_staff_id, created_at`;

export async function insertEntry(tx: Queryable, e: NewEntryRow, lines: readonly LineRow[]): Promise<number> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO journal_entries (book_day, kind, currency, order_id, payment_id, payout_id, provider, provider_ref, reverses_entry_id, memo, created_by_staff_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
    [e.bookDay, e.kind, e.currency, e.orderId, e.paymentId, e.payoutId, e.provider, e.providerRef, e.reversesEntryId, e.memo, e.createdByStaffId, e.createdAt],
  );
  const id = Number(rows[0]!.id);
  const values: unknown[] = [];
  const tuples = lines.map((l, i) => {
    values.push(id, l.account, l.debitMinor, l.creditMinor);
    return `($${i * 4 + 1}, $${i * 4 + 2}, $${i * 4 + 3}, $${i * 4 + 4})`;
  });
  await tx.query(`INSERT INTO journal_lines (entry_id, account, debit_minor, credit_minor) VALUES ${tuples.join(', ')}`, values);
  return id;
}

export async function findEntry(db: Queryable, id: number): Promise<EntryRow | null> {
  const { rows } = await db.query<EntryDb>(`SELECT ${ENTRY_COLUMNS} FROM journal_entries WHERE id = $1`, [id]);
  return rows[0] ? toEntry(rows[0]) : null;
}
export async function linesOf(db: Queryable, entryIds: readonly number[]): Promise<Map<number, LineRow[]>> {
  const out = new Map<number, LineRow[]>();
  if (entryIds.length === 0) return out;
  const { rows } = await db.query<{ entry_id: string; account: string; debit_minor: string; credit_minor: string }>(
    'SELECT entry_id, account, debit_minor, credit_minor FROM journal_lines WHERE entry_id = ANY($1::bigint[]) ORDER BY entry_id, id',
    [entryIds],
  );
  for (const r of rows) {
    const list = out.get(Number(r.entry_id)) ?? [];
    list.push({ account: r.account, debitMinor: Number(r.debit_minor), creditMinor: Number(r.credit_minor) });
    out.set(Number(r.entry_id), list);
  }
  return out;
}

export async function hasOpening(tx: Queryable, orderId: number): Promise<boolean> {
  const { rows } = await tx.query(`SELECT 1 FROM journal_entries WHERE order_id = $1 AND kind IN ('opening', 'disbursement')`, [orderId]);
  return rows.length > 0;
}
export async function findEntryOfPayment(tx: Queryable, paymentId: number): Promise<EntryRow | null> {
  const { rows } = await tx.query<EntryDb>(`SELECT ${ENTRY_COLUMNS} FROM journal_entries WHERE payment_id = $1 AND kind = 'payment'`, [paymentId]);
  return rows[0] ? toEntry(rows[0]) : null;
}
export async function findEntryOfPayout(tx: Queryable, payoutId: number, kind: 'disbursement' | 'payout_reversal'): Promise<EntryRow | null> {
  const { rows } = await tx.query<EntryDb>(`SELECT ${ENTRY_COLUMNS} FROM journal_entries WHERE payout_id = $1 AND kind = $2`, [payoutId, kind]);
  return rows[0] ? toEntry(rows[0]) : null;
}
/** The entry already reversing `entryId`, if any. */
export async function findReversalOf(tx: Queryable, entryId: number): Promise<EntryRow | null> {
  const { rows } = await tx.query<EntryDb>(`SELECT ${ENTRY_COLUMNS} FROM journal_entries WHERE reverses_entry_id = $1`, [entryId]);
  return rows[0] ? toEntry(rows[0]) : null;
}

/** The orders paid out (disbursed) with no opening in the books yet. */
/** Paid-out orders the books have not opened (nor found owing nothing), after `afterId`, in id order. */
export async function ordersWithoutOpening(db: Queryable, limit: number, afterId = 0): Promise<number[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT o.id FROM orders o
      WHERE o.disbursed_at IS NOT NULL AND o.id > $2
        AND NOT EXISTS (SELECT 1 FROM journal_entries e WHERE e.order_id = o.id AND e.kind IN ('opening', 'disbursement'))
        AND NOT EXISTS (SELECT 1 FROM books_nothing_to_open n WHERE n.order_id = o.id)
      ORDER BY o.id LIMIT $1`,
    [limit, afterId],
  );
  return rows.map((r) => Number(r.id));
}

/** The order owed nothing when the books came to open it: nothing booked, and the opening pass passes it by. */
export async function markNothingToOpen(tx: Queryable, orderId: number, at: Date): Promise<void> {
  await tx.query('INSERT INTO books_nothing_to_open (order_id, checked_at) VALUES ($1, $2) ON CONFLICT (order_id) DO NOTHING', [orderId, at]);
}

/** Σ debit − credit per account over entries booked from..to (inclusive), per currency. */
export async function balancesBetween(db: Queryable, range: { from: string | null; to: string }): Promise<Array<{ currency: Currency; account: string; debitMinor: number; creditMinor: number }>> {
  const { rows } = await db.query<{ currency: Currency; account: string; debit: string; credit: string }>(
    `SELECT e.currency, l.account, SUM(l.debit_minor) AS debit, SUM(l.credit_minor) AS credit
       FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
      WHERE ($1::date IS NULL OR e.book_day >= $1::date) AND e.book_day <= $2::date
      GROUP BY e.currency, l.account ORDER BY e.currency, l.account`,
    [range.from, range.to],
  );
  return rows.map((r) => ({ currency: r.currency, account: r.account, debitMinor: Number(r.debit), creditMinor: Number(r.credit) }));
}

/** The entries booked from..to, oldest first, a page at a time. */
export async function entriesBetween(db: Queryable, range: { from: string; to: string; offset: number; limit: number }): Promise<{ rows: EntryRow[]; total: number }> {
  const [page, count] = await Promise.all([
    db.query<EntryDb>(`SELECT ${ENTRY_COLUMNS} FROM journal_entries WHERE book_day BETWEEN $1::date AND $2::date ORDER BY book_day, id OFFSET $3 LIMIT $4`, [range.from, range.to, range.offset, range.limit]),
    db.query<{ n: string }>('SELECT count(*) AS n FROM journal_entries WHERE book_day BETWEEN $1::date AND $2::date', [range.from, range.to]),
  ]);
  return { rows: page.rows.map(toEntry), total: Number(count.rows[0]!.n) };
}

/** What the receivable accounts hold per order (Σ debit − credit). */
export async function receivablesByOrder(db: Queryable, accounts: readonly string[]): Promise<Map<number, number>> {
  const { rows } = await db.query<{ order_id: string; balance: string }>(
    `SELECT e.order_id, SUM(l.debit_minor - l.credit_minor) AS balance
       FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
      WHERE e.order_id IS NOT NULL AND l.account = ANY($1::text[]) GROUP BY e.order_id`,
    [accounts],
  );
  return new Map(rows.map((r) => [Number(r.order_id), Number(r.balance)]));
}

/** The entries of a provider booked on a day that moved its cash. */
export async function providerEntriesOn(db: Queryable, provider: string, day: string): Promise<EntryRow[]> {
  const { rows } = await db.query<EntryDb>(
    `SELECT ${ENTRY_COLUMNS} FROM journal_entries
      WHERE provider = $1 AND book_day = $2::date AND provider_ref IS NOT NULL AND kind IN ('payment', 'disbursement', 'payout_reversal', 'credit_refund')
      ORDER BY id`,
    [provider, day],
  );
  return rows.map(toEntry);
}

/** The entries of a provider with one of these references, any day (a report line may come a day after its booking). */
export async function providerEntriesByRef(db: Queryable, provider: string, references: readonly string[]): Promise<EntryRow[]> {
  if (references.length === 0) return [];
  const { rows } = await db.query<EntryDb>(
    `SELECT ${ENTRY_COLUMNS} FROM journal_entries WHERE provider = $1 AND provider_ref = ANY($2::text[]) AND kind IN ('payment', 'disbursement', 'payout_reversal', 'credit_refund') ORDER BY id`,
    [provider, references],
  );
  return rows.map(toEntry);
}

/** Per entry, Σ debit − credit on one account (a provider's cash, the provider fees). */
export async function amountsOn(db: Queryable, entryIds: readonly number[], account: string): Promise<Map<number, number>> {
  if (entryIds.length === 0) return new Map();
  const { rows } = await db.query<{ entry_id: string; amount: string }>(
    'SELECT entry_id, SUM(debit_minor - credit_minor) AS amount FROM journal_lines WHERE entry_id = ANY($1::bigint[]) AND account = $2 GROUP BY entry_id',
    [entryIds, account],
  );
  return new Map(rows.map((r) => [Number(r.entry_id), Number(r.amount)]));
}

// ---- reconciliation -------------------------------------------------------------------------------

export type ItemState = 'matched' | 'not_booked' | 'not_in_report' | 'amount_differs' | 'fee_differs';
export type Resolution = 'booked' | 'provider_error' | 'note';

export interface ReportRow {
  id: number;
  provider: string;
  reportDay: string;
  fileName: string;
  fileSha256: string;
  lineCount: number;
  importedByStaffId: number | null;
  importedBy: string;
  importedAt: Date;
  matched: number;
  open: number;
  closed: boolean;
}
export interface ItemRow {
  id: number;
  reportId: number;
  lineNo: number | null;
  reference: string;
  lineType: 'collection' | 'payout' | 'payout_return';
  state: ItemState;
  currency: Currency;
  reportAmountMinor: number | null;
  reportFeeMinor: number | null;
  bookedAmountMinor: number | null;
  bookedFeeMinor: number | null;
  orderId: number | null;
  paymentId: number | null;
  payoutId: number | null;
  entryId: number | null;
  resolution: Resolution | null;
  resolutionNote: string | null;
  resolutionEntryId: number | null;
  resolvedBy: string | null;
  resolvedAt: Date | null;
}
export type NewItemRow = Omit<ItemRow, 'id' | 'resolution' | 'resolutionNote' | 'resolutionEntryId' | 'resolvedBy' | 'resolvedAt'>;

const REPORT_SELECT = `SELECT r.id, r.provider, to_char(r.report_day, 'YYYY-MM-DD') AS report_day, r.file_name, r.file_sha256, r.line_count, r.imported_by_staff_id,
         r.imported_by_name, r.imported_at,
         (SELECT count(*) FROM reconciliation_items i WHERE i.report_id = r.id AND i.state = 'matched') AS matched,
         (SELECT count(*) FROM reconciliation_items i WHERE i.report_id = r.id AND i.state <> 'matched' AND i.resolution IS NULL) AS open,
         EXISTS (SELECT 1 FROM closed_book_days c WHERE c.provider = r.provider AND c.day = r.report_day) AS closed
    FROM provider_reports r`;
const toReport = (r: Record<string, unknown>): ReportRow => ({
  id: Number(r.id),
  provider: r.provider as string,
  reportDay: r.report_day as string,
  fileName: r.file_name as string,
  fileSha256: r.file_sha256 as string,
  lineCount: Number(r.line_count),
  importedByStaffId: num(r.imported_by_staff_id as string | null),
  importedBy: r.imported_by_name as string,
  importedAt: r.imported_at as Date,
  matched: Number(r.matched),
  open: Number(r.open),
  closed: r.closed === true,
});

export async function findReport(db: Queryable, where: { id: number } | { provider: string; day: string } | { sha256: string }): Promise<ReportRow | null> {
  const [clause, params] =
    'id' in where ? ['r.id = $1', [where.id]] : 'sha256' in where ? ['r.file_sha256 = $1', [where.sha256]] : ['r.provider = $1 AND r.report_day = $2::date', [where.provider, where.day]];
  const { rows } = await db.query<Record<string, unknown>>(`${REPORT_SELECT} WHERE ${clause}`, params);
  return rows[0] ? toReport(rows[0]) : null;
}
export async function latestReports(db: Queryable, limit: number): Promise<ReportRow[]> {
  const { rows } = await db.query<Record<string, unknown>>(`${REPORT_SELECT} ORDER BY r.report_day DESC, r.id DESC LIMIT $1`, [limit]);
  return rows.map(toReport);
}
export async function insertReport(
  tx: Queryable,
  r: { provider: string; reportDay: string; fileName: string; fileSha256: string; lineCount: number; staffId: number | null; staffName: string; at: Date },
): Promise<number> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO provider_reports (provider, report_day, file_name, file_sha256, line_count, imported_by_staff_id, imported_by_name, imported_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [r.provider, r.reportDay, r.fileName, r.fileSha256, r.lineCount, r.staffId, r.staffName, r.at],
  );
  return Number(rows[0]!.id);
}

const ITEM_COLUMNS = [
  'report_id',
  'line_no',
  'reference',
  'line_type',
  'state',
  'currency',
  'report_amount_minor',
  'report_fee_minor',
  'booked_amount_minor',
  'booked_fee_minor',
  'order_id',
  'payment_id',
  'payout_id',
  'entry_id',
] as const;
export async function insertItems(tx: Queryable, items: readonly NewItemRow[]): Promise<void> {
  for (let start = 0; start < items.length; start += 500) {
    const chunk = items.slice(start, start + 500);
    const values: unknown[] = [];
    const tuples = chunk.map((i) => {
      const row = [i.reportId, i.lineNo, i.reference, i.lineType, i.state, i.currency, i.reportAmountMinor, i.reportFeeMinor, i.bookedAmountMinor, i.bookedFeeMinor, i.orderId, i.paymentId, i.payoutId, i.entryId];
      const base = values.length;
      values.push(...row);
      return `(${row.map((_, k) => `$${base + k + 1}`).join(', ')})`;
    });
    await tx.query(`INSERT INTO reconciliation_items (${ITEM_COLUMNS.join(', ')}) VALUES ${tuples.join(', ')}`, values);
  }
}

const toItem = (r: Record<string, unknown>): ItemRow => ({
  id: Number(r.id),
  reportId: Number(r.report_id),
  lineNo: num(r.line_no as string | null),
  reference: r.reference as string,
  lineType: r.line_type as ItemRow['lineType'],
  state: r.state as ItemState,
  currency: r.currency as Currency,
  reportAmountMinor: num(r.report_amount_minor as string | null),
  reportFeeMinor: num(r.report_fee_minor as string | null),
  bookedAmountMinor: num(r.booked_amount_minor as string | null),
  bookedFeeMinor: num(r.booked_fee_minor as string | null),
  orderId: num(r.order_id as string | null),
  paymentId: num(r.payment_id as string | null),
  payoutId: num(r.payout_id as string | null),
  entryId: num(r.entry_id as string | null),
  resolution: (r.resolution as Resolution | null) ?? null,
  resolutionNote: (r.resolution_note as string | null) ?? null,
  resolutionEntryId: num(r.resolution_entry_id as string | null),
  resolvedBy: (r.resolved_by_name as string | null) ?? null,
  resolvedAt: (r.resolved_at as Date | null) ?? null,
});

/** A report's items: unresolved differences first, then by line. */
export async function itemsOf(db: Queryable, reportId: number): Promise<ItemRow[]> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT * FROM reconciliation_items WHERE report_id = $1
      ORDER BY (state <> 'matched' AND resolution IS NULL) DESC, line_no NULLS LAST, id`,
    [reportId],
  );
  return rows.map(toItem);
}
export async function findItem(tx: Queryable, id: number, opts: { forUpdate?: boolean } = {}): Promise<ItemRow | null> {
  const { rows } = await tx.query<Record<string, unknown>>(`SELECT * FROM reconciliation_items WHERE id = $1${opts.forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] ? toItem(rows[0]) : null;
}
export async function resolveItemRow(tx: Queryable, id: number, r: { resolution: Resolution; note: string; entryId: number | null; staffId: number | null; staffName: string; at: Date }): Promise<void> {
  await tx.query(
    `UPDATE reconciliation_items SET resolution = $2, resolution_note = $3, resolution_entry_id = $4, resolved_by_staff_id = $5, resolved_by_name = $6, resolved_at = $7 WHERE id = $1`,
    [id, r.resolution, r.note, r.entryId, r.staffId, r.staffName, r.at],
  );
}
/** The entries already matched by some report (a reference reported twice is not matched twice). */
export async function matchedEntries(tx: Queryable, entryIds: readonly number[]): Promise<Set<number>> {
  if (entryIds.length === 0) return new Set();
  const { rows } = await tx.query<{ entry_id: string }>(`SELECT entry_id FROM reconciliation_items WHERE state <> 'not_in_report' AND entry_id = ANY($1::bigint[])`, [entryIds]);
  return new Set(rows.map((r) => Number(r.entry_id)));
}
/** Open "booked, not in the report" items of these entries (a later report listed them after all). */
export async function openNotInReportItems(tx: Queryable, entryIds: readonly number[]): Promise<ItemRow[]> {
  if (entryIds.length === 0) return [];
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT * FROM reconciliation_items WHERE state = 'not_in_report' AND resolution IS NULL AND entry_id = ANY($1::bigint[]) FOR UPDATE`,
    [entryIds],
  );
  return rows.map(toItem);
}

export async function closeDayRow(tx: Queryable, c: { provider: string; day: string; staffId: number; staffName: string; at: Date }): Promise<boolean> {
  const { rows } = await tx.query(
    `INSERT INTO closed_book_days (provider, day, closed_by_staff_id, closed_by_name, closed_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING provider`,
    [c.provider, c.day, c.staffId, c.staffName, c.at],
  );
  return rows.length > 0;
}
export async function isDayClosed(db: Queryable, provider: string, day: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM closed_book_days WHERE provider = $1 AND day = $2::date', [provider, day]);
  return rows.length > 0;
}
/** Per provider: its last closed day and its open items. */
export async function providerStanding(db: Queryable): Promise<Map<string, { lastClosedDay: string | null; openItems: number }>> {
  const [closed, open] = await Promise.all([
    db.query<{ provider: string; day: string }>(`SELECT provider, to_char(max(day), 'YYYY-MM-DD') AS day FROM closed_book_days GROUP BY provider`),
    db.query<{ provider: string; n: string }>(
      `SELECT r.provider, count(*) AS n FROM reconciliation_items i JOIN provider_reports r ON r.id = i.report_id
        WHERE i.state <> 'matched' AND i.resolution IS NULL GROUP BY r.provider`,
    ),
  ]);
  const out = new Map<string, { lastClosedDay: string | null; openItems: number }>();
  for (const c of closed.rows) out.set(c.provider, { lastClosedDay: c.day, openItems: 0 });
  for (const o of open.rows) out.set(o.provider, { lastClosedDay: out.get(o.provider)?.lastClosedDay ?? null, openItems: Number(o.n) });
  return out;
}
