/** The loan-confirmation calls: each route of routes/loan-confirmation.ts with its schemas of loan-confirmation.ts and one line on what it does. */
import { defineCall } from '../schema.ts';
import {
  agreementContentRoute,
  contractJumpRoute,
  contractRoute,
  goyaAgreementJumpRoute,
  goyaAgreementsRoute,
  goyaLoanConfirmRoute,
  goyaLoanSubmitRoute,
  loanDetailConfirmRoute,
  loanDetailPushRoute,
} from '../routes/loan-confirmation.ts';
import {
  agreementContent,
  contract,
  contractJump,
  goyaAgreementJump,
  goyaAgreements,
  goyaLoanConfirm,
  goyaLoanSubmit,
  loanDetailConfirm,
  loanDetailPush,
} from '../loan-confirmation.ts';

export const loanDetailConfirmCall = defineCall(loanDetailConfirmRoute, loanDetailConfirm, 'What the loan confirmation screen shows for a product.');
export const loanDetailPushCall = defineCall(loanDetailPushRoute, loanDetailPush, 'Submits the loan as confirmed and answers the page to go to next.');
export const contractCall = defineCall(contractRoute, contract, 'The agreements of the loan confirmation (scene 3).');
export const contractJumpCall = defineCall(contractJumpRoute, contractJump, 'The page of one agreement.');
export const agreementContentCall = defineCall(
  agreementContentRoute,
  agreementContent,
  "One agreement's text filled with the borrower's and the loan's figures, for the loan agreement page /toIs (chosen here; not in the spec).",
);
export const goyaLoanConfirmCall = defineCall(goyaLoanConfirmRoute, goyaLoanConfirm, 'satire: the second-variant loan confirmation data.');
export const goyaAgreementsCall = defineCall(goyaAgreementsRoute, goyaAgreements, 'cultures: the agreements of scene 3.');
export const goyaAgreementJumpCall = defineCall(goyaAgreementJumpRoute, goyaAgreementJump, 'misunderstood: the page of one agreement.');
export const goyaLoanSubmitCall = defineCall(goyaLoanSubmitRoute, goyaLoanSubmit, 'depush: submits the loan and answers the next URL.');
