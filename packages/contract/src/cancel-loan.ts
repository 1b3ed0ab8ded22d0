/**
 * Cancelling a loan in its cooling-off period (issue 23; not in the spec, every call chosen here):
 * whether the order can be cancelled now, until when and for how much, and a pay code for that exit
 * amount through the repayment channels. Screen: /cancelLoan (docs/cancel-loan.md). Success code 0,
 * like the other v3 calls; a loan that cannot be cancelled is refused with the reason as text.
 */
import { z } from 'zod';
import { calendarDate, idField, jumpUrl, minorUnits, paymentAmountField, textRow, tokenField } from './schema.ts';

/** A payment channel the exit amount can be paid at (the repayment screens' over-the-counter channels). */
export const cancelChannel = z.object({ name: z.string(), channelNumber: z.string().describe('sent back as channelNumber') });
export type CancelChannel = z.infer<typeof cancelChannel>;

export const coolingOff = {
  payload: z.object({ orderId: idField('orderId') }),
  answer: z.object({
    orderNo: z.string(),
    /** The last day the borrower may cancel, on the order's market calendar (through its end). */
    lastDay: calendarDate.describe("the last day to cancel (through 23:59 on the order's market calendar)"),
    /** What cancelling costs now, minor units: principal + interest for the days used − already paid. */
    exitAmount: minorUnits.describe('principal + interest for the days used − already paid; sent back as amount'),
    /** The same amount as the screen shows it ('₱5,040.00'). */
    exitAmountText: z.string(),
    principal: minorUnits,
    /** Interest for the days used. */
    interest: minorUnits.describe('interest for the days used'),
    interestDays: z.number().int().positive().describe('lender days used, at least 1'),
    /** Fees kept on cancellation: always 0 (the service fee is waived). */
    fee: minorUnits.describe('always 0: no fee is kept'),
    /** Already paid on the order, taken off the exit amount. */
    paid: minorUnits,
    /** What the exit amount is made of, as label/value rows. */
    rows: z.array(textRow),
    /** One sentence on what cancelling does. */
    notice: z.string(),
    channels: z.array(cancelChannel).min(1).describe('where the exit amount can be paid; the first is preselected'),
  }),
};
export type CoolingOffInfo = z.infer<typeof coolingOff.answer>;

export const cancelPayCode = {
  payload: z.object({
    orderId: idField('orderId'),
    /** The exit amount the screen showed; refused when it is no longer the amount (the day changed). */
    amount: paymentAmountField('amount'),
    channelNumber: tokenField('channelNumber', 32),
  }),
  answer: z.object({
    payUrl: jumpUrl.describe('the page showing the issued pay code (/repaymentOfCode with showType, payCode, payCodeImg, repayAmount), as generate-vcode answers'),
  }),
};
