/** Every call of spec section 7 with its schemas, for code that must enumerate them (server tests, docs). */
import type { Call } from './schema.ts';
import { bindCardChangeCall, bindCardNewCall, cardInitCall } from './calls/bind-bank.ts';
import { repaymentCommitCall, repaymentConfirmCall, repaymentHuichaoCall, repaymentWayCall } from './calls/repayment.ts';
import {
  problemDetailCall,
  problemInitByQueryCall,
  problemInitCall,
  problemListCall,
  problemSaveCall,
  saveScoreCall,
  uploadProblemImgCall,
} from './calls/complaints.ts';
import { agreementContentCall, contractCall, contractJumpCall } from './calls/loan-confirmation.ts';
import { goyaAgreementJumpCall, goyaAgreementsCall, goyaLoanConfirmCall, goyaLoanSubmitCall } from './calls/loan-confirmation.ts';
import { goyaClickTrackCall, goyaFailureInfoCall, goyaProductJumpCall } from './calls/order-details.ts';
import { loanDetailConfirmCall, loanDetailPushCall } from './calls/loan-confirmation.ts';
import { generateVcodeCall, upiPayCall } from './calls/repayment.ts';
import { googleScoreCall, loanCollectorCall, loanDetailsCall } from './calls/order-details.ts';
import { contactKfInfoCall } from './calls/customer-service.ts';
import {
  channelTemplateCall,
  getCaptchaCall,
  getSidCall,
  getSmsCall,
  registerCall,
  trackClickCall,
  trackVisitCall,
} from './calls/promotion.ts';
import { loanPlayDetailCall, rolloverInfoCall } from './calls/repayment.ts';
import { siteConfigCall } from './calls/site.ts';
import { eventSaveCall } from './calls/order-details.ts';
import { documentsCall, paymentHistoryCall, receiptCall, recordPdfCall } from './calls/records.ts';
import { cancelPayCodeCall, coolingOffCall } from './calls/cancel-loan.ts';
import { consentCall, dataRequestCall, myDataCall, myDataExportCall, myDataPdfCall } from './calls/my-data.ts';

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
  // who handles an overdue order (not in the spec's section 7, issue 38)
  loanCollectorCall,
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
  // the borrower's data rights (not in the spec's section 7, issue 39)
  myDataCall,
  consentCall,
  myDataExportCall,
  myDataPdfCall,
  dataRequestCall,
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
