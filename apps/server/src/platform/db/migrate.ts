/** Applies db/migrations/*.sql in name order, each once, each in its own transaction. */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db, LockConnection } from './client.ts';

/**
 * Beside this module: src/platform/db/migrations/ from the source, and dist/migrations/ in the build,
 * where scripts/build-server.mjs copies the files next to the flat chunks (the same names and bytes,
 * so the same fingerprint).
 */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

const migrationFiles = (dir = MIGRATIONS_DIR) => readdirSync(dir).filter((f) => f.endsWith('.sql')).sort();

/** Names and contents of the migrations, hashed: a PGlite template made with other migrations is not used. `dir`: another copy (the build's). */
export function migrationsFingerprint(dir = MIGRATIONS_DIR): string {
  const hash = createHash('sha256');
  for (const name of migrationFiles(dir)) hash.update(name).update('\0').update(readFileSync(join(dir, name))).update('\0');
  return hash.digest('hex').slice(0, 16);
}

/**
 * A database copied from a template that already had these migrations: it got them when it was
 * made, now, as if they had been applied here (then migrate() finds nothing to do).
 */
export async function stampCopiedMigrations(db: Db): Promise<void> {
  await db.query('UPDATE schema_migrations SET applied_at = now()');
}

/** The advisory lock migrate() holds for its whole run (Db.withSessionLock). */
export const MIGRATE_LOCK = 'migrate';

let fileNames: string[] | undefined;
/** The migration files' names in order, read once per process (GET /readyz compares them with schema_migrations). */
export function migrationNames(): string[] {
  fileNames ??= migrationFiles();
  return fileNames;
}

/** sha256 of a migration file's bytes, as schema_migrations.checksum keeps it. */
export function migrationChecksum(name: string): string {
  return createHash('sha256').update(readFileSync(MIGRATIONS_DIR + name)).digest('hex');
}

/**
 * Applies the migrations not applied yet, under the advisory lock MIGRATE_LOCK on one connection:
 * a second process starting at the same time waits, then finds them applied. A file whose checksum
 * differs from the one stored when it was applied stops the start (rows applied before checksums
 * were kept get the current one, once).
 * `before`: apply only the files whose names sort before it (a test that builds rows of an older version).
 */
export async function migrate(db: Db, options: { before?: string } = {}): Promise<string[]> {
  return db.withSessionLock(MIGRATE_LOCK, (conn) => migrateHoldingLock(conn, options));
}

async function migrateHoldingLock(db: LockConnection, options: { before?: string }): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
    ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text`);
  const stored = new Map((await db.query<{ name: string; checksum: string | null }>('SELECT name, checksum FROM schema_migrations')).rows.map((r) => [r.name, r.checksum]));
  const applied: string[] = [];
  for (const name of migrationFiles()) {
    if (!/^[\w.-]+$/.test(name)) throw new Error(`Bad migration file name: ${name}`);
    const checksum = migrationChecksum(name);
    if (stored.has(name)) {
      const was = stored.get(name);
      if (was === null || was === undefined) {
        await db.query('UPDATE schema_migrations SET checksum = $2 WHERE name = $1 AND checksum IS NULL', [name, checksum]);
      } else if (was !== checksum) {
        throw new Error(`Migration ${name} was changed after it was applied (checksum ${checksum.slice(0, 12)}…, applied as ${was.slice(0, 12)}…); restore it and add a new migration instead`);
      }
      continue;
    }
    if (options.before !== undefined && name >= options.before) break;
    const sql = readFileSync(MIGRATIONS_DIR + name, 'utf8');
    // One simple-protocol script per file, so a failing migration leaves nothing half applied.
    try {
      await db.exec(`BEGIN;\n${sql}\n;INSERT INTO schema_migrations (name, checksum) VALUES ('${name}', '${checksum}');\nCOMMIT;`);
    } catch (error) {
      await db.exec('ROLLBACK').catch(() => undefined);
      throw new Error(`Migration ${name} failed: ${(error as Error).message}`);
    }
    applied.push(name);
  }
  return applied;
}
