/**
 * Starts the server. WORKERS=1 (the default): this process is the server. WORKERS>1 (PostgreSQL
 * only): this process is a node:cluster primary that forks that many workers, each a server
 * listening on the same PORT; it restarts a worker that dies, forwards SIGTERM/SIGINT to them and
 * exits when they have, and prints the start banner once.
 *
 * A server: config → database → server.ts (start-up writes under a lock, app, jobs, listen, banner).
 */
import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { loadConfig, workerCount, type Config } from './config.ts';
import { openDb } from './platform/db/client.ts';
import type { BannerMessage } from './server.ts';

/** Workers that die before they listen this many times in a row: the primary gives up. */
const MAX_START_FAILURES = 5;


const config = loadConfig();
const workers = workerCount(config, availableParallelism());
if (workers > 1 && cluster.isPrimary) await runPrimary(config, workers);
else await runServer(config);

function logLine(level: 'info' | 'error', msg: string, fields: Record<string, unknown> = {}): void {
  process.stdout.write(`${JSON.stringify({ level: level === 'info' ? 30 : 50, time: Date.now(), pid: process.pid, msg, ...fields })}\n`);
}

async function runPrimary(config: Config, count: number): Promise<void> {
  const { installPrimaryMetrics } = await import('./platform/metrics/cluster.ts');
  installPrimaryMetrics();
  const live = new Set<Worker>();
  const banners: BannerMessage[] = [];
  let bannerShown = false;
  let stopping = false;
  let startFailures = 0;

  const showBanner = (banner: BannerMessage) => {
    bannerShown = true;
    process.stdout.write([...banner.lines, `  (${count} worker processes)`, ''].join('\n') + '\n');
  };
  const stopAll = (exitCode: number) => {
    stopping = true;
    process.exitCode = exitCode;
    for (const worker of live) worker.process.kill('SIGTERM');
    if (live.size === 0) process.exit(exitCode);
    // A worker that does not end after its drain and close: the primary does not wait forever.
    setTimeout(() => process.exit(exitCode || 1), config.SHUTDOWN_DRAIN_MS + 30_000).unref();
  };
  const fork = () => {
    const worker = cluster.fork();
    live.add(worker);
    let listening = false;
    worker.on('listening', () => {
      listening = true;
      startFailures = 0;
    });
    worker.on('message', (message: BannerMessage) => {
      if (message?.type !== 'banner' || bannerShown) return;
      banners.push(message);
      // The banner with the demo links (one worker seeded them), or any once every worker has started.
      if (message.seeded) showBanner(message);
      else if (banners.length >= count) showBanner(banners[0]!);
    });
    worker.on('exit', (code, signal) => {
      live.delete(worker);
      if (stopping) {
        if (live.size === 0) process.exit(process.exitCode ?? 0);
        return;
      }
      if (!listening) startFailures++;
      if (startFailures >= MAX_START_FAILURES) {
        logLine('error', `workers died at start ${startFailures} times in a row; giving up (see the errors above)`, { code, signal });
        stopAll(1);
        return;
      }
      const backoffMs = listening ? 1_000 : Math.min(30_000, 500 * 2 ** startFailures);
      logLine('error', `worker ${worker.process.pid} died (${signal ?? `exit code ${code}`}); starting another in ${backoffMs} ms`);
      setTimeout(() => {
        if (!stopping) fork();
      }, backoffMs);
    });
  };
  for (let i = 0; i < count; i++) fork();
  // Each worker gets SIGTERM (a terminal's Ctrl-C reaches them too, as SIGINT, which they ignore).
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    logLine('info', `${signal}: stopping ${live.size} workers`);
    stopAll(0);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

/**
 * A server process (server.ts). The database opens (and PGlite migrates) first, while the rest of the
 * server's modules load: only config and the database client are imported before that starts.
 */
async function runServer(config: Config): Promise<void> {
  const opening = openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, migrate: config.DATABASE_URL === undefined });
  // Awaited in startServer; marked handled so a failure surfaces there, after the imports, not as unhandled.
  opening.catch(() => undefined);
  const { startServer } = await import('./server.ts');
  await startServer(config, opening);
}
