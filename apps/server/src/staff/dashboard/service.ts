/** The dashboard: orders by the status each shows today, complaints waiting, the day's payments, the postings awaiting a second approval, and (finance) the books' day-end per provider. */
import type { StaffAnswerOf, StaffRole, dashboardCall } from '@cashloan/contract';
import { startOfLenderDay } from '../../loan-terms/calendar.ts';
import { countOrdersByShownStatus } from '../../domain/orders/service.ts';
import { paymentsAppliedSince } from '../../domain/payments/payments.ts';
import { lenderHolidays, waitingComplaintCounts } from '../../modules/complaints/agent-service.ts';
import { postingsAwaitingApproval } from '../orders/postings.ts';
import { providersView } from '../books/service.ts';
import type { StaffDeps } from '../http/mount.ts';

export async function dashboard(
  deps: Pick<StaffDeps, 'db' | 'payments' | 'payouts'> & { config: { LENDER_HOLIDAYS: readonly string[] } },
  now: Date,
  roles: readonly StaffRole[],
): Promise<StaffAnswerOf<typeof dashboardCall>> {
  const byStatus = await countOrdersByShownStatus(deps.db, now);
  const complaints = await waitingComplaintCounts(deps.db, now, lenderHolidays(deps.config));
  return {
    ordersByStatus: [...byStatus].map(([status, count]) => ({ status, count })),
    complaintsWaiting: complaints.waiting,
    complaintsPastReview: complaints.pastReview,
    // "Today" is the lender's calendar day (Manila), not the server's or the staff member's.
    paymentsToday: await paymentsAppliedSince(deps.db, startOfLenderDay(now)),
    postingsAwaitingApproval: await postingsAwaitingApproval(deps.db),
    books: roles.includes('finance') ? (await providersView(deps)).map((p) => ({ provider: p.provider, lastClosedDay: p.lastClosedDay, openItems: p.openItems })) : null,
  };
}
