/**
 * "My data" as a readable PDF (issue 39, docs/privacy.md): the same parts as the JSON file, each a
 * heading with its rows as `label: value` lines; amounts in their currency, times on the lender's
 * calendar of the borrower's market, an empty part "None". Text only: images are listed by their URL.
 */
import { currencyOfMarket, type Market } from '@cashloan/contract';
import { lenderDateTime } from '../../loan-terms/calendar.ts';
import { moneyText } from '../../loan-terms/money-text.ts';
import type { PersonalDataExport } from './export.ts';
import { renderPdf, type Writer } from './pdf-layout.ts';

const ZONE_TEXT: Record<Market, string> = { PH: 'Philippine time (UTC+08:00)', IN: 'India time (UTC+05:30)' };
const MARKET_OF_CURRENCY: Record<string, Market> = { PHP: 'PH', INR: 'IN' };
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** Labels the words of a key would not give. */
const LABELS: Record<string, string> = {
  orderNo: 'Order No.',
  ticketNo: 'Ticket No.',
  userId: 'User ID',
  deviceId: 'Device ID',
  ipAddress: 'IP address',
  utmTag: 'UTM tag',
  sha256: 'SHA-256',
  isRepeat: 'Repeat borrower',
  accountNo: 'Account No.',
  mobilePhone: 'Mobile phone',
  textShown: 'Text shown',
  textVersion: 'Text version',
};

/** 'owedNowMinor' → 'Owed now': a key's words, an amount's "Minor" left out. */
export function labelOf(key: string): string {
  const known = LABELS[key];
  if (known) return known;
  const words = key
    .replace(/Minor$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

interface Context {
  market: Market;
  /** The currency of the amounts here: the nearest row's `currency`. */
  currency: string | undefined;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value that fits on one line, as the borrower reads it. */
function scalarText(key: string, value: unknown, ctx: Context): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number' && key.endsWith('Minor') && ctx.currency) {
    const market = MARKET_OF_CURRENCY[ctx.currency];
    return market ? moneyText(value, currencyOfMarket(market)) : `${ctx.currency} ${value / 100}`;
  }
  if (typeof value === 'string' && ISO_INSTANT.test(value)) return lenderDateTime(new Date(value), ctx.market);
  return String(value);
}

function writeFields(w: Writer, row: Record<string, unknown>, ctx: Context, level: number): void {
  const here: Context = { ...ctx, currency: typeof row.currency === 'string' ? row.currency : ctx.currency };
  for (const [key, value] of Object.entries(row)) writeValue(w, key, value, here, level);
}

function writeValue(w: Writer, key: string, value: unknown, ctx: Context, level: number): void {
  const label = labelOf(key);
  if (Array.isArray(value)) {
    if (value.length === 0) return w.field(label, 'None', level);
    if (!value.some(isRecord)) return w.field(label, value.map((v) => scalarText(key, v, ctx)).join(', '), level);
    w.label(`${label}:`, level);
    value.forEach((item, i) => {
      if (isRecord(item)) {
        w.label(`${i + 1}.`, level + 1);
        writeFields(w, item, ctx, level + 2);
      } else {
        w.paragraph(`${i + 1}. ${scalarText(key, item, ctx)}`, level + 1);
      }
    });
    return;
  }
  if (isRecord(value)) {
    if (Object.keys(value).length === 0) return w.field(label, 'None', level);
    w.label(`${label}:`, level);
    return writeFields(w, value, ctx, level + 1);
  }
  w.field(label, scalarText(key, value, ctx), level);
}

/** The market whose calendar the PDF writes times on: the borrower's newest loan's, else the Philippines. */
function marketOf(data: PersonalDataExport): Market {
  const orders = data.parts.find((p) => p.key === 'orders')?.rows ?? [];
  const newest = orders.at(-1)?.market;
  return newest === 'IN' ? 'IN' : 'PH';
}

export function personalDataPdf(data: PersonalDataExport, opts: { lenderName: string; market?: Market | undefined }): Promise<Uint8Array<ArrayBuffer>> {
  const market = opts.market ?? marketOf(data);
  const generatedAt = new Date(data.generatedAt);
  const title = `Your data held by ${opts.lenderName}`;
  return renderPdf(
    {
      title,
      author: opts.lenderName,
      createdAt: generatedAt,
      subtitle: [`Made ${lenderDateTime(generatedAt, market)} · Borrower ID ${data.borrowerId}`, `Times are ${ZONE_TEXT[market]}; amounts are in the loan's currency.`],
      footer: `${opts.lenderName} · ${title}`,
    },
    (w) => {
      for (const part of data.parts) {
        w.heading(part.title);
        if (part.rows.length === 0) {
          w.paragraph('None');
          continue;
        }
        part.rows.forEach((row, i) => {
          if (part.rows.length > 1) w.label(`${i + 1}.`);
          writeFields(w, row, { market, currency: undefined }, part.rows.length > 1 ? 1 : 0);
          w.gap();
        });
      }
    },
  );
}
