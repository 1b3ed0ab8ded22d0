/**
 * A payout provider's notification (the webhook of modules/provider-notifications/payout-routes.ts):
 * checked against the provider's signature first (a bad one: 403, nothing stored), recorded once by
 * its body (a replay is answered but does nothing), then acted on (arrival.ts), all in one transaction.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../platform/db/client.ts';
import type { Clock } from '../../platform/clock/clock.ts';
import type { PayoutProviders } from '../../providers/payouts/choose.ts';
import { applyPayoutAnswer, type PayoutEvent } from './arrival.ts';
import { recordNotification } from './store.ts';

export type NotificationOutcome = { status: 403 | 404; event: null } | { status: 200; event: PayoutEvent | 'replay' | 'ignored' };

export async function receivePayoutNotification(
  deps: { db: Db; clock: Clock; payouts: PayoutProviders },
  providerName: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
): Promise<NotificationOutcome> {
  const provider = deps.payouts.byName(providerName);
  if (!provider) return { status: 404, event: null };
  const { verified, answer } = provider.readNotification(headers, rawBody);
  if (!verified) return { status: 403, event: null };
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const bodySha256 = createHash('sha256').update(rawBody).digest('hex');
    const fresh = await recordNotification(tx, { provider: provider.name, bodySha256, reference: answer?.reference ?? null, status: answer?.status ?? null, now });
    if (!fresh) return { status: 200, event: 'replay' } as const;
    if (!answer) return { status: 200, event: 'ignored' } as const;
    return { status: 200, event: (await applyPayoutAnswer(tx, answer, now)).event } as const;
  });
}
