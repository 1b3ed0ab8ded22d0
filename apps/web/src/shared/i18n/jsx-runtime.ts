/**
 * The JSX runtime of the H5 (tsconfig's and Vite's jsxImportSource): React's, with the texts of each
 * DOM element looked up in the page's catalogue as the element is created (texts.ts), so a screen
 * written in English shows in the borrower's language without a call around each text. Looked up:
 * the element's text children and its text attributes. In English nothing is looked up.
 */
import { Fragment, jsx as reactJsx, jsxs as reactJsxs } from 'react/jsx-runtime';
import { heldTexts } from './texts.ts';

export type { JSX } from 'react/jsx-runtime';
export { Fragment };

type Props = Record<string, unknown>;

/** The props of an element about to be created, with its texts in the page's language. */
export function translated(type: unknown, props: Props): Props {
  const texts = typeof type === 'string' && heldTexts();
  if (!texts) return props;
  const look = (value: unknown) => (typeof value === 'string' ? (texts[value] ?? value) : value);
  const out = { ...props };
  for (const name of ['children', 'aria-label', 'title', 'alt', 'placeholder']) {
    const value = props[name];
    if (value !== undefined) out[name] = Array.isArray(value) ? value.map(look) : look(value);
  }
  return out;
}

export const jsx: typeof reactJsx = (type, props, key) => reactJsx(type, translated(type, props as Props), key);
export const jsxs: typeof reactJsxs = (type, props, key) => reactJsxs(type, translated(type, props as Props), key);
