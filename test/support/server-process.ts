/**
 * The real server as its own process (`node --import tsx apps/server/src/main.ts`, or the compiled
 * `node apps/server/dist/main.js`): a free port, a
 * known ops token, the embedded database in a directory of the caller's, and a process the caller
 * may stop gracefully or kill with SIGKILL. The fault tests use it with the API only; e2e's global
 * setup with the built web app.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const TEST_OPS_TOKEN = 'security-ops-token-of-the-fault-tests';

/** PGlite's cold start, migrations and the seed on a loaded 2-core machine. */
const START_TIMEOUT_MS = 90_000;

export interface StartOptions {
  /** PGlite data directory (and uploads/); ignored when env.DATABASE_URL is set. */
  dataDir: string;
  /** Extra or overriding environment (DATABASE_URL, LOG_LEVEL, SEED_DEMO, …). */
  env?: Record<string, string> | undefined;
  /** Reuse a port (a restart on the same address); a free one otherwise. */
  port?: number | undefined;
  /** The built web app to serve; the API only by default. */
  webDist?: string | undefined;
  opsToken?: string | undefined;
  /**
   * 'npm-start': run `scripts/start.mjs` as `npm start` does, leaving HOST, OPS_TOKEN and PUBLIC_URL
   * to it and the server (opsToken is then read from what it prints); the server alone otherwise.
   */
  launch?: 'server' | 'npm-start' | undefined;
  /**
   * 'source' (default): `node --import tsx apps/server/src/main.ts`. 'compiled': `node
   * --enable-source-maps <compiledDir>/main.js`, production's way, built first by
   * scripts/build-server.mjs when missing or older than the sources. ('npm-start' always runs the
   * compiled server of apps/server/dist, built the same way.)
   */
  entry?: 'source' | 'compiled' | undefined;
  /** The build that 'compiled' runs: a directory of apps/server; apps/server/dist by default. */
  compiledDir?: string | undefined;
  /** Receives what the process writes once it has started (its startup output is kept for errors). */
  onOutput?: ((chunk: string, stream: 'stdout' | 'stderr') => void) | undefined;
}

export interface ServerProcess {
  url: string;
  port: number;
  opsToken: string;
  child: ChildProcess;
  /** Milliseconds from spawn until /healthz answered. */
  startMs: number;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves when the process has exited (immediately if it already has). */
  exited(): Promise<void>;
  /** SIGTERM (graceful close), SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
  /** SIGKILL: no close handler, no flush; waits until the process is gone. */
  kill(): Promise<void>;
}

export const DEFAULT_COMPILED_DIR = join(REPO_ROOT, 'apps/server/dist');

/** Builds the server into `outdir` (scripts/build-server.mjs) unless its build there is up to date; `force` builds anyway. */
export function buildCompiledServer(outdir = DEFAULT_COMPILED_DIR, { force = false } = {}): void {
  const args = ['scripts/build-server.mjs', '--outdir', outdir, ...(force ? [] : ['--if-stale'])];
  const run = spawnSync(process.execPath, args, { cwd: REPO_ROOT, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`node ${args.join(' ')} failed (${run.status ?? run.signal}):\n${run.stdout}${run.stderr}`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function healthy(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
    return res.ok;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startServer(options: StartOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const npmStart = options.launch === 'npm-start';
  const compiledDir = options.compiledDir ?? DEFAULT_COMPILED_DIR;
  // Built before the clock starts: startMs is the server's own start.
  if (npmStart) buildCompiledServer();
  else if (options.entry === 'compiled') buildCompiledServer(compiledDir);
  const began = performance.now();
  const inherited: Record<string, string | undefined> = { ...process.env };
  for (const name of ['HOST', 'OPS_TOKEN', 'PUBLIC_URL', 'NODE_ENV']) delete inherited[name];
  const ours = npmStart ? {} : { HOST: '127.0.0.1', OPS_TOKEN: options.opsToken ?? TEST_OPS_TOKEN, PUBLIC_URL: url };
  const argv = npmStart
    ? ['scripts/start.mjs']
    : options.entry === 'compiled'
      ? ['--enable-source-maps', relative(REPO_ROOT, join(compiledDir, 'main.js'))]
      : ['--import', 'tsx', 'apps/server/src/main.ts'];
  const child = spawn(process.execPath, argv, {
    cwd: REPO_ROOT,
    env: {
      ...inherited,
      PORT: String(port),
      // The embedded database unless the caller names one, even when the shell points at a PostgreSQL.
      DATABASE_URL: '',
      DATA_DIR: options.dataDir,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      // stop() ends the test's server at once; a test of the drain sets its own.
      SHUTDOWN_DRAIN_MS: '0',
      WEB_DIST: options.webDist ?? '',
      ...ours,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let started = false;
  const collect = (stream: 'stdout' | 'stderr') => (chunk: string) => {
    output += chunk;
    if (started) options.onOutput?.(chunk, stream);
  };
  child.stdout!.setEncoding('utf8').on('data', collect('stdout'));
  child.stderr!.setEncoding('utf8').on('data', collect('stderr'));
  let exitNote: string | null = null;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exitNote = `exit code ${code ?? '-'}${signal ? `, signal ${signal}` : ''}`;
      resolve();
    }),
  );

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await healthy(url))) {
    if (exitNote !== null || Date.now() > deadline) {
      if (exitNote === null) {
        child.kill('SIGKILL');
        await exit;
      }
      throw new Error(`The server did not start (${exitNote ?? `no /healthz after ${START_TIMEOUT_MS} ms`}):\n${output}`);
    }
    await sleep(100);
  }
  const startMs = performance.now() - began;
  started = true;
  // The server prints its banner right after it starts listening: wait for it before reading the token.
  while (!/Borrower app on /.test(output) && exitNote === null && Date.now() < deadline) await sleep(50);
  const opsToken = npmStart ? (/Authorization: Bearer (\S+?);/.exec(output)?.[1] ?? '') : (options.opsToken ?? TEST_OPS_TOKEN);

  return {
    url,
    port,
    opsToken,
    child,
    startMs,
    output: () => output,
    exited: () => exit,
    async stop(graceMs = 10_000) {
      if (exitNote !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exit;
      clearTimeout(timer);
    },
    async kill() {
      if (exitNote !== null) return;
      child.kill('SIGKILL');
      await exit;
    },
  };
}

/**
 * The demo seed's session (as a query string) and order, from the preview link the server prints
 * at its first start; throws with the output when there is none.
 */
export function demoOrderIn(output: string): { session: string; orderId: string; productId: string } {
  const preview = /\/testPreview\?(\S+)/.exec(output);
  if (!preview) throw new Error(`no demo preview link in the server output:\n${output}`);
  const params = new URLSearchParams(preview[1]);
  const orderId = params.get('orderId') ?? '';
  const productId = params.get('productId') ?? '';
  params.delete('orderId');
  params.delete('productId');
  return { session: params.toString(), orderId, productId };
}
