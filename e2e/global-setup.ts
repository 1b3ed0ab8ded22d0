/**
 * Starts the real server for the e2e run: on a free port, with a fresh temporary database, the
 * built web app and a known ops token; waits until /healthz answers. The build itself is the test
 * script's job (`npm run build` runs first); only a missing build is built here.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../test/support/server-process.ts';
import { E2E_SERVICE, OPS_TOKEN_DEFAULT, REPO_ROOT } from './server.ts';

export interface E2eServer {
  child: ChildProcess;
  dataDir: string;
}
/** Handed to global-teardown, which runs in this same runner process. */
export const serverHandle = globalThis as typeof globalThis & { __e2eServer?: E2eServer };

/** The built web app the server serves; E2E_WEB_DIST lets parallel runs each test their own build. */
const WEB_DIST = process.env.E2E_WEB_DIST || join(REPO_ROOT, 'apps/web/dist');

function ensureBuilt(): void {
  if (existsSync(join(WEB_DIST, 'index.html'))) return;
  if (process.env.E2E_WEB_DIST) throw new Error(`e2e: ${WEB_DIST} has no index.html; build it first`);
  process.stdout.write('e2e: apps/web/dist is missing; building the web app first\n');
  const build = spawnSync('npm', ['run', 'build', '-w', '@cashloan/web'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`e2e: the web build failed (exit ${build.status})`);
}

/** The back office the server serves at /backoffice (its specs are in e2e/backoffice). */
function ensureBackofficeBuilt(): void {
  if (existsSync(join(REPO_ROOT, 'apps/backoffice/dist/index.html'))) return;
  process.stdout.write('e2e: apps/backoffice/dist is missing; building the back office first\n');
  const build = spawnSync('npm', ['run', 'build', '-w', '@cashloan/backoffice'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`e2e: the back office build failed (exit ${build.status})`);
}

/** After start, only the server's own log lines (pino JSON, warnings and worse) and stderr reach the runner's output. */
function forwardLog(chunk: string, stream: 'stdout' | 'stderr'): void {
  if (stream === 'stderr') process.stderr.write(`[server] ${chunk}`);
  else for (const line of chunk.split('\n')) if (line.startsWith('{')) process.stderr.write(`[server] ${line}\n`);
}

export default async function globalSetup(): Promise<void> {
  // A server someone already runs (E2E_BASE_URL, with E2E_OPS_TOKEN) is used as it is.
  if (process.env.E2E_BASE_URL) return;
  ensureBuilt();
  ensureBackofficeBuilt();

  const dataDir = mkdtempSync(join(tmpdir(), 'cashloan-e2e-'));
  let server;
  try {
    server = await startServer({
      dataDir,
      webDist: WEB_DIST,
      opsToken: OPS_TOKEN_DEFAULT,
      // The tests read a borrower's SMS outbox message by message: no reminder job of the server's own
      // may add one at a moment no test chose (POST /ops/reminders/run runs a pass when one wants it).
      env: { SERVICE_EMAIL: E2E_SERVICE.email, SERVICE_SMWA: E2E_SERVICE.smWa, PAYMENT_REMINDERS: '0' },
      onOutput: forwardLog,
    });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`e2e: ${(error as Error).message}`);
  }

  serverHandle.__e2eServer = { child: server.child, dataDir };
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_OPS_TOKEN = OPS_TOKEN_DEFAULT;
  process.env.E2E_SERVER_PID = String(server.child.pid);
  process.env.E2E_DATA_DIR = dataDir;
}
