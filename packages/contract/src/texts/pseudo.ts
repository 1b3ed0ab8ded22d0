/**
 * The pseudo-locale's catalogue (PSEUDO_LANG, docs/i18n.md "Finding texts left in English"): every
 * text of the catalogue, its letters swapped for accented look-alikes and set in ⟦ ⟧, its {places}
 * kept. Every key is taken, so a screen in it shows a text in plain ASCII letters only where the
 * text never came through the catalogue; the brackets show a sentence built out of pieces.
 */
import type { Catalogue } from '../i18n.ts';

const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTED = [...'ȧƀƈḓḗƒɠħīĵķŀḿƞǿƥɋřşŧŭṽẇẋẏẑȦƁƇḒḖƑƓĦĪĴĶĿḾȠǾƤɊŘŞŦŬṼẆẊẎẐ'];

/** A text in the pseudo-locale: each ASCII letter outside a {place} accented, the whole in ⟦ ⟧. */
export function pseudoText(english: string): string {
  const accented = english
    .split(/(\{\w+\})/)
    .map((piece, index) => (index % 2 === 1 ? piece : piece.replace(/[A-Za-z]/g, (letter) => ACCENTED[PLAIN.indexOf(letter)]!)))
    .join('');
  return `⟦${accented}⟧`;
}

/** The pseudo-locale's catalogue: every part and key of `catalogues`, each key's translation its pseudo text. */
export function pseudoCatalogue(catalogues: Catalogue[]): Catalogue {
  const pseudo: Catalogue = {};
  for (const catalogue of catalogues) {
    for (const [part, texts] of Object.entries(catalogue)) {
      const kept = (pseudo[part] ??= {});
      for (const english of Object.keys(texts)) kept[english] = pseudoText(english);
    }
  }
  return pseudo;
}
