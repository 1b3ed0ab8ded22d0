/**
 * The collections room's door (issue 38, docs/collections.md): the overdue orders and their buckets,
 * who holds each, and every contact a collector makes, asked of the contact guard through the
 * contacts room first (a refusal is recorded, and nothing is sent). Only the collector holding an
 * order contacts its borrower; the lead assigns, and resolves disputes. India: before a collector's
 * first contact the borrower is sent the agent's name, agency and phone (agent-notices.ts).
 */
import type { AppDeps } from '../../deps.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { ApiError, invalidInput, notFound, refused, unavailable } from '../../platform/http/api-error.ts';
import { lenderDate } from '../../loan-terms/calendar.ts';
import { smsMoneyText } from '../../loan-terms/debt-sms-text.ts';
import { REPAYING_STATUSES } from '../../loan-terms/status.ts';
import type { ContactChannel, ContactDecision, ContactParty } from '../../loan-terms/contact-guard.ts';
import { findBorrowers, type Borrower } from '../borrowers/service.ts';
import { askToContact, grievanceOfficerOf, lockAttempt, previewContact, setOutcome, type ContactOutcome, type ContactRequest } from '../contacts/contacts.ts';
import { listBorrowerOrders, listOrdersInStatuses, loadOrder, viewOrder, type OrderRow } from '../orders/service.ts';
import { bucketOf } from './buckets.ts';
import { claimAgentNotice } from './agent-notices.ts';
import {
  assignmentsOf,
  complaintAgainstOpen,
  enabledCollectors,
  findTemplate,
  heldCounts,
  hoursConsentOf,
  insertCollectionComplaint,
  insertDispute,
  latestDispute,
  markComplaintAnswered,
  noticeSentAt,
  openDisputeOrders,
  resolveOpenDispute,
  setHoursConsent,
  upsertAssignment,
  type TemplateRow,
} from './store.ts';
import { fillTemplate, type FilledMessage, type TemplateValues } from './templates.ts';

/** 403: this staff member may not do this to this order (the role allows the call). */
const forbiddenError = (message: string) => new ApiError(403, message, 403);

export type CollectionsDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'sms'>;

export interface OverdueOrder {
  order: OrderRow;
  daysPastDue: number;
  bucket: string;
  amountDueMinor: number;
  /** Late charges and overdue interest so far, within the market's caps. */
  chargesMinor: number;
  dueAt: Date | null;
}

/** An order as the desk sees it, or null when it is not past due today. */
export function overdueView(order: OrderRow, now: Date, starts: readonly number[]): OverdueOrder | null {
  const position = viewOrder(order, now).position;
  if (!position || position.daysOverdue < 1) return null;
  const bucket = bucketOf(position.daysOverdue, starts);
  if (bucket === null) return null;
  return {
    order,
    daysPastDue: position.daysOverdue,
    bucket,
    amountDueMinor: position.currentDueMinor,
    chargesMinor: position.unpaidChargesMinor + position.overdueInterestMinor + position.penaltyMinor,
    dueAt: position.currentDueAt,
  };
}

/** Every order past due today, most days past due first. */
export async function overdueOrders(db: Queryable, now: Date, starts: readonly number[]): Promise<OverdueOrder[]> {
  const orders = await listOrdersInStatuses(db, REPAYING_STATUSES);
  return orders
    .map((o) => overdueView(o, now, starts))
    .filter((o): o is OverdueOrder => o !== null)
    .sort((a, b) => b.daysPastDue - a.daysPastDue || a.order.id - b.order.id);
}

/** One overdue order (404 when it does not exist, 409 when it is not past due). */
export async function overdueOrder(db: Queryable, orderId: number, now: Date, starts: readonly number[], opts: { forUpdate?: boolean } = {}): Promise<OverdueOrder> {
  const order = await loadOrder(db, orderId, opts);
  if (!order) throw notFound(`Order ${orderId} does not exist.`);
  const view = overdueView(order, now, starts);
  if (!view) throw refused(`Order ${order.orderNo} is not past due: collections works only overdue orders.`);
  return view;
}

export { assignmentsOf, enabledCollectors, heldCounts, hoursConsentOf, latestDispute, noticeSentAt, openDisputeOrders, type AssignmentRow } from './store.ts';
export { complaintsAbout, eraseCollectionTexts, listTemplates, findTemplate, type TemplateRow, type DisputeRow, type CollectionComplaintRow } from './store.ts';
export { saveTemplate, templateProblem } from './templates.ts';
export { collectorOf } from './assignments.ts';

// ---- assignment ------------------------------------------------------------------------------------

/** Gives these overdue orders to a collector; India's orders get the agent notice claimed (and sent by agent-notices.ts). */
export async function assignOrders(
  tx: Queryable,
  deps: Pick<CollectionsDeps, 'config'>,
  a: { orderIds: readonly number[]; collectorId: number; by: number; now: Date },
): Promise<{ assigned: number; changes: Array<{ orderId: number; from: number | null }>; notices: number[] }> {
  const collector = (await enabledCollectors(tx)).find((c) => c.id === a.collectorId);
  if (!collector) throw invalidInput(`collectorId: staff ${a.collectorId} is not an enabled collector`);
  const changes: Array<{ orderId: number; from: number | null }> = [];
  const notices: number[] = [];
  for (const orderId of [...new Set(a.orderIds)]) {
    const view = await overdueOrder(tx, orderId, a.now, deps.config.COLLECTION_BUCKETS, { forUpdate: true });
    const from = await upsertAssignment(tx, { orderId, staffId: collector.id, assignedBy: a.by, at: a.now });
    changes.push({ orderId, from });
    if (view.order.market === 'IN') notices.push(await claimAgentNotice(tx, deps, { order: view.order, collector }, a.now));
  }
  return { assigned: changes.length, changes, notices };
}

/** Gives every unassigned overdue order (of a bucket, or all) to the collectors in turn, fewest held first. */
export async function assignRoundRobin(
  tx: Queryable,
  deps: Pick<CollectionsDeps, 'config'>,
  a: { bucket?: string | undefined; by: number; now: Date },
): Promise<{ assigned: number; byCollector: Record<number, number[]>; notices: number[] }> {
  const collectors = await enabledCollectors(tx);
  if (collectors.length === 0) throw refused('No enabled staff member has the collector role: an admin gives it first.');
  const overdue = await overdueOrders(tx, a.now, deps.config.COLLECTION_BUCKETS);
  const held = await assignmentsOf(
    tx,
    overdue.map((o) => o.order.id),
  );
  const counts = await heldCounts(
    tx,
    overdue.map((o) => o.order.id),
  );
  const load = new Map(collectors.map((c) => [c.id, counts.get(c.id) ?? 0]));
  const byCollector: Record<number, number[]> = {};
  for (const o of overdue.filter((v) => !held.has(v.order.id) && (a.bucket === undefined || v.bucket === a.bucket))) {
    const next = collectors.reduce((best, c) => (load.get(c.id)! < load.get(best.id)! ? c : best));
    load.set(next.id, load.get(next.id)! + 1);
    (byCollector[next.id] ??= []).push(o.order.id);
  }
  let assigned = 0;
  const notices: number[] = [];
  for (const [collectorId, orderIds] of Object.entries(byCollector)) {
    const done = await assignOrders(tx, deps, { orderIds, collectorId: Number(collectorId), by: a.by, now: a.now });
    assigned += done.assigned;
    notices.push(...done.notices);
  }
  return { assigned, byCollector, notices };
}

// ---- the guard's facts -----------------------------------------------------------------------------

interface Contact {
  view: OverdueOrder;
  /** The collector making the contact (the order's holder). */
  staffId: number;
  channel: ContactChannel;
  party: ContactParty;
  at: Date;
  message?: (FilledMessage & { templateId: number }) | undefined;
}

/** What the guard is asked for a collector's contact: the order's dispute, notice, complaints and consent as stored. */
async function askOf(db: Queryable, deps: Pick<CollectionsDeps, 'config'>, c: Contact): Promise<Omit<ContactRequest, 'reference'>> {
  const { order } = c.view;
  const borrowerOrders = (await listBorrowerOrders(db, order.borrowerId)).map((o) => o.id);
  return {
    at: c.at,
    market: order.market,
    daysPastDue: c.view.daysPastDue,
    channel: c.channel,
    by: 'collector',
    party: c.party,
    // The product keeps no guarantor or co-maker the borrower named: only the borrower may be contacted.
    namedByBorrower: false,
    consentToOtherHoursAt: order.market === 'PH' ? await hoursConsentOf(db, order.borrowerId) : null,
    approvedTemplate: c.message !== undefined,
    disputeOpen: (await openDisputeOrders(db, [order.id])).has(order.id),
    saysDisputed: c.message?.saysDisputed ?? false,
    namesGrievanceOfficer: c.message?.namesGrievanceOfficer ?? false,
    agentNoticeSentAt: order.market === 'IN' ? await noticeSentAt(db, order.id, c.staffId) : null,
    complaintAgainstCollectorOpen: await complaintAgainstOpen(db, borrowerOrders, c.staffId),
    limits: { callsPerDay: deps.config.CONTACT_CALLS_PER_DAY, messagesPerDay: deps.config.CONTACT_MESSAGES_PER_DAY },
    borrowerId: order.borrowerId,
    orderId: order.id,
    staffId: c.staffId,
    templateId: c.message?.templateId ?? null,
    body: c.message?.text ?? null,
  };
}

/** Only the order's collector contacts its borrower: anyone else is told who holds it. */
async function holderCheck(db: Queryable, view: OverdueOrder, staffId: number): Promise<void> {
  const held = (await assignmentsOf(db, [view.order.id])).get(view.order.id);
  if (!held) throw refused(`Order ${view.order.orderNo} is not assigned to a collector: the collections lead assigns it first.`);
  if (held.staffId !== staffId) throw forbiddenError(`Order ${view.order.orderNo} is held by ${held.staffName}: only the collector holding an order contacts its borrower.`);
}

/** What the guard would answer the order's collector now, for a call (and, unless only calls are asked, an SMS); nothing recorded. */
export async function nextContacts(
  db: Queryable,
  deps: CollectionsDeps,
  view: OverdueOrder,
  now: Date,
  only?: 'call',
): Promise<{ call: ContactDecision; sms: ContactDecision | null } | null> {
  const held = (await assignmentsOf(db, [view.order.id])).get(view.order.id);
  if (!held) return null;
  const base = { view, staffId: held.staffId, party: 'borrower' as const, at: now };
  const callAsk = await askOf(db, deps, { ...base, channel: 'call' });
  const call = await previewContact(db, callAsk);
  if (only === 'call') return { call, sms: null };
  // A message is always one of the lender's templates, filled with both labels the rules ask for.
  const sms = await previewContact(db, { ...callAsk, channel: 'sms', approvedTemplate: true, saysDisputed: true, namesGrievanceOfficer: true });
  return { call, sms };
}

// ---- contacts --------------------------------------------------------------------------------------

/** A collector asks before dialling: the guard's answer, recorded either way. */
export async function startCall(tx: Queryable, deps: CollectionsDeps, c: { orderId: number; staffId: number; party: ContactParty; now: Date }): Promise<ContactOutcome> {
  const view = await overdueOrder(tx, c.orderId, c.now, deps.config.COLLECTION_BUCKETS);
  await holderCheck(tx, view, c.staffId);
  const ask = await askOf(tx, deps, { view, staffId: c.staffId, channel: 'call', party: c.party, at: c.now });
  return askToContact(tx, { ...ask, reference: `collections-call:${view.order.id}:${c.staffId}:${c.party}` });
}

/** The outcome of a call the guard allowed, logged once by the collector who made it; 'dispute' opens a dispute. */
export async function logCallOutcome(tx: Queryable, o: { attemptId: number; staffId: number; outcome: string; now: Date }): Promise<{ orderId: number; disputeOpened: boolean }> {
  const attempt = await lockAttempt(tx, o.attemptId);
  if (!attempt || attempt.channel !== 'call' || attempt.orderId === null) throw notFound(`Call ${o.attemptId} does not exist.`);
  if (attempt.staffId !== o.staffId) throw forbiddenError('Only the collector who made a call logs its outcome.');
  if (!attempt.allowed) throw refused('This call was refused by the contact guard and never made: it has no outcome.');
  if (attempt.outcome !== null) throw refused(`This call's outcome is logged already (${attempt.outcome}).`);
  await setOutcome(tx, attempt.id, o.outcome);
  const disputeOpened =
    o.outcome === 'dispute' && (await insertDispute(tx, { orderId: attempt.orderId, reason: 'The borrower disputed the debt on a call.', openedBy: o.staffId, complaintId: null, at: o.now })) !== null;
  return { orderId: attempt.orderId, disputeOpened };
}

/** The values a template is filled with for an order. */
export function templateValues(deps: Pick<CollectionsDeps, 'config'>, view: OverdueOrder, borrower: Pick<Borrower, 'name'>, agentName: string): TemplateValues {
  const { order } = view;
  return {
    borrowerName: borrower.name,
    orderNo: order.orderNo,
    amountDue: smsMoneyText(view.amountDueMinor, order.market),
    dueDate: lenderDate(view.dueAt, order.market),
    lender: deps.config.APP_EN_NAME,
    agentName,
    agency: deps.config.COLLECTIONS_AGENCY,
    agentPhone: deps.config.COLLECTIONS_PHONE,
  };
}


/** A template filled for the order as it stands (the disputed label while a dispute is open), the added lines in the template's language. */
export async function filledFor(
  db: Queryable,
  deps: Pick<CollectionsDeps, 'config'>,
  view: OverdueOrder,
  template: Pick<TemplateRow, 'body' | 'lang'>,
  agentName: string,
): Promise<FilledMessage> {
  const [borrower] = await findBorrowers(db, [view.order.borrowerId]);
  const disputed = (await openDisputeOrders(db, [view.order.id])).has(view.order.id);
  return fillTemplate(template.body, templateValues(deps, view, borrower ?? { name: '' }, agentName), {
    market: view.order.market,
    lang: template.lang,
    disputed,
    grievanceOfficer: grievanceOfficerOf(deps.config),
  });
}

/**
 * Asks the guard to send an approved template to the borrower by SMS, and records the attempt with
 * its text. The caller hands the message to the gateway once this transaction is committed
 * (`sendRecordedMessage`), so the count never misses a message that went out.
 */
export async function recordTemplateMessage(
  tx: Queryable,
  deps: Pick<CollectionsDeps, 'config'>,
  m: { orderId: number; staffId: number; templateId: number; now: Date },
): Promise<ContactOutcome & { text: string | null; phone: string }> {
  const view = await overdueOrder(tx, m.orderId, m.now, deps.config.COLLECTION_BUCKETS);
  await holderCheck(tx, view, m.staffId);
  const template = await findTemplate(tx, m.templateId);
  if (!template || !template.active || template.market !== view.order.market) {
    throw invalidInput(`templateId: ${m.templateId} is not an active template of the ${view.order.market} market`);
  }
  const held = (await assignmentsOf(tx, [view.order.id])).get(view.order.id)!;
  const filled = await filledFor(tx, deps, view, template, held.staffName);
  const ask = await askOf(tx, deps, { view, staffId: m.staffId, channel: 'sms', party: 'borrower', at: m.now, message: { ...filled, templateId: template.id } });
  const outcome = await askToContact(tx, { ...ask, reference: `collections-sms:${view.order.id}:${template.id}` });
  const [borrower] = await findBorrowers(tx, [view.order.borrowerId]);
  return { ...outcome, text: outcome.allowed ? filled.text : null, phone: borrower!.mobilePhone };
}

/**
 * Hands a recorded message to the SMS gateway, with the attempt's id as its reference (a repeat sends
 * nothing twice). A gateway that refuses leaves the attempt counted: the day's count may be one too
 * high, never too low.
 */
export async function sendRecordedMessage(deps: Pick<CollectionsDeps, 'sms'>, m: { attemptId: number; phone: string; text: string }): Promise<void> {
  try {
    await deps.sms.send({ phone: m.phone, text: m.text, reference: `collections-sms:${m.attemptId}` });
  } catch {
    throw unavailable('The SMS gateway did not take the message. It was not sent; please try again in a minute.', 60);
  }
}

// ---- disputes and consent --------------------------------------------------------------------------

export async function markDispute(tx: Queryable, deps: Pick<CollectionsDeps, 'config'>, d: { orderId: number; staffId: number; reason: string; now: Date }) {
  const view = await overdueOrder(tx, d.orderId, d.now, deps.config.COLLECTION_BUCKETS);
  const id = await insertDispute(tx, { orderId: view.order.id, reason: d.reason, openedBy: d.staffId, complaintId: null, at: d.now });
  if (id === null) throw refused(`Order ${view.order.orderNo} has an open dispute already.`);
  return (await latestDispute(tx, view.order.id))!;
}

export async function resolveDispute(tx: Queryable, d: { orderId: number; staffId: number; resolution: string; now: Date }) {
  const order = await loadOrder(tx, d.orderId);
  if (!order) throw notFound(`Order ${d.orderId} does not exist.`);
  const before = await latestDispute(tx, order.id);
  if (!(await resolveOpenDispute(tx, { orderId: order.id, resolvedBy: d.staffId, resolution: d.resolution, at: d.now }))) {
    throw refused(`Order ${order.orderNo} has no open dispute.`);
  }
  return { before, after: (await latestDispute(tx, order.id))! };
}

export async function recordHoursConsent(tx: Queryable, deps: Pick<CollectionsDeps, 'config'>, c: { orderId: number; staffId: number; given: boolean; now: Date }) {
  const view = await overdueOrder(tx, c.orderId, c.now, deps.config.COLLECTION_BUCKETS);
  if (view.order.market !== 'PH') throw refused('Consent to other hours applies to the Philippines only: India allows no recovery contact outside 08:00–19:00.');
  const before = await hoursConsentOf(tx, view.order.borrowerId);
  await setHoursConsent(tx, { borrowerId: view.order.borrowerId, given: c.given, staffId: c.staffId, at: c.now });
  return { before, after: await hoursConsentOf(tx, view.order.borrowerId) };
}

/** Whether the borrower disputes this order's debt now (the reminder job labels its messages). */
export async function disputeOpen(db: Queryable, orderId: number): Promise<boolean> {
  return (await openDisputeOrders(db, [orderId])).has(orderId);
}

// ---- complaints (noted by the complaints family) --------------------------------------------------

/**
 * A collection-type complaint about an order, filed: against the collector holding it then (whose
 * contacts with the borrower stop until it is answered); one that disputes the amount opens a dispute.
 */
export async function noteCollectionComplaint(
  tx: Queryable,
  c: { complaintId: number; ticketNo: string; orderId: number; disputesAmount: boolean; at: Date },
): Promise<void> {
  const held = (await assignmentsOf(tx, [c.orderId])).get(c.orderId);
  await insertCollectionComplaint(tx, { complaintId: c.complaintId, orderId: c.orderId, staffId: held?.staffId ?? null, ticketNo: c.ticketNo, at: c.at });
  if (c.disputesAmount) {
    await insertDispute(tx, { orderId: c.orderId, reason: `The borrower disputes this amount (complaint ${c.ticketNo}).`, openedBy: null, complaintId: c.complaintId, at: c.at });
  }
}

/** A complaint answered by an agent: a collector it was against may contact the borrower again. */
export async function noteComplaintAnswered(tx: Queryable, complaintId: number, at: Date): Promise<void> {
  await markComplaintAnswered(tx, complaintId, at);
}

