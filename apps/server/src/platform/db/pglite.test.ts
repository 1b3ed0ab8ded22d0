import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from './client.ts';

/** Every test works in a temporary directory of its own: data dirs and the template cache. */
const root = mkdtempSync(join(tmpdir(), 'cashloan-pglite-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('prepared statements on PGlite', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDb({ pgliteTemplateDir: null });
    await db.exec(`CREATE TABLE t (id bigint PRIMARY KEY, at timestamptz, day date, tags jsonb, ok boolean, n numeric, note text)`);
  });
  afterAll(() => db.close());

  it('sends and reads every kind of value the way pg.query does', async () => {
    const at = new Date('2026-11-01T02:03:04.567Z');
    await db.query(`INSERT INTO t (id, at, day, tags, ok, n, note) VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7)`, [1, at, '2026-11-02', JSON.stringify(['a']), true, '1.50', null]);
    const { rows } = await db.query<Record<string, unknown>>('SELECT * FROM t WHERE id = ANY($1::bigint[])', [[1, 2]]);
    expect(rows).toEqual([{ id: 1, at, day: new Date('2026-11-02T00:00:00Z'), tags: ['a'], ok: true, n: '1.50', note: null }]);
    // The same statement again (now prepared) answers the same.
    expect((await db.query('SELECT * FROM t WHERE id = ANY($1::bigint[])', [[1, 2]])).rows).toEqual(rows);
  });

  it('answers no rows for statements without a result and for no match', async () => {
    expect((await db.query('UPDATE t SET note = $2 WHERE id = $1', [1, 'x'])).rows).toEqual([]);
    expect((await db.query('SELECT id FROM t WHERE id = $1', [99])).rows).toEqual([]);
  });

  it('throws PostgreSQL errors with their code and the query, and keeps working', async () => {
    const insert = 'INSERT INTO t (id) VALUES ($1)';
    const error = await db.query(insert, [1]).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', query: insert, params: [1] });
    await expect(db.query('SELECT nonsense FROM t')).rejects.toMatchObject({ code: '42703' });
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM t')).rows).toEqual([{ n: 1 }]);
  });

  it('runs transactions: all or nothing, and no statement of another caller inside one', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t (id) VALUES ($1)', [10]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await db.query('SELECT id FROM t WHERE id = $1', [10])).rows).toEqual([]);

    let outsideSawInsert: unknown[] | null = null;
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO t (id) VALUES ($1)', [11]);
      // A statement outside the transaction waits for it to end, as with pg.query.
      const outside = db.query('SELECT id FROM t WHERE id = $1', [11]).then((r) => (outsideSawInsert = r.rows));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(outsideSawInsert).toBeNull();
      void outside;
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(outsideSawInsert).toEqual([{ id: 11 }]);
  });
});

describe('the template of a new PGlite database', () => {
  const templateDir = join(root, 'templates');

  it('is made by the first new data dir, once migrated, and copied into the next', async () => {
    const first = await openDb({ dataDir: join(root, 'first'), migrate: true, pgliteTemplateDir: templateDir });
    const applied = (await first.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).rows;
    await first.close();
    expect(applied.length).toBeGreaterThan(0);
    const templates = readdirSync(templateDir);
    expect(templates).toEqual([expect.stringMatching(/^pglite-[\w.]+-migrated-[0-9a-f]{16}-postgres-only$/)]);
    // The template holds the cluster's one database: initdb's template0 and template1 are left out.
    expect(readdirSync(join(templateDir, templates[0]!, 'base'))).toHaveLength(1);

    // A data dir that already holds uploads is still new.
    const second = join(root, 'second');
    mkdirSync(join(second, 'uploads'), { recursive: true });
    writeFileSync(join(second, 'uploads', 'kept.png'), 'x');
    const before = Date.now();
    const copy = await openDb({ dataDir: second, migrate: true, pgliteTemplateDir: templateDir });
    const rows = (await copy.query<{ name: string; applied_at: Date }>('SELECT name, applied_at FROM schema_migrations ORDER BY name')).rows;
    expect(rows.map((r) => ({ name: r.name }))).toEqual(applied);
    // The copy counts its migrations as applied when it was made.
    for (const r of rows) expect(r.applied_at.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    await copy.query('CREATE TABLE mine (id int)');
    await copy.close();
    expect(existsSync(join(second, 'uploads', 'kept.png'))).toBe(true);

    // The copy is a database of its own, kept across a restart; the template is untouched.
    const again = await openDb({ dataDir: second, migrate: true, pgliteTemplateDir: templateDir });
    expect((await again.query(`SELECT to_regclass('mine') IS NOT NULL AS present`)).rows).toEqual([{ present: true }]);
    await again.close();
    const third = await openDb({ dataDir: join(root, 'third'), migrate: true, pgliteTemplateDir: templateDir });
    expect((await third.query(`SELECT to_regclass('mine') IS NOT NULL AS present`)).rows).toEqual([{ present: false }]);
    expect((await third.query('SELECT datname FROM pg_database')).rows).toEqual([{ datname: 'postgres' }]);
    await third.close();
  }, 120_000);

  it('replaces the templates of other migrations and other PGlite versions, and keeps the rest', async () => {
    const version = /^pglite-([\w.]+)-migrated-/.exec(readdirSync(templateDir)[0]!)![1]!;
    const dir = join(root, 'templates-2');
    // Of another PGlite, other migrations, and this version's migrations in the layout before (with template0 and template1).
    const stale = [`pglite-0.0.1-migrated-0123456789abcdef-postgres-only`, `pglite-${version}-migrated-0000000000000000-postgres-only`, readdirSync(templateDir)[0]!.replace(/-postgres-only$/, '')];
    const kept = [`pglite-${version}-initdb.tar.gz`, `pglite-${version}-migrated-0000000000000000.1.2.tmp`, 'something-else'];
    for (const name of [...stale, ...kept]) mkdirSync(join(dir, name), { recursive: true });
    const db = await openDb({ dataDir: join(root, 'fourth'), migrate: true, pgliteTemplateDir: dir });
    await db.close();
    const left = readdirSync(dir);
    const made = left.filter((name) => !kept.includes(name));
    expect(made).toEqual([expect.stringMatching(/^pglite-[\w.]+-migrated-[0-9a-f]{16}-postgres-only$/)]);
    expect(left.filter((name) => kept.includes(name)).sort()).toEqual([...kept].sort());
    for (const name of stale) expect(left).not.toContain(name);
  }, 120_000);
});
