/**
 * Payments in the dev back office (docs/ops.md): a pay code for any amount (a partial payment), the
 * provider's "paid" notification it stands in for, and a card the borrower can repay with. Mounted
 * inside /ops, which checks the token.
 */
import type { FastifyInstance } from 'fastify';
import { opsIssuePayCode, opsPaid, opsPayCodeParams, opsRepaymentCard } from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import { notFound, refused } from '../../platform/http/api-error.ts';
import { opsAnswer, parseInput } from '../../platform/http/validation.ts';
import { findBorrower } from '../../domain/borrowers/service.ts';
import { findPayCode, findPaymentOfPayCode, issuePayCode, listPaymentExceptions } from '../../domain/payments/service.ts';
import { sandboxPaid } from './provider-notifications.ts';
import { addRepaymentCard } from '../../domain/bank-cards/card-on-file.ts';

export function registerRepaymentOps(ops: FastifyInstance, deps: Pick<AppDeps, 'db' | 'clock' | 'payments' | 'cardData'>): void {
  const { db, clock } = deps;

  ops.post('/pay-codes', async (request) => {
    const body = parseInput(opsIssuePayCode, request.body);
    const payCode = await issuePayCode(deps, { orderId: body.orderId, purpose: body.purpose, channelNumber: body.channelNumber, amountMinor: body.amount, now: clock.now() });
    return opsAnswer(payCode);
  });

  /**
   * The sandbox's counter took the money: recorded in the sandbox's books and settled through the
   * provider-notification path (status asked, then settleProviderTransaction), never around it.
   */
  ops.post('/pay-codes/:code/paid', async (request) => {
    const { code } = parseInput(opsPayCodeParams, request.params);
    const { providerRef, status } = parseInput(opsPaid, request.body ?? {});
    if (!deps.payments.name.startsWith('sandbox')) throw refused(`The ${deps.payments.name} provider confirms payments itself (its postback); the sandbox's counter is not in use.`);
    const payCode = await findPayCode(db, code);
    if (!payCode) throw notFound(`Pay code ${code} does not exist`);
    const settled = await sandboxPaid(deps, payCode, providerRef ?? `code:${code}`, status);
    if (!settled) throw new Error('the sandbox did not answer its own status query');
    // Pending, failed or voided: what the code became.
    if (status !== 'S') return opsAnswer({ outcome: settled.outcome, detail: settled.detail, payCode: (await findPayCode(db, code))!.status }, settled.outcome);
    if (settled.outcome === 'exception') throw refused(`Not applied: ${settled.detail}. Recorded as an exception for finance (GET /ops/payment-exceptions).`);
    if (settled.outcome === 'voided') throw refused(`Not applied: pay code ${code} was voided${payCode.voidReason ? ` (${payCode.voidReason})` : ''}; the sandbox's counter takes no money for it.`);
    const payment = await findPaymentOfPayCode(db, payCode.id);
    if (!payment) throw refused(`Not applied: ${settled.detail}`);
    return opsAnswer(payment.result, settled.outcome === 'already applied' ? 'already applied' : 'success');
  });

  /** Money the provider received that was not applied as it came (docs/repayment.md), newest first. */
  ops.get('/payment-exceptions', async () => opsAnswer(await listPaymentExceptions(db)));

  /** A bank card the borrower can repay with (the answer carries only the masked number); the same card again answers the one on file. */
  ops.post('/bank-cards', async (request) => {
    const body = parseInput(opsRepaymentCard, request.body);
    const borrower = await findBorrower(db, { id: body.borrowerId });
    if (!borrower) throw notFound(`borrowerId ${body.borrowerId} does not exist`);
    const { card, added } = await db.transaction((tx) =>
      addRepaymentCard(tx, deps.cardData, { borrowerId: borrower.id, bankName: body.bankName, bankCode: body.bankCode, cardNo: body.cardNo, now: clock.now() }),
    );
    return opsAnswer({ id: card.id, bankName: card.bankName, bankCode: card.bankCode, cardNo: card.maskedNo }, added ? 'success' : 'already on file');
  });
}
