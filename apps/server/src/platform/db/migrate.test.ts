/**
 * Migrations keep the checksum of each file they applied: a file changed after it was applied stops
 * the start with an error naming it; rows applied before checksums were kept get theirs once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from './client.ts';
import { migrate, migrationChecksum, migrationNames } from './migrate.ts';

let db: Db | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

const stored = async (d: Db) => new Map((await d.query<{ name: string; checksum: string | null }>('SELECT name, checksum FROM schema_migrations')).rows.map((r) => [r.name, r.checksum]));

describe('migration checksums', () => {
  it('stores the sha256 of every file it applies', async () => {
    db = await openDb({ migrate: true, pgliteTemplateDir: null });
    const rows = await stored(db);
    expect([...rows.keys()].sort()).toEqual(migrationNames());
    for (const name of migrationNames()) expect(rows.get(name)).toBe(migrationChecksum(name));
    expect(migrationChecksum('012_idempotency.sql')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('stops with an error naming a file changed after it was applied, and applies nothing more', async () => {
    db = await openDb({ migrate: true });
    await db.query(`UPDATE schema_migrations SET checksum = repeat('0', 64) WHERE name = '012_idempotency.sql'`);
    await db.query(`DELETE FROM schema_migrations WHERE name = $1`, [migrationNames().at(-1)]);
    await expect(migrate(db)).rejects.toThrow(/^Migration 012_idempotency\.sql was changed after it was applied \(checksum [0-9a-f]{12}…, applied as 000000000000…\); restore it and add a new migration instead$/);
    expect((await stored(db)).has(migrationNames().at(-1)!)).toBe(false);
  });

  it('fills in the checksum of rows applied before checksums were kept, once, and then checks it', async () => {
    db = await openDb({ migrate: true });
    await db.query(`UPDATE schema_migrations SET checksum = NULL WHERE name IN ('001_init.sql', '012_idempotency.sql')`);
    expect(await migrate(db)).toEqual([]);
    const rows = await stored(db);
    expect(rows.get('012_idempotency.sql')).toBe(migrationChecksum('012_idempotency.sql'));
    expect([...rows.values()].every((c) => c !== null)).toBe(true);
  });

  it('adds the checksum column to a schema_migrations of an older version', async () => {
    db = await openDb({ pgliteTemplateDir: null });
    await db.exec(`CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    const applied = await migrate(db);
    expect(applied).toEqual(migrationNames());
    expect(await migrate(db)).toEqual([]);
  });
});
