// @vitest-environment node
/**
 * The catalogues against the code (docs/i18n.md): each part a catalogue holds is whole in every
 * language, so a screen of a translated feature never shows a text left in English. The keys are
 * the English texts the code writes (build/text-keys.ts). A failure lists every key lacking a
 * translation, by language and part.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Catalogue } from '@cashloan/contract/i18n';
import { CATALOGUES } from '@cashloan/contract/texts/index';
import { textKeys } from '../../../build/text-keys.ts';

const src = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
/** Where each part's texts are written: 'common' in shared/ and app/, a feature's in its folder. */
const folders = (part: string) => (part === 'common' ? [src('shared'), src('app')] : [src(`features/${part}`)]);
/** Constants a screen names (`{CONFIRM_TITLE}`) may come from shared/ or the contract's route values. */
const CONSTANTS_FROM = [src('shared'), fileURLToPath(new URL('../../../../../packages/contract/src/routes', import.meta.url))];

const places = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const webParts = (catalogue: Catalogue) => Object.keys(catalogue).filter((part) => part !== 'server');

describe('the catalogues', () => {
  const languages = Object.entries(CATALOGUES);

  it('hold the same parts in every language', () => {
    const [first, ...others] = languages.map(([, catalogue]) => Object.keys(catalogue).sort());
    for (const parts of others) expect(parts).toEqual(first);
  });

  // A route's texts are its part and 'common' (which every route gets): a feature's text may be in either.
  it('translate every text the code of each translated part writes', () => {
    const missing: string[] = [];
    for (const part of webParts(languages[0]![1])) {
      const keys = textKeys(folders(part), CONSTANTS_FROM);
      expect(keys.size, `texts found for ${part}`).toBeGreaterThan(0);
      for (const [lang, catalogue] of languages) {
        for (const key of keys) if ((catalogue[part]?.[key] ?? catalogue.common?.[key]) === undefined) missing.push(`${lang} ${part}: ${JSON.stringify(key)}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("keep each text's places ({amount}, {date}) in its translation, and leave none empty", () => {
    const wrong: string[] = [];
    for (const [lang, catalogue] of languages) {
      for (const [part, texts] of Object.entries(catalogue)) {
        for (const [english, translation] of Object.entries(texts)) {
          if (translation.trim() === '' || places(english).join() !== places(translation).join()) wrong.push(`${lang} ${part}: ${JSON.stringify(english)} → ${JSON.stringify(translation)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('the keys the code writes (build/text-keys.ts)', () => {
  it("finds a screen's texts: JSX text, text attributes, t() and plural(), named constants", () => {
    const keys = textKeys(folders('loan-confirmation'), CONSTANTS_FROM);
    for (const key of ['Loan amount', 'Agreements to accept', 'Your loan was not submitted: {error}', '{n} days', 'I have read and agreed to the above', 'Loan confirmation']) {
      expect(keys, key).toContain(key);
    }
  });
});
