/** The lender back office used by demos and tests. Mounted under /ops only when OPS_TOKEN is set. */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { ApiError, invalidInput } from '../http/api-error.ts';
import { describeIssue } from '../http/validation.ts';
import { createBorrowerWithSession } from '../borrowers/store.ts';

function tokenMatches(header: string | undefined, token: string): boolean {
  const sent = Buffer.from(header ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

export function parseOps<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input ?? {});
  if (!parsed.success) throw invalidInput(describeIssue(parsed.error));
  return parsed.data;
}

const newBorrowerBody = z.object({
  mobilePhone: z.string().regex(/^\d{6,15}$/, { error: 'mobilePhone must be 6 to 15 digits' }),
  userId: z.string().min(1).max(64).optional(),
  merchantNumber: z.string().min(1).max(32).optional(),
  name: z.string().max(100).optional(),
  isRepeat: z.boolean().optional(),
  deviceId: z.string().max(128).optional(),
});

export async function registerOps(ops: FastifyInstance, deps: AppDeps): Promise<void> {
  const token = deps.config.OPS_TOKEN!;
  ops.addHook('onRequest', async (request) => {
    if (!tokenMatches(request.headers.authorization, token)) throw new ApiError(401, 'Ops token missing or wrong', 401);
  });

  ops.post('/borrowers', async (request) => {
    const body = parseOps(newBorrowerBody, request.body);
    const created = await createBorrowerWithSession(deps.db, body, deps.clock.now(), deps.config.SESSION_TTL_DAYS);
    return { code: 0, message: 'success', data: created };
  });
}
