/**
 * Issue 11, "Faults and load": with PostgreSQL (DATABASE_URL) restarted under load the server keeps
 * running, answers errors with a clear message and recovers within 5 s.
 *
 * A throwaway cluster (test/support/pg-cluster.ts) and the real server as its own process; 50
 * borrowers' loops call loan-details (a read) and event/save (a write) without pause while the
 * cluster is stopped immediately, stopped fast, and restarted immediately by pg_ctl restart.
 * Needs the postgresql package (its binaries, no running service); without it this test fails
 * saying so.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_MESSAGES, callUrlPath, eventSaveCall, loanDetailsCall, TRACKING_MODULE } from '@cashloan/contract';
import { createPgCluster, type PgCluster } from '../support/pg-cluster.ts';
import { demoOrderIn, startServer, type ServerProcess } from '../support/server-process.ts';

const WORKERS = 50;
/** The bound: PostgreSQL accepting connections again → the server's first successful answer. */
const RECOVERY_BOUND_MS = 5_000;
/** How long each outage lasts before PostgreSQL starts again (the restart cycle has none of its own). */
const OUTAGE_MS = 1_500;
/** No answer may take longer than this: every call ends, also while the database is away. */
const ANSWER_TIMEOUT_MS = 10_000;

/** The line PostgreSQL logs as a stop begins. */
const SHUTDOWN_REQUEST = /received (smart|fast|immediate) shutdown request/;
/** What an answer must never show: a stack, a file path, the driver's or the database's own words. */
const LEAK = /\n\s+at |node_modules|\/src\/|\w+Error\b|ECONN|terminat|postgres|SQLSTATE|pg_/i;

interface Sample {
  call: 'loan-details' | 'event-save';
  start: number;
  end: number;
  status: number | null;
  body: string;
  /** A network failure or timeout instead of an HTTP answer. */
  failure?: string;
}

interface Cycle {
  name: string;
  /** pg_ctl stop (or restart) issued. */
  stopAt: number;
  /**
   * PostgreSQL accepting connections again: the earlier of its log's "ready to accept connections"
   * and our first successful connection (the earlier, the stricter the recovery figure).
   */
  ready: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until PostgreSQL runs SELECT 1; returns when (epoch ms) it first did. */
async function waitUntilAccepting(url: string): Promise<number> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('SELECT 1');
      const at = Date.now();
      await client.end();
      return at;
    } catch {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline) throw new Error('PostgreSQL did not accept connections within 60 s of its start');
      await sleep(20);
    }
  }
}

describe('PostgreSQL restarted under load (DATABASE_URL)', () => {
  let cluster: PgCluster | undefined;
  let server: ServerProcess | undefined;
  let dataDir: string | undefined;

  afterAll(async () => {
    await server?.stop();
    await cluster?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps running, answers 503 with a clear message while it is away, and recovers within 5 s', { timeout: 240_000 }, async () => {
    // Set up inside the test (not in a hook), so missing PostgreSQL binaries fail this test by name.
    const pgc = (cluster = await createPgCluster());
    dataDir = mkdtempSync(join(tmpdir(), 'cashloan-pg-restart-'));
    const srv = (server = await startServer({ dataDir, env: { DATABASE_URL: pgc.url, LOG_LEVEL: 'error' } }));
    // The demo seed's session and order (printed by the server at start).
    const { session, orderId, productId } = demoOrderIn(srv.output());

    const requests = {
      'loan-details': () => ({ path: callUrlPath(loanDetailsCall.route), body: new URLSearchParams({ productId, orderId }).toString() }),
      'event-save': () => ({
        path: callUrlPath(eventSaveCall.route),
        body: new URLSearchParams({ productId, moduleId: TRACKING_MODULE.borrowAgain, positionId: '1' }).toString(),
      }),
    } as const;

    const samples: Sample[] = [];
    let running = true;
    const worker = async (index: number) => {
      for (let i = index; running; i++) {
        const call = i % 2 === 0 ? 'loan-details' : 'event-save';
        const { path, body } = requests[call]();
        const start = Date.now();
        try {
          const res = await fetch(`${srv.url}${path}?${session}`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body,
            signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
          });
          samples.push({ call, start, end: Date.now(), status: res.status, body: await res.text() });
        } catch (error) {
          samples.push({ call, start, end: Date.now(), status: null, body: '', failure: String(error) });
        }
      }
    };
    const load = Array.from({ length: WORKERS }, (_, i) => worker(i));

    const cycles: Cycle[] = [];
    const readyAfter = async (stopAt: number) => {
      const polled = await waitUntilAccepting(pgc.url);
      const logged = pgc.readyTimes().filter((t) => t >= stopAt);
      return Math.min(polled, ...logged);
    };
    await sleep(2_000); // steady load first
    for (const mode of ['immediate', 'fast'] as const) {
      const stopAt = Date.now();
      await pgc.pgCtl(['stop', '-m', mode, '-w']);
      await sleep(OUTAGE_MS);
      await pgc.pgCtl(['start', '-W']);
      cycles.push({ name: `pg_ctl stop -m ${mode}, ${OUTAGE_MS} ms down, start`, stopAt, ready: await readyAfter(stopAt) });
      await sleep(RECOVERY_BOUND_MS + 2_000);
    }
    {
      const stopAt = Date.now();
      // restart waits for the stop; -W: it does not wait for the start, we watch for that ourselves.
      await pgc.pgCtl(['restart', '-m', 'immediate', '-W']);
      cycles.push({ name: 'pg_ctl restart -m immediate', stopAt, ready: await readyAfter(stopAt) });
      await sleep(RECOVERY_BOUND_MS + 2_000);
    }
    running = false;
    await Promise.all(load);

    // ---- every answer: an envelope, success or a clear 503; never a stack, never a dropped call ----
    const failures = samples.filter((s) => s.failure);
    expect(failures.slice(0, 3), `${failures.length} calls got no HTTP answer`).toEqual([]);
    const byStatus = new Map<number, number>();
    for (const s of samples) byStatus.set(s.status!, (byStatus.get(s.status!) ?? 0) + 1);
    expect([...byStatus.keys()].sort(), 'only successes and 503s').toEqual(expect.arrayContaining([200, 503]));
    expect([...byStatus.keys()].filter((status) => status !== 200 && status !== 503), 'statuses other than 200 and 503').toEqual([]);
    const unclear = samples.filter((s) => {
      if (LEAK.test(s.body)) return true;
      const envelope = JSON.parse(s.body) as { code: unknown; message: unknown; data: unknown };
      if (s.status === 200) return envelope.code !== 0;
      return envelope.code !== ERROR_CODES.unavailable || envelope.message !== ERROR_MESSAGES.unavailable || envelope.data !== null;
    });
    expect(
      unclear.slice(0, 3).map((s) => `${s.status} ${s.body}`),
      `${unclear.length} answers were neither a success nor the clear 503`,
    ).toEqual([]);

    // ---- each restart: first success within 5 s of PostgreSQL accepting; everything after succeeds ----
    const report = cycles.map((cycle, i) => {
      const next = cycles[i + 1]?.stopAt ?? Infinity;
      // Calls of this cycle: sent after the stop was issued and answered before the next one was.
      const inCycle = samples.filter((s) => s.start >= cycle.stopAt && s.end < next);
      // The old PostgreSQL's last moment: it logs the shutdown request as it ends every session and
      // refuses new ones, so a call sent after it can only succeed on the new PostgreSQL.
      const oldGone = Math.min(cycle.ready, ...pgc.logTimes(SHUTDOWN_REQUEST).filter((t) => t >= cycle.stopAt - 50));
      const during = inCycle.filter((s) => s.start >= oldGone && s.start < cycle.ready);
      const firstSuccess = Math.min(...inCycle.filter((s) => s.status === 200 && s.start >= oldGone).map((s) => s.end));
      const lateFailures = inCycle.filter((s) => s.status !== 200 && s.start >= cycle.ready + RECOVERY_BOUND_MS);
      return {
        cycle: cycle.name,
        postgresDownMs: cycle.ready - oldGone,
        answersWhileDown: during.length,
        unavailableWhileDown: during.filter((s) => s.status === 503).length,
        slowestAnswerWhileDownMs: Math.round(Math.max(0, ...during.map((s) => s.end - s.start))),
        recoveryMs: Math.max(0, firstSuccess - cycle.ready),
        failuresAfterRecoveryBound: lateFailures.length,
      };
    });
    const summary = {
      requests: samples.length,
      byStatus: Object.fromEntries(byStatus),
      slowestAnswerMs: Math.round(Math.max(...samples.map((s) => s.end - s.start))),
      cycles: report,
    };
    process.stdout.write(`postgres-restart: ${JSON.stringify(summary, null, 2)}\n`);
    for (const r of report) {
      expect(r.recoveryMs, `${r.cycle}: first success after PostgreSQL accepted again`).toBeLessThanOrEqual(RECOVERY_BOUND_MS);
      expect(r.failuresAfterRecoveryBound, `${r.cycle}: failures more than 5 s after PostgreSQL was back`).toBe(0);
    }
    expect(report.reduce((n, r) => n + r.unavailableWhileDown, 0), 'the outages were seen by the load').toBeGreaterThan(0);

    // ---- the process never exited and is healthy ----
    expect(srv.child.exitCode, `the server exited:\n${srv.output()}`).toBeNull();
    expect(srv.child.signalCode).toBeNull();
    const health = await fetch(`${srv.url}/healthz`);
    expect(health.status).toBe(200);
    expect(((await health.json()) as { db: string }).db).toBe('postgres');
  });
});
