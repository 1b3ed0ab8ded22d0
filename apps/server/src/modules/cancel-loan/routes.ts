/** HTTP of the cancel-loan family: the cooling-off answer and the exit amount's pay code. */
import type { FastifyInstance } from 'fastify';
import { cancelPayCodeCall, coolingOffCall } from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import { mountCall } from '../../domain/borrowers/borrower-calls.ts';
import { cancelPayCode, coolingOffInfo } from './service.ts';

const id = (value: string) => Number(value);

export function registerCancelLoan(app: FastifyInstance, deps: AppDeps): void {
  mountCall(app, deps, coolingOffCall, ({ borrower, payload, currency }) => coolingOffInfo(deps, borrower, id(payload.orderId), currency));

  mountCall(app, deps, cancelPayCodeCall, ({ borrower, payload, currency }) =>
    cancelPayCode(deps, borrower, { orderId: id(payload.orderId), amountMinor: payload.amount, channelNumber: payload.channelNumber }, currency),
  );
}
