/**
 * The borrower's language (issue 41): English, the default, with the spec's exact texts; Filipino
 * and Hindi. Which one a page uses, how a text with values is written, and the catalogue's shape.
 * The catalogues themselves (texts/fil.ts, texts/hi.ts) are read by the server only: a page gets its
 * route's part as data in its HTML, never as code (docs/i18n.md). Which language a request is in:
 * lang-choice.ts.
 */

/** The borrower's languages. */
export const LANGS = ['en', 'fil', 'hi'] as const;
/**
 * The pseudo-locale: every text of the catalogue with its letters swapped for accented ones
 * (texts/pseudo.ts), so that a text left in English on a screen stands out: it never came through
 * the catalogue. For development and tests only; a server with NODE_ENV=production refuses it.
 */
export const PSEUDO_LANG = 'qps';
/** Every language a page may be in: the borrower's and, outside production, the pseudo-locale. */
export const PAGE_LANGS = [...LANGS, PSEUDO_LANG] as const;
export type Lang = (typeof PAGE_LANGS)[number];
/** A language a borrower may have (kept on the borrower): one of LANGS, never the pseudo-locale. */
export type BorrowerLang = (typeof LANGS)[number];
export const isBorrowerLang = (lang: string): lang is BorrowerLang => (LANGS as readonly string[]).includes(lang);
export const DEFAULT_LANG: Lang = 'en';
/** Each language's name in English, as the staff back office shows it. */
export const LANG_NAMES: Record<Lang, string> = { en: 'English', fil: 'Filipino', hi: 'Hindi', qps: 'Pseudo-locale (tests)' };
/** The page parameter naming the language; carried from page to page like `real`, and sent with every call. */
export const LANG_PARAM = 'lang';

/** Values put into a text's `{name}` places. */
export type TextValues = Record<string, string | number>;

/** A text with its `{name}` places filled; a place without a value stays as written. */
export function fillText(text: string, values?: TextValues): string {
  return values ? text.replace(/\{(\w+)\}/g, (place, name: string) => (name in values ? String(values[name]) : place)) : text;
}

/**
 * A language's catalogue: its parts, each English text (the key, as the code writes it) beside its
 * translation. 'common' is what every screen shows (shared/, app/); a feature's part is named after
 * its folder (apps/web/src/features/<part>/); 'server' is what the server writes into its answers.
 */
export type CataloguePart = Record<string, string>;
export type Catalogue = Record<string, CataloguePart>;
