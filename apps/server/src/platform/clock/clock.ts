/** The server's notion of "now": real time plus an offset that tests and the ops API can move. */
import type { Db } from '../db/client.ts';

export interface Clock {
  now(): Date;
  /** Moves the clock forward (or back) by ms and remembers the offset. */
  advance(ms: number): Promise<Date>;
  offsetMs(): number;
}

const OFFSET_KEY = 'clock_offset_ms';

/** A clock whose offset lives in app_settings, so a restart keeps the moved time. */
export async function createDbClock(db: Db, realNow: () => number = Date.now): Promise<Clock> {
  const stored = await db.query<{ value: number }>('SELECT value FROM app_settings WHERE key = $1', [OFFSET_KEY]);
  let offset = Number(stored.rows[0]?.value ?? 0);
  return {
    now: () => new Date(realNow() + offset),
    offsetMs: () => offset,
    advance: async (ms) => {
      offset += ms;
      await db.query(
        `INSERT INTO app_settings (key, value) VALUES ($1, $2::jsonb)
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
        [OFFSET_KEY, JSON.stringify(offset)],
      );
      return new Date(realNow() + offset);
    },
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
