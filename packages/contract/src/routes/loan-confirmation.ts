import { route } from '../common.ts';
import type * as loanConfirmation from '../loan-confirmation.ts';
import { SUBMISSION_IDEMPOTENCY } from './values.ts';

// ---- loan confirmation (/smpSystem) and agreements ----------------------------------------------
export const loanDetailConfirmRoute = route<typeof loanConfirmation.loanDetailConfirm>({
  method: 'POST',
  path: '/v3/loan-confirm/loan-detail-confirm',
  codeForm: 'zero',
});
export const loanDetailPushRoute = route<typeof loanConfirmation.loanDetailPush>({
  method: 'POST',
  path: '/v3/loan-confirm/loan-detail-push',
  codeForm: 'zero',
  idempotent: SUBMISSION_IDEMPOTENCY,
});
export const contractRoute = route<typeof loanConfirmation.contract>({ method: 'POST', path: '/v3/contract/contract', codeForm: 'zero' });
export const contractJumpRoute = route<typeof loanConfirmation.contractJump>({ method: 'POST', path: '/v3/contract/contract-jump', codeForm: 'zero' });
/** The filled agreement text the loan agreement page (/toIs) shows. Not in the spec's section 7 (chosen here). */
export const agreementContentRoute = route<typeof loanConfirmation.agreementContent>({
  method: 'POST',
  path: '/v3/contract/contract-content',
  codeForm: 'zero',
});

// ---- obfuscated goya family (/manyVoting, /wherePlurality); named here by what each call does -------
const GOYA = '/gopia/goya';
/** satire: the second-variant loan confirmation data. */
export const goyaLoanConfirmRoute = route<typeof loanConfirmation.goyaLoanConfirm>({ method: 'POST', path: `${GOYA}/satire`, codeForm: 'doubleZero' });
/** cultures: the agreements of scene 3. */
export const goyaAgreementsRoute = route<typeof loanConfirmation.goyaAgreements>({ method: 'GET', path: `${GOYA}/cultures`, codeForm: 'doubleZero' });
/** misunderstood: one agreement's page URL. */
export const goyaAgreementJumpRoute = route<typeof loanConfirmation.goyaAgreementJump>({
  method: 'GET',
  path: `${GOYA}/misunderstood`,
  codeForm: 'doubleZero',
});
/** depush: submits the loan and answers the next URL. */
export const goyaLoanSubmitRoute = route<typeof loanConfirmation.goyaLoanSubmit>({
  method: 'POST',
  path: `${GOYA}/depush`,
  codeForm: 'doubleZero',
  idempotent: SUBMISSION_IDEMPOTENCY,
});
