/**
 * The dev back office /ops (docs/ops.md), mounted only when OPS_TOKEN is set: the token check and its
 * throttle, then each family's ops.ts. It has no handlers of its own; their inputs are the contract's
 * ops.ts schemas.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { ApiError } from '../platform/http/api-error.ts';
import { bearerTokenMatches } from '../platform/http/bearer-token.ts';
import { registerBindBankOps } from '../modules/bind-bank/ops.ts';
import { registerComplaintsOps } from '../modules/complaints/ops.ts';
import { registerOrderDetailsOps } from '../modules/order-details/ops.ts';
import { registerPromotionOps } from '../modules/promotion/ops.ts';
import { registerRemindersOps } from '../modules/reminders/ops.ts';
import { registerRepaymentOps } from '../modules/repayment/ops.ts';
import { registerProviderNotificationsOps } from '../modules/provider-notifications/ops.ts';
import { registerTestPreviewOps } from '../modules/test-preview/ops.ts';
import { registerSeedOps } from '../seed/ops.ts';
import { registerStaffOps } from '../staff/accounts/ops.ts';
import { countWrongToken, wrongTokensNow } from './store.ts';

/** Wrong tokens an address may send in a minute; then every request from it is refused until the minute is over. */
export const OPS_WRONG_TOKENS_PER_MINUTE = 10;
const OPS_WINDOW_MS = 60_000;
export const OPS_MESSAGES = {
  wrongToken: 'Ops token missing or wrong',
  throttled: (seconds: number) => `Too many wrong ops tokens from this address. Try again in ${seconds} s.`,
} as const;

export async function registerOps(ops: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db, clock, config } = deps;
  const token = config.OPS_TOKEN!;
  // Each wrong token is counted (atomically, in the database) before its answer is decided; past the
  // limit the right token is refused too, so a flood of guesses learns nothing of the ones after it.
  ops.addHook('onRequest', async (request, reply) => {
    // Sessions, codes and borrowers' data: no cache keeps a copy.
    reply.header('Cache-Control', 'no-store');
    const now = clock.now();
    const right = bearerTokenMatches(request.headers.authorization, token);
    const count = right ? await wrongTokensNow(db, request.ip, now, OPS_WINDOW_MS) : await countWrongToken(db, request.ip, now, OPS_WINDOW_MS);
    if (count && count.failures > (right ? OPS_WRONG_TOKENS_PER_MINUTE - 1 : OPS_WRONG_TOKENS_PER_MINUTE)) {
      const seconds = Math.max(1, Math.ceil((count.windowStart.getTime() + OPS_WINDOW_MS - now.getTime()) / 1000));
      reply.header('Retry-After', String(seconds));
      throw new ApiError(429, OPS_MESSAGES.throttled(seconds), 429);
    }
    if (!right) throw new ApiError(401, OPS_MESSAGES.wrongToken, 401);
  });

  registerTestPreviewOps(ops, deps);
  registerOrderDetailsOps(ops, deps);
  registerRepaymentOps(ops, deps);
  registerProviderNotificationsOps(ops, deps);
  registerRemindersOps(ops, deps);
  registerBindBankOps(ops, deps);
  registerComplaintsOps(ops, deps);
  registerPromotionOps(ops, deps);
  registerSeedOps(ops, deps);
  registerStaffOps(ops, deps);
}
