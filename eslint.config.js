import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import noCycleIncludingTypes from './eslint-rules/no-cycle-including-types.js';

export default tseslint.config(
  { ignores: ['**/dist/**', 'apps/server/dist*/**', '**/node_modules/**', '.data/**', 'test-results/**', 'playwright-report/**', 'bench/results/**'] },
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
          paths: [{ name: '@cashloan/contract', message: "Import '@cashloan/contract/common' or '/routes/<family>' (types may come from other files with `import type`).", allowTypeImports: true }],
          patterns: [
            // trusted-hosts: the jump-URL allow-list rules, plain functions shared with the server (no zod).
            // i18n, lang-choice: the languages, a text's places, which language a request is in (no zod, no catalogue).
            // cost-cap: the legal cap's rows, apart so that only the confirmation pages carry them.
            // routes/<family> and routes/values, not routes.ts: a page carries only the routes it calls.
            { regex: '^@cashloan/contract/(?!common$|routes/[a-z-]+$|trusted-hosts$|i18n$|lang-choice$|cost-cap$)', message: "Only type imports from contract schema files in the web; routes from '@cashloan/contract/routes/<family>'.", allowTypeImports: true },
            { regex: '^zod', message: 'zod stays on the server; the web uses the contract routes.', allowTypeImports: true },
          ],
        },
      ],
    },
  },
  {
    // The catalogues' test holds the server's catalogues to the texts the web's code writes: a test, never in a bundle.
    files: ['apps/web/src/shared/i18n/catalogues.test.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  // ---- Contract (packages/contract/src; the import directions are in its routes.ts) --------------
  // No import cycle, type-only imports included: import-x/no-cycle never follows an `import type`
  // (it has no option for it), so a local rule counts those too (eslint-rules/no-cycle-including-types.js).
  {
    files: ['packages/contract/src/**/*.ts'],
    plugins: { 'import-x': importX, local: { rules: { 'no-cycle-including-types': noCycleIncludingTypes } } },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.js'] } },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })],
      'import-x/extensions': ['.ts', '.js'],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'local/no-cycle-including-types': 'error',
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
  // ---- Back office (issue 20; docs/backoffice.md, "Screens") -----------------------------------
  // apps/backoffice/src is cut app/ → features/<name>/ → shared/, like the web: React's hook rules,
  // a feature never imports another feature (links between screens go through shared/paths.ts),
  // shared/ imports neither a feature nor app/, and no import cycle. Self-contained, so merging the
  // server's blocks beside it touches nothing here.
  {
    files: ['apps/backoffice/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, boundaries, 'import-x': importX },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'boundaries/root-path': import.meta.dirname,
      'boundaries/elements': [
        { type: 'bo-app', pattern: 'apps/backoffice/src/app' },
        { type: 'bo-feature', pattern: 'apps/backoffice/src/features/*', capture: ['feature'] },
        { type: 'bo-shared', pattern: 'apps/backoffice/src/shared' },
      ],
      'boundaries/dependency-nodes': ['import', 'dynamic-import', 'export'],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'bo-feature' } },
              disallow: { to: { element: { type: 'bo-feature', captured: { feature: '!{{ from.element.captured.feature }}' } } } },
              message: 'A back-office feature does not import another feature ({{ to.element.captured.feature }}): move what both need to shared/.',
            },
            {
              from: { element: { type: 'bo-feature' } },
              disallow: { to: { element: { type: 'bo-app' } } },
              message: 'A back-office feature does not import app/: app/ imports the features.',
            },
            {
              from: { element: { type: 'bo-shared' } },
              disallow: { to: { element: { types: { anyOf: ['bo-feature', 'bo-app'] } } } },
              message: 'shared/ does not import a feature or app/: it is what they build on.',
            },
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // ---- Server layers (issue 19; docs/architecture.md) -------------------------------------------
  // apps/server/src is cut platform → loan-terms → providers → domain → modules → ops/seed/web → app:
  // a layer imports only the layers below it, a store only from its own room or family, a module never
  // another module, a provider no domain or module code, and nothing in a circle. Tests may import
  // anything (they build the whole app), so *.test.ts is left out.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    plugins: { boundaries, 'import-x': importX },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.js'] } },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })],
      'import-x/extensions': ['.ts', '.js'],
      'boundaries/root-path': import.meta.dirname,
      // The layers are folders; the files at the top of src/ (and modules/index.ts, and every store) are classified by name.
      'boundaries/elements': [
        { type: 'platform', pattern: 'apps/server/src/platform', partialMatch: false },
        { type: 'loan-terms', pattern: 'apps/server/src/loan-terms', partialMatch: false },
        { type: 'provider', pattern: 'apps/server/src/providers/*', capture: ['provider'], partialMatch: false },
        { type: 'domain', pattern: 'apps/server/src/domain/*', capture: ['room'], partialMatch: false },
        { type: 'module', pattern: 'apps/server/src/modules/*', capture: ['family'], partialMatch: false },
        { type: 'staff', pattern: 'apps/server/src/staff/*', capture: ['area'], partialMatch: false },
        { type: 'ops', pattern: 'apps/server/src/ops', partialMatch: false },
        { type: 'seed', pattern: 'apps/server/src/seed', partialMatch: false },
        { type: 'web-host', pattern: 'apps/server/src/web', partialMatch: false },
        { type: 'test-support', pattern: 'apps/server/src/test-support', partialMatch: false },
      ],
      'boundaries/files': [
        { category: 'app', pattern: 'apps/server/src/{app,main,server,jobs,staff-cli}.ts' },
        { category: 'config', pattern: 'apps/server/src/config.ts' },
        { category: 'deps', pattern: 'apps/server/src/deps.ts' },
        { category: 'modules-index', pattern: 'apps/server/src/modules/index.ts' },
        { category: 'store', pattern: 'apps/server/src/**/*store.ts' },
      ],
      'boundaries/dependency-nodes': ['import', 'dynamic-import', 'export'],
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'allow', policies: serverLayerPolicies() }],
      // Every source file belongs to a layer: a file outside every pattern would escape the rules above.
      'boundaries/no-unknown-files': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // One import statement per module: the doors re-export, so two lines from one door creep in.
      'import-x/no-duplicates': 'error',
    },
  },
  {
    // The domain is the server's core, not its HTTP door: calls are mounted by platform/http/mount.ts
    // with a caller kind the domain hands in as a plain object.
    files: ['apps/server/src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'fastify', message: 'domain/ does not import Fastify: HTTP stays in platform/http, modules/ and staff/ (docs/architecture.md).' }],
          patterns: [{ group: ['@fastify/*'], message: 'domain/ does not import Fastify plugins: HTTP stays in platform/http, modules/ and staff/ (docs/architecture.md).' }],
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

/** What each server layer may import; everything else local to the server is refused (docs/architecture.md). */
function serverLayerPolicies() {
  // A layer is a folder (an element) or a file at the top of src/ (a file category).
  const folders = ['platform', 'loan-terms', 'provider', 'domain', 'module', 'staff', 'ops', 'seed', 'web-host', 'test-support'];
  const files = ['app', 'config', 'deps', 'modules-index'];
  const selector = (layer) => (folders.includes(layer) ? { element: { type: layer } } : { file: { categories: layer } });
  const below = {
    platform: ['platform'],
    config: ['platform'],
    'loan-terms': ['loan-terms', 'platform'],
    provider: ['provider', 'loan-terms', 'platform', 'config'],
    deps: ['provider', 'platform', 'config'],
    domain: ['domain', 'provider', 'loan-terms', 'platform', 'config', 'deps'],
    module: ['module', 'domain', 'provider', 'loan-terms', 'platform', 'config', 'deps'],
    'modules-index': ['module', 'deps'],
    // The staff API is a door like the modules, above them: it calls their services (the agent's
    // complaints), never the reverse.
    staff: ['staff', 'module', 'domain', 'provider', 'loan-terms', 'platform', 'config', 'deps'],
    ops: ['ops', 'staff', 'module', 'seed', 'platform', 'config', 'deps'],
    seed: ['seed', 'staff', 'module', 'domain', 'provider', 'loan-terms', 'platform', 'config', 'deps'],
    'web-host': ['web-host', 'module', 'platform', 'config', 'deps'],
  };
  const layerPolicies = Object.entries(below).map(([from, allowed]) => ({
    from: selector(from),
    disallow: { to: [...folders, ...files].filter((layer) => !allowed.includes(layer)).map(selector) },
    message: `${from} may import only ${allowed.join(', ')}: what it imports is above it or beside it (docs/architecture.md).`,
  }));
  return [
    ...layerPolicies,
    {
      // A domain store is read only through its room's doors: not from another layer…
      from: { element: { type: '!domain' } },
      disallow: { to: { element: { type: 'domain' }, file: { categories: 'store' } } },
      message: "A store is private to its room: use the {{ to.element.captured.room }} room's doors (its other files), not its store.",
    },
    {
      // …nor from another room.
      from: { element: { type: 'domain' } },
      disallow: { to: { element: { type: 'domain', captured: { room: '!{{ from.element.captured.room }}' } }, file: { categories: 'store' } } },
      message: "A store is private to its room: use the {{ to.element.captured.room }} room's doors (its other files), not its store.",
    },
    {
      from: { element: { type: 'module' } },
      disallow: { to: { element: { type: 'module', captured: { family: '!{{ from.element.captured.family }}' } } } },
      message: 'A module never imports another module ({{ to.element.captured.family }}): move what both need to a domain room, a provider or loan-terms.',
    },
    {
      // A module's store is its own: the staff API, the dev back office, the seed and the H5 host go through its service, ops.ts or seed.ts.
      from: { element: { types: { anyOf: ['staff', 'ops', 'seed', 'web-host'] } } },
      disallow: { to: { element: { type: 'module' }, file: { categories: 'store' } } },
      message: "A module's store is private to it: use its service.ts, ops.ts or seed.ts.",
    },
    {
      // A staff area's store is its own: another area, the dev back office and the seed use its service.ts.
      from: { element: { types: { anyOf: ['staff', 'ops', 'seed'] } } },
      disallow: { to: { element: { type: 'staff', captured: { area: '!{{ from.element.captured.area }}' } }, file: { categories: 'store' } } },
      message: "A store is private to its area: use the {{ to.element.captured.area }} area's service.ts, not its store.",
    },
  ];
}
