// `npm run build -w @cashloan/server` (and the root `npm run build`): compiles the API server to
// JavaScript, so production runs `node apps/server/dist/main.js` without tsx (docs/deploy.md).
//
//   node scripts/build-server.mjs [--outdir apps/server/dist] [--if-stale]
//
// --if-stale builds only when <outdir>/main.js is missing or older than a source file (the server's,
// the contract's, a migration, apps/server/package.json): what tests that run the compiled server use.
//
// esbuild bundles apps/server/src/main.ts and staff-cli.ts as ESM for Node 20 with code splitting:
// main.ts's dynamic import()s stay separate chunks, so the database still opens while the rest of the
// server loads. The workspace package @cashloan/contract (TypeScript source) is bundled in; every npm
// dependency of apps/server/package.json stays external and is loaded from node_modules, and any other
// package import fails the build (a missing dependency would otherwise be copied in unnoticed).
// Every output file sits flat in the out dir: the modules that find files from import.meta.url
// (platform/paths.ts, platform/db/migrate.ts) rely on that. The migrations are copied to
// <outdir>/migrations/, beside the chunks, byte for byte (the same migrations fingerprint).
// The out dir must be inside apps/server (node_modules are found from it): apps/server/dist, or a
// sibling such as apps/server/dist-test-… for a test.
import { build } from 'esbuild';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));
const SERVER = join(REPO_ROOT, 'apps/server');
const MIGRATIONS = join(SERVER, 'src/platform/db/migrations');

/** The workspace's own packages (TypeScript source, bundled in), by name. */
function workspacePackages() {
  const names = new Set();
  for (const parent of ['packages', 'apps']) {
    for (const dir of readdirSync(join(REPO_ROOT, parent))) {
      const file = join(REPO_ROOT, parent, dir, 'package.json');
      if (existsSync(file)) names.add(JSON.parse(readFileSync(file, 'utf8')).name);
    }
  }
  return names;
}

/** The package name of a bare import: `fastify`, `@fastify/static`, `pdfkit/js/x` → `pdfkit`. */
const packageOf = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/** Builds into outdir (absolute or relative to the repository), replacing what was there. Returns the out dir. */
export async function buildServer({ outdir = join(SERVER, 'dist') } = {}) {
  const target = resolve(REPO_ROOT, outdir);
  if (dirname(target) !== SERVER) {
    throw new Error(`The out dir must be a directory of apps/server (its node_modules are found from there), not ${target}`);
  }
  const serverPackage = JSON.parse(readFileSync(join(SERVER, 'package.json'), 'utf8'));
  const workspace = workspacePackages();
  const external = Object.keys(serverPackage.dependencies ?? {}).filter((name) => !workspace.has(name));
  const externalSet = new Set(external);
  // Built beside the target and moved in whole: a server starting from the old build never sees half of a new one.
  const staging = `${target}.building-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  try {
    const result = await build({
      absWorkingDir: REPO_ROOT,
      entryPoints: { main: join(SERVER, 'src/main.ts'), 'staff-cli': join(SERVER, 'src/staff-cli.ts') },
      outdir: staging,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      sourcemap: true,
      // Flat: entries as main.js and staff-cli.js, shared code as chunk-*.js, all in the out dir.
      entryNames: '[name]',
      chunkNames: 'chunk-[hash]',
      logLevel: 'warning',
      metafile: true,
      plugins: [
        {
          name: 'server-dependencies',
          setup(b) {
            b.onResolve({ filter: /^[^./]/ }, (args) => {
              if (args.path.startsWith('node:')) return { path: args.path, external: true };
              const name = packageOf(args.path);
              if (externalSet.has(name)) return { path: args.path, external: true };
              if (workspace.has(name)) return undefined; // bundled
              return { errors: [{ text: `${args.path} is imported by ${relative(REPO_ROOT, args.importer)} but ${name} is not a dependency in apps/server/package.json` }] };
            });
          },
        },
      ],
    });
    mkdirSync(join(staging, 'migrations'));
    for (const file of readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql'))) cpSync(join(MIGRATIONS, file), join(staging, 'migrations', file));
    writeFileSync(join(staging, 'meta.json'), JSON.stringify(result.metafile));
    rmSync(target, { recursive: true, force: true });
    try {
      renameSync(staging, target);
    } catch (error) {
      // Another build (a parallel test's) moved its own in first: the same sources, so keep that one.
      if (!existsSync(join(target, 'main.js'))) throw error;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return target;
}

/** Newest modification time (ms) of the server's and the contract's source and migrations. */
function newestSourceMs() {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|sql)$/.test(entry.name)) newest = Math.max(newest, statMs(path));
    }
  };
  walk(join(SERVER, 'src'));
  walk(join(REPO_ROOT, 'packages/contract/src'));
  return Math.max(newest, statMs(join(SERVER, 'package.json')));
}

const statMs = (path) => statSync(path).mtimeMs;

/** Whether outdir has no build, or one older than the sources. */
export function isStale({ outdir = join(SERVER, 'dist') } = {}) {
  const main = join(resolve(REPO_ROOT, outdir), 'main.js');
  return !existsSync(main) || statMs(main) < newestSourceMs();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { outdir: { type: 'string' }, 'if-stale': { type: 'boolean', default: false } } });
  const options = values.outdir ? { outdir: values.outdir } : {};
  if (values['if-stale'] && !isStale(options)) {
    process.stdout.write('server build is up to date\n');
  } else {
    const started = performance.now();
    const outdir = await buildServer(options);
    process.stdout.write(`server built to ${relative(REPO_ROOT, outdir)}/ in ${Math.round(performance.now() - started)} ms\n`);
  }
}
