/**
 * A throwaway PostgreSQL cluster for the fault tests: Debian's binaries (/usr/lib/postgresql/N/bin),
 * a temporary data directory, a free port on 127.0.0.1, its socket in the temp dir, trust auth.
 * Never the machine's own cluster. initdb and pg_ctl refuse to run as root, so as root they run
 * as the `postgres` user (the package creates it) over a directory handed to that user.
 */
import { execFile, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server-process.ts';

const run = promisify(execFile);
const SUPERUSER = 'cashloan';

export const INSTALL_HINT = 'install postgresql (apt-get install -y postgresql; no service needs to run)';

/** The newest installed PostgreSQL's bin directory; PG_BIN overrides. Throws with how to install it. */
export function findPostgresBin(): string {
  const candidates = process.env.PG_BIN
    ? [process.env.PG_BIN]
    : existsSync('/usr/lib/postgresql')
      ? readdirSync('/usr/lib/postgresql')
          .filter((v) => /^\d+$/.test(v))
          .sort((a, b) => Number(b) - Number(a))
          .map((v) => `/usr/lib/postgresql/${v}/bin`)
      : [];
  const bin = candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
  if (!bin) throw new Error(`PostgreSQL binaries not found (looked for /usr/lib/postgresql/*/bin/initdb and pg_ctl): ${INSTALL_HINT}`);
  return bin;
}

export interface PgCluster {
  /** postgres://… for DATABASE_URL. */
  url: string;
  port: number;
  /** pg_ctl with this cluster's data directory, e.g. pg_ctl(['restart', '-m', 'immediate']). */
  pgCtl(args: string[]): Promise<void>;
  /** The server log, for failure messages. */
  log(): string;
  /** When (epoch ms, from the server log) PostgreSQL said it was ready to accept connections, each start. */
  readyTimes(): number[];
  /** When (epoch ms) the server log has a line whose message matches. */
  logTimes(message: RegExp): number[];
  /** Stops the cluster (immediately) and deletes its directory. */
  destroy(): Promise<void>;
}

function postgresIds(): { uid: number; gid: number } {
  const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) throw new Error(`Running as root but there is no postgres user to run PostgreSQL as: ${INSTALL_HINT}`);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

export async function createPgCluster(): Promise<PgCluster> {
  const bin = findPostgresBin();
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'cashloan-pg-'));
  const data = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  if (asRoot) {
    const { uid, gid } = postgresIds();
    chownSync(dir, uid, gid);
  }
  const exec = async (tool: string, args: string[]) => {
    const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args];
    try {
      await run(command, argv, { cwd: dir, timeout: 120_000 });
    } catch (error) {
      const e = error as { stderr?: string; message: string };
      throw new Error(`${tool} ${args.join(' ')} failed: ${e.stderr || e.message}\n${readLog(logFile)}`);
    }
  };
  const port = await freePort();
  await exec('initdb', ['-D', data, '-U', SUPERUSER, '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync', '--no-instructions']);
  // fsync off: the cluster is thrown away, and the shared test machine's disk is slow. Log lines
  // start with a UTC millisecond timestamp (readyTimes). pg_ctl hands these options to a shell.
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50 -c log_timezone=UTC -c "log_line_prefix=%m "`;
  const pgCtl = (args: string[]) => exec('pg_ctl', ['-D', data, '-l', logFile, '-o', serverOptions, '-t', '60', ...args]);
  await pgCtl(['start', '-w']);
  return {
    url: `postgres://${SUPERUSER}@127.0.0.1:${port}/postgres`,
    port,
    pgCtl,
    log: () => readLog(logFile),
    logTimes: (message) => logTimes(logFile, message),
    readyTimes: () => logTimes(logFile, /ready to accept connections/),
    destroy: async () => {
      await pgCtl(['stop', '-m', 'immediate', '-w']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function logTimes(file: string, message: RegExp): number[] {
  const lines = (existsSync(file) ? readFileSync(file, 'utf8') : '').split('\n');
  return lines.flatMap((line) => {
    const m = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d\.\d{3}) UTC (.*)$/.exec(line);
    return m && message.test(m[3]!) ? [Date.parse(`${m[1]}T${m[2]}Z`)] : [];
  });
}

function readLog(file: string): string {
  return existsSync(file) ? readFileSync(file, 'utf8').slice(-4_000) : '';
}
