/** The repayment calls: each route of routes/repayment.ts with its schemas of repayment.ts and one line on what it does. */
import { defineCall } from '../schema.ts';
import {
  generateVcodeRoute,
  loanPlayDetailRoute,
  repaymentCommitRoute,
  repaymentConfirmRoute,
  repaymentHuichaoRoute,
  repaymentWayRoute,
  rolloverInfoRoute,
  upiPayRoute,
} from '../routes/repayment.ts';
import {
  generateVcode,
  loanPlayDetail,
  repaymentCommit,
  repaymentConfirm,
  repaymentHuichao,
  repaymentWay,
  rolloverInfo,
  upiPay,
} from '../repayment.ts';

export const loanPlayDetailCall = defineCall(loanPlayDetailRoute, loanPlayDetail, 'What the repayment-by-plan screen shows: amount due, date, details, channels.');
export const rolloverInfoCall = defineCall(rolloverInfoRoute, rolloverInfo, 'What the rollover (delay) repayment screen shows: fee, new plan, channels.');
export const generateVcodeCall = defineCall(
  generateVcodeRoute,
  generateVcode,
  'Issues a pay code for the chosen channel (isDelay=1 for a rollover) and answers the page to show it.',
);
export const upiPayCall = defineCall(upiPayRoute, upiPay, 'Indian orders (real=1): a pay code on the UPI channel and its upi://pay link and QR image.');
export const repaymentWayCall = defineCall(repaymentWayRoute, repaymentWay, 'The borrower\'s bank cards and repayment options for an order.');
export const repaymentCommitCall = defineCall(repaymentCommitRoute, repaymentCommit, 'Starts a card repayment; may ask for a verification code.');
export const repaymentConfirmCall = defineCall(repaymentConfirmRoute, repaymentConfirm, 'Confirms a card repayment with the verification code.');
export const repaymentHuichaoCall = defineCall(repaymentHuichaoRoute, repaymentHuichao, 'Starts an alternate-channel repayment and answers the payment page URL.');
