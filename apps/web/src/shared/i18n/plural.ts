/** Counts in words, by the page language's plural rules (Intl), then translated (texts.ts). */
import { pageLang, t } from './texts.ts';

/** `one` ('{n} day') or `other` ('{n} days'), as the page language's plural rules choose for `n`, in its words. */
export const plural = (n: number, one: string, other: string): string => t(new Intl.PluralRules(pageLang()).select(n) === 'one' ? one : other, { n });
