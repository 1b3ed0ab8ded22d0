/**
 * API benchmark: throughput and latency of the borrower's hot calls, and the server's cold start.
 *
 *   node bench/api/run.mjs                                   # PGlite, then PostgreSQL on a throwaway cluster of its own
 *   DATABASE_URL=postgres://app:app@127.0.0.1:5432/app node bench/api/run.mjs   # PGlite, then that PostgreSQL
 *
 * It starts the real server as production runs it, compiled (`node apps/server/dist/main.js`, as
 * scripts/start.mjs does; built first by scripts/build-server.mjs when missing or stale) on
 * 127.0.0.1 with a free port and a fresh temporary data dir (PostgreSQL: a fresh schema of its own,
 * dropped at the end), seeds one borrower through the ops API (an order in status 174 due in one
 * day with a pay code, and a complaint), checks one answer of every call, then runs autocannon
 * against each call at 10 and 50 connections. Cold start: spawn → first successful order-details
 * answer, on a fresh data dir and on a restart, median of BENCH_API_COLD_RUNS (3).
 *
 * PostgreSQL: DATABASE_URL's when set; otherwise a throwaway cluster made with the machine's
 * PostgreSQL binaries by test/support/pg-cluster.ts (the fault tests' own; loaded through tsx's
 * tsImport) and deleted at the end; without the binaries PostgreSQL is reported as not measured.
 * Every call runs with one server process; order details runs again with each further count of
 * BENCH_API_WORKERS (WORKERS=2: node:cluster processes sharing one port), and the run is refused
 * (INVALID) when the server did not really run that many processes.
 *
 * Settings: BENCH_API_SECONDS (8) per run, BENCH_API_WARMUP_SECONDS (1) before each call,
 * BENCH_API_COLD_RUNS (3), BENCH_API_CONNECTIONS ("10,50"), BENCH_API_WORKERS ("1,2", PostgreSQL
 * only), BENCH_API_POSTGRES=0 (PGlite only), BENCH_API_PGLITE=0 (PostgreSQL only); BENCH_API_CLEAR_TEMPLATE=1 deletes the server's cached
 * PGlite template first, so the first fresh start is a machine's very first. Issue 42: BENCH_API_CALLS
 * (some calls only), BENCH_API_COLD=0 (no cold starts), BENCH_API_WORKERS_RATE (1500: the fixed rate
 * per process that order details also runs at with each WORKERS count, where CPU per request is compared),
 * BENCH_API_SERVER_CPUS (taskset the server, e.g. "0", with the bench itself under `taskset -c 1`),
 * BENCH_API_CPU_PROF (a folder for the loaded server's --cpu-prof; bench/api/profile-top.mjs reads it).
 *
 * Writes bench/results/api.json (raw figures) and bench/results/api.md (a `## API` section).
 * Exit code: 0 when every figure was measured (a missed budget is reported, not an error); 1 when
 * the bench could not run, or a run had non-2xx answers or errors (its figures are marked invalid).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { tsImport } from 'tsx/esm/api';
import { buildServer, isStale } from '../../scripts/build-server.mjs';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const RESULTS_DIR = join(REPO_ROOT, 'bench/results');
/** Where the server caches the template of a new PGlite database (apps/server/src/db/pglite.ts). */
const TEMPLATE_CACHE = join(REPO_ROOT, 'node_modules/.cache/cashloan-server');
/** Whether a fresh PGlite start will copy a cached template (otherwise it runs initdb and makes one). */
const templateCached = () => existsSync(TEMPLATE_CACHE) && readdirSync(TEMPLATE_CACHE).some((name) => /^pglite-.*-migrated-[0-9a-f]+(-[a-z-]+)?$/.test(name));
const OPS_TOKEN = 'bench-ops-token-of-the-benchmarks-only';

const positive = (name, fallback) => {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, not ${raw}`);
  return value;
};
const SECONDS = positive('BENCH_API_SECONDS', 8);
const WARMUP_SECONDS = positive('BENCH_API_WARMUP_SECONDS', 1);
const COLD_RUNS = Math.round(positive('BENCH_API_COLD_RUNS', 3));
const CONNECTIONS = (process.env.BENCH_API_CONNECTIONS || '10,50').split(',').map((c) => {
  const n = Number(c.trim());
  if (!Number.isInteger(n) || n <= 0) throw new Error(`BENCH_API_CONNECTIONS: bad value ${c}`);
  return n;
});
const WORKER_COUNTS = (process.env.BENCH_API_WORKERS || '1,2').split(',').map((c) => {
  const n = Number(c.trim());
  if (!Number.isInteger(n) || n <= 0) throw new Error(`BENCH_API_WORKERS: bad value ${c}`);
  return n;
});
if (WORKER_COUNTS[0] !== 1) throw new Error('BENCH_API_WORKERS must start with 1 (every call is measured with one process)');
const GIVEN_DATABASE_URL = process.env.DATABASE_URL?.trim() || '';
const POSTGRES = process.env.BENCH_API_POSTGRES !== '0';
const PGLITE = process.env.BENCH_API_PGLITE !== '0';
/** The PostgreSQL the runs make their schemas in: DATABASE_URL's, or the bench's own throwaway cluster. */
let DATABASE_URL = GIVEN_DATABASE_URL;
/** Where that PostgreSQL came from, for the report. */
let postgresSource = GIVEN_DATABASE_URL ? 'DATABASE_URL' : null;
/** The web build the page view needs (npm run build); the server serves it only when it is there. */
const WEB_DIST = join(REPO_ROOT, 'apps/web/dist');
const hasWebBuild = () => existsSync(join(WEB_DIST, 'index.html'));
/** The compiled server the bench runs (production's way; no tsx in the server process). */
const SERVER_ENTRY = 'apps/server/dist/main.js';
/** Fixed card-data keys: every process of a multi-process server reads the same pair (never a generated one). */
const CARD_KEYS = { CARD_DATA_KEYS: `bench:${Buffer.alloc(32, 7).toString('base64')}`, CARD_HASH_KEY: Buffer.alloc(32, 9).toString('base64') };
const CLEAR_TEMPLATE = process.env.BENCH_API_CLEAR_TEMPLATE === '1';
/** Only these calls (keys of CALLS, comma-separated), for a quick look at one; every call by default. */
const ONLY_CALLS = (process.env.BENCH_API_CALLS || '').split(',').map((c) => c.trim()).filter(Boolean);
/** The fixed rate per server process (req/s) order details also runs at on PostgreSQL with each WORKERS count (BENCH_API_WORKERS_RATE). */
const WORKERS_RATE = Math.round(positive('BENCH_API_WORKERS_RATE', 1_500));
/** BENCH_API_COLD=0 skips the cold starts (a quick look at the load only). */
const COLD = process.env.BENCH_API_COLD !== '0';
/**
 * Cores the server runs on (taskset -c, e.g. "0"), the rest of the bench — autocannon and the
 * throwaway PostgreSQL it starts — where the bench itself was put (run it as `taskset -c 1 node
 * bench/api/run.mjs`): the server on a core of its own, as in production (docs/deploy.md's projection).
 */
const SERVER_CPUS = process.env.BENCH_API_SERVER_CPUS?.trim() || '';
/** A folder: the loaded server runs with `--cpu-prof` and writes its profile there (read with bench/api/profile-top.mjs). */
const CPU_PROF_DIR = process.env.BENCH_API_CPU_PROF?.trim() || '';
/** A server that takes longer than this to answer has failed to start. */
const START_TIMEOUT_MS = 60_000;
/** How often cold start polls the server (short, but not so short the polling slows the start). */
const POLL_MS = 20;

const BUDGETS = {
  pglite: { call: 'orderDetails', connections: 10, workers: 1, minRps: 1_500, maxP99Ms: 15 },
  // Issue 42: the server's own CPU per request, what scales with cores (req/s on this 2-core machine also carries the database and autocannon).
  cpu: { pglite: 600, postgres: 300 },
  /** Repayment info and the loan confirmation show call: within this factor of order details' CPU. */
  siblingsOfOrderDetails: 1.2,
  /** A server-rendered page view of /allIt: within this factor of the CPU of the call it renders (order details). */
  pageViewOfCall: 1.5,
  /** WORKERS=2: CPU per request within this factor of one process's. */
  workersSpread: 1.1,
  coldStartMs: 3_000,
};

/** The hot borrower calls: all form POSTs with the session in the query. */
const CALLS = [
  {
    key: 'orderDetails',
    title: 'order details (loan-details)',
    path: '/h5api/v3/loan-details/loan-details',
    success: 0,
    body: (s) => ({ productId: s.productId, orderId: s.orderId }),
  },
  {
    key: 'repaymentInfo',
    title: 'repayment info (loan-play-detail)',
    path: '/h5api/v3/installment/loan-play-detail',
    success: 0,
    body: (s) => ({ productId: s.productId, orderId: s.orderId }),
  },
  {
    key: 'loanConfirmation',
    title: 'loan confirmation (loan-detail-confirm)',
    path: '/h5api/v3/loan-confirm/loan-detail-confirm',
    success: 0,
    // The show call of /smpSystem for another product: it reads the borrower's open offer and
    // never creates an order (that is loan-detail-push).
    body: (s) => ({ productId: s.confirmProductId }),
  },
  {
    // Issue 42: what one server-rendered page view of the order screen costs beside the call it
    // renders (a GET with the session and the order in the query, as the webview opens it). Needs
    // the web build (npm run build): without it this run is reported as not measured.
    key: 'orderPage',
    title: 'order page view (GET /allIt, rendered on the server)',
    page: '/allIt',
    query: (s) => ({ productId: s.productId, orderId: s.orderId }),
  },
  {
    key: 'complaintList',
    title: 'complaint list (problem-list)',
    path: '/h5api/user-problem/problem-list',
    success: '00',
    body: () => ({}),
  },
];

// ---- small helpers --------------------------------------------------------------------------------

const log = (line) => process.stdout.write(`[bench:api] ${line}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const SESSION_KEYS = ['deviceId', 'userId', 'sessionId', 'merchantNumber', 'mobilePhone'];
const sessionQuery = (session) => new URLSearchParams(Object.fromEntries(SESSION_KEYS.map((k) => [k, String(session[k] ?? '')]))).toString();
const callUrl = (base, call, session) => `${base}${call.path}?${sessionQuery(session)}`;
const formBody = (fields) => new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();

async function postForm(url, fields, timeoutMs = 10_000) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'XMLHttpRequest' },
    body: formBody(fields),
    signal: AbortSignal.timeout(timeoutMs),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

async function ops(base, method, path, body) {
  const res = await fetch(`${base}/ops${path}`, {
    method,
    headers: { authorization: `Bearer ${OPS_TOKEN}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(10_000),
  });
  const answer = await res.json().catch(() => null);
  if (!res.ok || answer?.code !== 0) throw new Error(`ops ${method} ${path} answered ${res.status}: ${JSON.stringify(answer)}`);
  return answer.data;
}

// ---- the database targets -----------------------------------------------------------------------

/**
 * Where a server keeps its data. PGlite: a temporary data dir. PostgreSQL: a schema of its own in
 * DATABASE_URL's database (search_path through the URL's `options`), so a run never touches the
 * data already there and "fresh" really is empty.
 */
async function pgliteStore() {
  const dir = mkdtempSync(join(tmpdir(), 'cashloan-bench-api-'));
  return { kind: 'pglite', dataDir: dir, databaseUrl: '', drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

let pgModule;
async function postgresStore(label) {
  pgModule ??= (await import('pg')).default;
  const schema = `bench_api_${process.pid}_${label}_${Date.now().toString(36)}`;
  const admin = new pgModule.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await admin.end();
  }
  const url = new URL(DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  // The server still wants a data dir for uploads; keep it temporary too.
  const dir = mkdtempSync(join(tmpdir(), 'cashloan-bench-api-pg-'));
  return {
    kind: 'postgres',
    dataDir: dir,
    databaseUrl: url.toString(),
    drop: async () => {
      rmSync(dir, { recursive: true, force: true });
      const client = new pgModule.Client({ connectionString: DATABASE_URL });
      await client.connect();
      try {
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await client.end();
      }
    },
  };
}

const newStore = (kind, label) => (kind === 'pglite' ? pgliteStore() : postgresStore(label));

async function postgresVersion() {
  pgModule ??= (await import('pg')).default;
  const client = new pgModule.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    return (await client.query('SHOW server_version')).rows[0].server_version;
  } finally {
    await client.end();
  }
}

// ---- the server process ---------------------------------------------------------------------------

/** Spawns the production server (compiled) with `workers` processes; `startedAt` is taken right before the spawn. */
async function startServer(store, workers = 1, { profile = false } = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: store.databaseUrl,
    DATA_DIR: store.dataDir,
    OPS_TOKEN,
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
    // The page view needs the web build; the API calls answer the same without it.
    WEB_DIST: hasWebBuild() ? WEB_DIST : '',
    PUBLIC_URL: base,
    PAYMENT_REMINDERS: '0',
    WORKERS: String(workers),
    ...(store.kind === 'postgres' ? CARD_KEYS : {}),
  };
  const startedAt = performance.now();
  const flags = profile && CPU_PROF_DIR ? ['--cpu-prof', '--cpu-prof-dir', CPU_PROF_DIR] : [];
  const command = [process.execPath, ...flags, '--enable-source-maps', SERVER_ENTRY];
  const [file, ...args] = SERVER_CPUS ? ['taskset', '-c', SERVER_CPUS, ...command] : command;
  const child = spawn(file, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const server = { child, base, startedAt, workers, output: '', exited: null, demoPath: null, onDemo: [] };
  const take = (chunk) => {
    // Keep the start-up output (demo links, warnings) to explain a failure; cap it.
    if (server.output.length < 64_000) server.output += chunk;
    if (server.demoPath === null) {
      const match = /Order in status 174[^:]*: \S*?(\/allIt\?\S+)/.exec(server.output);
      if (match) {
        server.demoPath = match[1];
        for (const resolve of server.onDemo.splice(0)) resolve(match[1]);
      }
    }
  };
  child.stdout.setEncoding('utf8').on('data', take);
  child.stderr.setEncoding('utf8').on('data', take);
  server.exitPromise = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      server.exited = `exit code ${code ?? '-'}${signal ? `, signal ${signal}` : ''}`;
      for (const resolveDemo of server.onDemo.splice(0)) resolveDemo(null);
      resolve();
    });
  });
  return server;
}

async function stopServer(server) {
  if (server.exited === null) {
    server.child.kill('SIGTERM');
    const killer = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
    await server.exitPromise;
    clearTimeout(killer);
  }
}

/** The server's processes: the one spawned and its descendants (the workers of WORKERS>1), from /proc (Linux). */
function serverPids(server) {
  const pids = [];
  const visit = (pid) => {
    pids.push(pid);
    let tasks = [];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      return;
    }
    for (const tid of tasks) {
      let children = '';
      try {
        children = readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8');
      } catch {
        continue;
      }
      for (const child of children.trim().split(/\s+/).filter(Boolean)) visit(Number(child));
    }
  };
  visit(server.child.pid);
  return pids;
}

/**
 * CPU time (user + system, ms) the server's processes (all of them) have used so far, from /proc
 * (Linux); null elsewhere. Unlike wall time it hardly depends on what else the machine is doing.
 */
function cpuMs(server) {
  try {
    let total = 0;
    for (const pid of serverPids(server)) {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
      total += ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
    }
    return total;
  } catch {
    return null;
  }
}
const CLOCK_TICKS = 100;

/** CPU ms of every PostgreSQL process on this machine (the bench's own cluster, or a local DATABASE_URL's), or null. */
function postgresCpuMs() {
  try {
    let total = 0;
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      let stat;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue;
      }
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
    }
    return total;
  } catch {
    return null;
  }
}

const failure = (server, why) => new Error(`${why} (${server.exited ?? 'still running'}); server output:\n${server.output.slice(-4_000)}`);

/** The demo order's page query the server prints after it listens (the demo borrower's session). */
function demoPage(server) {
  if (server.demoPath) return Promise.resolve(server.demoPath);
  if (server.exited !== null) return Promise.resolve(null);
  return new Promise((resolve) => server.onDemo.push(resolve));
}

/** The whole machine's CPU time (ms): busy (every core, all processes) and total, from /proc/stat; null off Linux. */
function machineCpuMs() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const total = fields.reduce((a, b) => a + b, 0);
    // idle and iowait are the 4th and 5th figures.
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    const tick = 10; // USER_HZ is 100 on Linux: one tick is 10 ms
    return { busy: (total - idle) * tick, total: total * tick };
  } catch {
    return null;
  }
}

/** Polls until fn answers true; returns ms since the server was spawned (and its CPU ms by then). */
async function firstSuccess(server, what, fn) {
  const deadline = server.startedAt + START_TIMEOUT_MS;
  for (;;) {
    try {
      if (await fn()) {
        const ms = performance.now() - server.startedAt;
        return { ms, cpuMs: cpuMs(server) };
      }
    } catch {
      // not listening yet
    }
    if (server.exited !== null) throw failure(server, `the server exited before ${what} answered`);
    if (performance.now() > deadline) throw failure(server, `no ${what} answer after ${START_TIMEOUT_MS} ms`);
    await sleep(POLL_MS);
  }
}

const orderDetailsOk = async (base, session, ids) => {
  const { status, body } = await postForm(callUrl(base, CALLS[0], session), ids, 2_000);
  return status === 200 && body?.code === 0;
};

async function healthOk(base) {
  const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2_000) });
  return res.ok;
}

/**
 * One cold start: spawn → first /healthz and first successful order-details answer. The order
 * screen needs a session: a restart knows it from the previous run, a fresh database only has
 * the demo borrower the server seeds and prints (so that answer comes after the printed links).
 */
async function coldStart(store, known) {
  const server = await startServer(store);
  try {
    const health = firstSuccess(server, '/healthz', () => healthOk(server.base));
    let orderDetails;
    let demo = known;
    if (known) {
      orderDetails = firstSuccess(server, 'order details', () => orderDetailsOk(server.base, known.session, known.ids));
    } else {
      const path = await Promise.race([demoPage(server), sleep(START_TIMEOUT_MS).then(() => null)]);
      if (!path) throw failure(server, 'the server printed no demo order links');
      const query = new URLSearchParams(path.split('?')[1]);
      demo = {
        session: Object.fromEntries(SESSION_KEYS.map((k) => [k, query.get(k) ?? ''])),
        ids: { productId: query.get('productId'), orderId: query.get('orderId') },
      };
      orderDetails = firstSuccess(server, 'order details', () => orderDetailsOk(server.base, demo.session, demo.ids));
    }
    const [healthFirst, orderDetailsFirst] = await Promise.all([health, orderDetails]);
    return { healthMs: Math.round(healthFirst.ms), orderDetailsMs: Math.round(orderDetailsFirst.ms), cpuMs: orderDetailsFirst.cpuMs, demo };
  } finally {
    await stopServer(server);
  }
}

async function measureColdStart(kind) {
  const fresh = [];
  const restart = [];
  let last = null;
  for (let i = 0; i < COLD_RUNS; i++) {
    const store = await newStore(kind, `cold${i}`);
    try {
      const cached = kind === 'pglite' ? templateCached() : null;
      const run = await coldStart(store, null);
      fresh.push({ healthMs: run.healthMs, orderDetailsMs: run.orderDetailsMs, serverCpuMs: run.cpuMs, ...(cached === null ? {} : { templateCached: cached }) });
      log(
        `${kind} cold start, fresh ${i + 1}/${COLD_RUNS}: /healthz ${run.healthMs} ms, order details ${run.orderDetailsMs} ms (server CPU ${run.cpuMs ?? '?'} ms)` +
          (cached === null ? '' : cached ? ', template cached' : ', no template cached yet (initdb)'),
      );
      if (i < COLD_RUNS - 1) await store.drop();
      else last = { store, demo: run.demo };
    } catch (error) {
      await store.drop();
      throw error;
    }
  }
  try {
    for (let i = 0; i < COLD_RUNS; i++) {
      const run = await coldStart(last.store, last.demo);
      restart.push({ healthMs: run.healthMs, orderDetailsMs: run.orderDetailsMs, serverCpuMs: run.cpuMs });
      log(`${kind} cold start, restart ${i + 1}/${COLD_RUNS}: /healthz ${run.healthMs} ms, order details ${run.orderDetailsMs} ms (server CPU ${run.cpuMs ?? '?'} ms)`);
    }
  } finally {
    await last.store.drop();
  }
  const summary = (runs) => ({
    runs,
    medianHealthMs: median(runs.map((r) => r.healthMs)),
    medianOrderDetailsMs: median(runs.map((r) => r.orderDetailsMs)),
    medianServerCpuMs: runs.every((r) => r.serverCpuMs !== null) ? median(runs.map((r) => r.serverCpuMs)) : null,
  });
  return { fresh: summary(fresh), restart: summary(restart) };
}

// ---- load -----------------------------------------------------------------------------------------

/** One borrower with a 174 order due tomorrow, a pay code for it and a filed complaint. */
async function seed(base) {
  const { borrowerId } = await ops(base, 'POST', '/borrowers', { mobilePhone: '9175550100', name: 'Bench Borrower', isRepeat: true });
  const order = await ops(base, 'POST', '/orders', { borrowerId, status: 174, dueInDays: 1 });
  await ops(base, 'POST', '/pay-codes', { orderId: order.orderId, purpose: 'repay' });
  const session = order.session;
  const confirmProductId = (Number(order.productId) === 2 ? 1 : 2).toString();
  const complaint = await postForm(`${base}/h5api/user-problem/problem-save?${sessionQuery(session)}`, {
    problemType: '1',
    problemSonType: '11',
    problemDetail: 'The collector called me five times before the due date.',
    problemImage: '',
    orderNo: order.orderNo,
  });
  if (complaint.status !== 200 || complaint.body?.code !== '00') throw new Error(`filing the complaint answered ${complaint.status}: ${JSON.stringify(complaint.body)}`);
  return { session, productId: String(order.productId), orderId: String(order.orderId), confirmProductId };
}

function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** A page call's URL: the session and the page's own parameters in the query, as the webview opens it. */
const pageUrl = (base, call, state) => `${base}${call.page}?${sessionQuery(state.session)}&${new URLSearchParams(call.query(state)).toString()}`;

/** A page rendered on the server: HTTP 200 with the first screen's markup in #root and the answers embedded. */
async function pageCheck(base, call, state) {
  const res = await fetch(pageUrl(base, call, state), { signal: AbortSignal.timeout(10_000) });
  const html = await res.text();
  const rendered = res.status === 200 && /<div id="root"><[a-z]/.test(html) && html.includes('type="application/json"');
  return { ok: rendered, detail: rendered ? null : `HTTP ${res.status}, ${html.length} bytes, ${/<div id="root"><\/div>/.test(html) ? 'an empty #root (rendered in the browser)' : 'no rendered screen'}` };
}

/** Checks one answer (HTTP 200 and the success code of the call's code form) before loading a call. */
async function sampleCheck(base, call, state) {
  if (call.page) return pageCheck(base, call, state);
  const { status, body } = await postForm(callUrl(base, call, state.session), call.body(state));
  const ok = status === 200 && body?.code === call.success;
  return { ok, detail: ok ? null : `HTTP ${status}, code ${JSON.stringify(body?.code)}: ${String(body?.message ?? '').slice(0, 200)}` };
}

/**
 * Waits until the server runs at least `workers` processes (WORKERS>1: the node:cluster primary and
 * its workers); returns how many it runs. A server that does not fork stays at one.
 */
async function processCount(server, workers) {
  const deadline = performance.now() + 30_000;
  let count = serverPids(server).length;
  while (count < workers && performance.now() < deadline && server.exited === null) {
    await sleep(200);
    count = serverPids(server).length;
  }
  return count;
}

/** Every call with one process; with `workers` > 1 (PostgreSQL) order details only. */
async function measureLoad(kind, workers = 1) {
  const store = await newStore(kind, `load${workers}`);
  const server = await startServer(store, workers, { profile: true });
  const label = workers === 1 ? kind : `${kind} ×${workers} processes`;
  try {
    await firstSuccess(server, '/healthz', () => healthOk(server.base));
    const processes = await processCount(server, workers);
    const notForked = processes < workers ? `WORKERS=${workers} but the server ran ${processes} process${processes === 1 ? '' : 'es'}` : null;
    if (workers > 1) log(`${label}: the server runs ${processes} process${processes === 1 ? '' : 'es'} (pids ${serverPids(server).join(', ')})`);
    const state = await seed(server.base);
    const runs = [];
    const calls = CALLS.filter((c) => ONLY_CALLS.length === 0 || ONLY_CALLS.includes(c.key));
    for (const call of workers === 1 ? calls : calls.filter((c) => c.key === 'orderDetails')) {
      if (notForked) {
        log(`${label} ${call.title}: not loaded — ${notForked}`);
        for (const connections of CONNECTIONS) runs.push({ call: call.key, title: call.title, workers, connections, valid: false, invalidReason: notForked });
        continue;
      }
      if (call.page && !hasWebBuild()) {
        log(`${label} ${call.title}: not loaded — no web build (npm run build)`);
        for (const connections of CONNECTIONS) runs.push({ call: call.key, title: call.title, workers, connections, valid: false, notMeasured: true, invalidReason: 'no web build (npm run build)' });
        continue;
      }
      const check = await sampleCheck(server.base, call, state);
      const request = call.page
        ? // As the webview asks for it: compressed (Android's WebView and Chrome send this Accept-Encoding).
          { url: pageUrl(server.base, call, state), method: 'GET', headers: { 'accept-encoding': 'gzip, deflate, br' } }
        : {
            url: callUrl(server.base, call, state.session),
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'XMLHttpRequest' },
            body: formBody(call.body(state)),
          };
      if (!check.ok) {
        log(`${label} ${call.title}: sample answer failed (${check.detail}); not loaded`);
        for (const connections of CONNECTIONS) runs.push({ call: call.key, title: call.title, workers, connections, valid: false, invalidReason: `sample answer: ${check.detail}` });
        continue;
      }
      await cannon({ ...request, connections: CONNECTIONS[0], duration: WARMUP_SECONDS });
      // Order details on PostgreSQL once more at a fixed rate per process (WORKERS_RATE × processes),
      // with each WORKERS count: CPU per request compared with each process as busy as the one was, and
      // the 2 cores not saturated (saturated, 2 processes fight the database and autocannon for them;
      // at one total rate, each of 2 processes is half as busy and pays more per request for waking up).
      const atRate = kind === 'postgres' && call.key === 'orderDetails' && WORKER_COUNTS.length > 1 ? [{ connections: 10, rate: WORKERS_RATE * workers }] : [];
      for (const { connections, rate } of [...CONNECTIONS.map((c) => ({ connections: c, rate: undefined })), ...atRate]) {
        const cpuBefore = cpuMs(server);
        const machineBefore = machineCpuMs();
        const databaseBefore = kind === 'postgres' ? postgresCpuMs() : null;
        const result = await cannon({ ...request, connections, duration: SECONDS, ...(rate ? { overallRate: rate } : {}) });
        const cpuAfter = cpuMs(server);
        const machineAfter = machineCpuMs();
        const databaseAfter = kind === 'postgres' ? postgresCpuMs() : null;
        const run = {
          call: call.key,
          title: call.title,
          workers,
          processes,
          connections,
          ...(rate ? { rate } : {}),
          durationS: SECONDS,
          requestsPerSec: Math.round(result.requests.average),
          p50Ms: result.latency.p50,
          p99Ms: result.latency.p99,
          meanMs: result.latency.average,
          maxMs: result.latency.max,
          total2xx: result['2xx'],
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
          statusCodes: result.statusCodeStats,
          // Server CPU per answered request: the figure least disturbed by a busy machine.
          serverCpuUsPerRequest:
            cpuBefore !== null && cpuAfter !== null && result['2xx'] > 0 ? Math.round(((cpuAfter - cpuBefore) * 1000) / (result['2xx'] + result.non2xx)) : null,
          // PostgreSQL's own processes (a local database): what the projection in docs/deploy.md sizes its cores by.
          databaseCpuUsPerRequest:
            databaseBefore !== null && databaseAfter !== null && result['2xx'] > 0 ? Math.round(((databaseAfter - databaseBefore) * 1000) / (result['2xx'] + result.non2xx)) : null,
          // How busy the whole machine was (every core: the server, PostgreSQL, autocannon, the rest), and the machine's CPU per request.
          machineBusyPercent:
            machineBefore && machineAfter && machineAfter.total > machineBefore.total
              ? Math.round(((machineAfter.busy - machineBefore.busy) * 100) / (machineAfter.total - machineBefore.total))
              : null,
          machineCpuUsPerRequest:
            machineBefore && machineAfter && result['2xx'] > 0 ? Math.round(((machineAfter.busy - machineBefore.busy) * 1000) / (result['2xx'] + result.non2xx)) : null,
        };
        run.valid = run.non2xx === 0 && run.errors === 0 && run.timeouts === 0 && run.total2xx > 0;
        if (!run.valid) run.invalidReason = `non-2xx ${run.non2xx}, errors ${run.errors}, timeouts ${run.timeouts}`;
        // A check after the load too: the call must still answer its success code.
        const after = await sampleCheck(server.base, call, state);
        if (!after.ok) {
          run.valid = false;
          run.invalidReason = `answer after the run: ${after.detail}`;
        }
        runs.push(run);
        log(
          `${label} ${call.title} @${connections}${rate ? ` at ${rate} req/s` : ''}: ${run.requestsPerSec} req/s, p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms, server CPU ${run.serverCpuUsPerRequest ?? '?'} µs/request` +
            `${run.databaseCpuUsPerRequest == null ? '' : `, PostgreSQL CPU ${run.databaseCpuUsPerRequest} µs/request`}, ` +
            `non-2xx ${run.non2xx}, errors ${run.errors}${run.valid ? '' : ` — INVALID (${run.invalidReason})`}`,
        );
      }
    }
    if (server.exited !== null) throw failure(server, 'the server exited during the load');
    return runs;
  } finally {
    await stopServer(server);
    await store.drop();
  }
}

// ---- report ---------------------------------------------------------------------------------------

const DB_TITLES = { pglite: 'PGlite (embedded)', postgres: 'PostgreSQL' };
const fmt = (n) => (typeof n === 'number' ? n.toLocaleString('en-US', { maximumFractionDigits: 2 }) : '—');

function loadTable(runs, withDatabase = false) {
  const db = (r) => (withDatabase ? ` ${fmt(r.databaseCpuUsPerRequest)} |` : '');
  const lines = [
    `| call | connections | req/s | p50 ms | p99 ms | non-2xx | errors | server CPU µs/request |${withDatabase ? ' PostgreSQL CPU µs/request |' : ''}`,
    `|---|---:|---:|---:|---:|---:|---:|---:|${withDatabase ? '---:|' : ''}`,
  ];
  for (const r of runs) {
    if (!r.valid && r.requestsPerSec === undefined) lines.push(`| ${r.title} | ${r.connections} | ${r.notMeasured ? 'not measured' : 'invalid'}: ${r.invalidReason} | — | — | — | — | — |${withDatabase ? ' — |' : ''}`);
    else {
      const rps = r.valid ? fmt(r.requestsPerSec) : `${fmt(r.requestsPerSec)} (INVALID: ${r.invalidReason})`;
      lines.push(
        `| ${r.title} | ${r.connections} | ${rps} | ${fmt(r.p50Ms)} | ${fmt(r.p99Ms)} | ${fmt(r.non2xx)} | ${fmt(r.errors + r.timeouts)} | ${fmt(r.serverCpuUsPerRequest)} |${db(r)}`,
      );
    }
  }
  return lines.join('\n');
}

/** Order details on PostgreSQL with 1 process beside each further WORKERS count, connection by connection. */
function workersTable(runs) {
  const od = runs.filter((r) => r.call === 'orderDetails' && r.rate === undefined);
  const paced = runs.filter((r) => r.call === 'orderDetails' && r.rate !== undefined);
  const cell = (r) => (!r ? '— | —' : r.requestsPerSec === undefined ? `invalid: ${r.invalidReason} | —` : `${fmt(r.requestsPerSec)}${r.valid ? '' : ' (INVALID)'} | ${fmt(r.p99Ms)}`);
  const lines = [
    `Order details with more processes (\`WORKERS=n\`: node:cluster workers on one port, every process its own pool of PostgreSQL connections); ` +
      'server CPU counts every process of the server:',
    '',
    `| connections | ${WORKER_COUNTS.map((w) => `${w} process${w === 1 ? '' : 'es'}: req/s | p99 ms`).join(' | ')} | server CPU µs/request (${WORKER_COUNTS.join(' / ')}) | machine CPU µs/request (${WORKER_COUNTS.join(' / ')}) | machine busy (${WORKER_COUNTS.join(' / ')}) |`,
    `|---:|${WORKER_COUNTS.map(() => '---:|---:').join('|')}|---:|---:|---:|`,
  ];
  for (const connections of CONNECTIONS) {
    const byWorkers = WORKER_COUNTS.map((w) => od.find((r) => r.connections === connections && r.workers === w));
    lines.push(
      `| ${connections} | ${byWorkers.map(cell).join(' | ')} | ${byWorkers.map((r) => fmt(r?.serverCpuUsPerRequest)).join(' / ')} | ` +
        `${byWorkers.map((r) => fmt(r?.machineCpuUsPerRequest)).join(' / ')} | ${byWorkers.map((r) => (r?.machineBusyPercent == null ? '—' : `${r.machineBusyPercent}%`)).join(' / ')} |`,
    );
  }
  if (paced.length > 0) {
    const byWorkers = WORKER_COUNTS.map((w) => paced.find((r) => r.workers === w));
    lines.push(
      '',
      `At a fixed ${fmt(WORKERS_RATE)} req/s per process (10 connections; the cores not saturated), the server CPU per request with ${WORKER_COUNTS.join(' and ')} processes: ` +
        `${byWorkers.map((r) => (r?.valid ? `${fmt(r.serverCpuUsPerRequest)} µs (${fmt(r.requestsPerSec)} req/s answered, machine ${r.machineBusyPercent}% busy)` : 'not measured')).join(' / ')}.`,
    );
  }
  return lines;
}

function budgetLines(results) {
  const lines = [];
  const at = (db, call, workers = 1, connections = 10) => db.load.find((r) => r.call === call && r.connections === connections && r.workers === workers && r.rate === undefined);
  const cpuOf = (r) => (r && r.valid ? r.serverCpuUsPerRequest : null);
  const push = (what, met, detail) => lines.push({ budget: what, met, text: `- ${what}: ${detail}${met === null ? '' : met ? ' — met' : ' — **NOT met**'}` });
  for (const kind of ['pglite', 'postgres']) {
    const db = results[kind];
    const title = DB_TITLES[kind];
    const cpuBudget = BUDGETS.cpu[kind];
    const cpuWhat = `${title}: order details ≤ ${fmt(cpuBudget)} µs of server CPU per request (10 connections, 1 process)`;
    if (!db) {
      push(cpuWhat, null, `not measured (${results.skipped[kind] ?? 'not run'})`);
      continue;
    }
    const od = at(db, 'orderDetails');
    const odCpu = cpuOf(od);
    if (odCpu === null) push(cpuWhat, false, `no valid run${od?.invalidReason ? ` (${od.invalidReason})` : ''}`);
    else push(cpuWhat, odCpu <= cpuBudget, `${fmt(odCpu)} µs`);
    if (kind === 'pglite') {
      const b = BUDGETS.pglite;
      const what = `${title}: order details at ${b.connections} connections, 1 process, ≥ ${fmt(b.minRps)} req/s with p99 ≤ ${b.maxP99Ms} ms`;
      if (!od?.valid) push(what, false, 'no valid run');
      else push(what, od.requestsPerSec >= b.minRps && od.p99Ms <= b.maxP99Ms, `${fmt(od.requestsPerSec)} req/s, p99 ${fmt(od.p99Ms)} ms`);
    }
    for (const call of ['repaymentInfo', 'loanConfirmation']) {
      const r = at(db, call);
      const what = `${title}: ${CALLS.find((c) => c.key === call).title} within ${BUDGETS.siblingsOfOrderDetails}× order details' CPU`;
      if (cpuOf(r) === null || odCpu === null) push(what, null, 'not measured');
      else push(what, cpuOf(r) <= odCpu * BUDGETS.siblingsOfOrderDetails, `${fmt(cpuOf(r))} µs, ${fmt(cpuOf(r) / odCpu)}×`);
    }
    const page = at(db, 'orderPage');
    const pageWhat = `${title}: a server-rendered page view of /allIt within ${BUDGETS.pageViewOfCall}× the CPU of order details`;
    if (page?.notMeasured) push(pageWhat, null, `not measured (${page.invalidReason})`);
    else if (cpuOf(page) === null || odCpu === null) push(pageWhat, false, `no valid run${page?.invalidReason ? ` (${page.invalidReason})` : ''}`);
    else push(pageWhat, cpuOf(page) <= odCpu * BUDGETS.pageViewOfCall, `${fmt(cpuOf(page))} µs, ${fmt(cpuOf(page) / odCpu)}×`);
    if (kind === 'postgres') {
      for (const workers of WORKER_COUNTS.filter((w) => w > 1)) {
        const what = `${title}: order details with WORKERS=${workers}, server CPU per request within ${Math.round((BUDGETS.workersSpread - 1) * 100)}% of one process's (at ${fmt(WORKERS_RATE)} req/s per process)`;
        const paced = (w) => cpuOf(db.load.find((r) => r.call === 'orderDetails' && r.workers === w && r.rate !== undefined));
        const one = paced(1);
        const many = paced(workers);
        if (many === null || one === null) push(what, false, 'no valid run');
        else push(what, many <= one * BUDGETS.workersSpread, `${fmt(many)} µs against ${fmt(one)} µs, ${fmt(many / one)}×`);
      }
    }
  }
  for (const kind of ['pglite', 'postgres']) {
    const db = results[kind];
    for (const phase of ['fresh', 'restart']) {
      const what = `${DB_TITLES[kind]}: cold start to first answer (${phase === 'fresh' ? 'fresh data' : 'restart'}) ≤ ${BUDGETS.coldStartMs / 1000} s`;
      if (!db) {
        if (kind === 'postgres') continue;
        lines.push({ budget: what, met: null, text: `- ${what}: not measured` });
        continue;
      }
      if (!db.coldStart) {
        lines.push({ budget: what, met: null, text: `- ${what}: not measured (BENCH_API_COLD=0)` });
        continue;
      }
      const ms = db.coldStart[phase].medianOrderDetailsMs;
      const met = ms <= BUDGETS.coldStartMs;
      lines.push({ budget: what, met, text: `- ${what}: median ${fmt(ms / 1000)} s — ${met ? 'met' : '**NOT met**'}` });
    }
  }
  return lines;
}

function markdown(results, budgets) {
  const out = ['## API', ''];
  out.push(
    `Measured ${results.generatedAt} on ${results.machine.cpus} × ${results.machine.cpuModel}, Node ${results.machine.node}, load average ${results.machine.loadavg.join(' / ')} at the start and ${results.machine.loadavgAtEnd.join(' / ')} at the end. ` +
      `autocannon ${SECONDS} s per run (after a ${WARMUP_SECONDS} s warm-up per call) on 127.0.0.1, in the same machine as the server; ` +
      'one borrower with a 174 order due tomorrow, a pay code and one complaint. A run with non-2xx answers or errors is marked INVALID. ' +
      `The server runs compiled (\`node --enable-source-maps ${SERVER_ENTRY}\`, scripts/build-server.mjs), as \`npm start\` and production run it. ` +
      `autocannon, the server and PostgreSQL share the machine's ${results.machine.cpus} cores: with 2 cores and 2 server processes the load generator and ` +
      'PostgreSQL take CPU the server processes would use, so the figures are a floor, not what 2 processes do on cores of their own. ' +
      '"Server CPU" is the server\'s own CPU time (user + system of all its processes, from /proc) per answered request; it moves far less than req/s when other work ' +
      'shares the machine (PostgreSQL\'s own processes are not in it).',
    '',
  );
  for (const kind of ['pglite', 'postgres']) {
    out.push(`### ${DB_TITLES[kind]}`, '');
    const db = results[kind];
    if (!db) {
      out.push(`Not measured: ${results.skipped[kind] ?? 'not run'}.`, '');
      continue;
    }
    if (kind === 'postgres') out.push(`PostgreSQL ${db.version}: ${db.source}. One server process:`, '');
    out.push(loadTable(db.load.filter((r) => r.workers === 1 && r.rate === undefined), kind === 'postgres'), '');
    if (kind === 'postgres' && WORKER_COUNTS.length > 1) out.push(...workersTable(db.load), '');
  }
  out.push('### Cold start', '');
  out.push(
    `Spawn of the server process (\`node --enable-source-maps ${SERVER_ENTRY}\`, one process) → first successful answer; median of ${COLD_RUNS}. ` +
      'Fresh: an empty data dir (PostgreSQL: an empty schema), so migrations and the demo seed run; the first order-details call uses the demo session the server prints. ' +
      'Restart: the same data again. A fresh PGlite start copies the cached template of a new, migrated database (node_modules/.cache/cashloan-server) ' +
      'when there is one; the first fresh start on a machine (or after a migration or PGlite change) runs initdb and the migrations and makes it. ' +
      `Fresh PGlite runs with the template cached: ${results.pglite?.coldStart ? `${results.pglite.coldStart.fresh.runs.filter((r) => r.templateCached).length} of ${results.pglite.coldStart.fresh.runs.length}` : '—'}.`,
    '',
  );
  out.push(
    '| database | start | order details, ms (median) | /healthz, ms (median) | order details, each run (ms) | server CPU by then, ms (median) |',
    '|---|---|---:|---:|---|---:|',
  );
  for (const kind of ['pglite', 'postgres']) {
    const db = results[kind];
    if (!db?.coldStart) continue;
    for (const phase of ['fresh', 'restart']) {
      const c = db.coldStart[phase];
      out.push(
        `| ${DB_TITLES[kind]} | ${phase === 'fresh' ? 'fresh data' : 'restart'} | ${fmt(c.medianOrderDetailsMs)} | ${fmt(c.medianHealthMs)} | ` +
          `${c.runs.map((r) => r.orderDetailsMs).join(', ')} | ${fmt(c.medianServerCpuMs)} |`,
      );
    }
  }
  out.push('', '### Budgets', '', ...budgets.map((b) => b.text), '');
  out.push('### Notes', '', ...NOTES, '');
  return out.join('\n');
}

/** What the figures rest on and what is left, for the reader of docs/benchmarks.md. */
const NOTES = [
  '- Per request (issue 42): order details is one statement — the order with its plan, the products the borrower has running loans of, ' +
    'a pay code pending, the newest payout and (for an order that asks) whether the app was rated, each lent by its room as a column part ' +
    '(apps/server/src/platform/db/column-part.ts) — 5 statements before; repayment info one (the order, its plan, its live codes), 4 before; ' +
    'the loan confirmation show call one when nothing is written (the offer and its order, read without the lock), 5 in a locking ' +
    'transaction before; the complaint list one. The session\'s borrower, the catalogue, the recommendations, the payment channels and the ' +
    'agreement texts are kept per process and compared with their versions at most every 500 ms (platform/db/cached-read.ts). ' +
    "On PGlite each statement runs in the server's own thread as a prepared statement (apps/server/src/platform/db/pglite.ts); " +
    'on PostgreSQL as a named statement.',
  '- PGlite: its one statement is still about half of order details\' CPU, and a statement costs PGlite two to three times more in ' +
    'the middle of a request than in a loop of its own (the wasm database and the server share one thread and its caches); the ' +
    'complaint list, one small statement, shows the floor (its rows above, on each database).',
  '- A server-rendered page view answers the calls its route declares through the API (app.inject) and renders the route once ' +
    'with their answers (issue 40). The page is asked for compressed, as the webview does: only its rendered screen is compressed ' +
    'per request (apps/server/src/web/gzip-around.ts). Beyond the call, its own steps (the first calls built, React\'s render, the answers\' JSON, ' +
    'the screen gzipped) cost 0.7–1.1× the call itself, timed inside the server (docs/benchmarks.md, "30 Nov, evening"), so no call path makes it 1.5× ' +
    'while the screen is rendered per request.',
  '- Cold start: a new PGlite database is a copy of a cached template of an initialised, migrated database of one database (no initdb, no migrations; ' +
    'no template0 or template1), copied on libuv\'s pool while the server\'s modules load; the demo staff\'s passwords are hashed at once while the demo ' +
    'data is written; Fastify\'s ajv/fast-json-stringify load only if a route ever declares a schema.',
  '- Two processes on this machine share its 2 cores with PostgreSQL and autocannon, so req/s does not double: the figure that scales is ' +
    'the server CPU per request, compared between 1 and 2 processes above; BENCH_API_SERVER_CPUS pins the server to a core of its own ' +
    '(docs/deploy.md, "Sizing", uses that run).',
];

// ---- main -----------------------------------------------------------------------------------------

async function main() {
  const started = performance.now();
  const results = {
    generatedAt: new Date().toISOString(),
    machine: { node: process.version, cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', loadavg: loadavg().map((n) => Number(n.toFixed(2))) },
    settings: { seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, coldRuns: COLD_RUNS, connections: CONNECTIONS, serverCpus: SERVER_CPUS || null, calls: ONLY_CALLS.length ? ONLY_CALLS : null },
    pglite: null,
    postgres: null,
    /** Why a database was not measured. */
    skipped: {},
  };
  const loadAtEnd = () => (results.machine.loadavgAtEnd = loadavg().map((n) => Number(n.toFixed(2))));
  if (isStale()) {
    log('building the server (scripts/build-server.mjs): apps/server/dist is missing or older than its sources');
    await buildServer();
  }
  if (CLEAR_TEMPLATE) {
    rmSync(TEMPLATE_CACHE, { recursive: true, force: true });
    log('deleted the cached PGlite template: the first fresh start runs initdb and the migrations');
  }
  let cluster = null;
  try {
    if (!PGLITE) results.skipped.pglite = 'BENCH_API_PGLITE=0';
    if (!POSTGRES) results.skipped.postgres = 'BENCH_API_POSTGRES=0';
    else if (!DATABASE_URL) {
      try {
        const { createPgCluster } = await tsImport('../../test/support/pg-cluster.ts', import.meta.url);
        cluster = await createPgCluster();
        DATABASE_URL = cluster.url;
        postgresSource = 'a throwaway cluster the bench made on 127.0.0.1 (test/support/pg-cluster.ts: fsync off, max_connections 50; deleted afterwards)';
        log(`DATABASE_URL is not set: made a throwaway PostgreSQL cluster on port ${cluster.port}`);
      } catch (error) {
        results.skipped.postgres = `DATABASE_URL was not set and no throwaway cluster could be made (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
        log(`PostgreSQL not measured: ${results.skipped.postgres}`);
      }
    }
    const kinds = [...(PGLITE ? ['pglite'] : []), ...(POSTGRES && DATABASE_URL ? ['postgres'] : [])];
    for (const kind of kinds) {
      log(`${DB_TITLES[kind]}: cold start`);
      const coldStart = COLD ? await measureColdStart(kind) : null;
      log(`${DB_TITLES[kind]}: load`);
      const load = [];
      for (const workers of kind === 'postgres' ? WORKER_COUNTS : [1]) load.push(...(await measureLoad(kind, workers)));
      results[kind] = { coldStart, load };
      if (kind === 'postgres') Object.assign(results.postgres, { source: postgresSource, version: await postgresVersion() });
    }
  } finally {
    await cluster?.destroy();
  }
  loadAtEnd();
  const budgets = budgetLines(results);
  results.budgets = budgets.map(({ budget, met }) => ({ budget, met }));
  results.elapsedS = Math.round((performance.now() - started) / 1000);
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(join(RESULTS_DIR, 'api.json'), JSON.stringify(results, null, 2) + '\n');
  const md = markdown(results, budgets);
  writeFileSync(join(RESULTS_DIR, 'api.md'), md);
  process.stdout.write(`\n${md}\n`);
  log(`wrote bench/results/api.json and bench/results/api.md in ${results.elapsedS} s`);
  const invalid = ['pglite', 'postgres'].flatMap((k) => results[k]?.load ?? []).filter((r) => !r.valid && !r.notMeasured);
  if (invalid.length > 0) {
    log(`${invalid.length} run(s) invalid (non-2xx answers or errors, or not the processes asked for): their figures are not results`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  process.stderr.write(`[bench:api] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
