/** GET /livez, /readyz and /healthz as a load balancer and the staff CLI read them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { migrationNames } from '../db/migrate.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as Record<string, unknown>, headers: res.headers };
};

describe('health answers', () => {
  it('/livez and /readyz answer 200 while the process serves with every migration applied; /healthz as before', async () => {
    expect(await get('/livez')).toMatchObject({ status: 200, body: { ok: true } });
    const ready = await get('/readyz');
    expect(ready).toMatchObject({ status: 200, body: { ok: true } });
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(await get('/healthz')).toMatchObject({ status: 200, body: { ok: true, db: t.db.kind } });
  });

  it('/readyz answers 503 while a migration file is not applied', async () => {
    const last = migrationNames().at(-1)!;
    const row = (await t.db.query<{ checksum: string }>('SELECT checksum FROM schema_migrations WHERE name = $1', [last])).rows[0]!;
    await t.db.query('DELETE FROM schema_migrations WHERE name = $1', [last]);
    try {
      expect(await get('/readyz')).toMatchObject({ status: 503, body: { ok: false, reason: '1 migration(s) not applied' } });
      expect((await get('/livez')).status).toBe(200);
    } finally {
      await t.db.query('INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)', [last, row.checksum]);
    }
    expect((await get('/readyz')).status).toBe(200);
  });

  it('/readyz answers 503 at once when the process is shutting down, while every other call is still served', async () => {
    t.lifecycle.shuttingDown = true;
    try {
      const ready = await get('/readyz');
      expect(ready).toMatchObject({ status: 503, body: { ok: false, reason: 'shutting down' } });
      const live = await get('/livez');
      expect(live.status).toBe(200);
      // Each answer while draining closes its keep-alive connection.
      expect(live.headers.connection).toBe('close');
      expect((await get('/healthz')).status).toBe(200);
    } finally {
      t.lifecycle.shuttingDown = false;
    }
  });
});
