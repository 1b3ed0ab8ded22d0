/** HTTP of the repayment screens: their information, pay codes, UPI and the QR images. Repayment by card is modules/card-repayment's. */
import type { FastifyInstance } from 'fastify';
import {
  ROLLOVER_FLAG,
  generateVcodeCall,
  loanPlayDetailCall,
  rolloverInfoCall,
  upiPayCall,
} from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import { borrowerCalls } from '../../domain/borrowers/session.ts';
import { inLang } from '../../platform/i18n/answer-texts.ts';
import { mountCall } from '../../platform/http/mount.ts';
import { generatePayCode, repaymentPlanInfo, rolloverInfo, startUpiPayment } from './info-service.ts';
import { PAY_QR_ROUTE, payQrImage } from './pay-qr.ts';

const id = (value: string) => Number(value);

export function registerRepayment(app: FastifyInstance, deps: AppDeps): void {
  const borrowers = borrowerCalls(deps);

  // The screens' texts in the borrower's language (docs/i18n.md).
  mountCall(app, borrowers, loanPlayDetailCall, async ({ borrower, payload, currency, lang }) =>
    inLang(lang, await repaymentPlanInfo(deps, borrower, { productId: id(payload.productId), orderId: id(payload.orderId) }, currency)),
  );

  mountCall(app, borrowers, rolloverInfoCall, async ({ borrower, payload, currency, lang }) =>
    inLang(lang, await rolloverInfo(deps, borrower, { productId: id(payload.productId), orderId: id(payload.orderId) }, currency)),
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
}
