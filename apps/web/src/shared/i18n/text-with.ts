/**
 * A text from t() whose places hold elements rather than strings (a reference in bold, a message
 * in its own language, a link): its words around those elements, in the word order of the page's
 * language (docs/i18n.md: a text with values is never split into English fragments).
 */
import { Fragment, createElement, type ReactNode } from 'react';

/** `text` with each `{name}` place replaced by `nodes[name]`; a place without a node stays as written. */
export function textWith(text: string, nodes: Record<string, ReactNode>): ReactNode[] {
  return text
    .split(/\{(\w+)\}/)
    .map((part, i) => (i % 2 === 0 ? part : createElement(Fragment, { key: i }, part in nodes ? nodes[part] : `{${part}}`)))
    .filter((part) => part !== '');
}
