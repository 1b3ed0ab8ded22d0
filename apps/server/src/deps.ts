/** What every server module receives from app.ts: nothing is reached for globally. */
import type { Db } from './db/client.ts';
import type { Clock } from './clock/clock.ts';
import type { Config } from './config.ts';
import type { ImageStorage } from './providers/storage/storage.ts';

export interface AppDeps {
  db: Db;
  clock: Clock;
  config: Config & { validateAnswers?: boolean };
  /** Where uploaded images are kept (local disk by default; an object store in production). */
  storage: ImageStorage;
}
