/**
 * The server's answers in the request's language (issue 41; docs/i18n.md). Services write their
 * texts in English, the spec's words, as before; a call whose answer the borrower reads on screen
 * hands it through `inLang`, which puts each text of the catalogue's 'server' part into the
 * language. A text with values in it ('Please repay ₱1,000.00 by 12-03-2026.') is matched against
 * the part's texts with places ('Please repay {amount} by {date}.'); its values go into the
 * translation's places, translated themselves when they are texts of the part ('3 days').
 * Amounts and dates keep the market's way of writing them, whatever the language.
 */
import type { Lang } from '@cashloan/contract/i18n';
import { CATALOGUES } from '@cashloan/contract/texts/index';

/** Places that only ever hold a number (2, 2.5): so '{n} of {total}' never takes a product's name apart. */
const NUMBER_PLACES = new Set(['n', 'total', 'last4', 'percent']);

interface Pattern {
  regex: RegExp;
  names: string[];
  translation: string;
  /** How many characters of its own (not its places') it has: the more, the more specific. */
  literal: number;
}
interface Translator {
  exact: Map<string, string>;
  patterns: Pattern[];
}

const translators = new Map<Lang, Translator>();

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function translatorOf(lang: Exclude<Lang, 'en'>): Translator {
  let translator = translators.get(lang);
  if (!translator) {
    const exact = new Map<string, string>();
    const patterns: Pattern[] = [];
    for (const [english, translation] of Object.entries(CATALOGUES[lang].server ?? {})) {
      const pieces = english.split(/\{(\w+)\}/);
      if (pieces.length === 1) {
        exact.set(english, translation);
        continue;
      }
      const names = pieces.filter((_, i) => i % 2 === 1);
      const source = pieces.map((piece, i) => (i % 2 === 0 ? escaped(piece) : NUMBER_PLACES.has(piece) ? '(\\d+(?:\\.\\d+)?)' : '(.+?)')).join('');
      const literal = pieces.filter((_, i) => i % 2 === 0).join('').length;
      patterns.push({ regex: new RegExp(`^${source}$`, 's'), names, translation, literal });
    }
    // The most words first: the most specific text wins.
    patterns.sort((a, b) => b.literal - a.literal);
    translators.set(lang, (translator = { exact, patterns }));
  }
  return translator;
}

/** One text in `lang`: the catalogue's translation, or the text as written when the part has none. */
export function textIn(lang: Lang, text: string): string {
  if (lang === 'en' || text === '') return text;
  const { exact, patterns } = translatorOf(lang);
  const found = exact.get(text);
  if (found !== undefined) return found;
  for (const { regex, names, translation } of patterns) {
    const match = regex.exec(text);
    if (!match) continue;
    const values = new Map(names.map((name, i) => [name, textIn(lang, match[i + 1]!)]));
    return translation.replace(/\{(\w+)\}/g, (place, name: string) => values.get(name) ?? place);
  }
  return text;
}

/**
 * `answer` with every text in it in `lang` (a copy; English answers are handed back as they are).
 * The fields named in `asWritten` (at any depth) keep their text: what a person wrote, such as a
 * complaint's description, is never taken for one of our texts, even when it reads 'Other'.
 */
export function inLang<T>(lang: Lang, answer: T, asWritten: readonly string[] = []): T {
  if (lang === 'en') return answer;
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return textIn(lang, value);
    if (Array.isArray(value)) return value.map(walk);
    if (value !== null && typeof value === 'object' && !(value instanceof Date) && !ArrayBuffer.isView(value)) {
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, asWritten.includes(key) ? inner : walk(inner)]));
    }
    return value;
  };
  return walk(answer) as T;
}
