/**
 * The staff API's portfolio health (issue 38, docs/collections.md, "Portfolio health"): PAR 1/30/60/90,
 * roll rates month on month, promises kept, and collected this month by bucket, for the collections
 * lead, admins and finance. A read: no audit entry.
 */
import type { FastifyInstance } from 'fastify';
import { portfolioCall } from '@cashloan/contract';
import { portfolio } from '../../domain/collections/portfolio.ts';
import { mountCall } from '../../platform/http/mount.ts';
import { staffCalls, type StaffDeps } from '../http/mount.ts';

export function registerPortfolioCalls(app: FastifyInstance, deps: StaffDeps): void {
  const staff = staffCalls(deps);
  mountCall(app, staff, portfolioCall, async ({ input, now }) => portfolio(deps.db, { currency: input.currency, now, starts: deps.config.COLLECTION_BUCKETS }));
}
