/** Every setting the server reads, from the environment, validated once at start. Nothing else reads process.env. */
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { canonicalHostEntry } from '@cashloan/contract/trusted-hosts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const OPS_TOKEN_MIN_LENGTH = 32;

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** A site colour: #rrggbb only, so the page can put it into a CSS variable as it is. */
const hexColour = z.string().trim().regex(/^#[0-9a-fA-F]{6}$/, { error: 'must be a colour written #rrggbb' });
/** A text the site shows; empty is refused, since the disclosures must be there. */
const siteText = z.string().trim().min(1, { error: 'must not be empty' });

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Loopback unless set: a deployment says HOST=0.0.0.0 (or its interface) on purpose. */
  HOST: z.string().default('127.0.0.1'),
  /** 'production' refuses the dev-only settings (OPS_TOKEN) and prints no demo session. */
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
  /** Seed demo data into an empty database on start. */
  SEED_DEMO: z
    .enum(['0', '1', 'true', 'false'])
    .default('1')
    .transform((v) => v === '1' || v === 'true'),
  /** Public base URL the server builds absolute links with (printed demo links, jump URLs). */
  PUBLIC_URL: optionalText.refine((v) => v === undefined || (/^https?:\/\//i.test(v) && URL.canParse(v)), { error: 'must be an http(s) URL' }),
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
  /** The app's deep-link base; its scheme is the one jump URL scheme the H5 hands to the bridge. */
  SCHEME_URL: z
    .string()
    .default('pesonow://app')
    .refine((v) => appSchemeOf(v) !== null, { error: 'must start with the app\'s own scheme (e.g. pesonow://app), not http, javascript, data or file' }),
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
});

export type Config = z.output<typeof envSchema>;

/** Rules between settings, checked after each one is valid on its own. */
function crossCheck(config: Config): string[] {
  const problems: string[] = [];
  if (config.NODE_ENV === 'production' && config.OPS_TOKEN !== undefined) {
    problems.push('OPS_TOKEN: the /ops dev back office must not run with NODE_ENV=production; unset OPS_TOKEN');
  }
  return problems;
}

/** The scheme of SCHEME_URL ('pesonow'), or null when it is not a deep-link scheme of its own. */
export function appSchemeOf(schemeUrl: string): string | null {
  const scheme = /^([a-z][a-z\d+.-]*):/i.exec(schemeUrl.trim())?.[1]?.toLowerCase();
  return scheme && !['http', 'https', 'javascript', 'data', 'vbscript', 'file', 'blob', 'about', 'intent', 'content', 'ftp', 'ws', 'wss'].includes(scheme) ? scheme : null;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success ? crossCheck(parsed.data) : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  if (problems.length > 0 || !parsed.success) throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  return parsed.data;
}

/** A configuration for tests: in-memory database, no web, quiet logs. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: '0', WEB_DIST: '' }), OPS_TOKEN: 'test-ops-token-of-the-server-tests', ...overrides };
}
