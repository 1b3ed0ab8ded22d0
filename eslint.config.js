import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
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
