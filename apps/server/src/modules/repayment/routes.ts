/** HTTP of the repayment family: the repayment screens' information, pay codes, and repayment by card. */
import type { FastifyInstance } from 'fastify';
import {
  ROLLOVER_FLAG,
  generateVcodeCall,
  loanPlayDetailCall,
  repaymentCommitCall,
  repaymentConfirmCall,
  repaymentHuichaoCall,
  repaymentWayCall,
  rolloverInfoCall,
} from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import { mountCall } from '../../domain/borrowers/borrower-calls.ts';
import { generatePayCode, repaymentPlanInfo, rolloverInfo } from './info-service.ts';
import { commitCardRepayment, confirmCardRepayment, repaymentWays, startCheckout } from './card-service.ts';
import { registerProviderPostback } from './postback-routes.ts';

const id = (value: string) => Number(value);

export function registerRepayment(app: FastifyInstance, deps: AppDeps): void {
  registerProviderPostback(app, deps);

  mountCall(app, deps, loanPlayDetailCall, ({ borrower, payload, currency }) =>
    repaymentPlanInfo(deps, borrower, { productId: id(payload.productId), orderId: id(payload.orderId) }, currency),
  );

  mountCall(app, deps, rolloverInfoCall, ({ borrower, payload, currency }) =>
    rolloverInfo(deps, borrower, { productId: id(payload.productId), orderId: id(payload.orderId) }, currency),
  );

  mountCall(app, deps, generateVcodeCall, ({ borrower, payload, currency }) =>
    generatePayCode(
      deps,
      borrower,
      {
        productId: id(payload.productId),
        orderId: id(payload.orderId),
        amountMinor: payload.amount,
        channelNumber: payload.channelNumber,
        rollover: payload.isDelay === ROLLOVER_FLAG,
      },
      currency,
    ),
  );

  mountCall(app, deps, repaymentWayCall, ({ borrower, payload }) => repaymentWays(deps, borrower, id(payload.orderId)));

  mountCall(app, deps, repaymentCommitCall, ({ borrower, payload, currency }) =>
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

  mountCall(app, deps, repaymentConfirmCall, async ({ borrower, payload }) => {
    await confirmCardRepayment(deps, borrower, { orderId: id(payload.orderId), repaymentRecordId: id(payload.repaymentRecordId), verifyCode: payload.verifyCode });
    return {};
  });

  mountCall(app, deps, repaymentHuichaoCall, ({ borrower, payload, currency }) =>
    startCheckout(deps, borrower, { userId: payload.userId, orderId: id(payload.orderId), amountMinor: payload.amount }, currency),
  );
}
