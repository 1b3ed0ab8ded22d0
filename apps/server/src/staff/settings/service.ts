/** The settings an admin reads: every product (active or not), the loan-terms rules, every payment channel. */
import type { StaffAnswerOf, settingsCall } from '@cashloan/contract';
import type { Queryable } from '../../platform/db/client.ts';
import { listProducts } from '../../domain/orders/service.ts';
import { listChannels } from '../../domain/payments/channels.ts';
import { loanTermsRows } from './loan-terms-rows.ts';

export async function settings(deps: { db: Queryable }): Promise<StaffAnswerOf<typeof settingsCall>> {
  const products = await listProducts(deps.db);
  const channels = await listChannels(deps.db);
  return {
    products: products.map((p) => ({
      id: p.id,
      name: p.name,
      active: p.active,
      amountMinor: p.amountMinor,
      termDays: p.termDays,
      periods: p.periods,
      interestBp: p.interestBp,
      serviceFeeBp: p.serviceFeeBp,
      rolloverFeeBp: p.rolloverFeeBp,
    })),
    loanTerms: loanTermsRows(),
    paymentChannels: channels.map((c) => ({ channelNumber: c.channelNumber, name: c.name, kind: c.kind, active: c.active })),
  };
}
