#!/usr/bin/env node
/**
 * Lighthouse on every route of spec section 2 (the path routes, pay.html#/… and promo.html#/…),
 * against the production build served by the real server, each route showing its real first
 * screen (seeded borrowers and orders in the state the route needs, as e2e/accessibility.spec.ts).
 *
 *   node bench/lighthouse/run.mjs [--profiles=default,lowend,tap] [--runs=3] [--routes=/allIt,pay.html] [--keep=DIR]
 *
 * Environment (the flags win):
 *   BENCH_WEB_DIST      the build to serve (default apps/web/dist; built with `npm run build` when missing);
 *                       served from a temporary copy with floor.html added
 *   BENCH_LH_RUNS       runs per route and profile (default 3; the median run is kept)
 *   BENCH_LH_PROFILES   default (Lighthouse's mobile defaults: simulated RTT 150 ms, 1.6 Mbit/s, CPU ×4),
 *                       lowend (simulated RTT 300 ms, 700 kbit/s, CPU ×6) and/or tap (the low-end phone
 *                       with devtools throttling: the time until the screen answers a tap, read from
 *                       the app's `screen-interactive` performance mark); default all three
 *   BENCH_LH_ROUTES     only these routes (comma-separated; a part that is no route's exact name
 *                       selects every route containing it, e.g. pay.html or complain)
 *   BENCH_LH_KEEP       a directory to write every run's full Lighthouse report to (<profile>-<route>-<run>.json:
 *                       the LCP element, the network requests with their timings, the main-thread tasks)
 *   CHROME_PATH         the browser (default Debian's /usr/bin/chromium; none is ever downloaded)
 *
 * The floor: a static one-paragraph page (floor.html: viewport meta, an <h1> and a <p>, no script,
 * no stylesheet) served by the same server, measured first in each profile with the same settings
 * and number of runs. It is what Lighthouse gives a page that costs nothing but its own HTML on this
 * machine and under this throttling, so every route's LCP is also shown as a ratio to the floor's
 * (median) LCP of the same profile, e.g. `1.12 s (1.31×)`. The product has no such route: the bench
 * copies the build it serves into a temporary directory, adds floor.html there (with brotli and gzip
 * copies, as the build precompresses its files) and starts the server on that copy (WEB_DIST), so
 * neither the server's code nor the build in the repository changes; the copy is removed at the end.
 * The server then serves /floor.html as any other file of the build (@fastify/static).
 *
 * The server runs as production runs it (`npm start`): `node --enable-source-maps
 * apps/server/dist/main.js`, compiled first when missing or older than its sources
 * (`scripts/build-server.mjs --if-stale`).
 *
 * Each run is Lighthouse's navigation in mobile form factor, performance category only, simulated
 * throttling, in one headless Chromium reused for every run (a new tab per run; Lighthouse empties
 * the HTTP cache before each navigation). The median run of a route is the run with the median
 * LCP. After each run the tab is checked for something only the route's loaded first screen shows
 * (`screenOk`). Chrome is started with chrome-launcher and driven through puppeteer-core, both
 * Lighthouse's own dependencies. A full run (28 routes × 3 runs × 3 profiles) takes about 50 min on
 * 2 cores. Writes bench/results/lighthouse.json (every run's figures) and bench/results/lighthouse.md
 * (a `## Lighthouse` section: one table per profile, the floor first, and the budgets each route
 * misses). Progress goes to stderr.
 * Exit code 0 even when a budget is missed; 1 when the bench itself failed (server, seeding,
 * browser, or a route with no successful run).
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const RESULTS_DIR = join(REPO_ROOT, 'bench/results');
const DEFAULT_DIST = join(REPO_ROOT, 'apps/web/dist');
const OPS_TOKEN = 'bench-ops-token-of-the-benchmarks-only';
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
/** PGlite's cold start takes seconds on a slow machine; migrations and the seed come on top. */
const START_TIMEOUT_MS = 90_000;
/** One Lighthouse run; a hung one is abandoned, the browser restarted and the run retried once. */
const RUN_TIMEOUT_MS = 120_000;
/** How long the route's first screen may take to show once Lighthouse is done (it normally already shows). */
const SCREEN_CHECK_MS = 10_000;

// ---------------------------------------------------------------------------------------------
// Options

function option(name) {
  const prefix = `--${name}=`;
  const arg = process.argv.slice(2).find((a) => a.startsWith(prefix));
  return arg ? arg.slice(prefix.length) : process.env[`BENCH_LH_${name.toUpperCase()}`];
}

/** The low-end phone. */
const LOW_END = {
  rttMs: 300,
  throughputKbps: 700,
  cpuSlowdownMultiplier: 6,
  requestLatencyMs: 300 * 3.75,
  downloadThroughputKbps: 700 * 0.9,
  uploadThroughputKbps: 700 * 0.9,
};
/** The performance mark the app sets once its first screen answers a tap (its code has run). */
const SCREEN_INTERACTIVE_MARK = 'screen-interactive';

const PROFILES = {
  default: {
    label: "Lighthouse's default mobile: simulated RTT 150 ms, 1.6 Mbit/s, CPU ×4",
    // Lighthouse's own mobile default (mobileSlow4G), left as it is.
    throttling: undefined,
  },
  lowend: {
    label: 'low-end phone: simulated RTT 300 ms, 700 kbit/s, CPU ×6',
    // Only rttMs, throughputKbps and cpuSlowdownMultiplier drive simulated throttling; the other
    // three (devtools throttling's) follow Lighthouse's own adjustment factors (3.75 and 0.9).
    throttling: LOW_END,
  },
  tap: {
    label: 'low-end phone, devtools throttling (applied to the load itself, not simulated): latency 1,125 ms, 630 kbit/s, CPU ×6',
    // Simulated throttling estimates the paints only; the moment the page's code has run (the
    // screen-interactive mark, apps/web/src/app/AppRouter.tsx) is read from the throttled load.
    method: 'devtools',
    throttling: LOW_END,
  },
};

/**
 * Every route's budgets (the floor is the reference, not checked). `floor` is the floor's median run
 * of the same profile (undefined if it failed: then the ratio budget cannot be checked and is missed).
 */
const BUDGETS = [
  {
    profile: 'default',
    metric: 'lcpFloor',
    label: 'LCP ≤ 1.35× the floor',
    ok: (m, floor) => floor !== undefined && m.lcpMs <= 1.35 * floor.lcpMs,
    show: (m, floor) => lcpText(m, floor),
  },
  { profile: 'default', metric: 'lcp', label: 'LCP ≤ 1.2 s', ok: (m) => m.lcpMs <= 1200, show: (m, floor) => lcpText(m, floor) },
  { profile: 'default', metric: 'tbt', label: 'TBT ≤ 50 ms', ok: (m) => m.tbtMs <= 50, show: (m) => `${Math.round(m.tbtMs)} ms` },
  { profile: 'default', metric: 'cls', label: 'CLS ≤ 0.02', ok: (m) => m.cls <= 0.02, show: (m) => m.cls.toFixed(3) },
  { profile: 'default', metric: 'score', label: 'performance score ≥ 99', ok: (m) => m.score >= 99, show: (m) => String(m.score) },
  { profile: 'lowend', metric: 'lcp', label: 'LCP ≤ 2.5 s', ok: (m) => m.lcpMs <= 2500, show: (m, floor) => lcpText(m, floor) },
  { profile: 'tap', metric: 'tap', label: 'the screen answers a tap ≤ 2.5 s', ok: (m) => m.tapMs !== undefined && m.tapMs <= 2500, show: (m) => tapText(m) },
];

function parseOptions() {
  const runs = Number(option('runs') ?? 3);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`BENCH_LH_RUNS / --runs must be a whole number ≥ 1 (got ${option('runs')})`);
  const profiles = (option('profiles') ?? 'default,lowend,tap').split(',').map((p) => p.trim()).filter(Boolean);
  for (const p of profiles) if (!PROFILES[p]) throw new Error(`unknown profile '${p}' (known: ${Object.keys(PROFILES).join(', ')})`);
  if (profiles.length === 0) throw new Error('no profile to run');
  const routeFilter = (option('routes') ?? '').split(',').map((r) => r.trim()).filter(Boolean);
  const webDist = process.env.BENCH_WEB_DIST ? resolve(REPO_ROOT, process.env.BENCH_WEB_DIST) : DEFAULT_DIST;
  const keep = option('keep') ? resolve(process.cwd(), option('keep')) : undefined;
  return { runs, profiles, routeFilter, webDist, keep };
}

const log = (line) => process.stderr.write(`[lighthouse] ${line}\n`);
const sec = (ms) => (ms / 1000).toFixed(2);
const kib = (bytes) => Math.round(bytes / 1024);
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
/** An LCP in seconds with its ratio to the floor's LCP, e.g. `1.12 s (1.31×)`. */
const lcpText = (m, floor) => `${sec(m.lcpMs)} s${floor ? ` (${(m.lcpMs / floor.lcpMs).toFixed(2)}×)` : ''}`;
/** When the screen answered a tap, in seconds from the navigation's start ('not marked': the page's code never ran). */
const tapText = (m) => (m.tapMs === undefined ? 'not marked' : `${sec(m.tapMs)} s`);

// ---------------------------------------------------------------------------------------------
// The build and the server

function ensureBuilt(webDist) {
  if (existsSync(join(webDist, 'index.html'))) return;
  if (webDist !== DEFAULT_DIST) throw new Error(`${webDist} has no index.html; build it first (or leave BENCH_WEB_DIST unset)`);
  log('apps/web/dist has no index.html: running `npm run build` first');
  const build = spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: ['ignore', process.stderr, process.stderr] });
  if (build.status !== 0) throw new Error(`the web build failed (exit ${build.status})`);
  if (!existsSync(join(webDist, 'index.html'))) throw new Error(`the build wrote no ${join(webDist, 'index.html')}`);
}

/** The server build as `npm start` runs it, compiled when missing or older than its sources. */
const SERVER_ENTRY = join(REPO_ROOT, 'apps/server/dist/main.js');
function ensureServerBuilt() {
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], { cwd: REPO_ROOT, stdio: ['ignore', process.stderr, process.stderr] });
  if (build.status !== 0) throw new Error(`the server build failed (exit ${build.status})`);
  if (!existsSync(SERVER_ENTRY)) throw new Error(`the server build wrote no ${SERVER_ENTRY}`);
}

/** The floor: one short static paragraph, no script, no stylesheet (see the header). */
const FLOOR_FILE = 'floor.html';
const FLOOR_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Floor</title>
</head>
<body>
<h1>PesoNow</h1>
<p>A static page of one paragraph, served by the same server as the app: what the first paint costs when a page needs nothing but its own HTML.</p>
</body>
</html>
`;
const FLOOR_ROUTE = { route: 'floor', url: `/${FLOOR_FILE}`, ready: 'h1', floor: true };

/** A temporary copy of the build with floor.html (and its precompressed copies) added; the server serves this copy. */
function distWithFloor(webDist, cleanup) {
  const dir = mkdtempSync(join(tmpdir(), 'cashloan-lighthouse-dist-'));
  cleanup.distCopy = dir;
  cpSync(webDist, dir, { recursive: true });
  writeFileSync(join(dir, FLOOR_FILE), FLOOR_HTML);
  writeFileSync(join(dir, `${FLOOR_FILE}.br`), brotliCompressSync(FLOOR_HTML, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY } }));
  writeFileSync(join(dir, `${FLOOR_FILE}.gz`), gzipSync(FLOOR_HTML, { level: 9 }));
  return dir;
}

function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

async function healthy(url) {
  try {
    return (await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

/** The real server, compiled, as `npm start` runs it: free port, fresh embedded database, the build given. */
async function startServer(webDist, cleanup) {
  const port = await freePort();
  if (cleanup.stopping) throw new Error('stopping');
  const dataDir = mkdtempSync(join(tmpdir(), 'cashloan-lighthouse-'));
  cleanup.dataDir = dataDir;
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // Always the embedded database, even when the shell points at a PostgreSQL.
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      OPS_TOKEN,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      WEB_DIST: webDist,
      PUBLIC_URL: url,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanup.server = child;
  let startupOutput = '';
  let started = false;
  child.stdout.setEncoding('utf8').on('data', (chunk) => {
    if (!started) startupOutput += chunk;
    else for (const line of chunk.split('\n')) if (line.startsWith('{')) process.stderr.write(`[server] ${line}\n`);
  });
  child.stderr.setEncoding('utf8').on('data', (chunk) => {
    if (!started) startupOutput += chunk;
    else process.stderr.write(`[server] ${chunk}`);
  });
  let exited = null;
  child.on('exit', (code, signal) => {
    exited = `exit code ${code ?? '-'}${signal ? `, signal ${signal}` : ''}`;
    // Once started, every later run would fail with Chrome's "interstitial" error: stop there instead.
    if (started && !cleanup.stopping) cleanup.serverGone = `the server exited during the runs (${exited})`;
  });
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await healthy(url))) {
    if (exited !== null || Date.now() > deadline) {
      throw new Error(`the server did not start (${exited ?? `no /healthz after ${START_TIMEOUT_MS} ms`}):\n${startupOutput}`);
    }
    await sleep(250);
  }
  started = true;
  return url;
}

async function stopServer(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  if (await Promise.race([gone.then(() => true), sleep(10_000).then(() => false)])) return;
  child.kill('SIGKILL');
  await gone;
}

// ---------------------------------------------------------------------------------------------
// Seeding through the ops API (and one borrower call: a complaint is filed by the borrower)

function opsClient(baseUrl) {
  return async (method, path, body) => {
    const res = await fetch(`${baseUrl}/ops${path}`, {
      method,
      headers: { Authorization: `Bearer ${OPS_TOKEN}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let envelope;
    try {
      envelope = JSON.parse(text);
    } catch {
      throw new Error(`ops ${method} ${path}: HTTP ${res.status}, not JSON: ${text.slice(0, 200)}`);
    }
    if (!res.ok || (envelope.code !== 0 && envelope.code !== '0' && envelope.code !== '00')) {
      throw new Error(`ops ${method} ${path}: HTTP ${res.status} ${JSON.stringify(envelope).slice(0, 300)}`);
    }
    return envelope.data;
  };
}

/** `path` with `params` in its query; a `#/` route keeps its query after the hash (as e2e/fixtures.ts). */
function withQuery(path, params) {
  const hashAt = path.indexOf('#');
  const tail = hashAt >= 0 ? path.slice(hashAt) : path;
  const [route, search = ''] = tail.split('?', 2);
  const query = new URLSearchParams(search);
  for (const [key, value] of Object.entries(params)) if (value !== undefined) query.set(key, String(value));
  const qs = query.toString();
  const target = `${route}${qs ? `?${qs}` : ''}`;
  return hashAt >= 0 ? `${path.slice(0, hashAt)}${target}` : target;
}

const uniquePhone = () => `09${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
const PRODUCT_ID = 1;

/** A repeat borrower with an order in each state the routes need, a pay code, a bank card and an answered complaint. */
async function seed(baseUrl) {
  const ops = opsClient(baseUrl);
  const created = await ops('POST', '/borrowers', { mobilePhone: uniquePhone(), name: 'Ana Reyes', isRepeat: true });
  const session = created.session;
  const url = (path, extra = {}) => withQuery(path, { ...session, ...extra });
  const order = (body) => ops('POST', '/orders', { borrowerId: created.borrowerId, ...body });
  const repaying = await order({ status: 170 });
  const due = await order({ status: 174, dueInDays: 1 });
  const rollover = await order({ status: 180, dueInDays: -5, isDelay: '1', reyMsg: 'Pay the extension fee and your due date moves on.' });
  const payCode = await ops('POST', '/pay-codes', { orderId: due.orderId, purpose: 'repay' });
  await ops('POST', '/bank-cards', { borrowerId: created.borrowerId, bankName: 'BDO Unibank', bankCode: 'BDO', cardNo: '4000123412344821' });

  // The borrower files two complaints (problem-save) and the agent answers one, so the list shows
  // an open and an answered complaint and the details a reply. No rating asked: its dialog opens 3 s later.
  const sessionQuery = new URLSearchParams(session).toString();
  const complain = async (problemDetail) => {
    const res = await fetch(`${baseUrl}/h5api/user-problem/problem-save?${sessionQuery}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Requested-With': 'XMLHttpRequest', swift: session.merchantNumber, eyes: session.deviceId },
      body: new URLSearchParams({ problemType: '3', problemSonType: '', problemDetail, problemImage: '', orderNo: '' }).toString(),
    });
    const body = await res.json().catch(() => ({}));
    if (!res.ok || body.code !== '00') throw new Error(`problem-save: HTTP ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    return body.data.problemId;
  };
  await complain('The app still shows my old mobile number.');
  const problemId = await complain('The app shows an old due date.');
  await ops('POST', `/complaints/${problemId}/reply`, { disposeDetail: 'We have checked it: your due date is now up to date.', disposeImages: [], isNeedScore: 0 });

  return { url, repaying, due, rollover, payCode, problemId };
}

// ---------------------------------------------------------------------------------------------
// The routes: spec section 2, with the URL showing the real first screen and what shows it loaded

const ids = (order) => ({ productId: order.productId, orderId: order.orderId });
/** Puppeteer selectors (ARIA, text or CSS) of something only the route's loaded first screen shows. */
const role = (name, r) => `::-p-aria(${name}[role="${r}"])`;

function routes(s) {
  const code = s.payCode?.payCode ?? s.payCode?.code;
  const amountMinor = s.payCode?.amountMinor ?? s.payCode?.amount;
  return [
    { route: '/', url: '/', ready: 'main h2' },
    { route: '/wherePlurality', url: s.url('/wherePlurality'), ready: role('Order Details', 'heading') },
    { route: '/allIt', url: s.rollover.path, ready: role('Order Details', 'heading') },
    { route: '/anFrom', url: s.repaying.path.replace('/allIt', '/anFrom'), ready: role('Order Details', 'heading') },
    { route: '/smpSystem', url: s.url('/smpSystem', { productId: PRODUCT_ID }), ready: role('Loan confirmation', 'heading') },
    // The promotional popup opens over this screen and makes the page behind it inert (out of the
    // accessibility tree), so its heading is found by its text.
    { route: '/manyVoting', url: s.url('/manyVoting', { productId: PRODUCT_ID }), ready: 'h1::-p-text(Loan confirmation)' },
    { route: '/allowedAlso', url: s.url('/allowedAlso', ids(s.due)), ready: role('Your pay code', 'region') },
    { route: '/byAs', url: s.url('/byAs', ids(s.repaying)), ready: role('Amount to repay', 'region') },
    { route: '/beSeats', url: s.url('/beSeats'), ready: 'main ul' },
    { route: '/toIs', url: s.url('/toIs', { productId: PRODUCT_ID, position: 1 }), ready: role('Loan Agreement', 'article') },
    { route: '/pluralityCounting', url: s.url('/pluralityCounting'), ready: 'main h2' },
    { route: '/maySimilar', url: '/maySimilar', ready: 'main nav' },
    { route: '/votingCandidates', url: s.url('/votingCandidates', ids(s.rollover)), ready: '#rollover-plan' },
    { route: '/numberWill', url: s.url('/numberWill', { orderId: s.rollover.orderId }), ready: role('Collection', 'button') },
    { route: '/candidateWhile', url: s.url('/candidateWhile', { productId: PRODUCT_ID }), ready: role('Payment account information', 'heading') },
    { route: '/dragonpayPaymentInstructions', url: s.url('/dragonpayPaymentInstructions'), ready: '::-p-text(Gcash Bills)' },
    {
      route: '/repaymentOfCode',
      // What the repayment screen sends there: the order's real pay code and amount.
      url: s.url('/repaymentOfCode', { showType: 1, payCode: code ?? '123456789012', repayAmount: typeof amountMinor === 'number' ? (amountMinor / 100).toFixed(2) : '5605.00' }),
      ready: `::-p-text(${code ?? '123456789012'})`,
    },
    {
      route: '/repaymentOfCode2',
      // The screen reads what the repayment screen stored in localStorage: that screen is opened
      // (unmeasured) before each run; Lighthouse's storage reset leaves localStorage alone.
      url: s.url('/repaymentOfCode2', ids(s.due)),
      prime: { url: s.url('/allowedAlso', ids(s.due)), ready: role('Your pay code', 'region') },
      ready: '::-p-text(Contract No.)',
    },
    { route: '/testPreview', url: s.url('/testPreview', { orderId: s.repaying.orderId }), ready: '#preview-params' },
    { route: '/complainPage', url: s.url('/complainPage'), ready: role('Collection', 'button') },
    {
      route: '/complainPageNext',
      url: s.url('/complainPageNext', { problemType: '1', problemSonType: '11', orderNo: s.rollover.orderNo }),
      ready: role('Description', 'textbox'),
    },
    { route: '/complaintList', url: s.url('/complaintList'), ready: '#complaint-tab-panel li' },
    { route: '/complainDetails', url: s.url('/complainDetails', { problemId: s.problemId }), ready: role('Process Result', 'heading') },
    { route: 'pay.html#/borrowDetail', url: s.url('/pay.html#/borrowDetail', ids(s.due)), ready: '#loan-status' },
    { route: 'pay.html#/addnormalcard', url: s.url('/pay.html#/addnormalcard', ids(s.due)), ready: '::-p-text(BDO Unibank)' },
    { route: 'pay.html#/alipayrepayment', url: s.url('/pay.html#/alipayrepayment', ids(s.due)), ready: role('Confirm repayment', 'button') },
    // The same three screens at their path addresses, which the server renders.
    { route: '/borrowDetail', url: s.url('/borrowDetail', ids(s.due)), ready: '#loan-status' },
    { route: '/addnormalcard', url: s.url('/addnormalcard', ids(s.due)), ready: '::-p-text(BDO Unibank)' },
    { route: '/alipayrepayment', url: s.url('/alipayrepayment', ids(s.due)), ready: role('Confirm repayment', 'button') },
    { route: 'promo.html#/downloadTemplate', url: '/promo.html#/downloadTemplate?templateId=1&source=bench-lighthouse', ready: role('Mobile number', 'textbox') },
    // The same landing when the campaign link names the template before '#': the server renders it.
    { route: 'promo.html?templateId#/downloadTemplate', url: '/promo.html?templateId=1&source=bench-lighthouse#/downloadTemplate', ready: role('Mobile number', 'textbox') },
    { route: 'promo.html#/agreementTemplate', url: '/promo.html#/agreementTemplate?templateId=2&source=bench-lighthouse', ready: 'main h2' },
  ];
}

// ---------------------------------------------------------------------------------------------
// The browser and one Lighthouse run

async function launchBrowser(cleanup) {
  if (cleanup.stopping) throw new Error('stopping');
  if (!existsSync(CHROME_PATH)) throw new Error(`no browser at ${CHROME_PATH} (set CHROME_PATH; none is downloaded)`);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-dev-shm-usage'],
    logLevel: 'silent',
    // Its own SIGINT handler would exit at once, leaving the server running: ours stops both.
    handleSIGINT: false,
  });
  cleanup.chrome = chrome;
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  cleanup.browser = browser;
  return { chrome, browser };
}

async function closeBrowser(cleanup) {
  const { browser, chrome } = cleanup;
  cleanup.browser = undefined;
  cleanup.chrome = undefined;
  if (browser) await browser.disconnect().catch(() => {});
  if (chrome) {
    const proc = chrome.process;
    const gone = proc && proc.exitCode === null && proc.signalCode === null ? new Promise((done) => proc.once('exit', done)) : Promise.resolve();
    try {
      // SIGKILL to Chrome's process group; chrome-launcher then removes its profile directory.
      chrome.kill();
    } catch {
      // Already gone.
    }
    await Promise.race([gone, sleep(5_000)]);
  }
}

function lighthouseConfig(profile) {
  const settings = {
    onlyCategories: ['performance'],
    formFactor: 'mobile',
    throttlingMethod: PROFILES[profile].method ?? 'simulate',
    // Nothing kept but the figures: no full-page screenshot, no thumbnails or final screenshot.
    disableFullPageScreenshot: true,
    skipAudits: ['screenshot-thumbnails', 'final-screenshot', 'script-treemap-data'],
  };
  if (PROFILES[profile].throttling) settings.throttling = PROFILES[profile].throttling;
  return { extends: 'lighthouse:default', settings };
}

const num = (lhr, id) => lhr.audits[id]?.numericValue;
const items = (lhr, id) => lhr.audits[id]?.details?.items ?? [];

/** The figures of one run, plus what explains them (LCP element and phases, blocking, unused JS, main thread). */
function figures(lhr, baseUrl) {
  const requests = items(lhr, 'network-requests');
  const sum = (list) => list.reduce((total, r) => total + (r.transferSize ?? 0), 0);
  const short = (u) => (typeof u === 'string' && u.startsWith(baseUrl) ? u.slice(baseUrl.length).split('?')[0] : u);
  // The LCP audit's details are a list of two tables: the element, then its phases (TTFB, load delay, load time, render delay).
  const lcpRows = items(lhr, 'largest-contentful-paint-element').filter((t) => t.type === 'table').flatMap((t) => t.items ?? []);
  const lcpNode = lcpRows.find((row) => row.node)?.node;
  const lcpPhases = lcpRows.filter((row) => row.phase);
  const wasted = (id) => items(lhr, id).map((i) => ({ url: short(i.url), wastedBytes: i.wastedBytes, wastedMs: i.wastedMs, totalBytes: i.totalBytes }));
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcpMs: num(lhr, 'first-contentful-paint'),
    lcpMs: num(lhr, 'largest-contentful-paint'),
    tbtMs: num(lhr, 'total-blocking-time'),
    cls: num(lhr, 'cumulative-layout-shift'),
    speedIndexMs: num(lhr, 'speed-index'),
    tapMs: items(lhr, 'user-timings').find((timing) => timing.name === SCREEN_INTERACTIVE_MARK)?.startTime,
    transferBytes: num(lhr, 'total-byte-weight'),
    jsTransferBytes: sum(requests.filter((r) => r.resourceType === 'Script')),
    cssTransferBytes: sum(requests.filter((r) => r.resourceType === 'Stylesheet')),
    requests: requests.length,
    diagnostics: {
      lcpElement: lcpNode ? { label: lcpNode.nodeLabel, selector: lcpNode.selector, snippet: lcpNode.snippet } : null,
      lcpPhases: lcpPhases.map((p) => ({ phase: p.phase, ms: Math.round(p.timing ?? 0) })),
      renderBlocking: wasted('render-blocking-resources'),
      unusedJavascript: wasted('unused-javascript'),
      unusedCss: wasted('unused-css-rules'),
      mainThreadMs: Math.round(num(lhr, 'mainthread-work-breakdown') ?? 0),
      mainThread: items(lhr, 'mainthread-work-breakdown').map((i) => ({ group: i.groupLabel ?? i.group, ms: Math.round(i.duration) })),
      bootup: items(lhr, 'bootup-time').map((i) => ({ url: short(i.url), totalMs: Math.round(i.total), scriptingMs: Math.round(i.scripting) })),
      longTasks: items(lhr, 'long-tasks').map((i) => ({ url: short(i.url), startMs: Math.round(i.startTime), durationMs: Math.round(i.duration) })),
      criticalChainMs: Math.round(lhr.audits['critical-request-chains']?.details?.longestChain?.duration ?? 0),
      serverResponseMs: Math.round(num(lhr, 'server-response-time') ?? 0),
      textCompression: {
        savingsBytes: lhr.audits['uses-text-compression']?.details?.overallSavingsBytes ?? 0,
        savingsMs: lhr.audits['uses-text-compression']?.details?.overallSavingsMs ?? 0,
      },
      layoutShifts: items(lhr, 'layout-shifts').map((i) => ({ node: i.node?.nodeLabel ?? i.node?.selector, score: i.score })),
      benchmarkIndex: lhr.environment?.benchmarkIndex,
      warnings: lhr.runWarnings ?? [],
    },
  };
}

function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise((_, fail) => {
      timer = setTimeout(() => fail(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
    }),
  ]);
}

/** Opens the route's prerequisite screen (unmeasured) so the route finds what that screen stores. */
async function prime(browser, baseUrl, step) {
  const page = await browser.newPage();
  try {
    await page.goto(baseUrl + step.url, { waitUntil: 'load', timeout: 30_000 });
    await page.waitForSelector(step.ready, { timeout: 20_000 });
    // The screen stores what it loaded in an effect after it renders.
    await page.waitForFunction(() => localStorage.getItem('repaymentInfo') !== null, { timeout: 5_000 });
  } finally {
    await page.close().catch(() => {});
  }
}

async function measure(browser, baseUrl, route, profile, keepAs) {
  if (route.prime) await prime(browser, baseUrl, route.prime);
  const page = await browser.newPage();
  try {
    const result = await lighthouse(baseUrl + route.url, { logLevel: 'error', output: 'json' }, lighthouseConfig(profile), page);
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no result');
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (keepAs) writeFileSync(keepAs, JSON.stringify(lhr));
    if (lhr.categories.performance.score === null) throw new Error(`no performance score (${(lhr.runWarnings ?? []).join('; ') || 'a metric failed'})`);
    // The page is left where Lighthouse loaded it: check it shows the route's real first screen.
    const screenOk = await page
      .waitForSelector(route.ready, { timeout: SCREEN_CHECK_MS })
      .then(() => true)
      .catch(() => false);
    return { ...figures(lhr, baseUrl), screenOk, finalUrl: lhr.finalDisplayedUrl?.replace(baseUrl, ''), lighthouseVersion: lhr.lighthouseVersion, userAgent: lhr.environment?.hostUserAgent };
  } finally {
    await page.close().catch(() => {});
  }
}

const METRICS = ['score', 'fcpMs', 'lcpMs', 'tapMs', 'tbtMs', 'cls', 'speedIndexMs', 'transferBytes', 'jsTransferBytes'];
/** Each metric's own median over the runs (the JSON's `metricMedians`: TBT varies most with the machine's load). */
function metricMedians(runs) {
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
  return Object.fromEntries(METRICS.map((m) => [m, median(runs.map((r) => r[m]).filter((v) => v !== undefined))]));
}

/** The run with the median LCP (the tap profile: the median tap; a run never marked counts as the slowest), the lower middle one for an even count. */
function medianRun(runs, profile) {
  const tap = (r) => r.tapMs ?? Infinity;
  const sorted = [...runs].sort((a, b) => (profile === 'tap' ? tap(a) - tap(b) : 0) || a.lcpMs - b.lcpMs || b.score - a.score);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

// ---------------------------------------------------------------------------------------------
// Reports

/** How many routes the markdown explains in detail. */
const MAX_EXPLAINED = 8;
/** Text fit for one markdown table cell or code span: one line, no backticks or pipes. */
const inline = (text) => String(text).replace(/\s+/g, ' ').replace(/[`|]/g, "'").trim();

function markdown(report) {
  const lines = ['## Lighthouse', ''];
  const env = report.environment;
  lines.push(
    `${report.generatedAt} · Lighthouse ${env.lighthouseVersion ?? '?'} · ${env.browser ?? 'Chromium'} (headless) · build \`${report.webDist}\` · ` +
      `${report.runsPerRoute} run(s) per route and profile; the figures are those of the **median run by LCP** (the \`tap\` profile: by the tap) · ` +
      `mobile form factor, performance category only, simulated throttling (the \`tap\` profile: devtools throttling) · ${env.cpus} CPU(s), load average ${env.loadAverage.join(' / ')} at start, ` +
      `Lighthouse benchmarkIndex ${env.benchmarkIndex ?? '?'} · ${Math.round(report.durationS / 60)} min in all.`,
    '',
  );
  for (const [profile, data] of Object.entries(report.profiles)) {
    const floor = floorOf(data);
    lines.push(`### Profile \`${profile}\` (${PROFILES[profile].label})`, '');
    lines.push(
      `LCP is also given as a ratio to the floor's (${floor ? `${sec(floor.lcpMs)} s` : 'failed'}: \`/${FLOOR_FILE}\`, a static one-paragraph page without script or stylesheet served by the same server, measured in the same run).`,
      '',
    );
    lines.push('| route | score | FCP s | LCP (× floor) | answers a tap s | TBT ms | CLS | SI s | KiB transferred | JS KiB | requests | budgets missed |');
    lines.push('|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|');
    for (const r of data.routes) {
      const m = r.median;
      if (!m) {
        lines.push(`| ${r.floor ? '**floor**' : r.route} | failed: ${inline(r.error ?? 'no run')} | | | | | | | | | | |`);
        continue;
      }
      const mark = r.screenOk ? '' : ' ⚠';
      const missed = r.floor ? '(reference)' : (r.budgetsMissed ?? []).join(', ') || 'none';
      lines.push(
        `| ${r.floor ? '**floor**' : r.route}${mark} | ${m.score} | ${sec(m.fcpMs)} | ${r.floor ? `${sec(m.lcpMs)} s (1.00×)` : lcpText(m, floor)} | ${r.floor ? '—' : tapText(m).replace(' s', '')} | ${Math.round(m.tbtMs)} | ${m.cls.toFixed(3)} | ${sec(m.speedIndexMs)} | ${kib(m.transferBytes)} | ${kib(m.jsTransferBytes)} | ${m.requests} | ${missed} |`,
      );
    }
    if (data.routes.some((r) => r.median && !r.screenOk)) lines.push('', '⚠ the route did not show its expected first screen in at least one run (see lighthouse.json, `screenOk`).');
    lines.push('');
  }
  lines.push('### Budgets', '', '| profile | budget | routes missing it |', '|---|---|---|');
  for (const b of report.budgets) {
    const misses = b.misses.length === 0 ? `none (${b.checked} routes met it)` : `${b.misses.length} of ${b.checked}: ${b.misses.map((m) => `${m.route} (${m.value})`).join(', ')}`;
    lines.push(`| ${b.profile} | ${b.label} | ${misses} |`);
  }
  const missed = report.budgets.filter((b) => b.misses.length > 0);
  if (missed.length > 0) {
    // One line per route that misses a budget, from the profile where it misses first (default
    // before lowend), slowest LCP first.
    const byRoute = new Map();
    for (const b of missed) for (const m of b.misses) if (!byRoute.has(m.route)) byRoute.set(m.route, b.profile);
    const worst = [...byRoute].map(([route, profile]) => ({ route, profile, median: report.profiles[profile].routes.find((x) => x.route === route)?.median }))
      .filter((w) => w.median)
      .sort((a, b) => b.median.lcpMs - a.median.lcpMs);
    lines.push('', `### Where the time goes on the routes that miss a budget (median run; slowest ${Math.min(worst.length, MAX_EXPLAINED)} of ${worst.length})`, '');
    for (const { route, profile, median } of worst.slice(0, MAX_EXPLAINED)) {
      const d = median.diagnostics;
      const phases = d.lcpPhases.map((p) => `${p.phase} ${p.ms} ms`).join(', ');
      const blocking = d.renderBlocking.map((b) => `${b.url} (${Math.round(b.wastedMs ?? 0)} ms)`).join(', ') || 'none';
      const unused = d.unusedJavascript.map((u) => `${u.url} ${kib(u.wastedBytes ?? 0)} of ${kib(u.totalBytes ?? 0)} KiB`).join(', ') || 'none flagged';
      const main = d.mainThread.slice(0, 3).map((g) => `${g.group} ${g.ms} ms`).join(', ');
      const compression = d.textCompression?.savingsBytes ? `; text compression would save ${kib(d.textCompression.savingsBytes)} KiB (${Math.round(d.textCompression.savingsMs ?? 0)} ms)` : '';
      lines.push(
        `- **${route}** (${profile}): LCP ${lcpText(median, floorOf(report.profiles[profile]))} on ${d.lcpElement ? `\`${inline(d.lcpElement.label)}\`` : 'an unknown element'}${phases ? ` (${phases})` : ''}; ` +
          `render-blocking: ${blocking}; unused JS: ${unused}${compression}; main thread ${d.mainThreadMs} ms (${main}).`,
      );
    }
    if (worst.length > MAX_EXPLAINED) lines.push(`- …and ${worst.length - MAX_EXPLAINED} more: see \`diagnostics\` in lighthouse.json.`);
  }
  lines.push('');
  return lines.join('\n');
}

/** The floor's median run of a profile (undefined when it failed). */
const floorOf = (data) => data.routes.find((r) => r.floor)?.median ?? undefined;

function checkBudgets(profiles) {
  return BUDGETS.filter((b) => profiles[b.profile]).map((b) => {
    const measured = profiles[b.profile].routes.filter((r) => r.median && !r.floor);
    const floor = floorOf(profiles[b.profile]);
    return {
      profile: b.profile,
      metric: b.metric,
      label: b.label,
      checked: measured.length,
      misses: measured.filter((r) => !b.ok(r.median, floor)).map((r) => ({ route: r.route, value: b.show(r.median, floor) })),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Main

async function main(cleanup) {
  const started = Date.now();
  const opts = parseOptions();
  ensureBuilt(opts.webDist);
  ensureServerBuilt();
  const served = distWithFloor(opts.webDist, cleanup);
  const load = loadavg().map((l) => l.toFixed(2));
  log(`build ${opts.webDist} (served from a copy with ${FLOOR_FILE}: ${served}); profiles ${opts.profiles.join(', ')}; ${opts.runs} run(s) per route; starting the server`);
  const baseUrl = await startServer(served, cleanup);
  log(`server at ${baseUrl}; seeding`);
  const seeded = await seed(baseUrl);
  let list = routes(seeded);
  if (opts.routeFilter.length > 0) {
    // A part naming a route exactly selects that route ('/' is the site only); any other part selects the routes containing it.
    const matches = (part, r) => (list.some((x) => x.route === part) ? r.route === part : r.route.includes(part));
    list = list.filter((r) => opts.routeFilter.some((part) => matches(part, r)));
  }
  if (list.length === 0) throw new Error(`no route matches ${opts.routeFilter.join(', ')}`);
  // The floor first in every profile: each route's LCP is read against it.
  list = [FLOOR_ROUTE, ...list];

  if (opts.keep) mkdirSync(opts.keep, { recursive: true });
  let { browser } = await launchBrowser(cleanup);
  const profiles = {};
  let environment = {};
  let failed = false;
  const total = list.length * opts.runs * opts.profiles.length;
  let done = 0;
  for (const profile of opts.profiles) {
    const results = [];
    let floor;
    for (const [index, route] of list.entries()) {
      const runs = [];
      let error;
      for (let i = 1; i <= opts.runs; i += 1) {
        const t0 = Date.now();
        let run;
        for (let attempt = 1; attempt <= 2 && !run; attempt += 1) {
          if (cleanup.serverGone) throw new Error(cleanup.serverGone);
          try {
            const keepAs = opts.keep ? join(opts.keep, `${profile}-${route.route.replace(/[^\w.-]+/g, '_')}-${i}.json`) : undefined;
            run = await withTimeout(measure(browser, baseUrl, route, profile, keepAs), RUN_TIMEOUT_MS, 'the run');
          } catch (err) {
            error = err instanceof Error ? err.message : String(err);
            log(`${profile} ${route.route} run ${i}: failed (${error.split('\n')[0]})${attempt === 1 ? '; restarting the browser and retrying' : ''}`);
            await closeBrowser(cleanup);
            ({ browser } = await launchBrowser(cleanup));
          }
        }
        done += 1;
        if (!run) continue;
        runs.push(run);
        environment = { lighthouseVersion: run.lighthouseVersion, userAgent: run.userAgent };
        log(
          `${profile} [${index + 1}/${list.length}] ${route.route} run ${i}/${opts.runs}: score ${run.score}, FCP ${sec(run.fcpMs)} s, LCP ${lcpText(run, floor)}, ` +
            `TBT ${Math.round(run.tbtMs)} ms, CLS ${run.cls.toFixed(3)}, answers a tap ${tapText(run)}${run.screenOk ? '' : ', FIRST SCREEN NOT SHOWN'} (${((Date.now() - t0) / 1000).toFixed(1)} s; ${done}/${total})`,
        );
      }
      if (runs.length === 0) failed = true;
      const median = runs.length > 0 ? medianRun(runs, profile) : null;
      if (route.floor) {
        floor = median ?? undefined;
        log(`${profile} floor: median LCP ${floor ? `${sec(floor.lcpMs)} s` : 'none (every run failed; no ratio can be given)'}`);
      }
      results.push({
        route: route.route,
        url: route.url,
        ...(route.floor ? { floor: true } : {}),
        lcpToFloor: median && floor && !route.floor ? Number((median.lcpMs / floor.lcpMs).toFixed(3)) : null,
        screenOk: runs.length > 0 && runs.every((r) => r.screenOk),
        median,
        metricMedians: runs.length > 0 ? metricMedians(runs) : null,
        runs: runs.map(({ diagnostics: _d, lighthouseVersion: _v, userAgent: _u, ...rest }) => rest),
        ...(runs.length < opts.runs ? { error } : {}),
      });
    }
    profiles[profile] = { label: PROFILES[profile].label, throttling: PROFILES[profile].throttling ?? 'lighthouse default (mobileSlow4G)', routes: results };
  }

  const benchmarkIndexes = Object.values(profiles).flatMap((p) => p.routes.map((r) => r.median?.diagnostics?.benchmarkIndex)).filter((v) => typeof v === 'number');
  const report = {
    generatedAt: new Date().toISOString(),
    durationS: Math.round((Date.now() - started) / 1000),
    webDist: opts.webDist.startsWith(REPO_ROOT) ? relative(REPO_ROOT, opts.webDist) : opts.webDist,
    runsPerRoute: opts.runs,
    medianBy: { tap: 'tap', otherwise: 'lcp' },
    environment: {
      ...environment,
      browser: environment.userAgent?.match(/(HeadlessChrome|Chrome)\/[\d.]+/)?.[0],
      chromePath: CHROME_PATH,
      cpus: cpus().length,
      loadAverage: load,
      benchmarkIndex: benchmarkIndexes.length > 0 ? Math.round(benchmarkIndexes.reduce((a, b) => a + b, 0) / benchmarkIndexes.length) : undefined,
    },
    profiles,
  };
  report.budgets = checkBudgets(profiles);
  // Each route's own misses, for its row of the tables.
  for (const b of report.budgets) {
    for (const miss of b.misses) {
      const result = profiles[b.profile].routes.find((r) => r.route === miss.route);
      (result.budgetsMissed ??= []).push(b.label);
    }
  }
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(join(RESULTS_DIR, 'lighthouse.json'), JSON.stringify(report, null, 2) + '\n');
  writeFileSync(join(RESULTS_DIR, 'lighthouse.md'), markdown(report));
  for (const b of report.budgets) log(`budget ${b.profile} ${b.label}: ${b.misses.length === 0 ? 'met by every route' : `missed by ${b.misses.map((m) => `${m.route} (${m.value})`).join(', ')}`}`);
  log(`wrote bench/results/lighthouse.json and lighthouse.md in ${Math.round(report.durationS)} s`);
  if (failed) throw new Error('at least one route has no successful run (see the log above)');
}

/** Stops the browser and the server and removes the database; once, whoever asks first (the end of main or a signal). */
function shutdown(cleanup) {
  cleanup.stopping ??= (async () => {
    await closeBrowser(cleanup);
    await stopServer(cleanup.server);
    if (cleanup.dataDir) rmSync(cleanup.dataDir, { recursive: true, force: true });
    if (cleanup.distCopy) rmSync(cleanup.distCopy, { recursive: true, force: true });
  })();
  return cleanup.stopping;
}

const cleanup = {};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    log(`${signal}: stopping`);
    void shutdown(cleanup).finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  });
}
let exitCode = 0;
try {
  await main(cleanup);
} catch (err) {
  log(`failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  exitCode = 1;
} finally {
  await shutdown(cleanup);
}
process.exit(exitCode);
