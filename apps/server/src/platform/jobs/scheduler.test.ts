/**
 * The periodic-job scheduler on PGlite: a job due on the server clock runs once per slot, its run is
 * recorded in job_runs, a run left unfinished by a process that died is closed and run again, and
 * stop() waits for a run under way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixedClock } from '../clock/clock.ts';
import { openDb, type Db } from '../db/client.ts';
import { jobRuns, registry } from '../metrics/metrics.ts';
import { ABANDONED_RUN_ERROR, runUnderJobLock, startScheduler, type PeriodicJob } from './scheduler.ts';

let db: Db;
beforeAll(async () => {
  db = await openDb({ migrate: true });
});
afterAll(async () => {
  await db.close();
});

const quiet = { info: () => undefined, error: () => undefined };
const HOUR = 3_600_000;

interface Run {
  due_at: Date;
  worker: string;
  finished_at: Date | null;
  outcome: string | null;
  error: string | null;
}
const runsOf = async (job: string) =>
  (await db.query<Run>('SELECT due_at, worker, finished_at, outcome, error FROM job_runs WHERE job = $1 ORDER BY id', [job])).rows;
const nextDue = async (job: string) => new Date((await db.query<{ next_due_at: Date }>('SELECT next_due_at FROM periodic_jobs WHERE name = $1', [job])).rows[0]!.next_due_at);

function countingJob(name: string, intervalMs = HOUR, body: () => Promise<void> = async () => undefined): PeriodicJob & { passes: number } {
  const job = {
    name,
    intervalMs,
    failureMessage: `${name} failed`,
    passes: 0,
    run: async () => {
      job.passes++;
      await body();
    },
  };
  return job;
}

describe('startScheduler', () => {
  it('runs a new job at once, records the run, and runs it again only when its next slot is due', async () => {
    const clock = createFixedClock(new Date('2026-11-01T02:00:00Z'));
    const job = countingJob('test-due');
    const scheduler = startScheduler({ db, clock, jobs: [job], checkMs: 60_000, log: quiet, worker: 'host-a:1' });
    await scheduler.check();
    expect(job.passes).toBe(1);
    expect(await nextDue('test-due')).toEqual(new Date('2026-11-01T03:00:00Z'));

    await scheduler.check();
    await clock.advance(HOUR - 1);
    await scheduler.check();
    expect(job.passes).toBe(1);

    await clock.advance(1);
    await scheduler.check();
    expect(job.passes).toBe(2);
    await scheduler.stop();

    const runs = await runsOf('test-due');
    expect(runs.map((r) => [r.due_at.toISOString(), r.worker, r.outcome, r.error])).toEqual([
      ['2026-11-01T02:00:00.000Z', 'host-a:1', 'ok', null],
      ['2026-11-01T03:00:00.000Z', 'host-a:1', 'ok', null],
    ]);
    expect(runs.every((r) => r.finished_at !== null)).toBe(true);
  });

  it('records a failed pass with its error, counts it, and keeps to the schedule', async () => {
    const clock = createFixedClock(new Date('2026-11-01T02:00:00Z'));
    const job = countingJob('test-failing', HOUR, async () => {
      throw new Error('provider away');
    });
    const logged: string[] = [];
    const log = { info: () => undefined, error: (_o: object, msg: string) => logged.push(msg) };
    const scheduler = startScheduler({ db, clock, jobs: [job], checkMs: 60_000, log });
    await scheduler.check();
    await scheduler.stop();
    const runs = await runsOf('test-failing');
    expect(runs.map((r) => [r.outcome, r.error])).toEqual([['failed', 'provider away']]);
    expect(logged).toEqual(['test-failing failed']);
    expect(await registry.getSingleMetricAsString('job_runs_total')).toContain('job_runs_total{job="test-failing",outcome="failed"} 1');
    expect(jobRuns).toBeDefined();
  });

  it('two schedulers on one database run a slot once', async () => {
    const clock = createFixedClock(new Date('2026-11-01T02:00:00Z'));
    const a = countingJob('test-shared', HOUR, () => new Promise((resolve) => setTimeout(resolve, 50)));
    const b = countingJob('test-shared', HOUR, () => new Promise((resolve) => setTimeout(resolve, 50)));
    const one = startScheduler({ db, clock, jobs: [a], checkMs: 10, log: quiet, worker: 'one' });
    const two = startScheduler({ db, clock, jobs: [b], checkMs: 10, log: quiet, worker: 'two' });
    await new Promise((resolve) => setTimeout(resolve, 400));
    await Promise.all([one.stop(), two.stop()]);
    expect(a.passes + b.passes).toBe(1);
    expect(await runsOf('test-shared')).toHaveLength(1);
  });

  it('runs again at once a run whose process died before it finished, and closes that run as failed', async () => {
    const clock = createFixedClock(new Date('2026-11-01T02:00:00Z'));
    await db.query(`INSERT INTO periodic_jobs (name, next_due_at) VALUES ('test-abandoned', $1)`, [new Date('2026-11-01T02:30:00Z')]);
    await db.query(`INSERT INTO job_runs (job, due_at, worker) VALUES ('test-abandoned', $1, 'dead-host:99')`, [new Date('2026-11-01T01:30:00Z')]);
    const job = countingJob('test-abandoned');
    const scheduler = startScheduler({ db, clock, jobs: [job], checkMs: 60_000, log: quiet, worker: 'host-b:2' });
    await scheduler.check();
    await scheduler.stop();
    expect(job.passes).toBe(1);
    const runs = await runsOf('test-abandoned');
    expect(runs.map((r) => [r.worker, r.outcome, r.error, r.due_at.toISOString()])).toEqual([
      ['dead-host:99', 'failed', ABANDONED_RUN_ERROR, '2026-11-01T01:30:00.000Z'],
      ['host-b:2', 'ok', null, '2026-11-01T01:30:00.000Z'],
    ]);
  });

  it('stop() waits for a run under way, and no run starts after it', async () => {
    const clock = createFixedClock(new Date('2026-11-01T02:00:00Z'));
    let release!: () => void;
    let started!: () => void;
    const startedRun = new Promise<void>((resolve) => (started = resolve));
    const job = countingJob('test-stop', 1, () => {
      started();
      return new Promise<void>((resolve) => (release = resolve));
    });
    const scheduler = startScheduler({ db, clock, jobs: [job], checkMs: 10, log: quiet });
    await startedRun;
    let stopped = false;
    const stopping = scheduler.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect((await runsOf('test-stop')).map((r) => r.outcome)).toEqual(['ok']);
    await clock.advance(HOUR);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(job.passes).toBe(1);
  });

  it('work asked for outside the schedule does not overlap a run of the job', async () => {
    const clock = createFixedClock(new Date('2026-11-01T02:00:00Z'));
    let release!: () => void;
    let started!: () => void;
    const startedRun = new Promise<void>((resolve) => (started = resolve));
    const job = countingJob('test-kick', HOUR, () => {
      started();
      return new Promise<void>((resolve) => (release = resolve));
    });
    const scheduler = startScheduler({ db, clock, jobs: [job], checkMs: 60_000, log: quiet });
    await startedRun;
    let kicked = 0;
    expect(await runUnderJobLock(db, 'test-kick', async () => void kicked++)).toBe(false);
    release();
    await scheduler.stop();
    expect(await runUnderJobLock(db, 'test-kick', async () => void kicked++)).toBe(true);
    expect(kicked).toBe(1);
  });
});
