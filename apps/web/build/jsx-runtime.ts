/**
 * The H5's JSX runtime (src/shared/i18n/jsx-runtime.ts): React's, with each element's texts in the
 * page's language. tsconfig.json names the same import source for the type checker; the build and
 * the tests resolve it here.
 */
import { fileURLToPath } from 'node:url';

export const JSX_IMPORT_SOURCE = '@cashloan/h5-jsx';
export const jsxRuntimeAlias = [
  { find: /^@cashloan\/h5-jsx\/(jsx-(?:dev-)?runtime)$/, replacement: fileURLToPath(new URL('../src/shared/i18n/$1.ts', import.meta.url)) },
];
