/** Repayment by bank card and by the alternate channel (pay.html; spec section 7: .../service/loan/*). Success code '00'. */
import { z } from 'zod';
import {
  defineCall,
  emptyAnswer,
  flagField,
  idField,
  minorUnits,
  optionalIdField,
  paymentAmountField,
  textField,
  tokenField,
} from './schema.ts';
import {
  VERIFY_CODE_MIN_LENGTH,
  repaymentCommitRoute,
  repaymentConfirmRoute,
  repaymentHuichaoRoute,
  repaymentWayRoute,
} from './routes.ts';

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

export const repaymentWayCall = defineCall(repaymentWayRoute, repaymentWay, 'The borrower\'s bank cards and repayment options for an order.');
export const repaymentCommitCall = defineCall(repaymentCommitRoute, repaymentCommit, 'Starts a card repayment; may ask for a verification code.');
export const repaymentConfirmCall = defineCall(repaymentConfirmRoute, repaymentConfirm, 'Confirms a card repayment with the verification code.');
export const repaymentHuichaoCall = defineCall(repaymentHuichaoRoute, repaymentHuichao, 'Starts an alternate-channel repayment and answers the payment page URL.');
