/**
 * The loan confirmation family: /smpSystem (spec section 7: /v3/loan-confirm/*), its agreements
 * (/v3/contract/*, the loan agreement page /toIs) and the second variant /manyVoting with its
 * obfuscated twins (/gopia/goya/satire, cultures, misunderstood, depush). Success code 0 on the v3
 * calls, '00' on goya. The spec shows few goya payloads; where it shows none, each call takes what its
 * non-obfuscated twin takes (noted per call).
 */
import { z } from 'zod';
import { calendarDate, fixedField, idField, intField, minorUnits, optionalIdField, paymentAmountField, textRow } from './schema.ts';
import { AGREEMENT_SCENE, EXTRA_NUMBER_FIELD, FIXED_EXTRA_NUMBER } from './routes/values.ts';

/** A row of the confirmation Plan list. */
export const confirmPlanRow = z.object({ title: z.string(), description: z.string(), amount: minorUnits, pay_time: calendarDate });
export type ConfirmPlanRow = z.infer<typeof confirmPlanRow>;

/** A finance charge of the cost disclosure. */
export const financeCharge = z.object({ text: z.string(), amount: minorUnits });
/** One payment of the disclosed schedule. */
export const scheduledPayment = z.object({ pay_time: calendarDate, amount: minorUnits });

/** The legal cap on what a capped offer can ever cost (the Philippines, docs/loan-terms.md). */
export const costCap = z.object({
  maxTotalCostMinor: minorUnits.describe('the most the loan can ever cost: interest, fees and late charges together, minor units'),
  lateMonthlyBp: z.number().int().positive().describe('late charges at most this a month of the amount due, pro rata by day, basis points'),
  law: z.string().describe("the rule that sets the cap, e.g. 'SEC MC 3 s2022'"),
});
export type CostCap = z.infer<typeof costCap>;

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
  // Optional: disclosures stored before the caps have none.
  costCap: costCap.nullable().optional().describe('the legal cap of a capped offer; null when no cap covers it'),
  /** Ours (issue 23): the cooling-off right, in words (absent from disclosures confirmed before it was stated). */
  coolingOff: z.string().optional().describe('the cooling-off period and what cancelling costs (principal plus interest for the days used, no fee)'),
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

// ---- agreements ---------------------------------------------------------------------------------

/** An agreement of the list: its title, and the position contract-jump asks for. */
export const agreementItem = z.object({
  title: z.string(),
  position: z.number().int().nonnegative().describe('sent as position to contract-jump'),
});
export type AgreementItem = z.infer<typeof agreementItem>;

/** The list sits under data.data, as the spec says. */
export const agreementList = z.object({ data: z.array(agreementItem).describe('the agreements; none hides the agreement row') });
export type AgreementList = z.infer<typeof agreementList>;

export const contract = {
  payload: z.object({ productId: idField('productId'), scene: fixedField('scene', AGREEMENT_SCENE) }),
  answer: agreementList,
};

export const agreementJump = z.object({
  productId: idField('productId'),
  scene: fixedField('scene', AGREEMENT_SCENE),
  position: intField('position', 0, 999),
  /** Absent before an order exists (loan confirmation). */
  orderId: optionalIdField('orderId'),
  [EXTRA_NUMBER_FIELD]: fixedField(EXTRA_NUMBER_FIELD, FIXED_EXTRA_NUMBER),
});
export type AgreementJumpPayload = z.input<typeof agreementJump>;

export const contractJump = {
  payload: agreementJump,
  answer: z.object({ contract_url: z.string().describe('the agreement page; the page navigates to it') }),
};
export type AgreementLink = z.infer<typeof contractJump.answer>;

/**
 * The loan agreement page (/toIs) asks for the agreement at `position`, filled with the borrower's and
 * the loan's figures: the order's when orderId is given (it must be the borrower's order of that
 * product), otherwise the loan the confirmation screen offers. Not in the spec's section 7 (chosen here).
 */
export const agreementContent = {
  payload: z.object({
    productId: idField('productId'),
    scene: fixedField('scene', AGREEMENT_SCENE),
    position: intField('position', 0, 999),
    orderId: optionalIdField('orderId'),
  }),
  answer: z.object({
    title: z.string(),
    body: z.string().describe('plain text, paragraphs separated by a blank line; shown as text, never as HTML'),
  }),
};
export type AgreementContent = z.infer<typeof agreementContent.answer>;

// ---- the second variant (goya) ---------------------------------------------------------------------

/** The second confirmation variant adds the server's button label and popup message. */
export const newLoanConfirmation = loanConfirmation.extend({
  /** Label of the confirm button. */
  NewButtonMsg: z.string().describe('label of the confirm button'),
  /** Message of the promotional popup shown on load. */
  NewPopMsg: z.string().describe('message of the popup shown on load'),
});
export type NewLoanConfirmation = z.infer<typeof newLoanConfirmation>;

/** satire: "standard parameters" = the product being confirmed (session parameters ride in the query). */
export const goyaLoanConfirm = {
  payload: z.object({ productId: idField('productId') }),
  answer: newLoanConfirmation,
};

/** cultures: the agreements of scene 3, as contract answers them. */
export const goyaAgreements = {
  payload: z.object({ productId: idField('productId'), scene: fixedField('scene', AGREEMENT_SCENE) }),
  answer: agreementList,
};

/** misunderstood: payload not shown; takes contract-jump's and answers its contract_url. */
export const goyaAgreementJump = {
  payload: agreementJump,
  answer: contractJump.answer,
};

/** depush: payload not shown; takes loan-detail-push's and answers the next URL the same way. */
export const goyaLoanSubmit = {
  payload: loanSubmission,
  answer: loanDetailPush.answer,
};
