import { route } from '../common.ts';
import type * as cancelLoan from '../cancel-loan.ts';
import { SUBMISSION_IDEMPOTENCY } from './values.ts';

// ---- cancelling a loan in its cooling-off period (issue 23; not in the spec, chosen here: docs/cancel-loan.md) ----
/** Whether the order can be cancelled now, until when, and the exact exit amount. */
export const coolingOffRoute = route<typeof cancelLoan.coolingOff>({ method: 'POST', path: '/v3/cancel-loan/cooling-off', codeForm: 'zero' });
/** A pay code for the exit amount (purpose 'cancel'), answered as the page that shows it, like generate-vcode. */
export const cancelPayCodeRoute = route<typeof cancelLoan.cancelPayCode>({
  method: 'POST',
  path: '/v3/cancel-loan/pay-code',
  codeForm: 'zero',
  idempotent: SUBMISSION_IDEMPOTENCY,
});
