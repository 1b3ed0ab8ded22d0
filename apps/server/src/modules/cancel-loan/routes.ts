/** HTTP of the cancel-loan family: the cooling-off answer and the exit amount's pay code. */
import type { FastifyInstance } from 'fastify';
import { cancelPayCodeCall, coolingOffCall } from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import { borrowerCalls } from '../../domain/borrowers/session.ts';
import { inLang } from '../../platform/i18n/answer-texts.ts';
import { mountCall } from '../../platform/http/mount.ts';
import { cancelPayCode, coolingOffInfo } from './service.ts';

const id = (value: string) => Number(value);

export function registerCancelLoan(app: FastifyInstance, deps: AppDeps): void {
  const borrowers = borrowerCalls(deps);
  // The quote's texts in the borrower's language (docs/i18n.md).
  mountCall(app, borrowers, coolingOffCall, async ({ borrower, payload, currency, lang }) => inLang(lang, await coolingOffInfo(deps, borrower, id(payload.orderId), currency)));

  mountCall(app, borrowers, cancelPayCodeCall, ({ borrower, payload, currency }) =>
    cancelPayCode(deps, borrower, { orderId: id(payload.orderId), amountMinor: payload.amount, channelNumber: payload.channelNumber }, currency),
  );
}
