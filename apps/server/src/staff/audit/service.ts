/**
 * The audit log's door: every staff write adds one entry — who, when, what, the values before and
 * after, and whether it was done or refused — in the transaction of the write itself, so a write
 * without its entry cannot be stored. Passwords, codes and secrets are never among the values.
 */
import type { AuditEntry } from '@cashloan/contract';
import type { Queryable } from '../../platform/db/client.ts';
import { insertAudit, listAuditRows, type AuditFilter } from './store.ts';

export interface AuditActor {
  id: number | null;
  email: string;
}

export interface AuditEvent {
  action: string;
  targetType?: string | undefined;
  targetId?: string | number | undefined;
  before?: unknown;
  after?: unknown;
  outcome: 'done' | 'refused';
}

export async function writeAudit(db: Queryable, actor: AuditActor, event: AuditEvent, context: { at: Date; address: string }): Promise<void> {
  await insertAudit(db, {
    at: context.at,
    staffId: actor.id,
    staffEmail: actor.email,
    action: event.action,
    targetType: event.targetType ?? '',
    targetId: event.targetId === undefined ? '' : String(event.targetId),
    before: event.before ?? null,
    after: event.after ?? null,
    outcome: event.outcome,
    address: context.address,
  });
}

export async function listAudit(db: Queryable, filter: Omit<AuditFilter, 'offset' | 'limit'> & { page: number; pageSize: number }): Promise<{ items: AuditEntry[]; total: number }> {
  const { page, pageSize, ...rest } = filter;
  const { rows, total } = await listAuditRows(db, { ...rest, offset: (page - 1) * pageSize, limit: pageSize });
  return {
    items: rows.map((r) => ({ ...r, at: r.at.toISOString(), before: r.before ?? null, after: r.after ?? null })),
    total,
  };
}
