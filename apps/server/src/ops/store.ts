/** The dev back office's own table: wrong tokens per client address (the throttle of ops/routes.ts). */
import type { Queryable } from '../platform/db/client.ts';

// ---- wrong tokens --------------------------------------------------------------------------------

export interface TokenFailures {
  failures: number;
  windowStart: Date;
}

/** Counts a wrong token from the address in its current window (a new window once the last is `windowMs` old). */
export async function countWrongToken(db: Queryable, address: string, now: Date, windowMs: number): Promise<TokenFailures> {
  const { rows } = await db.query<{ failures: number; window_start: Date }>(
    `INSERT INTO ops_auth_failures AS f (address, window_start, failures) VALUES ($1, $2, 1)
     ON CONFLICT (address) DO UPDATE SET
       window_start = CASE WHEN f.window_start <= $3 THEN $2 ELSE f.window_start END,
       failures = CASE WHEN f.window_start <= $3 THEN 1 ELSE f.failures + 1 END
     RETURNING failures, window_start`,
    [address, now, new Date(now.getTime() - windowMs)],
  );
  return { failures: rows[0]!.failures, windowStart: new Date(rows[0]!.window_start) };
}

/** The wrong tokens of the address in its current window (none when the window is over). */
export async function wrongTokensNow(db: Queryable, address: string, now: Date, windowMs: number): Promise<TokenFailures | null> {
  const { rows } = await db.query<{ failures: number; window_start: Date }>(
    'SELECT failures, window_start FROM ops_auth_failures WHERE address = $1 AND window_start > $2',
    [address, new Date(now.getTime() - windowMs)],
  );
  return rows[0] ? { failures: rows[0].failures, windowStart: new Date(rows[0].window_start) } : null;
}
