/**
 * The web app's server renderer, built fresh from apps/web's source for server tests of the real
 * rendering: `vite build --ssr src/entries/server-render.tsx` (the second half of the web build,
 * apps/web/package.json) into a temporary dist, beside the page templates. No client bundle: the
 * pages' code is not needed to render them on the server (about 5 s).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../platform/paths.ts';

const WEB = join(REPO_ROOT, 'apps/web');

/**
 * A dist directory (WEB_DIST) holding index.html, pay.html, promo.html, .ssr/server-render.js and a
 * route-assets.json naming every route of the route table (with no files: there is no client build),
 * from which the server makes its page routes.
 */
export async function buildServerRenderer(): Promise<{ dist: string; remove(): void }> {
  const dist = mkdtempSync(join(tmpdir(), 'cashloan-web-dist-'));
  const vite = join(REPO_ROOT, 'node_modules/vite/bin/vite.js');
  const built = spawnSync(
    process.execPath,
    [vite, 'build', '--ssr', 'src/entries/server-render.tsx', '--outDir', join(dist, '.ssr'), '--emptyOutDir', '--logLevel', 'error'],
    // As npm run build runs it: vitest's NODE_ENV=test would make the JSX transform the development one.
    { cwd: WEB, encoding: 'utf8', timeout: 120_000, env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (built.status !== 0) throw new Error(`vite build --ssr failed (${built.status ?? built.signal}): ${built.stderr || built.stdout}`);
  // Each entry's module script written as the client build writes it (the server moves it after the first paint).
  for (const page of ['index.html', 'pay.html', 'promo.html']) {
    const template = readFileSync(join(WEB, page), 'utf8').replace(/<script type="module" src="\/src\/entries\/([\w-]+)\.tsx"><\/script>/, '<script type="module" crossorigin src="/assets/$1.js"></script>');
    writeFileSync(join(dist, page), template);
  }
  // The client build's own reading of the route table (apps/web/build/route-assets.ts).
  const { parseRouteTables } = (await import(join(WEB, 'build/route-assets.ts'))) as { parseRouteTables: (source: string) => Record<string, Record<string, string>> };
  const tables = parseRouteTables(readFileSync(join(WEB, 'src/app/routes.tsx'), 'utf8'));
  writeRouteTable(dist, Object.fromEntries(Object.entries(tables).map(([html, table]) => [html, Object.keys(table)])));
  return { dist, remove: () => rmSync(dist, { recursive: true, force: true }) };
}

/**
 * A stand-in build's route-assets.json: each entry's route paths, with no files. The server makes
 * its page routes of it (web/serve-web.ts), as of a real build's.
 */
export function writeRouteTable(dist: string, paths: Record<string, string[]>): void {
  const table = Object.fromEntries(Object.entries(paths).map(([html, list]) => [html, Object.fromEntries(list.map((path) => [path, { js: [], css: [] }]))]));
  writeFileSync(join(dist, 'route-assets.json'), JSON.stringify(table));
}
