/**
 * The payout providers a server has: one per currency (the Philippines' in pesos, India's in rupees),
 * and each by its name, which every payout keeps so the same provider is asked about it later.
 * PAYOUT_PROVIDER_PH and PAYOUT_PROVIDER_IN choose them (docs/ops.md, "Payout providers").
 */
import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Queryable } from '../../platform/db/client.ts';
import type { Clock } from '../../platform/clock/clock.ts';
import type { PayoutProvider } from './payout-provider.ts';
import { createSandboxPayoutProvider } from './sandbox.ts';
import { createXenditPayoutProvider } from './xendit.ts';
import { createRazorpayxPayoutProvider } from './razorpayx.ts';

export interface PayoutProviders {
  forCurrency(currency: 'PHP' | 'INR'): PayoutProvider;
  /** Null for a name no provider of this server has (a notification to an unknown path). */
  byName(name: string): PayoutProvider | null;
  all(): readonly PayoutProvider[];
}

export function payoutProviders(providers: readonly PayoutProvider[]): PayoutProviders {
  const byCurrency = new Map(providers.map((p) => [p.currency, p]));
  const byName = new Map(providers.map((p) => [p.name, p]));
  for (const currency of ['PHP', 'INR'] as const) {
    if (!byCurrency.has(currency)) throw new Error(`No payout provider pays out in ${currency}`);
  }
  return {
    forCurrency: (currency) => byCurrency.get(currency)!,
    byName: (name) => byName.get(name) ?? null,
    all: () => providers,
  };
}

/**
 * The configured providers. The sandboxes sign their notifications with a secret of this process's
 * own: they deliver them to this process's app (server.ts), so no other party needs it.
 */
export function payoutProvidersFor(config: Config, deps: { db: Queryable; clock: Clock }): PayoutProviders {
  const secret = randomBytes(32).toString('hex');
  const ph: PayoutProvider =
    config.PAYOUT_PROVIDER_PH === 'xendit'
      ? createXenditPayoutProvider({ secretKey: config.XENDIT_SECRET_KEY!, callbackToken: config.XENDIT_CALLBACK_TOKEN!, baseUrl: config.XENDIT_BASE_URL, timeoutMs: config.PAYOUT_TIMEOUT_MS })
      : createSandboxPayoutProvider(deps, { name: 'sandbox', currency: 'PHP', secret });
  const india: PayoutProvider =
    config.PAYOUT_PROVIDER_IN === 'razorpayx'
      ? createRazorpayxPayoutProvider({
          keyId: config.RAZORPAYX_KEY_ID!,
          keySecret: config.RAZORPAYX_KEY_SECRET!,
          webhookSecret: config.RAZORPAYX_WEBHOOK_SECRET!,
          accountNumber: config.RAZORPAYX_ACCOUNT_NUMBER!,
          baseUrl: config.RAZORPAYX_BASE_URL,
          timeoutMs: config.PAYOUT_TIMEOUT_MS,
        })
      : createSandboxPayoutProvider(deps, { name: 'sandbox-inr', currency: 'INR', secret });
  return payoutProviders([ph, india]);
}
