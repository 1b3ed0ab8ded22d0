/**
 * The provider notifications in the dev back office (docs/ops.md): the sandbox counter's "paid", which
 * stands in for a provider's notification. Mounted inside /ops, which checks the token.
 */
import type { FastifyInstance } from 'fastify';
import { opsPaid, opsPayCodeParams } from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import { notFound, refused } from '../../platform/http/api-error.ts';
import { opsAnswer, parseInput } from '../../platform/http/validation.ts';
import { findPayCode } from '../../domain/payments/pay-codes.ts';
import { findPaymentOfPayCode } from '../../domain/payments/payments.ts';
import { counterPaid } from './service.ts';

export function registerProviderNotificationsOps(ops: FastifyInstance, deps: Pick<AppDeps, 'db' | 'clock' | 'payments'>): void {
  const { db } = deps;
  /**
   * The sandbox's counter took the money: recorded in the sandbox's books and settled through the
   * provider-notification path (status asked, then settleProviderTransaction), never around it.
   */
  ops.post('/pay-codes/:code/paid', async (request) => {
    const { code } = parseInput(opsPayCodeParams, request.params);
    const { providerRef, status } = parseInput(opsPaid, request.body ?? {});
    if (!deps.payments.recordCounterPayment) throw refused(`The ${deps.payments.name} provider confirms payments itself (its postback); the sandbox's counter is not in use.`);
    const payCode = await findPayCode(db, code);
    if (!payCode) throw notFound(`Pay code ${code} does not exist`);
    const settled = await counterPaid(deps, payCode, providerRef ?? `code:${code}`, status);
    if (!settled) throw new Error(`the ${deps.payments.name} provider did not answer its own status query`);
    // Pending, failed or voided: what the code became.
    if (status !== 'S') return opsAnswer({ outcome: settled.outcome, detail: settled.detail, payCode: (await findPayCode(db, code))!.status }, settled.outcome);
    if (settled.outcome === 'exception') throw refused(`Not applied: ${settled.detail}. Recorded as an exception for finance (GET /ops/payment-exceptions).`);
    if (settled.outcome === 'voided') throw refused(`Not applied: pay code ${code} was voided${payCode.voidReason ? ` (${payCode.voidReason})` : ''}; the sandbox's counter takes no money for it.`);
    const payment = await findPaymentOfPayCode(db, payCode.id);
    if (!payment) throw refused(`Not applied: ${settled.detail}`);
    return opsAnswer(payment.result, settled.outcome === 'already applied' ? 'already applied' : 'success');
  });
}
