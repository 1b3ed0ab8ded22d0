/** Every staff call, for code that must enumerate them (the server's role and CSRF tests, docs). */
import type { StaffCall } from './common.ts';
import { createStaffCall, disableStaffCall, enableStaffCall, listStaffCall, resetStaffCall, setStaffRolesCall } from './accounts.ts';
import { listAuditCall } from './audit.ts';
import { getBorrowerCall, searchBorrowersCall } from './borrowers.ts';
import { getComplaintCall, listComplaintsCall, replyToComplaintCall, uploadImageCall } from './complaints.ts';
import { dashboardCall } from './dashboard.ts';
import { approvePostingCall, getOrderCall, listPayoutsCall, listPostingsCall, moveOrderCall, postPaymentCall, rejectPostingCall, releaseOrderCall, searchOrdersCall } from './orders.ts';
import { listPaymentExceptionsCall, refundCreditCall } from './payment-exceptions.ts';
import { closeDayCall, exportJournalCall, fetchReportCall, getReportCall, importReportCall, journalCall, reconciliationCall, resolveItemCall, trialBalanceCall } from './books.ts';
import {
  assignCall,
  callOutcomeCall,
  collectionOrderCall,
  collectorsCall,
  hoursConsentCall,
  markDisputeCall,
  portfolioCall,
  promiseCall,
  queueCall,
  resolveDisputeCall,
  roundRobinCall,
  saveTemplateCall,
  sendTemplateCall,
  startCallCall,
  templatesCall,
} from './collections.ts';
import { decidePrivacyRequestCall, privacyRequestCall, privacyRequestsCall } from './privacy.ts';
import { changePasswordCall, meCall, secondFactorCall, secondFactorConfirmCall, secondFactorSetupCall, signInCall, signOutCall } from './session.ts';
import { settingsCall } from './settings.ts';

export const STAFF_CALLS = {
  signInCall,
  secondFactorCall,
  meCall,
  signOutCall,
  changePasswordCall,
  secondFactorSetupCall,
  secondFactorConfirmCall,
  dashboardCall,
  listComplaintsCall,
  getComplaintCall,
  replyToComplaintCall,
  uploadImageCall,
  searchOrdersCall,
  getOrderCall,
  moveOrderCall,
  postPaymentCall,
  listPostingsCall,
  approvePostingCall,
  rejectPostingCall,
  releaseOrderCall,
  listPayoutsCall,
  listPaymentExceptionsCall,
  refundCreditCall,
  trialBalanceCall,
  journalCall,
  exportJournalCall,
  reconciliationCall,
  importReportCall,
  fetchReportCall,
  getReportCall,
  resolveItemCall,
  closeDayCall,
  queueCall,
  collectorsCall,
  assignCall,
  roundRobinCall,
  collectionOrderCall,
  startCallCall,
  callOutcomeCall,
  sendTemplateCall,
  promiseCall,
  hoursConsentCall,
  markDisputeCall,
  resolveDisputeCall,
  templatesCall,
  saveTemplateCall,
  portfolioCall,
  privacyRequestsCall,
  privacyRequestCall,
  decidePrivacyRequestCall,
  searchBorrowersCall,
  getBorrowerCall,
  listStaffCall,
  createStaffCall,
  setStaffRolesCall,
  disableStaffCall,
  enableStaffCall,
  resetStaffCall,
  listAuditCall,
  settingsCall,
} satisfies Record<string, StaffCall>;
