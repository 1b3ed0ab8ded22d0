/**
 * The payout providers' webhook (docs/ops.md, "Payout providers"): `POST /api/v1/payouts/{provider}/notifications`,
 * the body read raw (its signature is over the exact bytes), checked by the provider's adapter, then
 * acted on once by the payouts room. 403 (nothing stored) for a bad signature, 404 for a provider this
 * server does not have, 200 otherwise (a replay included, so the provider stops resending it).
 *
 * The sandbox has no network to post from: its notifications are sent to this same route in process.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { receivePayoutNotification } from '../../domain/payouts/notifications.ts';

export const PAYOUT_NOTIFICATION_PATH = '/api/v1/payouts/:provider/notifications';
export const payoutNotificationUrl = (provider: string) => PAYOUT_NOTIFICATION_PATH.replace(':provider', encodeURIComponent(provider));

/** What a provider's notification may weigh: theirs are a few hundred bytes. */
const MAX_NOTIFICATION_BYTES = 64 * 1024;

export async function registerPayoutNotifications(app: FastifyInstance, deps: Pick<AppDeps, 'db' | 'clock' | 'payouts'>): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MAX_NOTIFICATION_BYTES }, (_request, body, done) => done(null, body));
    scope.post<{ Params: { provider: string } }>(PAYOUT_NOTIFICATION_PATH, async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const outcome = await receivePayoutNotification(deps, request.params.provider, request.headers, rawBody);
      if (outcome.status === 404) return reply.code(404).send({ error: `No payout provider named ${request.params.provider}` });
      if (outcome.status === 403) return reply.code(403).send({ error: 'The notification does not carry the provider signature' });
      request.log.info({ provider: request.params.provider, event: outcome.event }, 'payout notification');
      return reply.send({ received: true });
    });
  });
  // The sandbox's own notifications come through the same route.
  for (const provider of deps.payouts.all()) {
    provider.deliverTo?.(async (headers, rawBody) => {
      const res = await app.inject({ method: 'POST', url: payoutNotificationUrl(provider.name), headers, payload: rawBody });
      if (res.statusCode !== 200) throw new Error(`payout notification answered ${res.statusCode}`);
    });
  }
}
