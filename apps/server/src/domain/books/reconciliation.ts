/**
 * A provider's daily report matched against the journal (docs/books.md, "Reconciliation"): every line
 * by the provider's reference — matched, in the report but not booked, amount differs, fee differs —
 * and every entry of that provider and day the report did not list. What is not matched is an item
 * for finance, who books the difference, marks it as the provider's error, or writes a note. A day is
 * closed when its report is in and nothing is open; a closed day gets no new entries.
 */
import { createHash } from 'node:crypto';
import { PROVIDER_REPORT_COLUMNS } from '@cashloan/contract';
import { ApiError, notFound, refused } from '../../platform/http/api-error.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { ACCOUNTS, cashAccount } from './accounts.ts';
import { bookDayOf, bookEntry } from './journal.ts';
import {
  amountsOn,
  closeDayRow,
  findItem,
  findReport,
  insertItems,
  insertReport,
  isDayClosed,
  matchedEntries,
  openNotInReportItems,
  providerEntriesByRef,
  providerEntriesOn,
  resolveItemRow,
  type Currency,
  type EntryRow,
  type ItemRow,
  type NewItemRow,
  type ReportRow,
  type Resolution,
} from './store.ts';

export type { ItemRow, ItemState, ReportRow, Resolution } from './store.ts';

/** The columns of a report, in this order, under this header (docs/books.md, "Report format"). */
const REPORT_COLUMNS = PROVIDER_REPORT_COLUMNS;
/** What a line is: money a borrower paid in, a payout made, or a payout the bank returned. */
export const LINE_TYPES = { collections: ['collection'], payouts: ['payout', 'payout_return'] } as const;
export type LineType = 'collection' | 'payout' | 'payout_return';

export interface ReportLine {
  lineNo: number;
  reference: string;
  type: LineType;
  currency: Currency;
  amountMinor: number;
  feeMinor: number;
}

/** A provider the books reconcile: its name, whether money comes in or goes out there, its currency. */
export interface ReconciledProvider {
  provider: string;
  flow: 'collections' | 'payouts';
  currency: Currency;
}

/** A report refused: the message names the line (or the file) and what was wrong. Nothing was imported. */
const badReport = (message: string) => new ApiError(400, message, 400);

/** Splits one CSV record (RFC 4180 quoting). */
function cells(line: string): string[] {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(cell);
      cell = '';
    } else cell += c;
  }
  out.push(cell);
  return out.map((v) => v.trim());
}

const wholeMinor = (text: string) => (/^-?\d+$/.test(text) ? Number(text) : Number.NaN);

/**
 * Reads a report's text: every line checked, the first fault refused with its line number. `day` is
 * the day asked of the provider's API (a fetched report): its lines must be of that day, and a report
 * with no lines is that day's, on which the provider moved nothing.
 */
export function parseReport(content: string, provider: ReconciledProvider, day?: string): { reportDay: string; lines: ReportLine[] } {
  const records = content.replace(/^\uFEFF/, '').split(/\r?\n/);
  while (records.length > 0 && records[records.length - 1]!.trim() === '') records.pop();
  const header = cells(records[0] ?? '').map((h) => h.toLowerCase());
  if (header.join(',') !== REPORT_COLUMNS.join(',')) {
    throw badReport(`Line 1: this is not a report in the books' format: the header must be "${REPORT_COLUMNS.join(',')}" (docs/books.md, "Report format"). Nothing was imported.`);
  }
  const types: readonly string[] = LINE_TYPES[provider.flow];
  const seen = new Map<string, number>();
  let reportDay: string | null = day ?? null;
  const lines: ReportLine[] = [];
  for (let i = 1; i < records.length; i++) {
    const lineNo = i + 1;
    const fail = (what: string) => badReport(`Line ${lineNo}: ${what}. Nothing was imported.`);
    if (records[i]!.trim() === '') throw fail('the line is empty');
    const row = cells(records[i]!);
    if (row.length !== REPORT_COLUMNS.length) throw fail(`it has ${row.length} columns, the format has ${REPORT_COLUMNS.length}`);
    const [p, lineDay, reference, type, currency, amount, fee] = row as [string, string, string, string, string, string, string];
    if (p !== provider.provider) throw fail(`provider is "${p}", but this is ${provider.provider}'s report`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(lineDay) || Number.isNaN(Date.parse(`${lineDay}T00:00:00Z`))) throw fail(`report_day "${lineDay}" is not a date (YYYY-MM-DD)`);
    if (reportDay !== null && lineDay !== reportDay) throw fail(`report_day is ${lineDay}, but the report is for ${reportDay}: one report covers one day`);
    reportDay = lineDay;
    if (reference === '' || reference.length > 100) throw fail('reference is empty or longer than 100 characters');
    if (!types.includes(type)) throw fail(`type "${type}" is not one of ${types.join(', ')} (a ${provider.flow} provider's report)`);
    // One line per reference and type: a payout and its return share the payout's reference.
    const twice = seen.get(`${type}|${reference}`);
    if (twice !== undefined) throw fail(`reference ${reference} (${type}) is on line ${twice} too`);
    seen.set(`${type}|${reference}`, lineNo);
    if (currency !== provider.currency) throw fail(`currency "${currency}" is not ${provider.currency}, ${provider.provider}'s currency`);
    const amountMinor = wholeMinor(amount);
    if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) throw fail(`amount_minor "${amount}" must be a whole number of minor units above 0`);
    const feeMinor = wholeMinor(fee);
    if (!Number.isSafeInteger(feeMinor) || feeMinor < 0) throw fail(`fee_minor "${fee}" must be a whole number of minor units, 0 or more`);
    lines.push({ lineNo, reference, type: type as LineType, currency: currency as Currency, amountMinor, feeMinor });
  }
  if (reportDay === null) throw badReport("The report has a header and no lines, so it names no day (a fetched report of a quiet day needs none). Nothing was imported.");
  return { reportDay, lines };
}

/** The kind of entry a line's type is booked as. */
const ENTRY_OF_TYPE: Record<LineType, EntryRow['kind']> = { collection: 'payment', payout: 'disbursement', payout_return: 'payout_reversal' };

/** What an entry booked, as a report states it: the gross amount and the provider's fee. */
function bookedOf(entry: EntryRow, cashMinor: number, feeMinor: number): { amountMinor: number; feeMinor: number } {
  // A payment: cash in, less the fee. A payout: cash out, and the fee. A return: cash back.
  if (entry.kind === 'disbursement') return { amountMinor: -cashMinor - feeMinor, feeMinor };
  if (entry.kind === 'payout_reversal') return { amountMinor: cashMinor, feeMinor };
  return { amountMinor: cashMinor + feeMinor, feeMinor };
}

export interface ImportInput {
  provider: ReconciledProvider;
  /** The day asked of the provider's API, for a fetched report; an uploaded one names its day in its lines. */
  day?: string;
  fileName: string;
  content: string;
  staff: { id: number | null; name: string };
  now: Date;
}

/** Imports a report and matches it, all in the caller's transaction (one per file): a refusal leaves nothing behind. */
export async function importReport(tx: Queryable, input: ImportInput): Promise<ReportRow> {
  const { provider } = input;
  const { reportDay, lines } = parseReport(input.content, provider, input.day);
  const today = bookDayOf(input.now, provider.currency);
  if (reportDay >= today) throw refused(`The report is for ${reportDay}, which has not ended yet (today is ${today} for ${provider.provider}). Nothing was imported.`);
  if (await isDayClosed(tx, provider.provider, reportDay)) throw refused(`${provider.provider}'s books for ${reportDay} are closed: its report cannot be imported again. Nothing was imported.`);
  const sha256 = createHash('sha256').update(input.content, 'utf8').digest('hex');
  const earlier = (await findReport(tx, { provider: provider.provider, day: reportDay })) ?? (await findReport(tx, { sha256 }));
  if (earlier) {
    throw refused(`${earlier.provider}'s report for ${earlier.reportDay} was already imported (${earlier.fileName}, by ${earlier.importedBy} at ${earlier.importedAt.toISOString()}). Nothing was imported.`);
  }
  const reportId = await insertReport(tx, { provider: provider.provider, reportDay, fileName: input.fileName, fileSha256: sha256, lineCount: lines.length, staffId: input.staff.id, staffName: input.staff.name, at: input.now });

  const cash = cashAccount(provider.provider).code;
  const byRef = new Map<string, EntryRow[]>();
  for (const e of await providerEntriesByRef(tx, provider.provider, lines.map((l) => l.reference))) byRef.set(e.providerRef!, [...(byRef.get(e.providerRef!) ?? []), e]);
  const sameDay = await providerEntriesOn(tx, provider.provider, reportDay);
  const candidates = [...new Set([...[...byRef.values()].flat(), ...sameDay].map((e) => e.id))];
  const [cashOf, feeOf, alreadyMatched] = await Promise.all([amountsOn(tx, candidates, cash), amountsOn(tx, candidates, ACCOUNTS.providerFees.code), matchedEntries(tx, candidates)]);

  const items: NewItemRow[] = [];
  const matchedNow = new Set<number>();
  for (const line of lines) {
    const entry = (byRef.get(line.reference) ?? []).find((e) => e.kind === ENTRY_OF_TYPE[line.type] && !alreadyMatched.has(e.id) && !matchedNow.has(e.id));
    const base = { reportId, lineNo: line.lineNo, reference: line.reference, lineType: line.type, currency: line.currency, reportAmountMinor: line.amountMinor, reportFeeMinor: line.feeMinor };
    if (!entry) {
      items.push({ ...base, state: 'not_booked', bookedAmountMinor: null, bookedFeeMinor: null, orderId: null, paymentId: null, payoutId: null, entryId: null });
      continue;
    }
    matchedNow.add(entry.id);
    const booked = bookedOf(entry, cashOf.get(entry.id) ?? 0, feeOf.get(entry.id) ?? 0);
    const state = booked.amountMinor !== line.amountMinor || entry.currency !== line.currency ? 'amount_differs' : booked.feeMinor !== line.feeMinor ? 'fee_differs' : 'matched';
    items.push({ ...base, state, bookedAmountMinor: booked.amountMinor, bookedFeeMinor: booked.feeMinor, orderId: entry.orderId, paymentId: entry.paymentId, payoutId: entry.payoutId, entryId: entry.id });
  }
  for (const entry of sameDay) {
    if (matchedNow.has(entry.id) || alreadyMatched.has(entry.id)) continue;
    const booked = bookedOf(entry, cashOf.get(entry.id) ?? 0, feeOf.get(entry.id) ?? 0);
    items.push({
      reportId,
      lineNo: null,
      reference: entry.providerRef!,
      lineType: entry.kind === 'disbursement' ? 'payout' : entry.kind === 'payout_reversal' ? 'payout_return' : 'collection',
      state: 'not_in_report',
      currency: entry.currency,
      reportAmountMinor: null,
      reportFeeMinor: null,
      bookedAmountMinor: booked.amountMinor,
      bookedFeeMinor: booked.feeMinor,
      orderId: entry.orderId,
      paymentId: entry.paymentId,
      payoutId: entry.payoutId,
      entryId: entry.id,
    });
  }
  await insertItems(tx, items);
  // An entry an earlier report missed, listed by this one after all (a payment late in the day): that item is settled.
  for (const earlierItem of await openNotInReportItems(tx, [...matchedNow])) {
    await resolveItemRow(tx, earlierItem.id, { resolution: 'note', note: `Listed by ${provider.provider}'s report for ${reportDay} (report ${reportId}).`, entryId: null, staffId: null, staffName: 'reconciliation', at: input.now });
  }
  return (await findReport(tx, { id: reportId }))!;
}

/** The cash the report says moved for an item, and the cash the books say moved (0 for the side that has nothing). */
function cashEffects(item: ItemRow): { reportCash: number; bookedCash: number; reportFee: number; bookedFee: number } {
  const reportFee = item.reportFeeMinor ?? 0;
  const bookedFee = item.bookedFeeMinor ?? 0;
  const sign = item.lineType === 'payout' ? -1 : 1;
  const cashOf = (amount: number | null, fee: number) => (amount === null ? 0 : sign * amount - fee);
  return { reportCash: cashOf(item.reportAmountMinor, reportFee), bookedCash: cashOf(item.bookedAmountMinor, bookedFee), reportFee: item.reportAmountMinor === null ? 0 : reportFee, bookedFee: item.bookedAmountMinor === null ? 0 : bookedFee };
}

export interface ResolveInput {
  itemId: number;
  action: Resolution;
  note: string;
  staff: { id: number; name: string };
  now: Date;
}

/**
 * Resolves an open item, in the caller's transaction (the staff area audits it there). 'booked' writes
 * the difference as an entry of today: the provider's cash and fee as its report says, against
 * reconciliation suspense for finance to trace; the two others record the note only.
 */
export async function resolveItem(tx: Queryable, input: ResolveInput): Promise<{ item: ItemRow; report: ReportRow; before: ItemRow }> {
  const item = await findItem(tx, input.itemId, { forUpdate: true });
  if (!item) throw notFound(`Reconciliation item ${input.itemId} does not exist.`);
  const report = (await findReport(tx, { id: item.reportId }))!;
  if (item.state === 'matched') throw refused(`Item ${item.id} (${item.reference}) matched the books: there is nothing to resolve.`);
  if (item.resolution) throw refused(`Item ${item.id} (${item.reference}) was already resolved by ${item.resolvedBy} (${item.resolution}).`);
  let entryId: number | null = null;
  if (input.action === 'booked') {
    const e = cashEffects(item);
    const cashDifference = e.reportCash - e.bookedCash;
    const feeDifference = e.reportFee - e.bookedFee;
    if (cashDifference === 0 && feeDifference === 0) throw refused(`Item ${item.id} (${item.reference}) has no difference to book: mark it as the provider's error or write a note.`);
    entryId = await bookEntry(tx, {
      kind: 'reconciliation',
      currency: item.currency,
      orderId: item.orderId,
      paymentId: item.paymentId,
      payoutId: item.payoutId,
      provider: report.provider,
      providerRef: item.reference,
      memo: `Reconciliation of ${report.provider}'s report for ${report.reportDay}, ${item.reference}: ${input.note}`,
      staffId: input.staff.id,
      now: input.now,
      legs: [
        { account: cashAccount(report.provider), debit: cashDifference },
        { account: ACCOUNTS.providerFees, debit: feeDifference },
        { account: ACCOUNTS.suspense, credit: cashDifference + feeDifference },
      ],
    });
  }
  await resolveItemRow(tx, item.id, { resolution: input.action, note: input.note, entryId, staffId: input.staff.id, staffName: input.staff.name, at: input.now });
  return { item: (await findItem(tx, item.id))!, report: (await findReport(tx, { id: report.id }))!, before: item };
}

/** Closes a provider's day: its report is in and nothing of it is open. In the caller's transaction. */
export async function closeDay(tx: Queryable, input: { provider: ReconciledProvider; day: string; staff: { id: number; name: string }; now: Date }): Promise<void> {
  const { provider, day } = input;
  const today = bookDayOf(input.now, provider.currency);
  if (day >= today) throw refused(`${day} has not ended yet for ${provider.provider} (today is ${today}): a day is closed once it is over.`);
  const report = await findReport(tx, { provider: provider.provider, day });
  if (!report) throw refused(`No report of ${provider.provider} for ${day} was imported: import it, then close the day.`);
  if (report.open > 0) throw refused(`${report.open} item${report.open === 1 ? '' : 's'} of ${provider.provider}'s report for ${day} ${report.open === 1 ? 'is' : 'are'} open: resolve ${report.open === 1 ? 'it' : 'them'}, then close the day.`);
  if (!(await closeDayRow(tx, { provider: provider.provider, day, staffId: input.staff.id, staffName: input.staff.name, at: input.now }))) {
    throw refused(`${provider.provider}'s books for ${day} are already closed.`);
  }
}

export { findReport, itemsOf, latestReports, providerStanding } from './store.ts';
