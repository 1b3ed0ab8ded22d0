/**
 * Wire basics shared by every API family: the envelope, the two success codes,
 * the session and page parameter names, and the zod-free `Route` every call is declared with
 * (method, path, code form, client) exactly once in routes/<family>.ts.
 */
import type { z } from 'zod';

/** Prefix under which the "product" calls live (spec section 7: common base path). */
export const API_BASE = '/h5api';

/** The session parameters that identify the borrower on every call (query string). */
export const SESSION_PARAMS = ['deviceId', 'userId', 'sessionId', 'merchantNumber', 'mobilePhone'] as const;
export type SessionParam = (typeof SESSION_PARAMS)[number];
export type SessionParams = Record<SessionParam, string>;

/**
 * Query parameters every call carries: the session, plus `real`, which picks the currency the
 * server writes amounts in (spec section 1: the rupee when real equals 1, otherwise the peso).
 */
export const CURRENCY_PARAM = 'real';
export const PESO_SYMBOL = '₱';
export const RUPEE_SYMBOL = '₹';
export function currencySymbolFor(real: string | null | undefined): string {
  return real === '1' ? RUPEE_SYMBOL : PESO_SYMBOL;
}

/**
 * The lender's two markets. A page's market follows `real` exactly as its currency does: the rupee
 * means India, anything else the Philippines.
 */
export type Market = 'PH' | 'IN';
export const MARKETS: readonly Market[] = ['PH', 'IN'];

/** How a market writes money and dates: its number locale and the lender's calendar there. */
export const MARKET_CALENDAR: Record<Market, { locale: string; timeZone: string; utcOffsetMinutes: number }> = {
  // Neither zone has daylight saving, so a fixed offset is exact.
  PH: { locale: 'en-PH', timeZone: 'Asia/Manila', utcOffsetMinutes: 8 * 60 },
  IN: { locale: 'en-IN', timeZone: 'Asia/Kolkata', utcOffsetMinutes: 5 * 60 + 30 },
};

export function marketOfCurrency(symbol: string): Market {
  return symbol === RUPEE_SYMBOL ? 'IN' : 'PH';
}
export const currencyOfMarket = (market: Market): string => (market === 'IN' ? RUPEE_SYMBOL : PESO_SYMBOL);

const wholeUnitFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount as borrowers read it, from the sign and the integer digits of its minor units:
 * ('828650', ₱) → '₱8,286.50'; ('12345600', ₹) → '₹1,23,456.00' (Indian lakh grouping). The whole
 * units are grouped by Intl.NumberFormat in the market's locale, exactly (no digit is lost);
 * the two decimals are the minor units' last two digits, never a float.
 */
export function groupedMoneyText(negative: boolean, minorDigits: string, symbol: string): string {
  const padded = minorDigits.replace(/^0+(?=\d)/, '').padStart(3, '0');
  const { locale } = MARKET_CALENDAR[marketOfCurrency(symbol)];
  let format = wholeUnitFormats.get(locale);
  if (!format) wholeUnitFormats.set(locale, (format = new Intl.NumberFormat(locale, { useGrouping: true, maximumFractionDigits: 0 })));
  const digits = padded.slice(0, -2);
  const units = Number(digits);
  // Exact as a Number up to 2^53; BigInt only beyond, since old webviews (the H5 targets ES2019) lack it.
  const whole = Number.isSafeInteger(units) ? format.format(units) : typeof BigInt === 'function' ? format.format(BigInt(digits)) : digits;
  return `${negative && /[1-9]/.test(padded) ? '-' : ''}${symbol}${whole}.${padded.slice(-2)}`;
}

/** Page parameters carried from one page to every later page (spec section 3). */
export const CARRIED_PAGE_PARAMS = ['productId', 'orderId', 'position', 'real', 'lang', 'source', ...SESSION_PARAMS] as const;
export type CarriedPageParam = (typeof CARRIED_PAGE_PARAMS)[number];
/** product_id is an alias of productId. */
export const PAGE_PARAM_ALIASES: Record<string, CarriedPageParam> = { product_id: 'productId' };

/**
 * The two success code forms (a route's `codeForm`). 'zero': success is the number 0 (the v3 loan calls, contact info,
 * promotion). 'doubleZero': success is the string '00' (complaints, score, upload, repayment,
 * the obfuscated goya calls).
 */
export type CodeForm = 'zero' | 'doubleZero';
export const SUCCESS_CODE = { zero: 0, doubleZero: '00' } as const satisfies Record<CodeForm, number | string>;

/**
 * Error codes the server answers with; in the 'doubleZero' code form they travel as strings.
 * Each code is also the HTTP status of the answer, so a proxy or log reads the same thing.
 */
export const ERROR_CODES = {
  /** A payload or query field failed validation; the message names the field. */
  invalidInput: 400,
  /** Session parameters missing, unknown, expired, or disagreeing with the session. */
  sessionInvalid: 401,
  /** The thing asked for does not exist or is not the borrower's. */
  notFound: 404,
  /** A business rule refused the request; the message says which. */
  refused: 409,
  /** Too many requests (codes, uploads). */
  tooMany: 429,
  /** Something failed on our side; details are only in the server log. */
  internal: 500,
  /** Briefly unable to answer (the database restarting, the image upload's queue full): the same request may be sent again after Retry-After. */
  unavailable: 503,
} as const;
export const ERROR_MESSAGES = {
  sessionMissing: 'Please log in again: the session parameters are missing.',
  sessionInvalid: 'Your session has expired. Please log in again.',
  sessionMismatch: 'Your session does not match this account. Please log in again.',
  internal: 'Something went wrong on our side. Please try again.',
  unavailable: 'The service is briefly unavailable. Please try again.',
  notFound: 'Not found.',
} as const;

export function successCode(codeForm: CodeForm): number | string {
  return SUCCESS_CODE[codeForm];
}
export function errorCode(codeForm: CodeForm, code: number): number | string {
  return codeForm === 'zero' ? code : String(code);
}
export function isSuccess(codeForm: CodeForm, code: unknown): boolean {
  // Accept 0/'0' and '00'/0 leniently by value only within the code form's own form.
  return codeForm === 'zero' ? code === 0 || code === '0' : code === '00';
}

export interface Envelope<T> {
  code: number | string;
  message: string;
  data: T;
}

/** Which of the spec's two browser HTTP clients sends a call, and the header pair it fills. */
export type ClientName = 'primary' | 'secondary';
/** Header name → the page parameter that fills it (empty when absent). */
export const CLIENT_HEADERS: Record<ClientName, Record<string, CarriedPageParam>> = {
  primary: { building: 'merchantNumber', gather: 'deviceId' },
  secondary: { swift: 'merchantNumber', eyes: 'deviceId' },
};
/** The XMLHttpRequest marker header both clients add. */
export const XHR_MARKER = { 'X-Requested-With': 'XMLHttpRequest' } as const;
export const HTTP_TIMEOUT_MS = 60_000;

// ---- Idempotency-Key (Stripe's design and the IETF httpapi draft; docs/api.md) ---------------------
/** The request header that makes a retried call safe: the same key answers the first request's answer again. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set to 'true' on an answer the server replayed from an earlier request with the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** A key: 1 to 255 printable ASCII characters (space to tilde). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;
/** How long the server keeps a key and its answer; after that the key starts a new request. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
/** Code and HTTP status of a key sent again with another payload (nothing is done). */
export const IDEMPOTENCY_MISMATCH_CODE = 422;
export const IDEMPOTENCY_MESSAGES = {
  invalidKey: `${IDEMPOTENCY_KEY_HEADER} must be 1 to 255 printable ASCII characters.`,
  mismatch: 'This Idempotency-Key was already used for a different request.',
} as const;
/** What an idempotent call answers while the first request with the same key is still running. */
export interface Idempotency {
  /** Envelope code in numeric form (a string in the doubleZero code form); its HTTP status is the code's when it is one. */
  duplicateCode: number;
  duplicateMessage: string;
}

export type Method = 'GET' | 'POST';
export type Body = 'form' | 'multipart' | 'none';
/** What the server answers: the JSON envelope, or the raw bytes of an image (get-captcha) or a PDF (record-pdf). */
export type Responds = 'envelope' | 'image' | 'pdf';

/** Where and how a call travels. Zod-free, so the web bundle carries no schema code. */
export interface Route<P = unknown, A = unknown> {
  method: Method;
  /** Path exactly as the spec writes it. */
  path: string;
  /** Whether the path sits under API_BASE ('product') or is absolute at the server root ('root'). */
  base: 'product' | 'root';
  codeForm: CodeForm;
  client: ClientName;
  /** How the payload travels: form-encoded body, multipart body, or (GET) the query string. */
  body: Body;
  /** Whether the borrower's session is required (false only for public calls). */
  auth: boolean;
  /** 'envelope' for every call but get-captcha (an image the page shows in an <img>) and record-pdf (a PDF). */
  responds: Responds;
  /** Set on the calls that take an Idempotency-Key (money and code issue); absent, the header is ignored. */
  idempotent?: Idempotency;
  /** Phantom: the payload the browser sends and the data it gets back (types only). */
  readonly types?: { payload: P; answer: A };
}

export interface CallSchemas {
  payload: z.ZodType;
  answer: z.ZodType;
}
type RouteInput = Pick<Route, 'method' | 'path' | 'codeForm'> & Partial<Pick<Route, 'base' | 'client' | 'body' | 'auth' | 'responds' | 'idempotent'>>;

/** Declares a route whose payload and answer types come from the call's schemas (a type-only import). */
export function route<S extends CallSchemas>(def: RouteInput): Route<z.input<S['payload']>, z.output<S['answer']>> {
  return {
    base: 'product',
    client: def.codeForm === 'zero' ? 'primary' : 'secondary',
    body: def.method === 'GET' ? 'none' : 'form',
    auth: true,
    responds: 'envelope',
    ...def,
  };
}

/** The URL path the server mounts a route on and the browser requests. */
export function callUrlPath(r: Pick<Route, 'base' | 'path'>): string {
  return r.base === 'product' ? `${API_BASE}${r.path}` : r.path;
}

export type PayloadOf<R extends Route> = NonNullable<R['types']>['payload'];
export type AnswerOf<R extends Route> = NonNullable<R['types']>['answer'];


