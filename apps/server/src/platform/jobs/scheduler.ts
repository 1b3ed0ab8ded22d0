/**
 * Periodic jobs shared by every server process (migration 029: periodic_jobs, job_runs).
 *
 * Every process checks every `checkMs` whether each registered job is due (periodic_jobs.next_due_at
 * on the server clock has come). The process that takes the job's advisory lock `job:<name>`
 * without waiting (held on a connection of its own for the run; PostgreSQL releases it if the
 * process dies) claims the slot (next_due_at = now + interval), records a job_runs row, runs the
 * pass and records its outcome. A latest run still unfinished while the lock is free is one whose
 * process died mid-run: it is closed as failed and the job runs again at once, here. A job's work
 * must therefore be safe to run again after a crash (claimed rows, transactions).
 */
import { hostname } from 'node:os';
import type { Clock } from '../clock/clock.ts';
import type { Db, LockConnection } from '../db/client.ts';
import { jobRuns } from '../metrics/metrics.ts';

export interface JobLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface PeriodicJob {
  /** Stable: the row in periodic_jobs and the lock `job:<name>`. */
  name: string;
  intervalMs: number;
  /** One pass; a throw is recorded as outcome 'failed' and logged as `failureMessage`. */
  run(): Promise<void>;
  failureMessage: string;
}

export interface Scheduler {
  /** Checks every job now (the timer does this every checkMs); resolves when the runs it started end. */
  check(): Promise<void>;
  /** Stops checking and waits for a run under way, so the database can be closed after it. */
  stop(): Promise<void>;
}

export interface SchedulerOptions {
  db: Db;
  clock: Clock;
  jobs: PeriodicJob[];
  checkMs: number;
  log: JobLog;
  /** Who runs it, in job_runs.worker (default `host:pid`). */
  worker?: string;
}

/** The advisory lock a job's runs hold (and a "run now" of the same work takes too). */
export const jobLockName = (name: string) => `job:${name}`;

/** job_runs rows older than this are deleted (by each process, at most once an hour). */
export const JOB_RUNS_KEPT_MS = 7 * 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
export const ABANDONED_RUN_ERROR = 'the process running it stopped before it finished';

export const workerName = () => `${hostname()}:${process.pid}`;

/**
 * Runs fn under the job's lock when no run of the job holds it anywhere; false (fn not run) when
 * one does. For work asked for outside the schedule (a notification that just arrived).
 */
export async function runUnderJobLock(db: Db, name: string, fn: () => Promise<void>): Promise<boolean> {
  const result = await db.tryWithSessionLock(jobLockName(name), fn);
  return result.acquired;
}

export function startScheduler(options: SchedulerOptions): Scheduler {
  const { db, clock, jobs, log } = options;
  const worker = options.worker ?? workerName();
  const running = new Map<string, Promise<void>>();
  let stopped = false;
  let lastPrune = 0;
  let timer: NodeJS.Timeout | undefined;

  const check = async (): Promise<void> => {
    const started: Promise<void>[] = [];
    for (const job of jobs) {
      if (stopped) break;
      if (running.has(job.name)) continue;
      const run = checkJob(job).finally(() => running.delete(job.name));
      running.set(job.name, run);
      started.push(run);
    }
    if (!stopped && Date.now() - lastPrune >= PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      started.push(
        db
          .query(`DELETE FROM job_runs WHERE finished_at IS NOT NULL AND started_at < now() - $1 * interval '1 millisecond'`, [JOB_RUNS_KEPT_MS])
          .then(() => undefined)
          .catch((err: unknown) => log.error({ err }, 'pruning job_runs failed')),
      );
    }
    await Promise.all([...started, ...running.values()]);
  };

  /** Never throws: a database away now is tried again at the next check. */
  const checkJob = async (job: PeriodicJob): Promise<void> => {
    try {
      const now = clock.now();
      const { rows } = await db.query<{ due: boolean; unfinished: boolean | null }>(
        `SELECT p.next_due_at <= $2 AS due,
                (SELECT r.finished_at IS NULL FROM job_runs r WHERE r.job = p.name ORDER BY r.id DESC LIMIT 1) AS unfinished
           FROM periodic_jobs p WHERE p.name = $1`,
        [job.name, now],
      );
      if (rows.length === 0) {
        // A job new to this database: due now.
        await db.query('INSERT INTO periodic_jobs (name, next_due_at) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [job.name, now]);
      } else if (!rows[0]!.due && !rows[0]!.unfinished) {
        return;
      }
      if (stopped) return;
      await db.tryWithSessionLock(jobLockName(job.name), (conn) => runIfDue(conn, job));
    } catch (err) {
      log.error({ err, job: job.name }, 'checking a periodic job failed');
    }
  };

  const runIfDue = async (conn: LockConnection, job: PeriodicJob): Promise<void> => {
    // Read again under the lock: another process may have run the slot since the check.
    const now = clock.now();
    const due = await conn.query<{ next_due_at: Date }>('SELECT next_due_at FROM periodic_jobs WHERE name = $1', [job.name]);
    const latest = await conn.query<{ id: number; due_at: Date; finished_at: Date | null; worker: string }>(
      'SELECT id, due_at, finished_at, worker FROM job_runs WHERE job = $1 ORDER BY id DESC LIMIT 1',
      [job.name],
    );
    const nextDueAt = new Date(due.rows[0]!.next_due_at);
    const abandoned = latest.rows[0] !== undefined && latest.rows[0].finished_at === null ? latest.rows[0] : undefined;
    if (abandoned) {
      // Nobody else holds the lock, so nobody runs it: its process died mid-run.
      await conn.query(`UPDATE job_runs SET finished_at = clock_timestamp(), outcome = 'failed', error = $2 WHERE id = $1`, [abandoned.id, ABANDONED_RUN_ERROR]);
      log.error({ job: job.name, worker: abandoned.worker }, 'a periodic job run was left unfinished; running it again');
    } else if (nextDueAt.getTime() > now.getTime()) {
      return;
    }
    const dueAt = abandoned ? new Date(abandoned.due_at) : nextDueAt;
    await conn.query('UPDATE periodic_jobs SET next_due_at = $2 WHERE name = $1', [job.name, new Date(now.getTime() + job.intervalMs)]);
    const inserted = await conn.query<{ id: number }>('INSERT INTO job_runs (job, due_at, worker) VALUES ($1, $2, $3) RETURNING id', [job.name, dueAt, worker]);
    const runId = inserted.rows[0]!.id;
    let outcome: 'ok' | 'failed' = 'ok';
    let error: string | null = null;
    try {
      await job.run();
    } catch (err) {
      outcome = 'failed';
      error = err instanceof Error ? err.message : String(err);
      log.error({ err, job: job.name }, job.failureMessage);
    }
    jobRuns.inc({ job: job.name, outcome });
    await conn.query('UPDATE job_runs SET finished_at = clock_timestamp(), outcome = $2, error = $3 WHERE id = $1', [runId, outcome, error]);
  };

  const loop = () => {
    timer = setTimeout(() => {
      void check().finally(() => {
        if (!stopped) loop();
      });
    }, options.checkMs);
    timer.unref();
  };
  void check().finally(() => {
    if (!stopped) loop();
  });

  return {
    check,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await Promise.all(running.values());
    },
  };
}
