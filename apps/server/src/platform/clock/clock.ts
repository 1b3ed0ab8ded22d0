/** The server's notion of "now": real time plus an offset that tests and the ops API can move. */
import type { Db } from '../db/client.ts';

export interface Clock {
  now(): Date;
  /** Moves the clock forward (or back) by ms and remembers the offset. */
  advance(ms: number): Promise<Date>;
  offsetMs(): number;
  /** Ends a refresh timer, if the clock has one. */
  stop?(): void;
}

const OFFSET_KEY = 'clock_offset_ms';

/**
 * A clock whose offset lives in app_settings, so a restart keeps the moved time. `refreshMs`: read
 * the offset again that often (a timer that keeps no process alive), so a clock moved through
 * another process sharing the database is seen here within that long; now() stays synchronous.
 */
export async function createDbClock(db: Db, realNow: () => number = Date.now, options: { refreshMs?: number | undefined } = {}): Promise<Clock> {
  const read = async () => Number((await db.query<{ value: number }>('SELECT value FROM app_settings WHERE key = $1', [OFFSET_KEY])).rows[0]?.value ?? 0);
  let offset = await read();
  // Bumped by advance(): a read that began before it is not applied over it.
  let moves = 0;
  let timer: NodeJS.Timeout | undefined;
  if (options.refreshMs !== undefined) {
    let reading = false;
    timer = setInterval(() => {
      if (reading) return;
      reading = true;
      const movesBefore = moves;
      read()
        .then((value) => {
          if (moves === movesBefore) offset = value;
        })
        // The database is away (or closed at shutdown): the offset stays as it was.
        .catch(() => undefined)
        .finally(() => {
          reading = false;
        });
    }, options.refreshMs);
    timer.unref();
  }
  // Added in the database, not written from this process's copy: two processes moving the clock
  // at once both count, and each learns the sum.
  const move = async (ms: number) => {
    const { rows } = await db.query<{ value: number }>(
      `INSERT INTO app_settings (key, value) VALUES ($1, to_jsonb($2::bigint))
       ON CONFLICT (key) DO UPDATE SET value = to_jsonb(app_settings.value::text::bigint + $2::bigint)
       RETURNING value`,
      [OFFSET_KEY, Math.round(ms)],
    );
    offset = Number(rows[0]!.value);
    return new Date(realNow() + offset);
  };
  // One move at a time in a process: two on different pooled connections could have their sums
  // read back out of order, and the earlier sum would be kept (seen under load).
  let moving: Promise<unknown> = Promise.resolve();
  return {
    now: () => new Date(realNow() + offset),
    offsetMs: () => offset,
    advance: (ms) => {
      moves++;
      const moved = moving.then(() => move(ms));
      moving = moved.catch(() => undefined);
      return moved;
    },
    stop: () => clearInterval(timer),
  };
}

/** A clock fixed at a start time, for unit tests. */
export function createFixedClock(start: Date): Clock {
  let current = start.getTime();
  const origin = current;
  return {
    now: () => new Date(current),
    offsetMs: () => current - origin,
    advance: async (ms) => {
      current += ms;
      return new Date(current);
    },
  };
}

export const DAY_MS = 86_400_000;
