/**
 * A server process's periodic-job scheduler on its own, for the PostgreSQL tests: opens DATABASE
 * (argv[2]) and runs the job argv[3] (hourly) with a pass that never ends, as worker argv[4].
 * Prints `running` when the pass has begun; the test then kills it with SIGKILL, mid-run.
 * Run as `node --import tsx test/support/job-runner-process.ts <url> <job> <worker>`.
 */
import { openDb } from '../../apps/server/src/platform/db/client.ts';
import { startScheduler } from '../../apps/server/src/platform/jobs/scheduler.ts';

const [url, job, worker] = process.argv.slice(2) as [string, string, string];
const db = await openDb({ databaseUrl: url });
const clock = { now: () => new Date(), offsetMs: () => 0, advance: async () => new Date() };
const log = { info: () => undefined, error: (obj: object, msg: string) => process.stderr.write(`${msg} ${JSON.stringify(obj)}\n`) };
startScheduler({
  db,
  clock,
  worker,
  checkMs: 100,
  log,
  jobs: [
    {
      name: job,
      intervalMs: 3_600_000,
      failureMessage: `${job} failed`,
      run: () => {
        process.stdout.write('running\n');
        return new Promise<void>(() => undefined);
      },
    },
  ],
});
// The scheduler's timer keeps no process alive; this process lives until it is killed.
setInterval(() => undefined, 60_000);
