/**
 * Issue 24, "several server processes on one PostgreSQL": migrations and periodic jobs on a real
 * PostgreSQL (a throwaway cluster, test/support/pg-cluster.ts), each Db its own pool as each server
 * process has.
 * - Two processes migrating a new database at the same instant: one applies every migration, the
 *   other waits for its advisory lock and finds them applied; both start.
 * - Two schedulers running one job: never two runs at once, one run per slot.
 * - A process killed (SIGKILL) in the middle of a run: PostgreSQL releases its lock with its
 *   connection, and another process closes the run as failed and runs the job.
 * - The server clock moved through one process (the /ops clock calls) is seen by another within a second.
 * Needs the postgresql package (its binaries, no running service).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbClock } from '../../apps/server/src/platform/clock/clock.ts';
import { openDb, type Db } from '../../apps/server/src/platform/db/client.ts';
import { migrate, migrationNames } from '../../apps/server/src/platform/db/migrate.ts';
import { ABANDONED_RUN_ERROR, runUnderJobLock, startScheduler, type PeriodicJob } from '../../apps/server/src/platform/jobs/scheduler.ts';
import { createPgCluster, type PgCluster } from '../support/pg-cluster.ts';

let cluster: PgCluster;
const opened: Db[] = [];
let child: ChildProcess | undefined;

beforeAll(async () => {
  cluster = await createPgCluster();
});
afterAll(async () => {
  child?.kill('SIGKILL');
  await Promise.all(opened.map((db) => db.close().catch(() => undefined)));
  await cluster?.destroy();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const realClock = { now: () => new Date(), offsetMs: () => 0, advance: async () => new Date() };
const quiet = { info: () => undefined, error: () => undefined };

let databases = 0;
/** A new, empty database of the cluster; its URL. */
async function freshDatabase(): Promise<string> {
  const name = `issue24_${++databases}`;
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return cluster.url.replace(/\/postgres$/, `/${name}`);
}
async function open(url: string, migrateIt = false): Promise<Db> {
  const db = await openDb({ databaseUrl: url, migrate: migrateIt });
  opened.push(db);
  return db;
}

interface Run {
  id: number;
  due_at: Date;
  worker: string;
  started_at: Date;
  finished_at: Date | null;
  outcome: string | null;
  error: string | null;
}
const runsOf = async (db: Db, job: string) =>
  (await db.query<Run>('SELECT id, due_at, worker, started_at, finished_at, outcome, error FROM job_runs WHERE job = $1 ORDER BY id', [job])).rows;

describe('migrations on PostgreSQL', () => {
  it('two processes migrating one new database at once: the migrations are applied once and both start', async () => {
    const url = await freshDatabase();
    const [a, b] = await Promise.all([open(url), open(url)]);
    const [appliedA, appliedB] = await Promise.all([migrate(a), migrate(b)]);
    expect([appliedA.length, appliedB.length].sort((x, y) => x - y)).toEqual([0, migrationNames().length]);
    const rows = (await a.query<{ name: string; checksum: string }>('SELECT name, checksum FROM schema_migrations ORDER BY name')).rows;
    expect(rows.map((r) => r.name)).toEqual(migrationNames());
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.checksum))).toBe(true);
  });

  it("two openDb({ migrate: true }) at once on a new database both succeed", async () => {
    const url = await freshDatabase();
    const [a] = await Promise.all([open(url, true), open(url, true)]);
    expect((await a.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations')).rows[0]!.n).toBe(migrationNames().length);
  });
});

describe('periodic jobs on PostgreSQL', () => {
  it('two schedulers run a job with no two runs at once and one run per slot', async () => {
    const url = await freshDatabase();
    const [a, b] = await Promise.all([open(url, true), open(url, true)]);
    let active = 0;
    let maxActive = 0;
    let kickDuringRun: boolean | undefined;
    const job = (other: Db): PeriodicJob => ({
      name: 'shared',
      intervalMs: 500,
      failureMessage: 'shared failed',
      run: async () => {
        active++;
        maxActive = Math.max(maxActive, active);
        // Work asked for outside the schedule (a postback's settling pass) from the other process: refused while this runs.
        kickDuringRun ??= await runUnderJobLock(other, 'shared', async () => undefined);
        await sleep(150);
        active--;
      },
    });
    const one = startScheduler({ db: a, clock: realClock, jobs: [job(b)], checkMs: 40, log: quiet, worker: 'one' });
    const two = startScheduler({ db: b, clock: realClock, jobs: [job(a)], checkMs: 40, log: quiet, worker: 'two' });
    await sleep(4_000);
    await Promise.all([one.stop(), two.stop()]);

    expect(maxActive).toBe(1);
    expect(kickDuringRun).toBe(false);
    const runs = await runsOf(a, 'shared');
    // A slot every 500 ms over 4 s (a run takes 150 ms of it).
    expect(runs.length).toBeGreaterThanOrEqual(5);
    expect(runs.length).toBeLessThanOrEqual(9);
    expect(runs.every((r) => r.outcome === 'ok' && r.finished_at !== null)).toBe(true);
    // One run per slot, and each begins after the one before it ended.
    expect(new Set(runs.map((r) => r.due_at.getTime())).size).toBe(runs.length);
    for (let i = 1; i < runs.length; i++) expect(runs[i]!.started_at.getTime()).toBeGreaterThanOrEqual(runs[i - 1]!.finished_at!.getTime());
  });

  it('a process killed mid-run leaves the job to another, which closes that run as failed and runs it', async () => {
    const url = await freshDatabase();
    const db = await open(url, true);
    child = spawn(process.execPath, ['--import', 'tsx', 'test/support/job-runner-process.ts', url, 'doomed-job', 'doomed:1'], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the runner process never began its pass')), 30_000);
      child!.stdout!.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('running')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child!.on('exit', (code) => reject(new Error(`the runner process exited (${code})`)));
    });

    let passes = 0;
    const survivor = startScheduler({
      db,
      clock: realClock,
      checkMs: 100,
      log: quiet,
      worker: 'survivor:2',
      jobs: [{ name: 'doomed-job', intervalMs: 3_600_000, failureMessage: 'failed', run: async () => void passes++ }],
    });
    // The runner holds the lock: its run is under way, not abandoned.
    await sleep(700);
    expect(passes).toBe(0);
    expect((await runsOf(db, 'doomed-job')).map((r) => [r.worker, r.finished_at])).toEqual([['doomed:1', null]]);

    child.kill('SIGKILL');
    const deadline = Date.now() + 20_000;
    while (passes === 0 && Date.now() < deadline) await sleep(100);
    await survivor.stop();
    expect(passes).toBe(1);
    const runs = await runsOf(db, 'doomed-job');
    expect(runs.map((r) => [r.worker, r.outcome, r.error])).toEqual([
      ['doomed:1', 'failed', ABANDONED_RUN_ERROR],
      ['survivor:2', 'ok', null],
    ]);
    expect(runs[1]!.due_at).toEqual(runs[0]!.due_at);
  });
});

describe('the server clock on PostgreSQL', () => {
  it('a clock moved through one process is seen by another within a second', async () => {
    const url = await freshDatabase();
    const [a, b] = await Promise.all([open(url, true), open(url, true)]);
    const [one, two] = await Promise.all([createDbClock(a, Date.now, { refreshMs: 500 }), createDbClock(b, Date.now, { refreshMs: 500 })]);
    try {
      await one.advance(86_400_000);
      const movedAt = Date.now();
      while (two.offsetMs() !== 86_400_000 && Date.now() - movedAt < 3_000) await sleep(20);
      expect(two.offsetMs()).toBe(86_400_000);
      expect(Date.now() - movedAt).toBeLessThan(1_000);
      expect(Math.abs(two.now().getTime() - one.now().getTime())).toBeLessThan(100);
    } finally {
      one.stop?.();
      two.stop?.();
    }
  });

  it('moves made through two processes at once both count', async () => {
    const url = await freshDatabase();
    const [a, b] = await Promise.all([open(url, true), open(url, true)]);
    const [one, two] = await Promise.all([createDbClock(a), createDbClock(b)]);
    const minute = 60_000;
    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? one : two).advance(minute)));
    const stored = await a.query<{ value: number }>(`SELECT value FROM app_settings WHERE key = 'clock_offset_ms'`);
    expect(Number(stored.rows[0]!.value)).toBe(10 * minute);
    // Whoever moved last learned the sum.
    expect(Math.max(one.offsetMs(), two.offsetMs())).toBe(10 * minute);
  });
});
