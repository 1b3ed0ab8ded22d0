/**
 * The page's language and its texts (issue 41; docs/i18n.md). Code writes every text in English,
 * the spec's exact words: the English is the catalogue's key. Texts in JSX (element text and the
 * text attributes) are looked up as React creates each element (jsx-runtime.ts); a text built in
 * code, with values in it, goes through `t`. A page in Filipino or Hindi gets its route's part of
 * the catalogue as data in its HTML (<script id="texts">, written by the server with <html lang>); a
 * route opened later fetches its part before it renders (route-texts.ts). English carries none.
 */
import { DEFAULT_LANG, fillText, type TextValues } from '@cashloan/contract/i18n';
import type { PageTexts } from '@cashloan/contract/server-render';
import { serverPage } from '../navigation/server-page.ts';

let held: PageTexts | undefined;
/** The texts the page holds (route-texts.ts adds each later route's part). */
export function pageTexts(): PageTexts {
  if (import.meta.env.SSR) return serverPage()?.texts ?? { routes: [], texts: {} };
  if (!held) {
    held = JSON.parse(document.getElementById('texts')?.textContent || '{"routes":[],"texts":{}}') as PageTexts;
    // No prototype: a text on screen that reads '__proto__' or 'constructor' is not a key.
    held.texts = Object.assign(Object.create(null) as Record<string, string>, held.texts);
  }
  return held;
}

/** The translations the page holds; undefined in English, where every text stays as written. */
export function heldTexts(): Record<string, string> | undefined {
  return pageLang() === DEFAULT_LANG ? undefined : pageTexts().texts;
}

/** The page's language: what the server chose for it (its `lang` parameter, else Accept-Language). */
export const pageLang = (): string => (import.meta.env.SSR ? serverPage()?.lang : document.documentElement.lang) || DEFAULT_LANG;

/** `english` in the page's language, its `{name}` places filled from `values`. */
export const t = (english: string, values?: TextValues): string => fillText(heldTexts()?.[english] ?? english, values);

