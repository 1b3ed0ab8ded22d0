import { route } from '../common.ts';
import type * as loanConfirmation from '../loan-confirmation.ts';
import { SUBMISSION_IDEMPOTENCY } from './values.ts';

// ---- loan confirmation (/smpSystem) and agreements ----------------------------------------------
export const loanDetailConfirmRoute = route<typeof loanConfirmation.loanDetailConfirm>({
  method: 'POST',
  path: '/v3/loan-confirm/loan-detail-confirm',
  family: 'zero',
});
export const loanDetailPushRoute = route<typeof loanConfirmation.loanDetailPush>({
  method: 'POST',
  path: '/v3/loan-confirm/loan-detail-push',
  family: 'zero',
  idempotent: SUBMISSION_IDEMPOTENCY,
});
export const contractRoute = route<typeof loanConfirmation.contract>({ method: 'POST', path: '/v3/contract/contract', family: 'zero' });
export const contractJumpRoute = route<typeof loanConfirmation.contractJump>({ method: 'POST', path: '/v3/contract/contract-jump', family: 'zero' });
/** The filled agreement text the loan agreement page (/toIs) shows. Not in the spec's section 7 (chosen here). */
export const agreementContentRoute = route<typeof loanConfirmation.agreementContent>({
  method: 'POST',
  path: '/v3/contract/contract-content',
  family: 'zero',
});

// ---- obfuscated goya family (/manyVoting, /wherePlurality); named here by what each call does -------
const GOYA = '/gopia/goya';
/** satire: the second-variant loan confirmation data. */
export const goyaLoanConfirmRoute = route<typeof loanConfirmation.goyaLoanConfirm>({ method: 'POST', path: `${GOYA}/satire`, family: 'doubleZero' });
/** cultures: the agreements of scene 3. */
export const goyaAgreementsRoute = route<typeof loanConfirmation.goyaAgreements>({ method: 'GET', path: `${GOYA}/cultures`, family: 'doubleZero' });
/** misunderstood: one agreement's page URL. */
export const goyaAgreementJumpRoute = route<typeof loanConfirmation.goyaAgreementJump>({
  method: 'GET',
  path: `${GOYA}/misunderstood`,
  family: 'doubleZero',
});
/** depush: submits the loan and answers the next URL. */
export const goyaLoanSubmitRoute = route<typeof loanConfirmation.goyaLoanSubmit>({
  method: 'POST',
  path: `${GOYA}/depush`,
  family: 'doubleZero',
  idempotent: SUBMISSION_IDEMPOTENCY,
});
