/**
 * Health answers for a load balancer or orchestrator, and the older /healthz:
 * - GET /livez: 200 while the process is up (no database), so a process is restarted only when stuck;
 * - GET /readyz: 200 when the database answers, every migration file is applied and the process is
 *   not shutting down; 503 with a short reason otherwise (send no traffic here, for now);
 * - GET /healthz: the database answers (200), with its kind and the server clock (tests, the staff CLI).
 */
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock/clock.ts';
import type { Db } from '../db/client.ts';
import { migrationNames } from '../db/migrate.ts';

/** What main.ts tells the health answers about the process. */
export interface Lifecycle {
  /** Set at SIGTERM: /readyz answers 503 at once while requests still are served. */
  shuttingDown: boolean;
}

export function registerHealth(app: FastifyInstance, deps: { db: Db; clock: Clock; lifecycle: Lifecycle }): void {
  const noStore = { 'Cache-Control': 'no-store' };
  // While draining, each answer ends its keep-alive connection: the client's next request opens a
  // new one, which the load balancer sends to a process that is not stopping.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (deps.lifecycle.shuttingDown) reply.header('Connection', 'close');
    done(null, payload);
  });

  app.get('/healthz', async () => {
    await deps.db.query('SELECT 1');
    return { ok: true, db: deps.db.kind, now: deps.clock.now().toISOString() };
  });

  app.get('/livez', async (_request, reply) => reply.headers(noStore).send({ ok: true }));

  app.get('/readyz', async (_request, reply) => {
    reply.headers(noStore);
    if (deps.lifecycle.shuttingDown) return reply.code(503).send({ ok: false, reason: 'shutting down' });
    let missing: number;
    try {
      const names = migrationNames();
      const { rows } = await deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations WHERE name = ANY($1::text[])', [names]);
      missing = names.length - (rows[0]?.n ?? 0);
    } catch {
      return reply.code(503).send({ ok: false, reason: 'database unavailable' });
    }
    if (missing > 0) return reply.code(503).send({ ok: false, reason: `${missing} migration(s) not applied` });
    return reply.send({ ok: true });
  });
}
