/**
 * A `#/` app (pay.html, promo.html) opened with `lang` only after its `#`: the server never sees the
 * hash, so it chose the first screen's language from Accept-Language. The page loads once more with
 * `lang` before the `#` too, where the server reads it (docs/i18n.md). Only these apps' entries call it.
 */
import { LANG_PARAM, PAGE_LANGS } from '@cashloan/contract/i18n';
import { pageLang } from './texts.ts';

/** True when the page is loading again in the language its hash names (the caller then mounts nothing). */
export function followLangAfterHash(): boolean {
  const { hash, search, href } = window.location;
  const lang = new URLSearchParams(hash.split('?')[1]).get(LANG_PARAM);
  // Only a language the server takes, so the page never loads again for nothing. Checked against
  // PAGE_LANGS, not with the contract's langOf (its aliases), which would add about 0.3 KiB to these entries.
  if (!(PAGE_LANGS as readonly (string | null)[]).includes(lang) || lang === pageLang() || new URLSearchParams(search).has(LANG_PARAM)) return false;
  const address = new URL(href);
  address.searchParams.set(LANG_PARAM, lang!);
  window.location.replace(address.href);
  return true;
}
