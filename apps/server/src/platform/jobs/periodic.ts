/** A background job of the server process: run now and every `intervalMs`, never two at once. */

export interface JobLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Starts `pass` now and every `intervalMs` (skipped while one is under way; the timer does not keep
 * the process alive). Returns stop(), which also waits for a pass under way, so the database can be
 * closed after it. A failed pass is logged as `failureMessage`, never thrown.
 */
export function startPeriodic(pass: () => Promise<void>, intervalMs: number, log: JobLog, failureMessage: string): () => Promise<void> {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = pass()
      .catch((err: unknown) => log.error({ err }, failureMessage))
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
