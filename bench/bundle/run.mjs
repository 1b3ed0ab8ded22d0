// bench/bundle: what each route of the three entries loads before it is usable (its entry's and its
// page's static imports), gzip and brotli, against the budgets of issue 10. Sizes are
// deterministic, so `npm test` runs this with --check and fails on a budget exceeded.
//   node bench/bundle/run.mjs [--check] [--dist apps/web/dist]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const BUDGETS = { initialJsGzipKiB: 86, initialCssGzipKiB: 10, lazyChunkGzipKiB: 30 };
const ENTRY_PREFIX = { 'index.html': '', 'pay.html': '/pay.html#', 'promo.html': '/promo.html#' };

const args = process.argv.slice(2);
const check = args.includes('--check');
const distArg = args.indexOf('--dist');
const dist = distArg >= 0 ? args[distArg + 1] : 'apps/web/dist';

if (!existsSync(join(dist, 'route-assets.json'))) {
  const built = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(2);
}
const routeAssets = JSON.parse(readFileSync(join(dist, 'route-assets.json'), 'utf8'));
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

const sizes = new Map();
function size(file) {
  if (!sizes.has(file)) {
    const bytes = readFileSync(join(dist, file));
    sizes.set(file, {
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    });
  }
  return sizes.get(file);
}
const total = (files) =>
  files.reduce((sum, file) => {
    const s = size(file);
    return { raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip, brotli: sum.brotli + s.brotli };
  }, { raw: 0, gzip: 0, brotli: 0 });
const kib = (bytes) => bytes / 1024;
const fmt = (bytes) => kib(bytes).toFixed(1);

const routes = [];
for (const [html, table] of Object.entries(routeAssets)) {
  for (const [path, { js, css }] of Object.entries(table)) {
    const jsSize = total(js);
    const cssSize = total(css);
    routes.push({
      route: `${ENTRY_PREFIX[html]}${path}`,
      entry: html,
      js: jsSize,
      css: cssSize,
      files: js.length + css.length,
      jsOk: kib(jsSize.gzip) <= BUDGETS.initialJsGzipKiB,
      cssOk: kib(cssSize.gzip) <= BUDGETS.initialCssGzipKiB,
    });
  }
}

// Lazily loaded chunks: every JS file an entry does not load by itself.
const entryFiles = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || entryFiles.has(chunk.file)) return;
  entryFiles.add(chunk.file);
  chunk.imports?.forEach(visit);
};
Object.entries(manifest).filter(([, c]) => c.isEntry).forEach(([key]) => visit(key));
const lazyChunks = [...new Set(Object.values(manifest).map((c) => c.file))]
  .filter((file) => file.endsWith('.js') && !entryFiles.has(file))
  .map((file) => ({ file, ...size(file) }))
  .map((c) => ({ ...c, ok: kib(c.gzip) <= BUDGETS.lazyChunkGzipKiB }))
  .sort((a, b) => b.gzip - a.gzip);

const checks = [
  ...routes.map((r) => ({ name: `bundle ${r.route}: JS ${fmt(r.js.gzip)} KiB, CSS ${fmt(r.css.gzip)} KiB gzip`, ok: r.jsOk && r.cssOk })),
  { name: `bundle: ${lazyChunks.length} lazy chunks each ≤ ${BUDGETS.lazyChunkGzipKiB} KiB gzip`, ok: lazyChunks.every((c) => c.ok) },
];

const lines = [
  '## Bundle',
  '',
  `What each route loads before it is usable: its entry's and its page's static imports (from \`${dist}/route-assets.json\`, written by the build). KiB = 1,024 bytes; gzip level 9, brotli quality 11. Budgets: initial JS ≤ ${BUDGETS.initialJsGzipKiB} KiB gzip, CSS ≤ ${BUDGETS.initialCssGzipKiB} KiB gzip, each lazily loaded chunk ≤ ${BUDGETS.lazyChunkGzipKiB} KiB gzip. Enforced by \`npm test\`.`,
  '',
  '| Route | JS gzip | JS brotli | CSS gzip | CSS brotli | files | budget |',
  '|---|---:|---:|---:|---:|---:|---|',
  ...routes.map((r) => `| \`${r.route}\` | ${fmt(r.js.gzip)} | ${fmt(r.js.brotli)} | ${fmt(r.css.gzip)} | ${fmt(r.css.brotli)} | ${r.files} | ${r.jsOk && r.cssOk ? 'met' : '**NOT met**'} |`),
  '',
  `Largest lazily loaded chunks (of ${lazyChunks.length}):`,
  '',
  '| Chunk | gzip KiB | brotli KiB | budget |',
  '|---|---:|---:|---|',
  ...lazyChunks.slice(0, 8).map((c) => `| \`${c.file.replace(/-[\w-]{8}\.js$/, '.js')}\` | ${fmt(c.gzip)} | ${fmt(c.brotli)} | ${c.ok ? 'met' : '**NOT met**'} |`),
  '',
  `Largest route: ${(() => { const r = routes.reduce((a, b) => (b.js.gzip > a.js.gzip ? b : a)); return `\`${r.route}\` ${fmt(r.js.gzip)} KiB gzip JS`; })()}; all budgets ${checks.every((c) => c.ok) ? 'met' : '**not met**'}.`,
  '',
];

mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/bundle.md', lines.join('\n'));
writeFileSync('bench/results/bundle.json', JSON.stringify({ budgets: BUDGETS, routes, lazyChunks, checks }, null, 1));
process.stdout.write(lines.join('\n'));
if (check) {
  const failed = checks.filter((c) => !c.ok);
  for (const c of checks) process.stdout.write(`${c.ok ? '✓' : '✗'} ${c.name}\n`);
  // Run on its own (not through npm test) the folder may not exist yet.
  mkdirSync('test-results', { recursive: true });
  writeFileSync('test-results/bundle.json', JSON.stringify({ passed: checks.length - failed.length, failed: failed.length }));
  process.exit(failed.length ? 1 : 0);
}
