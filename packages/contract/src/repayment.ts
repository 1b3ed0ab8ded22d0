/**
 * The repayment family: what a repayment screen shows (spec section 3, Repayment info: the plan
 * repayment /v3/installment/loan-play-detail for /allowedAlso and the rollover /story/inherited for
 * /votingCandidates; the web keeps the answer in local storage for /repaymentOfCode2), pay codes
 * (/v3/loan-details/generate-vcode), and repayment by bank card and by the alternate channel (pay.html;
 * .../service/loan/*, success code '00').
 */
import { z } from 'zod';
import {
  calendarDate,
  emptyAnswer,
  fixedField,
  flagField,
  idField,
  jumpUrl,
  minorUnits,
  optionalIdField,
  paymentAmountField,
  textField,
  textRow,
  tokenField,
} from './schema.ts';
import { ROLLOVER_FLAG, VERIFY_CODE_MIN_LENGTH } from './routes/values.ts';

/** A payment channel of the Payment Method popup. */
export const payChannel = z.object({
  name: z.string(),
  logo: z.string(),
  /** Sent as channelNumber to generate-vcode. */
  channel_number: z.string().describe('sent as channelNumber to generate-vcode'),
});
export type PayChannel = z.infer<typeof payChannel>;

/** A payment instruction: a name and its steps. */
export const payInstruction = z.object({ name: z.string(), steps: z.array(z.string()) });
export type PayInstruction = z.infer<typeof payInstruction>;

/** The default (first) channel: its pay code, if one was issued, and its grouped instructions. */
export const defaultChannelDetail = z.object({
  /** '' when no pay code has been issued: the pay-code card is hidden then. */
  payCode: z.string().describe("'' = no pay code: the pay-code card is hidden"),
  logo: z.string(),
  title: z.string(),
  /** Group title → instructions, in display order. */
  payNotice: z.record(z.string(), z.array(payInstruction)).describe('group title → instructions, in display order'),
});
export type DefaultChannelDetail = z.infer<typeof defaultChannelDetail>;

/** A row of the rollover Plan list. */
export const repayPlanRow = z.object({ remark: z.string(), title: z.string(), amount: minorUnits, time: calendarDate });
export type RepayPlanRow = z.infer<typeof repayPlanRow>;

const shared = {
  productName: z.string(),
  productLogo: z.string(),
  /** The date the next payment is due. */
  repayDate: calendarDate,
  noticeMsg: z.string(),
  repayList: z.array(payChannel).min(1).describe('payment channels; the first is preselected'),
  defDetail: defaultChannelDetail,
  /** 1: show the instruction image linking to the instructions page. */
  isShowReyTop: z.number().int().describe('1 = show the instruction image'),
};

export const loanPlayDetail = {
  payload: z.object({ productId: idField('productId'), orderId: idField('orderId') }),
  answer: z.object({
    ...shared,
    repayAmount: minorUnits.describe('the amount due now, minor units'),
    /** Label/value rows; the screen shows the first 2 until 'more'. */
    detail: z.array(textRow),
  }),
};
export type RepaymentPlanInfo = z.infer<typeof loanPlayDetail.answer>;

export const rolloverInfo = {
  payload: z.object({ productId: idField('productId'), orderId: idField('orderId') }),
  answer: z.object({
    ...shared,
    /** The rollover fee and its title. */
    delayInfo: z.object({ delayAmount: minorUnits.describe('the rollover fee, minor units'), title: z.string() }),
    repayPlan: z.array(repayPlanRow),
  }),
};
export type RolloverInfo = z.infer<typeof rolloverInfo.answer>;

/** What the web stores for the repayment code screen: either answer, with the fields of both optional beyond the shared ones. */
export type RepaymentInfo = Omit<RepaymentPlanInfo, 'repayAmount' | 'detail'> &
  Partial<Pick<RepaymentPlanInfo, 'repayAmount' | 'detail'>> &
  Partial<Pick<RolloverInfo, 'delayInfo' | 'repayPlan'>>;

// ---- pay codes ----------------------------------------------------------------------------------

export const generateVcode = {
  payload: z.object({
    productId: idField('productId'),
    orderId: idField('orderId'),
    amount: paymentAmountField('amount'),
    channelNumber: tokenField('channelNumber', 32),
    /** '1' for a rollover pay code; absent for an ordinary repayment. */
    isDelay: fixedField('isDelay', ROLLOVER_FLAG).optional(),
  }),
  answer: z.object({
    payUrl: jumpUrl.describe('the page showing the issued pay code (here /repaymentOfCode with showType, payCode, payCodeImg, repayAmount); the page navigates to it'),
  }),
};

/**
 * Not in the spec (chosen here, issue 21): UPI for Indian orders (real=1). Issues a pay code on the
 * internal UPI channel and answers the upi://pay link paying the lender's own collection account;
 * the page hands it to the host app (bridge openUpiApp) and shows it as a QR for a second phone.
 */
export const upiPay = {
  payload: z.object({
    productId: idField('productId'),
    orderId: idField('orderId'),
    amount: paymentAmountField('amount'),
    /** '1' for a rollover; absent for an ordinary repayment. */
    isDelay: fixedField('isDelay', ROLLOVER_FLAG).optional(),
  }),
  answer: z.object({
    upiUrl: z.string().describe('upi://pay?pa=…&pn=…&am=…&cu=INR&tr=<payCode>&tn=… (NPCI UPI linking); handed to the host app only, never opened by the page'),
    qrImg: z.string().describe('a PNG of the same link as a QR, a path on this server'),
    payCode: z.string().describe('the reference (tr) the payment is booked on'),
    repayAmount: minorUnits.describe('the amount of the link, minor units (paise)'),
  }),
};
export type UpiPayment = z.infer<typeof upiPay.answer>;

// ---- by bank card and by the alternate channel ------------------------------------------------------

export const bankCard = z.object({
  id: z.number().int().positive().describe('sent back as cardId'),
  bankName: z.string(),
  /** Masked: only the last 4 digits are real. */
  cardNo: z.string().describe('masked card number'),
  bankCode: z.string(),
});
export type BankCard = z.infer<typeof bankCard>;

export const repaymentWay = {
  payload: z.object({ orderId: idField('orderId') }),
  answer: z.object({
    /** 1: the alternate (hosted payment page) channel is offered, #/alipayrepayment. */
    alipay: z.number().int().describe('1 = the alternate-channel repayment (repayment-huichao) is offered'),
    /** One-time token repayment-commit must carry, so a stale screen cannot pay twice. */
    repayToken: z.string().describe('one-time token to send with repayment-commit'),
    bankCards: z.array(bankCard),
    /** Not in the spec (chosen here): what the borrower owes now, so the page never works an amount out itself. */
    repayAmount: minorUnits.describe('the amount due now, sent back as amount (name chosen here)'),
  }),
};
export type RepaymentWays = z.infer<typeof repaymentWay.answer>;

export const repaymentCommit = {
  payload: z.object({
    amount: paymentAmountField('amount'),
    bankName: textField('bankName', 100),
    cardId: idField('cardId'),
    cardNo: textField('cardNo', 40),
    /** '' or absent: no coupon. */
    couponId: optionalIdField('couponId'),
    orderId: idField('orderId'),
    repayToken: tokenField('repayToken'),
    bankCode: tokenField('bankCode', 32),
    /** 1: send the verification code by SMS now. */
    sendMsg: flagField('sendMsg'),
  }),
  answer: z.object({
    /** 1: the verification step opens (60 s resend countdown); 0: done, go to the borrow detail page. */
    needValid: z.number().int().describe('1 = ask for the verification code (repayment-confirm)'),
    repayRecordId: z.number().int().positive().describe('sent back as repaymentRecordId'),
  }),
};
export type RepaymentCommitPayload = z.input<typeof repaymentCommit.payload>;
export type RepaymentCommitResult = z.infer<typeof repaymentCommit.answer>;

export const repaymentConfirm = {
  payload: z.object({
    orderId: idField('orderId'),
    verifyCode: z
      .string({ error: 'verifyCode is required' })
      .trim()
      .min(VERIFY_CODE_MIN_LENGTH, { error: `verifyCode must be at least ${VERIFY_CODE_MIN_LENGTH} characters` })
      .max(12, { error: 'verifyCode must be at most 12 characters' }),
    repaymentRecordId: idField('repaymentRecordId'),
  }),
  /** Not shown in the spec: success is the code alone (wrong code 800006, repeated request 800005, repayment closed after its 5th wrong code 800007). */
  answer: emptyAnswer,
};

export const repaymentHuichao = {
  payload: z.object({ userId: tokenField('userId', 64), orderId: idField('orderId'), amount: paymentAmountField('amount') }),
  answer: z.object({ url: z.string().describe('the payment page to redirect to') }),
};

/**
 * Where the payment provider posts its notifications (Dragonpay's postback URL, set in its merchant
 * settings): GET or POST with txnid, refno, status, message and digest; answered `result=OK`.
 */
export const PROVIDER_POSTBACK_PATH = '/api/v1/payments/dragonpay/postback';
