/** Loan confirmation /smpSystem (spec section 7: /v3/loan-confirm/*). */
import { z } from 'zod';
import { calendarDate, defineCall, fixedField, idField, intField, minorUnits, paymentAmountField, textRow } from './schema.ts';
import { EXTRA_NUMBER_FIELD, FIXED_EXTRA_NUMBER, loanDetailConfirmRoute, loanDetailPushRoute } from './routes.ts';

/** A row of the confirmation Plan list. */
export const confirmPlanRow = z.object({ title: z.string(), description: z.string(), amount: minorUnits, pay_time: calendarDate });
export type ConfirmPlanRow = z.infer<typeof confirmPlanRow>;

/** A finance charge of the cost disclosure. */
export const financeCharge = z.object({ text: z.string(), amount: minorUnits });
/** One payment of the disclosed schedule. */
export const scheduledPayment = z.object({ pay_time: calendarDate, amount: minorUnits });

/**
 * The true cost of the loan before signing (chosen here; not in the spec): the Philippine Truth in
 * Lending disclosure, and with real=1 the Indian Key Fact Statement's annual percentage rate. Every
 * figure comes from the server's loan-terms module and the same plan as repay_plans.
 */
export const costDisclosure = z.object({
  title: z.string().describe("'Disclosure Statement' (Truth in Lending), or 'Key Fact Statement' when real=1"),
  amountFinanced: minorUnits.describe('the principal, minor units'),
  financeCharges: z.array(financeCharge).describe('interest and service fee for the whole term'),
  totalFinanceCharge: minorUnits,
  netProceeds: minorUnits.describe('what reaches the borrower: the amount financed less charges deducted at disbursement'),
  totalOfPayments: minorUnits,
  schedule: z.array(scheduledPayment).describe('the payment schedule (the plan)'),
  eirMonthlyBp: z.number().int().nonnegative().describe('effective interest rate per month, compounded, in basis points (0.01 %)'),
  eirAnnualBp: z.number().int().nonnegative().describe('effective interest rate per year, compounded, in basis points'),
  aprBp: z.number().int().nonnegative().nullable().describe('annual percentage rate of the Key Fact Statement, basis points; null unless real=1'),
});
export type CostDisclosure = z.infer<typeof costDisclosure>;

/** Loan confirmation data (spec section 3). */
export const loanConfirmation = z.object({
  amount: minorUnits.describe('loan amount, minor units'),
  periods: z.number().int().positive().describe('the loan term, counted in termUnit'),
  /** The unit of the term; the screens show the period in days (1 = day). */
  termUnit: z.number().int().describe('1 = days'),
  details: z.array(textRow),
  repay_plans: z.array(confirmPlanRow),
  firstPayTime: calendarDate,
  /** Days until the first payment. */
  firstPeriodDay: z.number().int().nonnegative(),
  pRateDsc: z.string().describe('rate description'),
  sendSms: z.number().int().describe('1 = an SMS is sent on submit'),
  /** 1: on iOS the back action opens the 'Point out' popup. */
  isPopType: z.number().int().describe("1 = iOS back opens the 'Point out' popup"),
  popContent: z.string(),
  popTitle: z.string(),
  /** Non-empty: show the loan-agreement modal with this page embedded. */
  popAgreementUrl: z.string().describe("'' = no agreement modal"),
  comProductLogo: z.string(),
  comProductName: z.string(),
  disclosure: costDisclosure.describe('the cost of the loan (name chosen here)'),
});
export type LoanConfirmation = z.infer<typeof loanConfirmation>;

export const loanDetailConfirm = {
  payload: z.object({ productId: idField('productId') }),
  answer: loanConfirmation,
};

/** Submitting the loan: the terms shown, sent back. */
export const loanSubmission = z.object({
  amount: paymentAmountField('amount'),
  periods: intField('periods', 1, 365),
  termUnit: intField('termUnit', 1, 9),
  productId: idField('productId'),
  [EXTRA_NUMBER_FIELD]: fixedField(EXTRA_NUMBER_FIELD, FIXED_EXTRA_NUMBER),
});
export type LoanSubmission = z.input<typeof loanSubmission>;

export const loanDetailPush = {
  payload: loanSubmission,
  answer: z.object({ lendDetailsUrl: z.string().describe('the page to replace the location with (plus carried parameters and from=confirm)') }),
};

export const loanDetailConfirmCall = defineCall(loanDetailConfirmRoute, loanDetailConfirm, 'What the loan confirmation screen shows for a product.');
export const loanDetailPushCall = defineCall(loanDetailPushRoute, loanDetailPush, 'Submits the loan as confirmed and answers the page to go to next.');
