/**
 * The collections desk's views (docs/collections.md): the queue of a viewer, and an order's page,
 * composed from the collections, contacts, orders and borrowers rooms' doors.
 */
import { bucketName, type QueueRow, type StaffAnswerOf, type collectionOrderCall } from '@cashloan/contract';
import type { Queryable } from '../../platform/db/client.ts';
import type { ContactDecision } from '../../loan-terms/contact-guard.ts';
import { findBorrowerRecord, findBorrowers } from '../../domain/borrowers/service.ts';
import {
  assignmentsOf,
  complaintsAbout,
  filledFor,
  hoursConsentOf,
  latestDispute,
  listTemplates,
  nextContacts,
  noticeSentAt,
  openDisputeOrders,
  overdueOrders,
  type CollectionsDeps,
  type DisputeRow,
  type OverdueOrder,
} from '../../domain/collections/collections.ts';
import { lastContacts, orderAttempts } from '../../domain/contacts/contacts.ts';
import { promisesOf } from '../../domain/collections/promises.ts';

type CollectionOrder = StaffAnswerOf<typeof collectionOrderCall>;

export interface Viewer {
  id: number;
  roles: readonly string[];
}
/** The lead sees every order; a collector only the orders they hold. */
export const isLead = (viewer: Viewer) => viewer.roles.includes('collections_lead');

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** When the guard's answer lets the collector call: now, a later time, or null (waiting does not help). */
const whenAllowed = (d: ContactDecision, now: Date) => (d.allowed ? now.toISOString() : iso(d.nextAllowedAt));

async function queueRows(db: Queryable, deps: CollectionsDeps, views: OverdueOrder[], now: Date): Promise<QueueRow[]> {
  const ids = views.map((v) => v.order.id);
  const [held, last, disputed, borrowers] = await Promise.all([
    assignmentsOf(db, ids),
    lastContacts(db, ids),
    openDisputeOrders(db, ids),
    findBorrowers(db, [...new Set(views.map((v) => v.order.borrowerId))]),
  ]);
  const names = new Map(borrowers.map((b) => [b.id, b.name]));
  const rows: QueueRow[] = [];
  for (const v of views) {
    const holder = held.get(v.order.id);
    const next = holder ? await nextContacts(db, deps, v, now, 'call') : null;
    const contact = last.get(v.order.id);
    rows.push({
      orderId: v.order.id,
      orderNo: v.order.orderNo,
      borrowerId: v.order.borrowerId,
      borrowerName: names.get(v.order.borrowerId) ?? '',
      market: v.order.market,
      currency: v.order.market === 'IN' ? 'INR' : 'PHP',
      daysPastDue: v.daysPastDue,
      bucket: v.bucket,
      amountDueMinor: v.amountDueMinor,
      chargesMinor: v.chargesMinor,
      collector: holder ? { id: holder.staffId, name: holder.staffName } : null,
      lastContactAt: iso(contact?.at ?? null),
      lastOutcome: (contact?.outcome as QueueRow['lastOutcome']) ?? null,
      nextCallAt: next ? whenAllowed(next.call, now) : null,
      disputed: disputed.has(v.order.id),
    });
  }
  return rows;
}

export async function queue(
  db: Queryable,
  deps: CollectionsDeps,
  q: { viewer: Viewer; assignee: 'me' | 'unassigned' | 'all' | number; bucket?: string | undefined; page: number; pageSize: number; now: Date },
) {
  const starts = deps.config.COLLECTION_BUCKETS;
  const all = await overdueOrders(db, q.now, starts);
  const held = await assignmentsOf(
    db,
    all.map((v) => v.order.id),
  );
  // A collector sees only the orders they hold, whatever is asked.
  const assignee = isLead(q.viewer) ? q.assignee : 'me';
  const mine = all.filter((v) => {
    const holder = held.get(v.order.id)?.staffId ?? null;
    if (assignee === 'me') return holder === q.viewer.id;
    if (assignee === 'unassigned') return holder === null;
    if (assignee === 'all') return true;
    return holder === assignee;
  });
  const buckets = starts.map((_, i) => bucketName(starts, i)).map((name) => ({ name, count: mine.filter((v) => v.bucket === name).length }));
  const matching = q.bucket ? mine.filter((v) => v.bucket === q.bucket) : mine;
  const page = matching.slice((q.page - 1) * q.pageSize, q.page * q.pageSize);
  return { items: await queueRows(db, deps, page, q.now), total: matching.length, buckets };
}

const disputeView = (d: DisputeRow) => ({
  id: d.id,
  reason: d.reason,
  openedBy: d.openedBy,
  openedAt: d.openedAt.toISOString(),
  complaintTicketNo: d.complaintTicketNo,
  resolvedBy: d.resolvedBy,
  resolvedAt: iso(d.resolvedAt),
  resolution: d.resolution,
});
export { disputeView };

const nextView = (d: ContactDecision | null) =>
  d === null
    ? { allowed: false, message: 'No collector holds this order yet: the collections lead assigns it first.', nextAllowedAt: null }
    : d.allowed
      ? { allowed: true, message: null, nextAllowedAt: null }
      : { allowed: false, message: d.message, nextAllowedAt: iso(d.nextAllowedAt) };

export async function orderPage(db: Queryable, deps: CollectionsDeps, view: OverdueOrder, now: Date): Promise<CollectionOrder> {
  const { order } = view;
  const [row] = await queueRows(db, deps, [view], now);
  const borrower = await findBorrowerRecord(db, order.borrowerId);
  const holder = (await assignmentsOf(db, [order.id])).get(order.id) ?? null;
  const next = holder ? await nextContacts(db, deps, view, now) : null;
  const dispute = await latestDispute(db, order.id);
  const templates = (await listTemplates(db)).filter((t) => t.active && t.market === order.market);
  const agentName = holder?.staffName ?? deps.config.COLLECTIONS_AGENCY;
  return {
    order: {
      ...row!,
      dueAt: iso(view.dueAt),
      phone: borrower?.mobilePhone ?? '',
      hoursConsentAt: iso(await hoursConsentOf(db, order.borrowerId)),
      borrowerLang: borrower?.lang ?? null,
    },
    agentNoticeSentAt: holder && order.market === 'IN' ? iso(await noticeSentAt(db, order.id, holder.staffId)) : null,
    dispute: dispute ? disputeView(dispute) : null,
    complaints: (await complaintsAbout(db, order.id)).map((c) => ({ ticketNo: c.ticketNo, against: c.against, createdAt: c.filedAt.toISOString(), answered: c.answeredAt !== null })),
    attempts: (await orderAttempts(db, order.id)).map((a) => ({
      id: a.id,
      at: a.at.toISOString(),
      channel: a.channel,
      party: a.party,
      by: a.madeBy === 'system' ? 'Reminder' : (a.staffName ?? 'Collector'),
      allowed: a.allowed,
      refusal: a.refusalMessage,
      nextAllowedAt: iso(a.nextAllowedAt),
      outcome: (a.outcome as CollectionOrder['attempts'][number]['outcome']) ?? null,
      text: a.body,
    })),
    promises: await promisesOf(db, order.id, now, order.market),
    templates: await Promise.all(templates.map(async (t) => ({ id: t.id, name: t.name, lang: t.lang, text: (await filledFor(db, deps, view, t, agentName)).text }))),
    next: { call: nextView(next?.call ?? null), sms: nextView(next?.sms ?? null) },
  };
}
