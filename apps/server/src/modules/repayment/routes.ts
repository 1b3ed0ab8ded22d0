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
  upiPayCall,
} from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import { borrowerCalls } from '../../domain/borrowers/session.ts';
import { mountCall } from '../../platform/http/mount.ts';
import { generatePayCode, repaymentPlanInfo, rolloverInfo, startUpiPayment } from './info-service.ts';
import { PAY_QR_ROUTE, payQrImage } from './pay-qr.ts';
import { commitCardRepayment, confirmCardRepayment, repaymentWays, startCheckout } from './card-service.ts';
import { registerProviderPostback } from './postback-routes.ts';

const id = (value: string) => Number(value);

export function registerRepayment(app: FastifyInstance, deps: AppDeps): void {
  const borrowers = borrowerCalls(deps);
  registerProviderPostback(app, deps);

  mountCall(app, borrowers, loanPlayDetailCall, ({ borrower, payload, currency }) =>
    repaymentPlanInfo(deps, borrower, { productId: id(payload.productId), orderId: id(payload.orderId) }, currency),
  );

  mountCall(app, borrowers, rolloverInfoCall, ({ borrower, payload, currency }) =>
    rolloverInfo(deps, borrower, { productId: id(payload.productId), orderId: id(payload.orderId) }, currency),
  );

  mountCall(app, borrowers, generateVcodeCall, ({ borrower, payload, currency }) =>
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

  mountCall(app, borrowers, upiPayCall, ({ borrower, payload, currency }) =>
    startUpiPayment(
      deps,
      borrower,
      { productId: id(payload.productId), orderId: id(payload.orderId), amountMinor: payload.amount, rollover: payload.isDelay === ROLLOVER_FLAG },
      currency,
    ),
  );

  // The QR image of a live pay code (QR Ph on a QR channel, the upi://pay link on UPI): an <img>, no session.
  app.get<{ Params: { orderId: string; file: string } }>(PAY_QR_ROUTE, async (request, reply) => {
    const code = /^([A-Za-z0-9-]{1,40})\.png$/.exec(request.params.file)?.[1];
    const orderId = /^\d{1,15}$/.test(request.params.orderId) ? Number(request.params.orderId) : NaN;
    const png = code && Number.isSafeInteger(orderId) ? await payQrImage(deps, orderId, code) : null;
    reply.header('Cache-Control', 'no-store');
    if (!png) return reply.code(404).type('text/plain; charset=utf-8').send('No such repayment QR code.');
    return reply.type('image/png').send(png);
  });

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
