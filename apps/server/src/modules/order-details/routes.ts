/** HTTP of the order-details family: the order screen, who handles an overdue order, its rating and tracking, the joint-login failure page. */
import type { FastifyInstance } from 'fastify';
import { eventSaveCall, goyaClickTrackCall, goyaFailureInfoCall, goyaProductJumpCall, googleScoreCall, loanCollectorCall, loanDetailsCall } from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import { borrowerCalls } from '../../domain/borrowers/session.ts';
import { inLang } from '../../platform/i18n/answer-texts.ts';
import { mountCall } from '../../platform/http/mount.ts';
import { failureInfo, orderCollectionContact, orderDetails, productJumpUrl, recordAppRating, recordEvent } from './service.ts';

const id = (value: string) => Number(value);
const optionalId = (value: string | undefined) => (value === undefined ? undefined : Number(value));

export function registerOrderDetails(app: FastifyInstance, deps: AppDeps): void {
  const borrowers = borrowerCalls(deps);
  // The screens' texts in the borrower's language (docs/i18n.md).
  mountCall(app, borrowers, loanDetailsCall, async ({ borrower, payload, currency, lang }) =>
    inLang(lang, await orderDetails(deps, borrower, { productId: id(payload.productId), orderId: id(payload.orderId) }, currency)),
  );

  mountCall(app, borrowers, loanCollectorCall, ({ borrower, payload }) =>
    orderCollectionContact(deps, borrower, { productId: id(payload.productId), orderId: id(payload.orderId) }),
  );

  mountCall(app, borrowers, googleScoreCall, async ({ borrower, payload }) => {
    await recordAppRating(deps, borrower, payload.score);
    return {};
  });

  mountCall(app, borrowers, eventSaveCall, async ({ borrower, payload }) => {
    await recordEvent(deps, borrower, { productId: id(payload.productId), moduleId: payload.moduleId, positionId: payload.positionId });
    return {};
  });

  mountCall(app, borrowers, goyaFailureInfoCall, async ({ borrower, payload, lang }) =>
    inLang(lang, await failureInfo(deps, borrower, { productId: optionalId(payload.productId), orderId: optionalId(payload.orderId) })),
  );

  mountCall(app, borrowers, goyaClickTrackCall, async ({ borrower, payload }) => {
    await recordEvent(deps, borrower, { productId: id(payload.productId), moduleId: payload.moduleId, positionId: payload.positionId });
    return {};
  });

  mountCall(app, borrowers, goyaProductJumpCall, async ({ borrower, payload }) => ({ url: await productJumpUrl(deps, borrower, id(payload.productId)) }));
}
