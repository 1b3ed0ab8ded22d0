/** Writes a provider's daily report in the books' format (docs/books.md, "Report format"): what the sandboxes answer for a day. */
import { PROVIDER_REPORT_COLUMNS } from '@cashloan/contract';
import { isoDateToDay, lenderDayStartsAt } from '../../loan-terms/calendar.ts';
import type { Market } from '@cashloan/contract';

export interface ReportCsvLine {
  reference: string;
  type: 'collection' | 'payout' | 'payout_return';
  currency: 'PHP' | 'INR';
  amountMinor: number;
  feeMinor: number;
}

/**
 * A payout a provider's list shows as paid, and, when it shows it reversed, its return on the same
 * day (the lists date a payout by when it was made, not when it came back); nothing is charged on the return.
 */
export function listedPayoutLines(payout: Omit<ReportCsvLine, 'type'>, reversed: boolean): ReportCsvLine[] {
  const paid: ReportCsvLine = { ...payout, type: 'payout' };
  return reversed ? [paid, { ...payout, type: 'payout_return', feeMinor: 0 }] : [paid];
}

const cell = (v: string | number) => (/[",\r\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));

export function reportCsv(provider: string, day: string, lines: readonly ReportCsvLine[]): string {
  const rows = lines.map((l) => [provider, day, l.reference, l.type, l.currency, l.amountMinor, l.feeMinor].map(cell).join(','));
  return `${[PROVIDER_REPORT_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}

/** The instants a market day runs between: [start, end). */
export function dayBounds(day: string, market: Market): { start: Date; end: Date } {
  const n = isoDateToDay(day);
  return { start: lenderDayStartsAt(n, market), end: lenderDayStartsAt(n + 1, market) };
}
