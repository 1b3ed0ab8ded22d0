/**
 * Every catalogue, by language (English has none: its texts are the keys). Read by the server only:
 * a page gets its route's part as data, never this module as code (docs/i18n.md).
 */
import type { Catalogue, Lang } from '../i18n.ts';
import { FIL } from './fil.ts';
import { HI } from './hi.ts';
import { pseudoCatalogue } from './pseudo.ts';

/** The borrower's languages' catalogues, and the pseudo-locale's made from their keys. */
export const CATALOGUES: Record<Exclude<Lang, 'en'>, Catalogue> = { fil: FIL, hi: HI, qps: pseudoCatalogue([FIL, HI]) };

/**
 * The parts of a language's catalogue joined into one table (later parts win; they never disagree),
 * with no prototype: a text on screen that reads '__proto__' or 'constructor' is not a key.
 */
export function joinedParts(lang: Lang, parts: readonly string[]): Record<string, string> {
  const table = Object.create(null) as Record<string, string>;
  if (lang === 'en') return table;
  const catalogue = CATALOGUES[lang];
  return Object.assign(table, ...parts.map((part) => catalogue[part] ?? {})) as Record<string, string>;
}
