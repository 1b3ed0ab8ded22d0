/**
 * HTTP of repayment by bank card and by the alternate channel (pay.html): repayment-way,
 * repayment-commit, repayment-confirm and repayment-huichao, calls of the repayment family's contract
 * (packages/contract/src/repayment.ts) served by this module, which owns the card repayment's states.
 */
import type { FastifyInstance } from 'fastify';
import { repaymentCommitCall, repaymentConfirmCall, repaymentHuichaoCall, repaymentWayCall } from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import { borrowerCalls } from '../../domain/borrowers/session.ts';
import { mountCall } from '../../platform/http/mount.ts';
import { commitCardRepayment, confirmCardRepayment, repaymentWays, startCheckout } from './service.ts';

const id = (value: string) => Number(value);

export function registerCardRepayment(app: FastifyInstance, deps: AppDeps): void {
  const borrowers = borrowerCalls(deps);

  mountCall(app, borrowers, repaymentWayCall, ({ borrower, payload, currency }) => repaymentWays(deps, borrower, id(payload.orderId), currency));

  mountCall(app, borrowers, repaymentCommitCall, ({ borrower, payload, currency }) =>
    commitCardRepayment(
      deps,
      borrower,
      {
        orderId: id(payload.orderId),
        amountMinor: payload.amount,
        cardId: id(payload.cardId),
        couponId: payload.couponId,
        repayToken: payload.repayToken,
        sendCode: payload.sendMsg === '1',
      },
      currency,
    ),
  );

  mountCall(app, borrowers, repaymentConfirmCall, async ({ borrower, payload }) => {
    await confirmCardRepayment(deps, borrower, { orderId: id(payload.orderId), repaymentRecordId: id(payload.repaymentRecordId), verifyCode: payload.verifyCode });
    return {};
  });

  mountCall(app, borrowers, repaymentHuichaoCall, ({ borrower, payload, currency }) =>
    startCheckout(deps, borrower, { userId: payload.userId, orderId: id(payload.orderId), amountMinor: payload.amount }, currency),
  );
}
