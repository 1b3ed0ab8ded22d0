/**
 * Orders for staff: search, one order whole (plan, ledger, pay codes, what the borrower confirmed), and
 * finance's moves and postings, with the postings above POSTING_APPROVAL_ABOVE_MINOR that wait for a
 * second finance user (maker-checker).
 */
import { z } from 'zod';
import { costDisclosure } from '../loan-confirmation.ts';
import { PAGE_LANGS } from '../i18n.ts';
import { ORDER_STATUS, ORDER_STATUSES } from '../routes.ts';
import { amountMinorField, defineStaffCall, isoDateTime, pageFields, pageOf, staffId } from './common.ts';

const status = z.union(ORDER_STATUSES.map((s) => z.literal(s)) as [z.ZodLiteral<number>, ...z.ZodLiteral<number>[]]);

export const staffOrderListItem = z.object({
  id: z.number().int().positive(),
  orderNo: z.string(),
  borrowerId: z.number().int().positive(),
  borrowerName: z.string(),
  mobilePhone: z.string(),
  productName: z.string(),
  principalMinor: z.number().int(),
  status: status.describe('the stored status'),
  shownStatus: status.describe('the status the borrower sees today (the clock moves 170 → 174 → 180)'),
  createdAt: isoDateTime,
  dueAt: isoDateTime.nullable(),
});
export type StaffOrderListItem = z.infer<typeof staffOrderListItem>;

/** One line of the ledger: a charge the order owes, or money received and how it was applied. */
export const staffLedgerLine = z.object({
  at: isoDateTime,
  kind: z
    .enum(['loan', 'payment', 'late-charges-accrued', 'waived', 'credit-held', 'pay-code-voided'])
    .describe(
      "'waived': the interest for the unused days and the service fee of a loan cancelled in its cooling-off period (negative); 'credit-held': the part of the payment before it beyond what was owed, held as the borrower's credit (a payment exception), which takes nothing off what is owed (positive, undoing that part of the payment's line); 'pay-code-voided': an open pay code voided by the payment that settled or cancelled the order, and what the provider answered (0)",
    ),
  description: z.string(),
  /** What the line adds to (a charge) or takes off (a payment) what is owed. */
  amountMinor: z.number().int(),
  reference: z.string().describe("a payment's reference ('' for a charge)"),
  channel: z.string().describe("the channel a payment came through ('' for a charge)"),
  applied: z
    .object({
      bookedChargesMinor: z.number().int().describe('late charges and fees this payment booked'),
      toChargesMinor: z.number().int(),
      toInstalmentsMinor: z.number().int(),
      unappliedMinor: z.number().int().describe('received beyond what was owed'),
      outcome: z.string(),
    })
    .nullable(),
});

export const staffPayCodeView = z.object({
  code: z.string(),
  channelNumber: z.string(),
  channelName: z.string(),
  purpose: z.enum(['repay', 'rollover', 'cancel']).describe("'cancel': the cooling-off exit amount (docs/cancel-loan.md)"),
  amountMinor: z.number().int(),
  status: z.enum(['live', 'pending', 'paid', 'expired', 'failed', 'voided']).describe('pending: paid at the provider, waiting for its confirmation'),
  createdAt: isoDateTime,
  expiresAt: isoDateTime,
  paidAt: isoDateTime.nullable(),
  voided: z
    .object({
      at: isoDateTime,
      reason: z.string().describe('which payment voided it, and what that payment did'),
      atProvider: z.enum(['not asked', 'done', 'refused', 'not supported', 'failed']).describe("the provider's answer when asked to void it too"),
      detail: z.string().describe("the provider's words for a refusal or a failure ('' otherwise)"),
    })
    .nullable()
    .describe('set when a payment or posting that settled or cancelled the order voided this code; null otherwise (a code the provider voided itself has status voided and this null)'),
});

export const PAYMENT_METHODS = ['counter', 'bank-transfer'] as const;
export const PAYMENT_METHOD_TITLES: Record<(typeof PAYMENT_METHODS)[number], string> = { counter: 'Counter payment', 'bank-transfer': 'Bank transfer' };

/** A posting above the threshold waits ('pending') until a second finance user approves it (the payment is applied then) or rejects it. */
export const POSTING_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type PostingStatus = (typeof POSTING_STATUSES)[number];
export const POSTING_STATUS_TITLES: Record<PostingStatus, string> = { pending: 'Awaiting approval', approved: 'Approved and applied', rejected: 'Rejected' };

const staffMember = z.object({ id: z.number().int().positive(), name: z.string(), email: z.string() });

/** A posting that needed a second finance user: who posted it (the maker), who decided (the checker), and what came of it. */
export const staffPosting = z.object({
  id: z.number().int().positive(),
  orderId: z.number().int().positive(),
  orderNo: z.string(),
  amountMinor: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string(),
  status: z.enum(POSTING_STATUSES),
  postedBy: staffMember.describe('the maker: the finance user who posted it'),
  postedAt: isoDateTime,
  decidedBy: staffMember.nullable().describe('the checker: the other finance user who approved or rejected it'),
  decidedAt: isoDateTime.nullable(),
  reason: z.string().nullable().describe('why it was rejected'),
  paymentId: z.number().int().positive().nullable().describe('the payment applied when it was approved'),
});
export type StaffPosting = z.infer<typeof staffPosting>;

export const PAYOUT_STATUSES = ['processing', 'paid', 'failed', 'reversed'] as const;
export type StaffPayoutStatus = (typeof PAYOUT_STATUSES)[number];
export const PAYOUT_STATUS_TITLES: Record<StaffPayoutStatus, string> = { processing: 'On its way', paid: 'Arrived', failed: 'Refused', reversed: 'Returned by the bank' };

/** One payout attempt of an order's net proceeds to the borrower's bound account (issue 36). */
export const staffPayout = z.object({
  id: z.number().int().positive(),
  orderId: z.number().int().positive(),
  orderNo: z.string(),
  attempt: z.number().int().positive(),
  reference: z.string().describe('our idempotency key at the provider: PO-<order no>-<attempt>'),
  provider: z.string(),
  currency: z.enum(['PHP', 'INR']),
  amountMinor: z.number().int(),
  account: z.object({ bankName: z.string(), last4: z.string() }),
  status: z.enum(PAYOUT_STATUSES),
  providerRef: z.string().nullable(),
  failureKind: z.string().nullable().describe('account_closed, account_invalid, name_mismatch, limit_exceeded, bank_unavailable or other'),
  failureReason: z.string().nullable().describe("the provider's own words"),
  approvedBy: z.object({ id: z.number().int(), name: z.string() }).nullable().describe('who approved the order (null: approved by the dev API)'),
  releasedBy: z.object({ id: z.number().int(), name: z.string() }),
  releasedAt: isoDateTime,
  paidAt: isoDateTime.nullable().describe('when the money arrived, as the provider said; the plan is dated from it'),
  reversedAt: isoDateTime.nullable(),
});
export type StaffPayout = z.infer<typeof staffPayout>;

/** The moves finance may make from the order's status (docs/statuses.md). */
export const staffOrderMove = z.object({ to: status, title: z.string() });

export const staffOrderView = z.object({
  order: staffOrderListItem.extend({
    productId: z.number().int().positive(),
    interestMinor: z.number().int(),
    feeMinor: z.number().int(),
    termDays: z.number().int(),
    periods: z.number().int(),
    disbursedAt: isoDateTime.nullable(),
    settledAt: isoDateTime.nullable(),
    paidMinor: z.number().int(),
    owedNowMinor: z.number().int().describe('everything owed today, late charges included'),
    statusMeaning: z.string(),
  }),
  plan: z.array(z.object({ seq: z.number().int(), dueAt: isoDateTime, amountMinor: z.number().int(), paidMinor: z.number().int(), settledAt: isoDateTime.nullable() })),
  ledger: z.array(staffLedgerLine),
  payCodes: z.array(staffPayCodeView),
  /** What the borrower confirmed: the disclosure of the offer the order was made from, and its agreements with the order's figures. */
  confirmed: z.object({
    lang: z.enum(PAGE_LANGS).describe("the language the borrower confirmed in: the stored disclosure is in it (docs/i18n.md; 'qps', the pseudo-locale, only on a server outside production)"),
    disclosure: costDisclosure.nullable(),
    agreements: z.array(
      z.object({
        position: z.number().int(),
        title: z.string(),
        lang: z.enum(PAGE_LANGS).describe("the language the stored text is in: the borrower's where the lender keeps the agreement in it, else 'en'"),
        body: z.string(),
      }),
    ),
  }),
  payoutAccount: z.object({ bankName: z.string(), cardNo: z.string().describe('masked: the last 4 digits only') }).nullable(),
  moves: z.array(staffOrderMove),
  payouts: z.object({
    items: z.array(staffPayout).describe('the payout attempts of this order, newest first'),
    release: z
      .object({ amountMinor: z.number().int(), blockedBy: z.string().nullable().describe("why this user may not release it now (null: Release is offered)") })
      .nullable()
      .describe('an approved order (110) with no payout on its way: what Release would send'),
    dailyLimitMinor: z.number().int().describe('PAYOUT_DAILY_LIMIT_MINOR: what may be released per currency per day'),
  }),
  postings: z.object({
    approvalAboveMinor: z.number().int().nonnegative().describe('a posting above this amount waits for a second finance user (POSTING_APPROVAL_ABOVE_MINOR)'),
    items: z.array(staffPosting).describe('postings of this order that needed a second finance user: those awaiting approval first (oldest first), then the decided ones, newest first'),
  }),
});
export type StaffOrder = z.infer<typeof staffOrderView>;

export const searchOrdersCall = defineStaffCall(
  { method: 'GET', path: '/orders', access: { roles: ['agent', 'finance'] } },
  {
    input: z.object({
      phone: z.string().trim().regex(/^\d{3,15}$/, { error: 'phone must be 3 to 15 digits' }).optional(),
      orderNo: z.string().trim().min(1).max(64, { error: 'orderNo must be at most 64 characters' }).optional(),
      status: z.coerce.number({ error: 'status must be a number' }).refine((v) => (ORDER_STATUSES as readonly number[]).includes(v), { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }).optional(),
      ...pageFields,
    }),
    answer: pageOf(staffOrderListItem),
  },
  'Orders by phone (any part), order number or shown status, newest first.',
);

export const getOrderCall = defineStaffCall(
  { method: 'GET', path: '/orders/:id', access: { roles: ['agent', 'finance'] } },
  { input: z.object({ id: staffId('id') }), answer: staffOrderView },
  'One order: its figures, plan, ledger, pay codes, what the borrower confirmed, and the moves finance may make.',
);

export const moveOrderCall = defineStaffCall(
  { method: 'POST', path: '/orders/:id/move', access: { roles: ['finance'] }, audit: 'order.move' },
  {
    input: z.object({
      id: staffId('id'),
      to: z
        .number({ error: 'to must be a status code' })
        .refine((v) => [ORDER_STATUS.disbursing, ORDER_STATUS.rejected].includes(v as 110), {
          error: 'to must be 110 (approve) or 151 (reject); an approved order is paid out by release, and moves to 170 when the money arrives',
        }),
    }),
    answer: staffOrderView,
  },
  'Approves (21 → 110, recording the approver, who may not release it) or rejects (21 → 151) an order; any other move is refused.',
);

export const releaseOrderCall = defineStaffCall(
  { method: 'POST', path: '/orders/:id/release', access: { roles: ['finance'] }, audit: 'order.release' },
  { input: z.object({ id: staffId('id') }), answer: z.object({ order: staffOrderView, payout: staffPayout }) },
  "Releases an approved order (110): one payout of the net proceeds the borrower confirmed to the bound account, through the payout provider. Refused (nothing sent) for an order not in 110, by the finance user who approved it (403), past today's PAYOUT_DAILY_LIMIT_MINOR, without a bound account, or with a payout already on its way or paid. The order moves to 170 when the provider confirms the money arrived.",
);

export const listPayoutsCall = defineStaffCall(
  { method: 'GET', path: '/payouts', access: { roles: ['finance'] } },
  {
    input: z.object({
      status: z.enum(PAYOUT_STATUSES, { error: `status must be one of ${PAYOUT_STATUSES.join(', ')}` }).default('reversed'),
      ...pageFields,
    }),
    answer: pageOf(staffPayout),
  },
  'Payouts by status, newest first: reversed (the default: money the bank returned after a success, for finance to resolve), failed, processing or paid.',
);

export const postPaymentCall = defineStaffCall(
  { method: 'POST', path: '/orders/:id/payments', access: { roles: ['finance'] }, audit: 'payment.post' },
  {
    input: z.object({
      id: staffId('id'),
      amountMinor: amountMinorField('amountMinor'),
      method: z.enum(PAYMENT_METHODS, { error: "method must be 'counter' or 'bank-transfer'" }),
      reference: z.string({ error: 'reference is required' }).trim().min(3, { error: 'reference must be at least 3 characters' }).max(64, { error: 'reference must be at most 64 characters' }).regex(/^[\w./:-]+$/, { error: 'reference may hold letters, digits and . / : - _ only' }),
    }),
    answer: z.object({
      order: staffOrderView,
      paymentId: z.number().int().positive().nullable().describe('the payment applied; null while the posting awaits approval'),
      outcome: z.string().describe("what the payment did ('settled', 'partial', …), or 'awaiting approval'"),
      posting: staffPosting.nullable().describe('the posting held for a second finance user, when the amount is above postings.approvalAboveMinor'),
    }),
  },
  "Posts money received outside the provider (at a counter or by bank transfer) under its reference. At or below POSTING_APPROVAL_ABOVE_MINOR it is applied at once; above it nothing is applied: it waits for another finance user's approval (audit action `payment.post-requested`). A reference already posted, or awaiting approval, is refused.",
);

const postingOfOrder = { id: staffId('id'), postingId: staffId('postingId') };

export const listPostingsCall = defineStaffCall(
  { method: 'GET', path: '/postings', access: { roles: ['finance'] } },
  {
    input: z.object({
      status: z.enum(POSTING_STATUSES, { error: `status must be one of ${POSTING_STATUSES.join(', ')}` }).default('pending'),
      ...pageFields,
    }),
    answer: pageOf(staffPosting),
  },
  'Postings that needed a second finance user, by status: awaiting approval (the default) oldest first, the decided ones newest first.',
);

export const approvePostingCall = defineStaffCall(
  { method: 'POST', path: '/orders/:id/postings/:postingId/approve', access: { roles: ['finance'] }, audit: 'payment.post-approved' },
  {
    input: z.object(postingOfOrder),
    answer: z.object({ order: staffOrderView, posting: staffPosting, paymentId: z.number().int().positive(), outcome: z.string() }),
  },
  'Approves a posting awaiting approval and applies its payment, checked again now (the order still being repaid, the amount not above what it owes now); only a finance user other than its maker may.',
);

export const rejectPostingCall = defineStaffCall(
  { method: 'POST', path: '/orders/:id/postings/:postingId/reject', access: { roles: ['finance'] }, audit: 'payment.post-rejected' },
  {
    input: z.object({
      ...postingOfOrder,
      reason: z.string({ error: 'reason is required' }).trim().min(3, { error: 'reason must be at least 3 characters' }).max(500, { error: 'reason must be at most 500 characters' }),
    }),
    answer: z.object({ order: staffOrderView, posting: staffPosting }),
  },
  'Rejects a posting awaiting approval, with the reason; nothing is applied and its reference is free again. Only a finance user other than its maker may.',
);
