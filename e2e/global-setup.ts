/**
 * Starts the real server for the e2e run: on a free port, with a fresh temporary database, the
 * built web app and a known ops token; waits until /healthz answers. The build itself is the test
 * script's job (`npm run build` runs first); only a missing build is built here.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_SERVICE, OPS_TOKEN_DEFAULT, REPO_ROOT } from './server.ts';

/** PGlite's cold start takes seconds on a slow machine; migrations and the seed come on top. */
const START_TIMEOUT_MS = 90_000;

export interface E2eServer {
  child: ChildProcess;
  dataDir: string;
}
/** Handed to global-teardown, which runs in this same runner process. */
export const serverHandle = globalThis as typeof globalThis & { __e2eServer?: E2eServer };

function freePort(): Promise<number> {
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

/** The built web app the server serves; E2E_WEB_DIST lets parallel runs each test their own build. */
const WEB_DIST = process.env.E2E_WEB_DIST || join(REPO_ROOT, 'apps/web/dist');

function ensureBuilt(): void {
  if (existsSync(join(WEB_DIST, 'index.html'))) return;
  if (process.env.E2E_WEB_DIST) throw new Error(`e2e: ${WEB_DIST} has no index.html; build it first`);
  process.stdout.write('e2e: apps/web/dist is missing; building the web app first\n');
  const build = spawnSync('npm', ['run', 'build', '-w', '@cashloan/web'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`e2e: the web build failed (exit ${build.status})`);
}

async function healthy(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
    return res.ok;
  } catch {
    return false;
  }
}

export default async function globalSetup(): Promise<void> {
  // A server someone already runs (E2E_BASE_URL, with E2E_OPS_TOKEN) is used as it is.
  if (process.env.E2E_BASE_URL) return;
  ensureBuilt();

  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'cashloan-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // Always the embedded database, even when the shell points at a PostgreSQL.
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      OPS_TOKEN: OPS_TOKEN_DEFAULT,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      WEB_DIST,
      PUBLIC_URL: url,
      SERVICE_EMAIL: E2E_SERVICE.email,
      SERVICE_SMWA: E2E_SERVICE.smWa,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  // Startup output is kept to explain a failed start; afterwards only the server's own log
  // lines (pino JSON, warnings and worse) and stderr reach the runner's output.
  let startupOutput = '';
  let started = false;
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    if (!started) startupOutput += chunk;
    else for (const line of chunk.split('\n')) if (line.startsWith('{')) process.stderr.write(`[server] ${line}\n`);
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    if (!started) startupOutput += chunk;
    else process.stderr.write(`[server] ${chunk}`);
  });
  let exited: string | null = null;
  child.on('exit', (code, signal) => {
    exited = `exit code ${code ?? '-'}${signal ? `, signal ${signal}` : ''}`;
  });

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await healthy(url))) {
    if (exited !== null || Date.now() > deadline) {
      if (exited === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`e2e: the server did not start (${exited ?? `no /healthz after ${START_TIMEOUT_MS} ms`}):\n${startupOutput}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  started = true;

  serverHandle.__e2eServer = { child, dataDir };
  process.env.E2E_BASE_URL = url;
  process.env.E2E_OPS_TOKEN = OPS_TOKEN_DEFAULT;
  process.env.E2E_SERVER_PID = String(child.pid);
  process.env.E2E_DATA_DIR = dataDir;
}
