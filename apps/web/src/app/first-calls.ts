/**
 * The calls each server-rendered route's first screen makes, as its feature's api.ts declares them
 * (shared/http/first-answers.ts). Only the server renderer reads this table: beside routes.tsx,
 * which every route's code loads, it would carry every feature's api.ts into the entry chunk.
 * A route the server renders and this table forgets fails entries/server-render.test.tsx.
 */
import type { FirstCalls } from '../shared/http/first-answers.ts';
import { firstCalls as site } from '../features/site/api.ts';
import { firstCalls as order } from '../features/order-details/api.ts';
import { firstCalls as confirmation } from '../features/loan-confirmation/api.ts';
import { firstCalls as repayment } from '../features/repayment/api.ts';
import { firstCalls as customerService } from '../features/customer-service/api.ts';
import { firstCalls as complaints } from '../features/complaints/api.ts';
import { firstCalls as bindBank } from '../features/bind-bank/api.ts';
import { firstCalls as records } from '../features/records/api.ts';
import { firstCalls as cancelLoan } from '../features/cancel-loan/api.ts';
import { firstCalls as myData } from '../features/my-data/api.ts';
import { firstCalls as promotion } from '../features/promotion/api.ts';
import {
  ABOUT_US_PATH,
  AGREEMENT_TEMPLATE_PATH,
  BIND_BANK_PATH,
  BORROW_DETAIL_PATH,
  CANCEL_LOAN_PATH,
  CARD_REPAYMENT_PATH,
  CHOOSE_CARD_PATH,
  COMPLAINT_DETAILS_PATH,
  COMPLAINT_ENTRY_PATH,
  COMPLAINT_FORM_PATH,
  COMPLAINT_LIST_PATH,
  COMPLAINT_START_PATH,
  CUSTOMER_SERVICE_PATH,
  DOWNLOAD_TEMPLATE_PATH,
  LOAN_AGREEMENT_PATH,
  LOAN_CONFIRMATION_PATH,
  LOAN_DOCUMENTS_PATH,
  LOGIN_FAILURE_PATH,
  MY_DATA_PATH,
  NEW_LOAN_CONFIRMATION_PATH,
  OFFICIAL_SITE_PATH,
  ORDER_DETAILS_PATH,
  ORDER_PATH,
  PAYMENT_HISTORY_PATH,
  PAYMENT_INSTRUCTIONS_PATH,
  PAYMENT_RECEIPT_PATH,
  PRIVACY_POLICY_PATH,
  REPAYMENT_BY_CODE_PATH,
  REPAYMENT_BY_PERIOD_PATH,
  REPAY_PATH,
  ROLLOVER_PATH,
  TEST_PREVIEW_PATH,
} from '../shared/navigation/screen-paths.ts';

/** A first screen drawn from its address alone (the pay code, the instructions, the preview's form). */
const NOTHING: FirstCalls = () => [];

/** By path: the main app's path routes (the card screens among them), and promo.html's landing. */
export const FIRST_CALLS: Record<string, FirstCalls> = {
  [OFFICIAL_SITE_PATH]: site.site,
  [ABOUT_US_PATH]: site.site,
  [PRIVACY_POLICY_PATH]: site.site,
  [LOGIN_FAILURE_PATH]: order.loginFailure,
  [ORDER_DETAILS_PATH]: order.order,
  [ORDER_PATH]: order.order,
  [LOAN_CONFIRMATION_PATH]: confirmation.v3,
  [NEW_LOAN_CONFIRMATION_PATH]: confirmation.second,
  [LOAN_AGREEMENT_PATH]: confirmation.agreement,
  [REPAYMENT_BY_PERIOD_PATH]: repayment.plan,
  [REPAY_PATH]: repayment.plan,
  [ROLLOVER_PATH]: repayment.rollover,
  [REPAYMENT_BY_CODE_PATH]: NOTHING,
  [PAYMENT_INSTRUCTIONS_PATH]: NOTHING,
  [CUSTOMER_SERVICE_PATH]: customerService.contact,
  [COMPLAINT_ENTRY_PATH]: complaints.start,
  [COMPLAINT_START_PATH]: complaints.start,
  [COMPLAINT_LIST_PATH]: complaints.list,
  [COMPLAINT_DETAILS_PATH]: complaints.details,
  [COMPLAINT_FORM_PATH]: complaints.form,
  [BIND_BANK_PATH]: bindBank.bank,
  [TEST_PREVIEW_PATH]: NOTHING,
  [PAYMENT_HISTORY_PATH]: records.history,
  [PAYMENT_RECEIPT_PATH]: records.receipt,
  [LOAN_DOCUMENTS_PATH]: records.documents,
  [CANCEL_LOAN_PATH]: cancelLoan.cancel,
  [MY_DATA_PATH]: myData.myData,
  [BORROW_DETAIL_PATH]: repayment.borrowDetail,
  [CHOOSE_CARD_PATH]: repayment.cards,
  [CARD_REPAYMENT_PATH]: repayment.cards,
  [DOWNLOAD_TEMPLATE_PATH]: promotion.landing,
  [AGREEMENT_TEMPLATE_PATH]: promotion.landing,
};
