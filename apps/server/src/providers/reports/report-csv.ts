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
