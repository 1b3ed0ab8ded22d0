import { route } from '../common.ts';
import type * as repayment from '../repayment.ts';
import { REPAYMENT_IDEMPOTENCY, SUBMISSION_IDEMPOTENCY } from './values.ts';

// ---- repayment by card (pay.html: #/borrowDetail, #/addnormalcard, #/alipayrepayment) ----------------
const YOUMI_LOAN = '/api/v1/youmi/youmi-api/service/loan';
/** orderId may travel in the query (as the spec's `repayment-way?orderId`) or the form body. */
export const repaymentWayRoute = route<typeof repayment.repaymentWay>({
  method: 'POST',
  path: `${YOUMI_LOAN}/repayment-way`,
  base: 'root',
  codeForm: 'doubleZero',
});
export const repaymentCommitRoute = route<typeof repayment.repaymentCommit>({
  method: 'POST',
  path: `${YOUMI_LOAN}/repayment-commit`,
  base: 'root',
  codeForm: 'doubleZero',
  idempotent: REPAYMENT_IDEMPOTENCY,
});
export const repaymentConfirmRoute = route<typeof repayment.repaymentConfirm>({
  method: 'POST',
  path: `${YOUMI_LOAN}/repayment-confirm`,
  base: 'root',
  codeForm: 'doubleZero',
  idempotent: REPAYMENT_IDEMPOTENCY,
});
export const repaymentHuichaoRoute = route<typeof repayment.repaymentHuichao>({
  method: 'POST',
  path: `${YOUMI_LOAN}/repayment-huichao`,
  base: 'root',
  codeForm: 'doubleZero',
  idempotent: REPAYMENT_IDEMPOTENCY,
});

// ---- repayment info (/allowedAlso, /votingCandidates, /repaymentOfCode2) -----------------------------
/** Rollover (delay) repayment info; the path is obfuscated. */
export const rolloverInfoRoute = route<typeof repayment.rolloverInfo>({ method: 'POST', path: '/story/inherited', codeForm: 'zero' });
export const loanPlayDetailRoute = route<typeof repayment.loanPlayDetail>({
  method: 'POST',
  path: '/v3/installment/loan-play-detail',
  codeForm: 'zero',
});

// ---- pay codes (order details) ---------------------------------------------------------------------
export const generateVcodeRoute = route<typeof repayment.generateVcode>({
  method: 'POST',
  path: '/v3/loan-details/generate-vcode',
  codeForm: 'zero',
  idempotent: SUBMISSION_IDEMPOTENCY,
});

/** Not in the spec (issue 21): UPI for Indian orders, real=1 (docs/repayment.md, "UPI"). */
export const upiPayRoute = route<typeof repayment.upiPay>({
  method: 'POST',
  path: '/v3/loan-details/upi-pay',
  codeForm: 'zero',
  idempotent: SUBMISSION_IDEMPOTENCY,
});
