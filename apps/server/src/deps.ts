/** What every server module receives from app.ts: nothing is reached for globally. */
import type { Db } from './db/client.ts';
import type { Clock } from './clock/clock.ts';
import type { Config } from './config.ts';

export interface AppDeps {
  db: Db;
  clock: Clock;
  config: Config & { validateAnswers?: boolean };
}
