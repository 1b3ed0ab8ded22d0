/**
 * The landing's back-office reads, mounted inside /ops (token-checked there): the visit and click
 * counts marketers watch, and the registrations with their attribution. See docs/ops.md.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { invalidInput } from '../../platform/http/api-error.ts';
import { describeIssue } from '../../platform/http/validation.ts';
import { listRegistrations, listTrackCounts } from './store.ts';

const statsQuery = z.object({
  templateId: z.coerce.number({ error: 'templateId must be a number' }).int().nonnegative({ error: 'templateId must be a number' }).optional(),
  source: z.string().max(64, { error: 'source must be at most 64 characters' }).optional(),
});
const registrationsQuery = z.object({ phone: z.string().regex(/^\d{6,15}$/, { error: 'phone must be 6 to 15 digits' }).optional() });

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input ?? {});
  if (!parsed.success) throw invalidInput(describeIssue(parsed.error));
  return parsed.data;
}

export function registerPromotionOps(ops: FastifyInstance, deps: Pick<AppDeps, 'db'>): void {
  ops.get('/landing-stats', async (request) => {
    const filter = parse(statsQuery, request.query);
    return { code: 0, message: 'success', data: { items: await listTrackCounts(deps.db, filter) } };
  });
  ops.get('/registrations', async (request) => {
    const { phone } = parse(registrationsQuery, request.query);
    return { code: 0, message: 'success', data: { items: await listRegistrations(deps.db, phone, 50) } };
  });
}
