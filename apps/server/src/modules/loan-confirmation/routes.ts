/** HTTP of loan confirmation: the v3 calls of /smpSystem, their goya twins of /manyVoting, and the agreements (/toIs). */
import type { FastifyInstance } from 'fastify';
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
import { borrowerCalls } from '../../domain/borrowers/session.ts';
import { inLang } from '../../platform/i18n/answer-texts.ts';
import { mountCall } from '../../platform/http/mount.ts';
import { agreementLink, agreementList, agreementText } from './agreements.ts';
import { loanConfirmation, newLoanConfirmation, submitLoan } from './service.ts';

const id = (value: string) => Number(value);
const optionalId = (value: string | undefined) => (value === undefined ? undefined : Number(value));

export function registerLoanConfirmation(app: FastifyInstance, deps: AppDeps): void {
  const borrowers = borrowerCalls(deps);
  // The screens' texts (the disclosure's among them) in the borrower's language (docs/i18n.md).
  mountCall(app, borrowers, loanDetailConfirmCall, async ({ borrower, payload, currency, lang }) =>
    inLang(lang, await loanConfirmation(deps, borrower, id(payload.productId), currency)),
  );
  mountCall(app, borrowers, goyaLoanConfirmCall, async ({ borrower, payload, currency, lang }) =>
    inLang(lang, await newLoanConfirmation(deps, borrower, id(payload.productId), currency)),
  );

  for (const call of [loanDetailPushCall, goyaLoanSubmitCall]) {
    // The confirmed documents are kept in the language the borrower confirmed in.
    mountCall(app, borrowers, call, ({ borrower, payload, currency, lang }) =>
      submitLoan(deps, borrower, { productId: id(payload.productId), amount: payload.amount, periods: payload.periods, termUnit: payload.termUnit }, currency, lang),
    );
  }

  for (const call of [contractCall, goyaAgreementsCall]) {
    // The lender's texts: titled in the borrower's language where the lender keeps them in it.
    mountCall(app, borrowers, call, ({ payload, lang }) => agreementList(deps, id(payload.productId), lang));
  }

  for (const call of [contractJumpCall, goyaAgreementJumpCall]) {
    mountCall(app, borrowers, call, ({ borrower, payload }) =>
      agreementLink(deps, borrower, { productId: id(payload.productId), position: payload.position, orderId: optionalId(payload.orderId) }),
    );
  }

  mountCall(app, borrowers, agreementContentCall, ({ borrower, payload, currency, lang }) =>
    agreementText(deps, borrower, { productId: id(payload.productId), position: payload.position, orderId: optionalId(payload.orderId) }, currency, lang),
  );
}
