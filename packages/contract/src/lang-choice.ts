/**
 * Which of our languages a request is in (issue 41; docs/i18n.md): from the `lang` parameter, else
 * the Accept-Language header. Apart from i18n.ts, which every page's code carries, since only the
 * server and the host channel choose.
 */
import { DEFAULT_LANG, LANGS, PSEUDO_LANG, type Lang } from './i18n.ts';

/** Whether the pseudo-locale is served: never by a production server (its caller says). */
export interface LangChoice {
  pseudo?: boolean;
}

/**
 * The language a `lang` value names ('fil', 'hi', 'en'; 'tl' is Filipino too; 'qps' the pseudo-locale
 * when `pseudo` allows it), else undefined (a value that is no string included).
 */
export function langOf(value: unknown, { pseudo = false }: LangChoice = {}): Lang | undefined {
  if (typeof value !== 'string') return undefined;
  const primary = value.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === 'tl') return 'fil';
  if (primary === PSEUDO_LANG) return pseudo ? PSEUDO_LANG : undefined;
  return (LANGS as readonly string[]).includes(primary ?? '') ? (primary as Lang) : undefined;
}

/**
 * The best of our languages in an Accept-Language header, by its q-values ('hi-IN,hi;q=0.9,en;q=0.8'
 * → 'hi'); undefined when it names none of them.
 */
export function langOfAcceptLanguage(header: string | null | undefined): Lang | undefined {
  const ranked = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';').map((s) => s.trim());
      const q = params.find((p) => p.startsWith('q='));
      return { lang: langOf(tag), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.lang !== undefined && entry.q > 0 && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.lang;
}

/** A page's language: its `lang` parameter, else the browser's Accept-Language, else English. */
export function pageLangOf(param: unknown, acceptLanguage: string | null | undefined, choice: LangChoice = {}): Lang {
  return langOf(param, choice) ?? langOfAcceptLanguage(acceptLanguage) ?? DEFAULT_LANG;
}
