/**
 * The words a collection template may never hold (issue 38, docs/collections.md "Templates"): SEC MC
 * 18 s2019 Section 1 forbids threats of violence or of criminal prosecution, profane or insulting
 * language, and disclosing or threatening to disclose the debt to others (shaming); RBI's directions
 * on recovery forbid intimidation and humiliation. A template is checked when an admin saves it.
 *
 * The check reads the text as words: lower case, accents and look-alike digits folded, anything else
 * a space, so "J.A.I.L", "ja1l" and "Jail!" are all "jail". English with the Filipino (Tagalog) and
 * Hindi (romanised) words collectors are known to use.
 */

export type DeniedKind = 'threat' | 'insult' | 'shaming';

/** Single words and short phrases, as folded text. */
const DENIED: Record<DeniedKind, readonly string[]> = {
  threat: [
    'jail', 'prison', 'arrest', 'arrested', 'police', 'warrant', 'criminal case', 'estafa', 'nbi', 'kill', 'hurt', 'harm', 'beat you', 'violence',
    'we know where you live', 'visit your house', 'come to your house', 'kulong', 'pulis', 'papatayin', 'saktan', 'hulihin',
    'jail bhej', 'giraftar', 'maar', 'thana',
  ],
  insult: [
    'stupid', 'idiot', 'fool', 'liar', 'thief', 'cheat', 'cheater', 'scammer', 'criminal', 'loser', 'shameless', 'useless', 'moron',
    'tanga', 'bobo', 'gago', 'magnanakaw', 'sinungaling', 'walang hiya', 'walanghiya', 'putang',
    'chor', 'bewakoof', 'gadha', 'kamina', 'besharam',
  ],
  shaming: [
    'your contacts', 'your family will know', 'tell your family', 'tell your employer', 'your employer', 'your neighbors', 'your neighbours',
    'your friends', 'post your', 'facebook', 'social media', 'publish your', 'everyone will know', 'expose you', 'shame', 'shameful', 'defaulter list',
    'ipapahiya', 'kahihiyan', 'badnaam', 'sharam',
  ],
};

const FOLD: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's' };

/** The text as words: lower case, accents and look-alikes folded, dotted or spaced-out letters joined. */
export function foldWords(text: string): string {
  const folded = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[01345@$7]/g, (c) => FOLD[c] ?? c)
    // A placeholder is the server's, not the writer's words.
    .replace(/\{[a-z]+\}/gi, ' ')
    // "j.a.i.l" and "j a i l": single letters separated by dots, dashes or spaces, joined.
    .replace(/\b(?:[a-z][.\-_* ]){2,}[a-z]\b/g, (m) => m.replace(/[.\-_* ]/g, ''))
    .replace(/[^a-z]+/g, ' ')
    .trim();
  return ` ${folded} `;
}

/** The first denied word or phrase the text holds, with its kind; null when none. */
export function deniedWordIn(text: string): { word: string; kind: DeniedKind } | null {
  const words = foldWords(text);
  for (const kind of Object.keys(DENIED) as DeniedKind[]) {
    for (const word of DENIED[kind]) {
      if (words.includes(` ${word} `)) return { word, kind };
    }
  }
  return null;
}
