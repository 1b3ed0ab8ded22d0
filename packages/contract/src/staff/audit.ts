/** The audit log, for admins: every staff write, who, when, what, before and after. Append-only. */
import { z } from 'zod';
import { defineStaffCall, isoDateTime, pageFields, pageOf, staffId } from './common.ts';

export const auditEntry = z.object({
  id: z.number().int().positive(),
  at: isoDateTime,
  staffId: z.number().int().positive().nullable().describe('null for a sign-in of an unknown email'),
  staffEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  outcome: z.enum(['done', 'refused']),
  address: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const listAuditCall = defineStaffCall(
  { method: 'GET', path: '/audit', access: { roles: ['admin'] } },
  {
    input: z.object({
      staffId: staffId('staffId').optional(),
      action: z.string().trim().max(64).optional(),
      targetType: z.string().trim().max(32).optional(),
      targetId: z.string().trim().max(64).optional(),
      from: z.iso.datetime({ error: 'from must be an ISO date and time', offset: true }).optional(),
      to: z.iso.datetime({ error: 'to must be an ISO date and time', offset: true }).optional(),
      ...pageFields,
    }),
    answer: pageOf(auditEntry),
  },
  'The audit log, newest first, by staff member, action, target and time.',
);
