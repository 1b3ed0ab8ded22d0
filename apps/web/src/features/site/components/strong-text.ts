/**
 * A text whose words in <b>…</b> are shown in bold: the bold words stay inside their sentence for the
 * translator ('<b>to access</b> your information'), where a translation may move them.
 */
import { createElement, type ReactNode } from 'react';

export function strongText(text: string): ReactNode[] {
  return text
    .split(/<b>(.*?)<\/b>/)
    .map((part, i) => (i % 2 === 0 ? part : createElement('strong', { key: i }, part)))
    .filter((part) => part !== '');
}
