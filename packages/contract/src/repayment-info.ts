/**
 * What a repayment screen shows (spec section 3, Repayment info): the plan repayment
 * (/v3/installment/loan-play-detail, /allowedAlso) and the rollover repayment (/story/inherited,
 * /votingCandidates). The web keeps the answer in local storage for /repaymentOfCode2.
 */
import { z } from 'zod';
import { calendarDate, defineCall, idField, minorUnits, textRow } from './schema.ts';
import { loanPlayDetailRoute, rolloverInfoRoute } from './routes.ts';

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

export const loanPlayDetailCall = defineCall(loanPlayDetailRoute, loanPlayDetail, 'What the repayment-by-plan screen shows: amount due, date, details, channels.');
export const rolloverInfoCall = defineCall(rolloverInfoRoute, rolloverInfo, 'What the rollover (delay) repayment screen shows: fee, new plan, channels.');
