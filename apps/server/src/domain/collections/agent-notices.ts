/**
 * India's agent notice (RBI directions on recovery agents, 2022): before a collector's first contact
 * the borrower is sent, by SMS, the agent's name, agency and phone. Claimed when an Indian order is
 * given to a collector (in the assignment's transaction), then sent through the contact guard like
 * any message about the debt (India's hours, the day's count); one the guard holds back, or the
 * gateway refused, is sent by the next pass of the `collections-agent-notices` job. The guard refuses
 * the collector's contacts until it is sent.
 */
import type { AppDeps } from '../../deps.ts';
import type { Queryable } from '../../platform/db/client.ts';
import type { JobLog, PeriodicJob } from '../../platform/jobs/scheduler.ts';
import { grievanceLine } from '../../loan-terms/debt-sms-text.ts';
import { findBorrowers } from '../borrowers/service.ts';
import { askToContact, grievanceOfficerOf } from '../contacts/contacts.ts';
import { loadOrder, viewOrder, type OrderRow } from '../orders/service.ts';
import { claimNotice, lockUnsentNotice, markNoticeSent, noticeById, unsentNotices, type CollectorRow } from './store.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'sms'>;

export const AGENT_NOTICE_INTERVAL_MS = 5 * 60_000;

export function agentNoticeText(config: Deps['config'], orderNo: string, agentName: string): string {
  return `${config.APP_EN_NAME}: your overdue loan ${orderNo} is now handled by ${agentName} of ${config.COLLECTIONS_AGENCY}, phone ${config.COLLECTIONS_PHONE}. Only this agent will contact you about it. ${grievanceLine(grievanceOfficerOf(config))}`;
}

/** Claims the notice for this order and collector, in the assignment's transaction; answers its id. */
export async function claimAgentNotice(tx: Queryable, deps: Pick<Deps, 'config'>, n: { order: OrderRow; collector: CollectorRow }, now: Date): Promise<number> {
  const [borrower] = await findBorrowers(tx, [n.order.borrowerId]);
  const notice = await claimNotice(tx, { orderId: n.order.id, staffId: n.collector.id, phone: borrower!.mobilePhone, body: agentNoticeText(deps.config, n.order.orderNo, n.collector.name), at: now });
  return notice.id;
}

/**
 * Sends one claimed notice if the guard allows it now; true when sent (now or before). The guard's
 * answer is committed first, then the gateway is handed the message with the notice's reference (one
 * message per reference, however often this runs), then the notice is marked sent.
 */
export async function sendAgentNotice(deps: Deps, noticeId: number): Promise<boolean> {
  const ready = await deps.db.transaction(async (tx) => {
    const notice = await lockUnsentNotice(tx, noticeId);
    if (!notice) return null;
    const order = await loadOrder(tx, notice.orderId);
    if (!order) return null;
    const now = deps.clock.now();
    const decision = await askToContact(tx, {
      at: now,
      market: order.market,
      daysPastDue: viewOrder(order, now).position?.daysOverdue ?? 0,
      channel: 'sms',
      by: 'system',
      party: 'borrower',
      namedByBorrower: false,
      consentToOtherHoursAt: null,
      approvedTemplate: true,
      disputeOpen: false,
      saysDisputed: false,
      namesGrievanceOfficer: true,
      agentNoticeSentAt: null,
      complaintAgainstCollectorOpen: false,
      limits: { callsPerDay: deps.config.CONTACT_CALLS_PER_DAY, messagesPerDay: deps.config.CONTACT_MESSAGES_PER_DAY },
      borrowerId: order.borrowerId,
      orderId: order.id,
      staffId: notice.staffId,
      reference: `agent-notice:${notice.id}`,
      body: notice.body,
    });
    return decision.allowed ? notice : null;
  });
  if (!ready) return Boolean((await noticeById(deps.db, noticeId))?.sentAt);
  const { providerRef } = await deps.sms.send({ phone: ready.phone, text: ready.body, reference: `agent-notice:${ready.id}` });
  await markNoticeSent(deps.db, ready.id, providerRef, deps.clock.now());
  return true;
}

/** Sends these notices, one by one; a failure leaves the notice for the job. */
export async function sendAgentNotices(deps: Deps, ids: readonly number[]): Promise<number> {
  let sent = 0;
  for (const id of ids) {
    try {
      if (await sendAgentNotice(deps, id)) sent++;
    } catch {
      // Left unsent: the next pass of the job tries again.
    }
  }
  return sent;
}

export function agentNoticesJob(deps: Deps, log: JobLog): PeriodicJob {
  return {
    name: 'collections-agent-notices',
    intervalMs: AGENT_NOTICE_INTERVAL_MS,
    failureMessage: "sending India's agent notices failed",
    run: async () => {
      const pending = await unsentNotices(deps.db, 200);
      const sent = await sendAgentNotices(
        deps,
        pending.map((n) => n.id),
      );
      if (sent > 0) log.info({ sent }, 'agent notices sent');
    },
  };
}
