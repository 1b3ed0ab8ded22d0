/** The demo in the dev back office (docs/ops.md): its links with a new demo session (the start that seeded it printed them once). */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { notFound } from '../platform/http/api-error.ts';
import { opsAnswer } from '../platform/http/validation.ts';
import { demoLinks } from './demo.ts';

export function registerSeedOps(ops: FastifyInstance, deps: Pick<AppDeps, 'db' | 'clock' | 'config'>): void {
  ops.get('/demo-links', async () => {
    const links = await demoLinks(deps.db, deps.config, { newSessionAt: deps.clock.now() });
    if (!links) throw notFound('No demo data in this database (SEED_DEMO seeds it into an empty one)');
    return opsAnswer(links);
  });
}
