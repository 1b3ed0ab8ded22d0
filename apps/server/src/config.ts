/** Every setting the server reads, from the environment, validated once at start. Nothing else reads process.env. */
import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { MARKETS, type Market } from '@cashloan/contract';
import { canonicalHostEntry } from '@cashloan/contract/trusted-hosts';
import { REPO_ROOT } from './platform/paths.ts';

/** A UPI virtual payment address: a handle, '@', and the payment service provider's handle. */
export const UPI_VPA_PATTERN = /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9.-]{1,63}$/;

export const OPS_TOKEN_MIN_LENGTH = 32;

/** Whether pages and calls are served in the pseudo-locale (`lang=qps`, docs/i18n.md): outside production only. */
export const pseudoLangServed = (config: Pick<Config, 'NODE_ENV'>): boolean => config.NODE_ENV !== 'production';

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** A site colour: #rrggbb only, so the page can put it into a CSS variable as it is. */
const hexColour = z.string().trim().regex(/^#[0-9a-fA-F]{6}$/, { error: 'must be a colour written #rrggbb' });
/** A text the site shows; empty is refused, since the disclosures must be there. */
const siteText = z.string().trim().min(1, { error: 'must not be empty' });

/**
 * Philippine regular holidays 2026–2027 (RA 9492 as amended; Maundy Thursday and Good Friday from
 * Easter; National Heroes Day the last Monday of August). Eid'l Fitr and Eid'l Adha are proclaimed
 * each year: add them to LENDER_HOLIDAYS when they are.
 */
export const DEFAULT_LENDER_HOLIDAYS = [
  '2026-01-01', '2026-04-02', '2026-04-03', '2026-04-09', '2026-05-01', '2026-06-12', '2026-08-31', '2026-11-30', '2026-12-25', '2026-12-30',
  '2027-01-01', '2027-03-25', '2027-03-26', '2027-04-09', '2027-05-01', '2027-06-12', '2027-08-30', '2027-11-30', '2027-12-25', '2027-12-30',
].join(',');

/** An http(s) base URL (a provider's), without its trailing slashes. */
const httpUrl = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .refine((v) => /^https?:\/\//i.test(v) && URL.canParse(v), { error: 'must be an http(s) URL' })
    .transform((v) => v.replace(/\/+$/, ''));

/** An amount setting in minor units: a whole number from 0 to MAX_MINOR_SETTING. */
const minorUnitsSetting = (fallback: number, example: string) =>
  z
    .string()
    .default(String(fallback))
    .transform((v, ctx) => {
      const text = v.trim();
      const n = Number(text);
      if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n > MAX_MINOR_SETTING) {
        ctx.addIssue({ code: 'custom', message: `must be a whole number of minor units (centavos) from 0 to ${MAX_MINOR_SETTING}, e.g. ${example}; not ${JSON.stringify(v)}` });
      }
      return n;
    });

/** ₱1,000,000.00: what finance may release per currency per day (PAYOUT_DAILY_LIMIT_MINOR). */
export const DEFAULT_PAYOUT_DAILY_LIMIT_MINOR = 100_000_000;

/** ₱10,000.00: finance's postings above it need a second finance user (POSTING_APPROVAL_ABOVE_MINOR). */
export const DEFAULT_POSTING_APPROVAL_ABOVE_MINOR = 1_000_000;
/** The largest amount a posting may have (the contract's amountMinorField): a threshold at it holds nothing. */
const MAX_MINOR_SETTING = 100_000_000_000;

/** 'YYYY-MM-DD' that is a real calendar date. */
const isRealIsoDate = (text: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const ms = Date.parse(`${text}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === text;
};

/** Standard or URL-safe base64; null when the text is not base64 at all. */
function base64Bytes(text: string): Buffer | null {
  return /^[A-Za-z0-9+/_-]+={0,2}$/.test(text) ? Buffer.from(text, 'base64') : null;
}
const CARD_KEY_BYTES = 32;
const MAKE_A_KEY = 'make one with: openssl rand -base64 32';

/** One of CARD_DATA_KEYS: an id (written into every value it seals) and 32 secret bytes. */
export interface CardDataKey {
  id: string;
  key: KeyObject;
}

/**
 * CARD_DATA_KEYS: comma-separated `id:base64key` entries of 32 bytes (AES-256). The first encrypts,
 * all decrypt. Problems name the entry and its id, never the key. Held as KeyObjects, which print as
 * `SecretKeyObject` and serialise as {}, so a logged config shows no key.
 */
const cardDataKeys = optionalText.transform((v, ctx): CardDataKey[] | undefined => {
  if (v === undefined) return undefined;
  const keys: CardDataKey[] = [];
  v.split(',').forEach((raw, index) => {
    const entry = raw.trim();
    const colon = entry.indexOf(':');
    const id = colon > 0 ? entry.slice(0, colon).trim() : '';
    const bytes = base64Bytes(entry.slice(colon + 1).trim());
    let problem: string | null = null;
    if (!/^[A-Za-z0-9_-]{1,32}$/.test(id)) problem = `entry ${index + 1} is not id:base64key (an id of letters, digits, - or _, then a colon and the key)`;
    else if (bytes?.length !== CARD_KEY_BYTES) problem = `key "${id}" must be ${CARD_KEY_BYTES} bytes written in base64 (${MAKE_A_KEY})`;
    else if (keys.some((k) => k.id === id)) problem = `key id "${id}" appears twice`;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
    else keys.push({ id, key: createSecretKey(bytes!) });
  });
  return keys;
});

/** CARD_HASH_KEY: at least 32 bytes in base64, for the keyed hash of card and account numbers. */
const cardHashKey = optionalText.transform((v, ctx) => {
  if (v === undefined) return undefined;
  const bytes = base64Bytes(v);
  if (!bytes || bytes.length < CARD_KEY_BYTES) {
    ctx.addIssue({ code: 'custom', message: `must be at least ${CARD_KEY_BYTES} bytes written in base64 (${MAKE_A_KEY})` });
    return undefined;
  }
  return createSecretKey(bytes);
});

/** The two card-data settings; also the format of the generated development key file (providers/card-data/keys.ts). */
export const cardKeySettings = z.object({ CARD_DATA_KEYS: cardDataKeys, CARD_HASH_KEY: cardHashKey });

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Loopback unless set: a deployment says HOST=0.0.0.0 (or its interface) on purpose. */
  HOST: z.string().default('127.0.0.1'),
  /** 'production' refuses the dev-only settings (OPS_TOKEN), prints no demo session and needs the card-data keys. */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** PostgreSQL connection URL; when absent the server uses embedded PGlite in DATA_DIR. */
  DATABASE_URL: optionalText,
  DATA_DIR: z.string().default(`${REPO_ROOT}.data`),
  /**
   * Enables the /ops dev back office when set (at least 32 characters; never with
   * NODE_ENV=production, where it would let anyone holding it mark pay codes paid).
   */
  OPS_TOKEN: optionalText.refine((v) => v === undefined || v.length >= OPS_TOKEN_MIN_LENGTH, {
    error: `must be at least ${OPS_TOKEN_MIN_LENGTH} characters (npm start makes a random one)`,
  }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The built web app to serve; empty to serve the API only. */
  WEB_DIST: z.string().default(`${REPO_ROOT}apps/web/dist`),
  /** The built staff back office to serve at /backoffice; empty to serve none. */
  BACKOFFICE_DIST: z.string().default(`${REPO_ROOT}apps/backoffice/dist`),
  /** Seed demo data into an empty database on start (and, outside production, demo staff accounts when there are none). */
  SEED_DEMO: z
    .enum(['0', '1', 'true', 'false'])
    .default('1')
    .transform((v) => v === '1' || v === 'true'),
  /**
   * Run the SMS payment reminder job every 5 minutes in this process (docs/records.md). The e2e server
   * turns it off so that no reminder lands in an outbox a test is reading; POST /ops/reminders/run
   * runs a pass either way.
   */
  PAYMENT_REMINDERS: z
    .enum(['0', '1', 'true', 'false'])
    .default('1')
    .transform((v) => v === '1' || v === 'true'),
  /**
   * The markets whose SMS stay in English whatever language the borrower confirmed in (comma-separated:
   * PH, IN; none by default). A Hindi SMS is UCS-2, about three times the parts (docs/i18n.md, "SMS").
   */
  SMS_IN_ENGLISH: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const markets = v.split(',').map((m) => m.trim().toUpperCase()).filter((m) => m !== '');
      const unknown = markets.find((m) => !(MARKETS as readonly string[]).includes(m));
      if (unknown !== undefined) ctx.addIssue({ code: 'custom', message: `must list markets among ${MARKETS.join(', ')} (comma-separated); not ${JSON.stringify(unknown)}` });
      return markets as Market[];
    }),
  /**
   * How many server processes to run on this machine: 'auto' (one per core) or a number (docs/deploy.md).
   * More than one needs DATABASE_URL: PGlite is one process's embedded database.
   */
  WORKERS: z
    .string()
    .default('1')
    .transform((v, ctx): number | 'auto' => {
      const text = v.trim();
      if (text === 'auto') return 'auto';
      const n = Number(text);
      if (!Number.isInteger(n) || n < 1 || n > 64) ctx.addIssue({ code: 'custom', message: `must be 'auto' or a whole number from 1 to 64, not ${JSON.stringify(v)}` });
      return n;
    }),
  /** How often each process looks whether a periodic job is due (the job's own interval is its rule; tests shorten this). */
  JOB_CHECK_MS: z.coerce.number().int().min(50).max(600_000).default(5_000),
  /** On SIGTERM, how long /readyz answers 503 before the server stops taking requests (the load balancer's time to notice). */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(5_000),
  /** Turns on GET /metrics (Prometheus text) for `Authorization: Bearer <token>`; at least 32 characters. Off when unset. */
  METRICS_TOKEN: optionalText.refine((v) => v === undefined || v.length >= OPS_TOKEN_MIN_LENGTH, {
    error: `must be at least ${OPS_TOKEN_MIN_LENGTH} characters (make one with: openssl rand -base64 32)`,
  }),
  /**
   * Where uploaded images are kept: 'disk' (DATA_DIR/uploads; PGlite's default), 'postgres' (a table;
   * DATABASE_URL's default) or 's3' (an S3-compatible object store; S3_BUCKET's default). docs/deploy.md.
   */
  UPLOAD_STORE: z.enum(['disk', 'postgres', 's3']).optional(),
  S3_BUCKET: optionalText,
  /** An S3-compatible endpoint (MinIO, R2, a region's endpoint); AWS's own when unset. */
  S3_ENDPOINT: optionalText.refine((v) => v === undefined || (/^https?:\/\//i.test(v) && URL.canParse(v)), { error: 'must be an http(s) URL' }),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Address the bucket in the path (most S3-compatible stores) rather than as a subdomain. */
  S3_FORCE_PATH_STYLE: z
    .enum(['0', '1', 'true', 'false'])
    .default('1')
    .transform((v) => v === '1' || v === 'true'),
  /** Public base URL the server builds absolute links with (printed demo links, jump URLs). */
  PUBLIC_URL: optionalText.refine((v) => v === undefined || (/^https?:\/\//i.test(v) && URL.canParse(v)), { error: 'must be an http(s) URL' }),
  /**
   * The staff back office's own origin (https://staff.lender.ph; docs/deploy.md): when set, the staff
   * API and the back office answer only on its host, and the borrower's H5 and API not there. Unset:
   * one origin serves both (npm start, development).
   */
  BACKOFFICE_ORIGIN: optionalText.transform((v, ctx) => {
    if (v === undefined) return undefined;
    const url = URL.canParse(v) ? new URL(v) : null;
    if (!url || !/^https?:$/.test(url.protocol) || url.username !== '' || url.password !== '' || url.pathname !== '/' || url.search !== '' || url.hash !== '') {
      ctx.addIssue({ code: 'custom', message: `must be an origin, https://host or https://host:port (no path, query or user), not ${JSON.stringify(v)}` });
      return undefined;
    }
    return url.origin;
  }),
  SESSION_TTL_DAYS: z.coerce.number().int().positive().default(30),
  /**
   * Whether to believe X-Forwarded-For (per-address limits use the client address): off by default;
   * 'true' behind a proxy that overwrites the header, or the proxies' addresses/CIDRs, comma-separated.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v): boolean | string => (v === 'true' ? true : v === 'false' || v === '' ? false : v)),
  // Brand and company settings shown by the H5 (spec section 3, Config).
  APP_EN_NAME: z.string().default('PesoNow'),
  APP_CN_NAME: z.string().default('比索现金'),
  SERVICE_PHONE: z.string().default('+63 2 8888 0000'),
  SERVICE_EMAIL: z.string().default('support@pesonow.example'),
  SERVICE_SMWA: z.string().default('+63 917 000 0000'),
  // Collections (issue 38, loan-terms/contact-guard.ts): the day's contact attempts per borrower, by anyone.
  CONTACT_CALLS_PER_DAY: z.coerce.number().int().min(1).max(20).default(3),
  CONTACT_MESSAGES_PER_DAY: z.coerce.number().int().min(1).max(20).default(2),
  /** The days past due each queue bucket starts at, ascending from 1 (docs/collections.md). */
  COLLECTION_BUCKETS: z
    .string()
    .default('1,8,31,61,91')
    .transform((v) => v.split(',').map((d) => Number(d.trim())))
    .refine((d) => d.length >= 1 && d[0] === 1 && d.every((n, i) => Number.isInteger(n) && n > 0 && (i === 0 || n > d[i - 1]!)), {
      error: 'must be whole days past due, ascending, starting at 1 (e.g. 1,8,31,61,91)',
    }),
  /** The agency and phone a borrower is told handle an overdue loan (India: sent by SMS before an agent's first contact). */
  COLLECTIONS_AGENCY: z.string().min(1).default('PesoNow Collections Desk'),
  COLLECTIONS_PHONE: z.string().min(1).default('+63 2 8888 0150'),
  /**
   * Years loan and payment records are kept after an account closes, per market (docs/privacy.md): at
   * least the 5 the money-laundering laws ask (loan-terms/data-rights.ts); the retention job anonymises
   * a closed borrower once they have passed.
   */
  RETENTION_YEARS_PH: z.coerce.number().int().min(5, { error: 'must be at least 5 (AMLA, RA 9160 Section 9(b))' }).max(30).default(5),
  RETENTION_YEARS_IN: z.coerce.number().int().min(5, { error: 'must be at least 5 (PMLA 2002 Section 12)' }).max(30).default(5),
  /** The credit bureau the lender reports to, named on "My data" (docs/privacy.md). */
  CREDIT_BUREAU_NAME: z.string().min(1).default('The credit bureau (Credit Information Corporation)'),
  /** The app's deep-link base; its scheme is the one jump URL scheme the H5 hands to the bridge. */
  SCHEME_URL: z
    .string()
    .default('pesonow://app')
    .refine((v) => appSchemeOf(v) !== null, { error: 'must start with the app\'s own scheme (e.g. pesonow://app), not http, javascript, data, file or upi' }),
  /**
   * Hosts, besides PUBLIC_URL's and this page's own, whose http(s) jump URLs the H5 opens (lender and
   * payment-provider pages): comma-separated 'host', 'host:port' or '*.domain'. docs/ops.md.
   */
  TRUSTED_HOSTS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const entries = v.split(',').map((e) => e.trim()).filter((e) => e !== '');
      const canonical = entries.map(canonicalHostEntry);
      const bad = entries.filter((_, i) => canonical[i] === null);
      if (bad.length > 0) ctx.addIssue({ code: 'custom', message: `not a host, host:port or *.domain: ${bad.map((b) => JSON.stringify(b)).join(', ')}` });
      return canonical.filter((e): e is string => e !== null);
    }),
  /**
   * Finance's postings of money received outside the provider (docs/backoffice.md, "Money"): one above
   * this many minor units (centavos) waits for a second finance user's approval; at or below it applies
   * at once. 0 holds every posting for approval.
   */
  POSTING_APPROVAL_ABOVE_MINOR: minorUnitsSetting(DEFAULT_POSTING_APPROVAL_ABOVE_MINOR, '1000000 for ₱10,000.00'),
  /**
   * Money out (docs/backoffice.md, "Release"): what finance may release per currency per market day,
   * in minor units (centavos, paise); a release that would pass it is refused with a clear message.
   */
  PAYOUT_DAILY_LIMIT_MINOR: minorUnitsSetting(DEFAULT_PAYOUT_DAILY_LIMIT_MINOR, '100000000 for ₱1,000,000.00'),
  /** A payout with no news from its provider for this long is asked about by the status job. */
  PAYOUT_CHECK_AFTER_MINUTES: z.coerce.number().int().min(1).max(1440).default(5),
  /**
   * Who sends the loan money (docs/ops.md, "Payout providers"): in the Philippines the sandbox (the
   * default: pays at once, nothing moves) or Xendit's payouts (InstaPay and PESONet); in India
   * (`real=1` orders) the sandbox or RazorpayX (IMPS).
   */
  PAYOUT_PROVIDER_PH: z.enum(['sandbox', 'xendit']).default('sandbox'),
  PAYOUT_PROVIDER_IN: z.enum(['sandbox', 'razorpayx']).default('sandbox'),
  /** Xendit's secret API key (HTTP Basic user); never logged. */
  XENDIT_SECRET_KEY: optionalText,
  /** Xendit's webhook verification token (the x-callback-token of its notifications); never logged. */
  XENDIT_CALLBACK_TOKEN: optionalText,
  XENDIT_BASE_URL: httpUrl('https://api.xendit.co'),
  RAZORPAYX_KEY_ID: optionalText,
  /** RazorpayX's key secret (HTTP Basic password); never logged. */
  RAZORPAYX_KEY_SECRET: optionalText,
  /** The secret RazorpayX signs its webhooks with (HMAC-SHA256); never logged. */
  RAZORPAYX_WEBHOOK_SECRET: optionalText,
  /** The lender's RazorpayX business account number the payouts are paid from. */
  RAZORPAYX_ACCOUNT_NUMBER: optionalText,
  RAZORPAYX_BASE_URL: httpUrl('https://api.razorpay.com'),
  /** How long one call to a payout provider may take; past it the payout stays processing and is asked about again. */
  PAYOUT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Where "Repayment" goes when the order has no h5Url. */
  REPAY_URL: z.string().default('/allowedAlso'),
  // The official site (/, /pluralityCounting, /maySimilar): theme and the company disclosures a
  // Philippine online lender must show (corporate name, SEC registration, Certificate of Authority).
  THEME_PRIMARY_COLOR: hexColour.default('#0f766e'),
  THEME_BACKGROUND_COLOR: hexColour.default('#f3f6f6'),
  THEME_FONT_COLOR: hexColour.default('#1f2937'),
  COMPANY_NAME: siteText.default('PesoNow Online Lending'),
  COMPANY_CORPORATE_NAME: siteText.default('PesoNow Lending Corporation'),
  COMPANY_SEC_REG_NO: siteText.default('CS201987654'),
  COMPANY_CA_NO: siteText.default('3187'),
  COMPANY_ADDRESS: siteText.default('Unit 1203, Example Tower, 123 Ayala Avenue, Makati City, Metro Manila 1226, Philippines'),
  COMPANY_EMAIL: siteText.default('info@pesonow.example'),
  COMPANY_PHONE: siteText.default('+63 2 8888 0100'),
  GRIEVANCE_OFFICER_NAME: siteText.default('Andrea Cruz'),
  GRIEVANCE_OFFICER_EMAIL: siteText.default('grievance@pesonow.example'),
  GRIEVANCE_OFFICER_PHONE: siteText.default('+63 2 8888 0199'),
  /**
   * The lender's holidays, 'YYYY-MM-DD' comma-separated (lender calendar): with weekends, the days that
   * are not business days (a complaint's promised answer, docs/complaints.md). '' for none.
   */
  LENDER_HOLIDAYS: z
    .string()
    .default(DEFAULT_LENDER_HOLIDAYS)
    .transform((v, ctx) => {
      const entries = v.split(',').map((e) => e.trim()).filter((e) => e !== '');
      const bad = entries.filter((e) => !isRealIsoDate(e));
      if (bad.length > 0) ctx.addIssue({ code: 'custom', message: `not a date written YYYY-MM-DD: ${bad.map((b) => JSON.stringify(b)).join(', ')}` });
      return [...new Set(entries)].sort();
    }),
  // The lender as a QR Ph merchant (docs/repayment.md, "QR Ph"): what the QR channels' codes pay.
  /** The acquirer's id (its BIC or QR Ph participant code), sub-ID 01 of the merchant account template. */
  QR_PH_ACQUIRER_ID: z.string().trim().regex(/^[A-Za-z0-9]{4,20}$/, { error: 'must be 4 to 20 letters or digits' }).default('DEMOPHM1XXX'),
  /** The lender's merchant id at the acquirer, sub-ID 03. */
  QR_PH_MERCHANT_ID: z.string().trim().regex(/^[A-Za-z0-9-]{1,30}$/, { error: 'must be 1 to 30 letters, digits or -' }).default('000000000001'),
  /** ISO 18245 merchant category code (6012: financial institutions). */
  QR_PH_MCC: z.string().trim().regex(/^\d{4}$/, { error: 'must be 4 digits' }).default('6012'),
  QR_PH_MERCHANT_NAME: z.string().trim().regex(/^[\x20-\x7e]{1,25}$/, { error: 'must be 1 to 25 plain (ASCII) characters' }).default('PESONOW LENDING'),
  QR_PH_MERCHANT_CITY: z.string().trim().regex(/^[\x20-\x7e]{1,15}$/, { error: 'must be 1 to 15 plain (ASCII) characters' }).default('MAKATI'),
  // The lender's own UPI collection account for Indian orders (real=1; docs/repayment.md, "UPI").
  UPI_PAYEE_VPA: z.string().trim().regex(UPI_VPA_PATTERN, { error: 'must be a UPI address such as lender@upi' }).default('lender@upi'),
  UPI_PAYEE_NAME: z.string().trim().min(1, { error: 'must not be empty' }).max(50, { error: 'must be at most 50 characters' }).default('PesoNow Lending'),
  /**
   * Keys protecting card and account numbers at rest (docs/ops.md, "Card-data keys"). Both or
   * neither; neither outside production uses a key generated into DATA_DIR/card-data.key.
   */
  ...cardKeySettings.shape,
  /**
   * Who collects over-the-counter and e-wallet payments (docs/ops.md, "The payment provider"): the
   * local sandbox (no money moves; the default) or a Dragonpay merchant account.
   */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'dragonpay']).default('sandbox'),
  DRAGONPAY_MERCHANT_ID: optionalText,
  /** The merchant password (API key): signs the postbacks; never logged. */
  DRAGONPAY_PASSWORD: optionalText,
  /** Dragonpay's test environment unless set (production: https://gw.dragonpay.ph). */
  DRAGONPAY_BASE_URL: httpUrl('https://test.dragonpay.ph'),
  /** How long one call to the provider may take before it is retried. */
  DRAGONPAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
});

export type Config = z.output<typeof envSchema>;

/** Rules between settings, checked after each one is valid on its own. */
function crossCheck(config: Config): string[] {
  const problems: string[] = [];
  if (config.NODE_ENV === 'production' && config.OPS_TOKEN !== undefined) {
    problems.push('OPS_TOKEN: the /ops dev back office must not run with NODE_ENV=production; unset OPS_TOKEN');
  }
  if (config.WORKERS !== 1 && config.DATABASE_URL === undefined) {
    problems.push('WORKERS: more than one process needs DATABASE_URL (PostgreSQL); the embedded PGlite database belongs to one process');
  }
  const uploadStore = uploadStoreOf(config);
  if (uploadStore === 'postgres' && config.DATABASE_URL === undefined) problems.push('UPLOAD_STORE: postgres needs DATABASE_URL');
  if (uploadStore === 's3' && config.S3_BUCKET === undefined) problems.push('S3_BUCKET: is required when UPLOAD_STORE=s3');
  if (uploadStore === 'disk' && config.WORKERS !== 1) problems.push('UPLOAD_STORE: disk keeps uploads in one process\'s DATA_DIR; with WORKERS use postgres or s3');
  // The card-data keys: both or neither; neither (a generated development key) never in production.
  const missingKeys = (['CARD_DATA_KEYS', 'CARD_HASH_KEY'] as const).filter((name) => config[name] === undefined);
  if (config.NODE_ENV === 'production') {
    const format = { CARD_DATA_KEYS: 'id:base64key, e.g. k1:$(openssl rand -base64 32)', CARD_HASH_KEY: 'base64, e.g. $(openssl rand -base64 32)' };
    for (const name of missingKeys) problems.push(`${name}: is required when NODE_ENV=production (${format[name]}; docs/ops.md, "Card-data keys")`);
  } else if (missingKeys.length === 1) {
    problems.push(`${missingKeys[0]}: must be set together with the other of CARD_DATA_KEYS and CARD_HASH_KEY (or, outside production, neither)`);
  }
  if (config.BACKOFFICE_ORIGIN !== undefined) {
    if (config.NODE_ENV === 'production' && !config.BACKOFFICE_ORIGIN.startsWith('https://')) problems.push('BACKOFFICE_ORIGIN: must be https when NODE_ENV=production');
    if (config.PUBLIC_URL !== undefined && new URL(config.PUBLIC_URL).host === new URL(config.BACKOFFICE_ORIGIN).host) {
      problems.push("BACKOFFICE_ORIGIN: must be a host of its own, not PUBLIC_URL's (the borrower app's)");
    }
  }
  if (config.PAYMENT_PROVIDER === 'dragonpay') {
    for (const name of ['DRAGONPAY_MERCHANT_ID', 'DRAGONPAY_PASSWORD'] as const) {
      if (config[name] === undefined) problems.push(`${name}: is required when PAYMENT_PROVIDER=dragonpay (from the merchant's Dragonpay account)`);
    }
    if (config.NODE_ENV === 'production' && !config.DRAGONPAY_BASE_URL.startsWith('https://')) problems.push('DRAGONPAY_BASE_URL: must be https when NODE_ENV=production');
  }
  const needed = [
    ['PAYOUT_PROVIDER_PH', 'xendit', ['XENDIT_SECRET_KEY', 'XENDIT_CALLBACK_TOKEN'], "from the lender's Xendit dashboard"],
    ['PAYOUT_PROVIDER_IN', 'razorpayx', ['RAZORPAYX_KEY_ID', 'RAZORPAYX_KEY_SECRET', 'RAZORPAYX_WEBHOOK_SECRET', 'RAZORPAYX_ACCOUNT_NUMBER'], "from the lender's RazorpayX dashboard"],
  ] as const;
  for (const [setting, provider, names, where] of needed) {
    if (config[setting] !== provider) continue;
    for (const name of names) if (config[name] === undefined) problems.push(`${name}: is required when ${setting}=${provider} (${where})`);
  }
  for (const name of ['XENDIT_BASE_URL', 'RAZORPAYX_BASE_URL'] as const) {
    if (config.NODE_ENV === 'production' && !config[name].startsWith('https://')) problems.push(`${name}: must be https when NODE_ENV=production`);
  }
  return problems;
}

/** Where uploads are kept: UPLOAD_STORE, else s3 when S3_BUCKET is set, postgres with DATABASE_URL, disk with PGlite. */
export function uploadStoreOf(config: Pick<Config, 'UPLOAD_STORE' | 'S3_BUCKET' | 'DATABASE_URL'>): 'disk' | 'postgres' | 's3' {
  return config.UPLOAD_STORE ?? (config.S3_BUCKET !== undefined ? 's3' : config.DATABASE_URL !== undefined ? 'postgres' : 'disk');
}

/** WORKERS as a count: 'auto' is one per core this process may use. */
export function workerCount(config: Pick<Config, 'WORKERS'>, cores: number): number {
  return config.WORKERS === 'auto' ? Math.max(1, cores) : config.WORKERS;
}

/** The scheme of SCHEME_URL ('pesonow'), or null when it is not a deep-link scheme of its own. */
export function appSchemeOf(schemeUrl: string): string | null {
  const scheme = /^([a-z][a-z\d+.-]*):/i.exec(schemeUrl.trim())?.[1]?.toLowerCase();
  return scheme && !['http', 'https', 'javascript', 'data', 'vbscript', 'file', 'blob', 'about', 'intent', 'content', 'ftp', 'ws', 'wss', 'upi'].includes(scheme) ? scheme : null;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success ? crossCheck(parsed.data) : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  if (problems.length > 0 || !parsed.success) throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  return parsed.data;
}

/** A configuration for tests: in-memory database, no web, quiet logs, card-data keys of its own. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: '0', WEB_DIST: '', BACKOFFICE_DIST: '' }),
    OPS_TOKEN: 'test-ops-token-of-the-server-tests',
    CARD_DATA_KEYS: [{ id: 'test', key: createSecretKey(randomBytes(CARD_KEY_BYTES)) }],
    CARD_HASH_KEY: createSecretKey(randomBytes(CARD_KEY_BYTES)),
    ...overrides,
  };
}
