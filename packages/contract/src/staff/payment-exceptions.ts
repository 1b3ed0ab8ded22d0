/**
 * Payment exceptions, for finance: money that was not applied as it came (an amount other than the pay
 * code's, a code paid before, an order no longer being repaid, a reference we never issued: all of it
 * held), and the part of a payment beyond what its order owed (an overpayment: what was owed was
 * applied, the rest held). What is held is the borrower's credit until finance resolves it.
 */
import { z } from 'zod';
import { defineStaffCall, isoDateTime, pageFields, pageOf, staffId } from './common.ts';

export const PAYMENT_EXCEPTION_KINDS = ['amount_mismatch', 'already_paid', 'order_closed', 'unknown_reference', 'overpayment'] as const;
export type PaymentExceptionKind = (typeof PAYMENT_EXCEPTION_KINDS)[number];
/** Each kind in words, as finance reads it. */
export const PAYMENT_EXCEPTION_KIND_TITLES: Record<PaymentExceptionKind, string> = {
  amount_mismatch: 'Amount differs from the pay code',
  already_paid: 'Pay code paid before',
  order_closed: 'Order no longer being repaid',
  unknown_reference: 'Unknown reference',
  overpayment: 'Paid more than owed',
};

export const staffPaymentException = z.object({
  id: z.number().int().positive(),
  kind: z.enum(PAYMENT_EXCEPTION_KINDS),
  provider: z.string().describe("who received the money, e.g. 'dragonpay' ('posted' for finance's posting; an overpayment names its payment's reference as source:reference)"),
  txnId: z.string().describe("the provider's transaction id (our pay code's txnid)"),
  refNo: z.string().describe("the provider's reference of the payment"),
  orderId: z.number().int().positive().nullable().describe('null when the reference is not a pay code of ours'),
  orderNo: z.string().nullable().describe('null when the reference is not a pay code of ours'),
  borrowerId: z.number().int().positive().nullable(),
  receivedMinor: z.number().int().describe('everything that arrived'),
  expectedMinor: z
    .number()
    .int()
    .nullable()
    .describe("the pay code's amount (null when there is no pay code); for an overpayment, what the order owed when the money arrived, which was applied"),
  heldMinor: z.number().int().describe("held as the borrower's credit: everything received, or for an overpayment the part beyond what was owed"),
  paymentId: z.number().int().positive().nullable().describe('the payment that applied what was owed (an overpayment); null for the other kinds'),
  detail: z.string(),
  createdAt: isoDateTime,
  refund: z
    .object({ reference: z.string(), refundedBy: z.string(), refundedAt: isoDateTime })
    .nullable()
    .describe("the credit paid back to the borrower from the lender's bank (finance's refund), else null"),
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
  'Money that was not applied as it came, and the part of payments beyond what their order owed, newest first, by kind.',
);

export const refundCreditCall = defineStaffCall(
  { method: 'POST', path: '/payment-exceptions/:id/refund', access: { roles: ['finance'] }, audit: 'payment-exception.refund' },
  {
    input: z.object({
      id: staffId('id'),
      reference: z
        .string({ error: "reference must be the bank transfer's reference" })
        .trim()
        .min(3, { error: "reference must be the bank transfer's reference (at least 3 characters)" })
        .max(64, { error: 'reference must be at most 64 characters' }),
    }),
    answer: staffPaymentException,
  },
  "Records that the credit held by an exception was paid back to the borrower from the lender's bank, under the transfer's reference, and books it (borrowers' credits to cash at bank). Once per exception.",
);
