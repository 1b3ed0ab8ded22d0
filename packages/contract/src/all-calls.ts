/** Every call of spec section 7 with its schemas, for code that must enumerate them (server tests, docs). */
import type { Call } from './schema.ts';
import { bindCardChangeCall, bindCardNewCall, cardInitCall } from './bind-bank.ts';
import { repaymentCommitCall, repaymentConfirmCall, repaymentHuichaoCall, repaymentWayCall } from './repayment.ts';
import {
  problemDetailCall,
  problemInitByQueryCall,
  problemInitCall,
  problemListCall,
  problemSaveCall,
  saveScoreCall,
  uploadProblemImgCall,
} from './complaints.ts';
import { agreementContentCall, contractCall, contractJumpCall } from './loan-confirmation.ts';
import { goyaAgreementJumpCall, goyaAgreementsCall, goyaLoanConfirmCall, goyaLoanSubmitCall } from './loan-confirmation.ts';
import { goyaClickTrackCall, goyaFailureInfoCall, goyaProductJumpCall } from './order-details.ts';
import { loanDetailConfirmCall, loanDetailPushCall } from './loan-confirmation.ts';
import { generateVcodeCall, upiPayCall } from './repayment.ts';
import { googleScoreCall, loanDetailsCall } from './order-details.ts';
import { contactKfInfoCall } from './customer-service.ts';
import {
  channelTemplateCall,
  getCaptchaCall,
  getSidCall,
  getSmsCall,
  registerCall,
  trackClickCall,
  trackVisitCall,
} from './promotion.ts';
import { loanPlayDetailCall, rolloverInfoCall } from './repayment.ts';
import { siteConfigCall } from './site.ts';
import { eventSaveCall } from './order-details.ts';
import { documentsCall, paymentHistoryCall, receiptCall, recordPdfCall } from './records.ts';
import { cancelPayCodeCall, coolingOffCall } from './cancel-loan.ts';

export const ALL_CALLS = {
  // bind card
  cardInitCall,
  bindCardNewCall,
  bindCardChangeCall,
  // complaints
  problemDetailCall,
  saveScoreCall,
  problemInitCall,
  problemInitByQueryCall,
  uploadProblemImgCall,
  problemSaveCall,
  problemListCall,
  // personal center
  contactKfInfoCall,
  // repayment by card
  repaymentWayCall,
  repaymentCommitCall,
  repaymentConfirmCall,
  repaymentHuichaoCall,
  // promotion
  channelTemplateCall,
  trackVisitCall,
  trackClickCall,
  getSidCall,
  getCaptchaCall,
  getSmsCall,
  registerCall,
  // repayment info
  rolloverInfoCall,
  loanPlayDetailCall,
  // order details
  loanDetailsCall,
  googleScoreCall,
  generateVcodeCall,
  upiPayCall,
  // loan confirmation and agreements
  loanDetailConfirmCall,
  loanDetailPushCall,
  contractCall,
  contractJumpCall,
  agreementContentCall,
  // tracking
  eventSaveCall,
  // official site (not in the spec's section 7)
  siteConfigCall,
  // the borrower's records (not in the spec's section 7, issue 22)
  paymentHistoryCall,
  receiptCall,
  documentsCall,
  recordPdfCall,
  // cancelling a loan in its cooling-off period (not in the spec's section 7, issue 23)
  coolingOffCall,
  cancelPayCodeCall,
  // goya
  goyaLoanConfirmCall,
  goyaAgreementsCall,
  goyaAgreementJumpCall,
  goyaLoanSubmitCall,
  goyaFailureInfoCall,
  goyaClickTrackCall,
  goyaProductJumpCall,
} as const satisfies Record<string, Call>;
export type CallName = keyof typeof ALL_CALLS;
