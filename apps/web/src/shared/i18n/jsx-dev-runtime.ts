/** The development JSX runtime (tests, the dev server): React's, with the texts looked up as in jsx-runtime.ts. */
import { jsxDEV as reactJsxDEV } from 'react/jsx-dev-runtime';
import { translated } from './jsx-runtime.ts';

export type { JSX } from 'react/jsx-dev-runtime';
export { Fragment } from 'react/jsx-dev-runtime';

export const jsxDEV: typeof reactJsxDEV = (type, props, key, isStatic, source, self) =>
  reactJsxDEV(type, translated(type, props as Record<string, unknown>), key, isStatic, source, self);
