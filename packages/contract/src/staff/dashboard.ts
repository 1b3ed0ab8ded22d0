/** The dashboard: the day's work at a glance, for every role. */
import { z } from 'zod';
import { ORDER_STATUSES } from '../routes.ts';
import { STAFF_ROLES, defineStaffCall } from './common.ts';

export const dashboardCall = defineStaffCall(
  { method: 'GET', path: '/dashboard', access: { roles: STAFF_ROLES } },
  {
    input: z.object({}),
    answer: z.object({
      ordersByStatus: z.array(z.object({ status: z.union(ORDER_STATUSES.map((s) => z.literal(s)) as [z.ZodLiteral<number>, ...z.ZodLiteral<number>[]]), count: z.number().int().nonnegative() })).describe('the status each order shows today'),
      complaintsWaiting: z.number().int().nonnegative().describe('complaints without a reply'),
      complaintsPastReview: z.number().int().nonnegative().describe('waiting complaints past the promised review (3 business days: no weekends, no LENDER_HOLIDAYS)'),
      paymentsToday: z.object({ count: z.number().int().nonnegative(), amountMinor: z.number().int().nonnegative() }).describe("payments applied since the start of the lender's day"),
      postingsAwaitingApproval: z
        .object({ count: z.number().int().nonnegative(), amountMinor: z.number().int().nonnegative() })
        .describe("finance's postings above POSTING_APPROVAL_ABOVE_MINOR waiting for a second finance user, and their sum"),
      books: z
        .array(z.object({ provider: z.string(), lastClosedDay: z.string().nullable(), openItems: z.number().int().nonnegative() }))
        .nullable()
        .describe("finance's reconciliation: each provider's last closed day and its open items (null for staff without the finance role)"),
    }),
  },
  'Counts of orders by status, complaints waiting and past their promised review, the payments of the day, the postings awaiting a second approval, and (for finance) each provider\'s last closed day and open items.',
);
