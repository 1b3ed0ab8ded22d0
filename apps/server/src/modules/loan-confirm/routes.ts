/** HTTP of loan confirmation: the v3 calls of /smpSystem, their goya twins of /manyVoting, and the agreements (/toIs). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  agreementContentCall,
  contractCall,
  contractJumpCall,
  goyaAgreementJumpCall,
  goyaAgreementsCall,
  goyaLoanConfirmCall,
  goyaLoanSubmitCall,
  loanDetailConfirmCall,
  loanDetailPushCall,
} from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import { mountCall } from '../../http/mount-call.ts';
import { agreementLink, agreementList, agreementText, loanConfirmation, newLoanConfirmation, submitLoan, type Origin } from './service.ts';

const id = (value: string) => Number(value);
const optionalId = (value: string | undefined) => (value === undefined ? undefined : Number(value));

/** PUBLIC_URL when configured, otherwise the origin the webview used for this request. */
function originOf(deps: AppDeps, request: FastifyRequest): Origin {
  return deps.config.PUBLIC_URL?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
}

export function registerLoanConfirm(app: FastifyInstance, deps: AppDeps): void {
  mountCall(app, deps, loanDetailConfirmCall, ({ borrower, payload, currency, request }) =>
    loanConfirmation(deps, borrower, id(payload.productId), currency, originOf(deps, request)),
  );
  mountCall(app, deps, goyaLoanConfirmCall, ({ borrower, payload, currency, request }) =>
    newLoanConfirmation(deps, borrower, id(payload.productId), currency, originOf(deps, request)),
  );

  for (const call of [loanDetailPushCall, goyaLoanSubmitCall]) {
    mountCall(app, deps, call, ({ borrower, payload, currency }) =>
      submitLoan(deps, borrower, { productId: id(payload.productId), amount: payload.amount, periods: payload.periods, termUnit: payload.termUnit }, currency),
    );
  }

  for (const call of [contractCall, goyaAgreementsCall]) {
    mountCall(app, deps, call, ({ payload }) => agreementList(deps, id(payload.productId)));
  }

  for (const call of [contractJumpCall, goyaAgreementJumpCall]) {
    mountCall(app, deps, call, ({ borrower, payload, request }) =>
      agreementLink(deps, borrower, { productId: id(payload.productId), position: payload.position, orderId: optionalId(payload.orderId) }, originOf(deps, request)),
    );
  }

  mountCall(app, deps, agreementContentCall, ({ borrower, payload }) =>
    agreementText(deps, borrower, { productId: id(payload.productId), position: payload.position, orderId: optionalId(payload.orderId) }),
  );
}
