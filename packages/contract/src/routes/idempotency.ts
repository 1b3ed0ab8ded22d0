/** What the idempotent calls answer to a duplicate (docs/api.md, "Idempotency-Key"). Not re-exported by routes.ts. */
import { ERROR_CODES, type Idempotency } from '../common.ts';
import { CALL_ERROR_CODES, DUPLICATE_REPAYMENT_MESSAGE, DUPLICATE_SUBMISSION_MESSAGE } from './values.ts';

/** Repayment by card and by the alternate channel: a duplicate is the spec's 800005. */
export const REPAYMENT_IDEMPOTENCY: Idempotency = { duplicateCode: CALL_ERROR_CODES.duplicateRepayment, duplicateMessage: DUPLICATE_REPAYMENT_MESSAGE };
/** Loan push and pay-code issue: a duplicate is refused (409) in the family's shape. */
export const SUBMISSION_IDEMPOTENCY: Idempotency = { duplicateCode: ERROR_CODES.refused, duplicateMessage: DUPLICATE_SUBMISSION_MESSAGE };
