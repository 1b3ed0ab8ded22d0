/**
 * Payments in the dev back office (docs/ops.md): a pay code for any amount (a partial payment), the
 * payment exceptions, and a card the borrower can repay with. Mounted inside /ops, which checks the
 * token. The sandbox counter's "paid" is the provider notifications' (modules/provider-notifications/ops.ts).
 */
import type { FastifyInstance } from 'fastify';
import { opsIssuePayCode, opsRepaymentCard } from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../platform/http/api-error.ts';
import { opsAnswer, parseInput } from '../../platform/http/validation.ts';
import { findBorrower } from '../../domain/borrowers/service.ts';
import { issuePayCode } from '../../domain/payments/pay-codes.ts';
import { listPaymentExceptions } from '../../domain/payments/exceptions.ts';
import { addRepaymentCard } from '../../domain/bank-cards/card-on-file.ts';

export function registerRepaymentOps(ops: FastifyInstance, deps: Pick<AppDeps, 'db' | 'clock' | 'payments' | 'cardData'>): void {
  const { db, clock } = deps;

  ops.post('/pay-codes', async (request) => {
    const body = parseInput(opsIssuePayCode, request.body);
    const payCode = await issuePayCode(deps, { orderId: body.orderId, purpose: body.purpose, channelNumber: body.channelNumber, amountMinor: body.amount, now: clock.now() });
    return opsAnswer(payCode);
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
