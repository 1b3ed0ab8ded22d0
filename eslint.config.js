import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', 'test-results/**', 'playwright-report/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          // The browser bundle must not carry zod: only the zod-free contract modules at runtime.
          paths: [{ name: '@cashloan/contract', message: "Import '@cashloan/contract/common' or '/routes' (types may come from other files with `import type`).", allowTypeImports: true }],
          patterns: [
            // trusted-hosts: the jump-URL allow-list rules, plain functions shared with the server (no zod).
            { regex: '^@cashloan/contract/(?!common$|routes$|trusted-hosts$)', message: 'Only type imports from contract schema files in the web.', allowTypeImports: true },
            { regex: '^zod', message: 'zod stays on the server; the web uses the contract routes.', allowTypeImports: true },
          ],
        },
      ],
    },
  },
  // ---- Web boundaries (issue 19) ---------------------------------------------------------------
  // apps/web/src is cut entries/ → app/ → features/<name>/ → shared/ (shared/ARCHITECTURE.md): a
  // layer imports only the layers after it, a feature never another feature (what two features
  // share moves to shared/), and no import cycle. Self-contained: the server gets a block of its own.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { boundaries, 'import-x': importX },
    settings: {
      // Imports are relative with explicit .ts/.tsx extensions; the node resolver finds them as written.
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      // no-cycle reads only the modules of these extensions (its default is JavaScript only).
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'boundaries/root-path': import.meta.dirname,
      'boundaries/elements': [
        { type: 'entry', pattern: 'apps/web/src/entries' },
        { type: 'app', pattern: 'apps/web/src/app' },
        { type: 'feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
        { type: 'shared', pattern: 'apps/web/src/shared' },
      ],
      // Lazily loaded pages (import()) and re-exports count as much as static imports.
      'boundaries/dependency-nodes': ['import', 'dynamic-import', 'export'],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'feature' } },
              disallow: { to: { element: { type: 'feature', captured: { feature: '!{{ from.element.captured.feature }}' } } } },
              message: "A feature does not import another feature ({{ to.element.captured.feature }}): move what both need to shared/.",
            },
            {
              from: { element: { type: 'feature' } },
              disallow: { to: { element: { types: { anyOf: ['app', 'entry'] } } } },
              message: 'A feature does not import app/ or entries/: they import the features.',
            },
            {
              from: { element: { type: 'shared' } },
              disallow: { to: { element: { types: { anyOf: ['feature', 'app', 'entry'] } } } },
              message: 'shared/ does not import a feature, app/ or entries/: it is what they build on.',
            },
            {
              from: { element: { type: 'app' } },
              disallow: { to: { element: { type: 'entry' } } },
              message: 'app/ does not import entries/: the entries mount the app.',
            },
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read settings through config.ts only.' }],
    },
  },
  {
    files: ['apps/server/src/config.ts', 'apps/server/src/main.ts', 'apps/server/src/test-support/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
);
