/**
 * Payment exceptions, for finance: money the payment provider received that was not applied as it
 * came (an amount other than the pay code's, a code paid before, an order no longer being repaid, a
 * reference we never issued). What was received is held as the borrower's credit until finance resolves it.
 */
import { z } from 'zod';
import { defineStaffCall, isoDateTime, pageFields, pageOf } from './common.ts';

export const PAYMENT_EXCEPTION_KINDS = ['amount_mismatch', 'already_paid', 'order_closed', 'unknown_reference'] as const;
export type PaymentExceptionKind = (typeof PAYMENT_EXCEPTION_KINDS)[number];
/** Each kind in words, as finance reads it. */
export const PAYMENT_EXCEPTION_KIND_TITLES: Record<PaymentExceptionKind, string> = {
  amount_mismatch: 'Amount differs from the pay code',
  already_paid: 'Pay code paid before',
  order_closed: 'Order no longer being repaid',
  unknown_reference: 'Unknown reference',
};

export const staffPaymentException = z.object({
  id: z.number().int().positive(),
  kind: z.enum(PAYMENT_EXCEPTION_KINDS),
  provider: z.string().describe("the payment provider that received the money, e.g. 'dragonpay'"),
  txnId: z.string().describe("the provider's transaction id (our pay code's txnid)"),
  refNo: z.string().describe("the provider's reference of the payment"),
  orderId: z.number().int().positive().nullable().describe('null when the reference is not a pay code of ours'),
  orderNo: z.string().nullable().describe('null when the reference is not a pay code of ours'),
  borrowerId: z.number().int().positive().nullable(),
  receivedMinor: z.number().int().describe("what the provider received, held as the borrower's credit"),
  expectedMinor: z.number().int().nullable().describe("the pay code's amount (null when there is no pay code)"),
  detail: z.string(),
  createdAt: isoDateTime,
});
export type StaffPaymentException = z.infer<typeof staffPaymentException>;

export const listPaymentExceptionsCall = defineStaffCall(
  { method: 'GET', path: '/payment-exceptions', access: { roles: ['finance'] } },
  {
    input: z.object({
      kind: z.enum(PAYMENT_EXCEPTION_KINDS, { error: `kind must be one of ${PAYMENT_EXCEPTION_KINDS.join(', ')}` }).optional(),
      ...pageFields,
    }),
    answer: pageOf(staffPaymentException),
  },
  'Money the payment provider received that was not applied as it came, newest first, by kind.',
);
