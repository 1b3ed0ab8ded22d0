/**
 * The SMS a borrower gets, in their language (issue 41; docs/i18n.md, "SMS"): the one they confirmed
 * the loan in, unless the lender keeps its market's SMS in English (SMS_IN_ENGLISH). Each sentence is
 * a text of the catalogue's 'server' part, put into the language on its own, so a line the law asks
 * for (the grievance officer, the disputed label) can be found in the message in either language.
 */
import type { Market } from '@cashloan/contract';
import { DEFAULT_LANG, type Lang } from '@cashloan/contract/i18n';
import { textIn } from './answer-texts.ts';

/** The language of an SMS to a borrower of `market` who confirmed in `lang`; `inEnglish` is SMS_IN_ENGLISH. */
export const smsLang = (inEnglish: readonly Market[], market: Market, lang: Lang): Lang => (inEnglish.includes(market) ? DEFAULT_LANG : lang);

/** The sentences (empty ones left out) in `lang`, one after the other. */
export const smsSentences = (lang: Lang, sentences: readonly string[]): string =>
  sentences
    .filter((sentence) => sentence !== '')
    .map((sentence) => textIn(lang, sentence))
    .join(' ');
