/** The staff API's audit log (admins): newest first, filtered by who, what, target and time. */
import type { FastifyInstance } from 'fastify';
import { listAuditCall } from '@cashloan/contract';
import { mountCall } from '../../platform/http/mount.ts';
import { staffCalls, type StaffDeps } from '../http/mount.ts';
import { listAudit } from './service.ts';

export function registerAuditCalls(app: FastifyInstance, deps: StaffDeps): void {
  mountCall(app, staffCalls(deps), listAuditCall, async ({ input }) =>
    listAudit(deps.db, { ...input, from: input.from ? new Date(input.from) : undefined, to: input.to ? new Date(input.to) : undefined }),
  );
}
