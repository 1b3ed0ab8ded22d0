/**
 * The borrower's records (issue 22; not in the spec, every call chosen here): an order's payment
 * history, the receipt of one payment, the order's documents, and each of them as a PDF the server
 * makes from stored facts. Screens: /paymentHistory, /paymentReceipt, /loanDocuments (docs/records.md).
 * Success code 0, like the other v3 calls.
 */
import { z } from 'zod';
import { calendarDate, dateTime, idField, minorUnits } from './schema.ts';
import { RECORD_DOCUMENT_PATTERN } from './routes/values.ts';

/** How one payment was applied: the parts add up to the payment's amount. */
export const paymentAllocation = z.object({
  lateCharges: minorUnits.describe('late interest, the late penalty and rollover fees paid by this payment'),
  interest: minorUnits,
  serviceFee: minorUnits,
  principal: minorUnits,
  /** Received beyond everything the order owed (held as the borrower's credit). */
  unapplied: minorUnits,
});
export type PaymentAllocation = z.infer<typeof paymentAllocation>;

export const paymentRecord = z.object({
  /** The payment's id (for the receipt); null while the payment is pending. */
  paymentId: z.number().int().positive().nullable().describe('null while pending (no receipt yet)'),
  status: z.enum(['paid', 'pending']).describe("'pending': the payment partner has not confirmed it yet"),
  /** When the money was applied (pending: when the payment started), lender time. */
  paidAt: dateTime,
  /** The channel's name as the repayment screens show it ('Bank card', '7-Eleven', …). */
  channel: z.string(),
  /** The pay code, or 'Card ending 1234' for a card payment. */
  reference: z.string(),
  /** What the payment was: 'Repayment', 'Rollover payment' or 'Cooling-off cancellation' (issue 23: a cancel payment that closed the loan). */
  paidFor: z.string().describe("'Repayment', 'Rollover payment' or 'Cooling-off cancellation'"),
  amount: minorUnits,
  /** Null while pending. */
  allocation: paymentAllocation.nullable(),
});
export type PaymentRecord = z.infer<typeof paymentRecord>;

export const paymentHistory = {
  payload: z.object({ orderId: idField('orderId') }),
  answer: z.object({
    orderNo: z.string(),
    /** Newest first. */
    payments: z.array(paymentRecord),
    /** The next due date and what is due then; '' and 0 when nothing is open (settled, or not disbursed). */
    nextDueDate: z.union([calendarDate, z.literal('')]),
    nextDueAmount: minorUnits,
  }),
};
export type PaymentHistory = z.infer<typeof paymentHistory.answer>;

export const receipt = {
  payload: z.object({ orderId: idField('orderId'), paymentId: idField('paymentId') }),
  answer: z.object({
    /** The lender as the site's footer names it (COMPANY_* settings). */
    lenderName: z.string(),
    secRegistrationNo: z.string(),
    certificateOfAuthorityNo: z.string(),
    /** The borrower's phone with all but the last 4 digits masked. */
    maskedPhone: z.string(),
    orderNo: z.string(),
    paymentId: z.number().int().positive(),
    reference: z.string(),
    channel: z.string(),
    paidAt: dateTime,
    amount: minorUnits,
    allocation: paymentAllocation,
    /** What the order still owed right after this payment. */
    balanceAfter: minorUnits,
  }),
};
export type Receipt = z.infer<typeof receipt.answer>;

/**
 * A document of an order: 'disclosure' (the Disclosure Statement, or the Key Fact Statement for
 * real=1) and 'agreement-<position>' as confirmed; 'schedule'; 'statement'; 'certificate' once settled.
 */
export const recordDocument = z.object({
  document: z.string().regex(RECORD_DOCUMENT_PATTERN).describe('the document key sent to record-pdf'),
  title: z.string(),
  /** The PDF's file name, e.g. 'statement-PN2026112700001.pdf'. */
  fileName: z.string(),
});
export type RecordDocument = z.infer<typeof recordDocument>;

export const documents = {
  payload: z.object({ orderId: idField('orderId') }),
  answer: z.object({ orderNo: z.string(), documents: z.array(recordDocument) }),
};
export type OrderDocuments = z.infer<typeof documents.answer>;

export const recordPdf = {
  payload: z.object({
    orderId: idField('orderId'),
    document: z
      .string({ error: 'document is required' })
      .regex(RECORD_DOCUMENT_PATTERN, { error: 'document must be receipt, disclosure, agreement-<position>, schedule, statement or certificate' }),
    /** Required for document=receipt. */
    paymentId: idField('paymentId').optional(),
  }),
  answer: z.instanceof(Uint8Array).describe('the PDF itself (application/pdf, an attachment), not an envelope'),
};
