/**
 * The staff API's collections desk (collectors and the collections lead; templates for admins;
 * docs/collections.md). Every write and its audit entry are one transaction; a contact the guard
 * refuses is answered (200, allowed: false) so that its record is kept, and audited as refused.
 */
import type { FastifyInstance } from 'fastify';
import {
  assignCall,
  callOutcomeCall,
  collectionOrderCall,
  collectorsCall,
  hoursConsentCall,
  markDisputeCall,
  promiseCall,
  queueCall,
  resolveDisputeCall,
  roundRobinCall,
  saveTemplateCall,
  sendTemplateCall,
  startCallCall,
  templatesCall,
  TEMPLATE_PLACEHOLDERS,
} from '@cashloan/contract';
import { ApiError } from '../../platform/http/api-error.ts';
import { mountCall } from '../../platform/http/mount.ts';
import {
  assignmentsOf,
  assignOrders,
  assignRoundRobin,
  enabledCollectors,
  heldCounts,
  listTemplates,
  logCallOutcome,
  markDispute,
  overdueOrder,
  overdueOrders,
  recordHoursConsent,
  resolveDispute,
  recordTemplateMessage,
  saveTemplate,
  sendRecordedMessage,
  startCall,
  type TemplateRow,
} from '../../domain/collections/collections.ts';
import { sendAgentNotices } from '../../domain/collections/agent-notices.ts';
import { recordPromise } from '../../domain/collections/promises.ts';
import { staffCalls, type StaffDeps } from '../http/mount.ts';
import { disputeView, isLead, orderPage, queue } from './service.ts';

type Deps = StaffDeps;

const templateView = (t: TemplateRow) => ({ id: t.id, name: t.name, market: t.market, lang: t.lang, body: t.body, active: t.active, updatedBy: t.updatedBy, updatedAt: t.updatedAt.toISOString() });
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function registerCollectionsCalls(app: FastifyInstance, deps: Deps): void {
  const staff = staffCalls(deps);

  /** A collector works only the orders they hold; the lead any. */
  const mayWork = async (viewer: { id: number; roles: readonly string[] }, orderId: number) => {
    if (isLead(viewer)) return;
    // An order that does not exist is a 404 for everyone.
    await overdueOrder(deps.db, orderId, deps.clock.now(), deps.config.COLLECTION_BUCKETS);
    const held = (await assignmentsOf(deps.db, [orderId])).get(orderId);
    if (held?.staffId !== viewer.id) throw new ApiError(403, `Order ${orderId} is not assigned to you: a collector works only the orders they hold.`, 403);
  };

  mountCall(app, staff, queueCall, async ({ input, current, now }) =>
    queue(deps.db, deps, { viewer: current.staff, assignee: input.assignee, bucket: input.bucket, page: input.page, pageSize: input.pageSize, now }),
  );

  mountCall(app, staff, collectorsCall, async ({ now }) => {
    const overdue = await overdueOrders(deps.db, now, deps.config.COLLECTION_BUCKETS);
    const counts = await heldCounts(
      deps.db,
      overdue.map((o) => o.order.id),
    );
    return { collectors: (await enabledCollectors(deps.db)).map((c) => ({ ...c, assigned: counts.get(c.id) ?? 0 })) };
  });

  mountCall(app, staff, assignCall, async (ctx) => {
    const done = await ctx.write(async (tx) => {
      const result = await assignOrders(tx, deps, { orderIds: ctx.input.orderIds, collectorId: ctx.input.collectorId, by: ctx.current.staff.id, now: ctx.now });
      return {
        answer: result,
        audit: { targetType: 'collector', targetId: ctx.input.collectorId, before: { holders: result.changes.map((c) => ({ orderId: c.orderId, collectorId: c.from })) }, after: { orderIds: result.changes.map((c) => c.orderId), collectorId: ctx.input.collectorId } },
      };
    });
    // India: the agent notices go out once the assignment is committed (the job sends any the guard held back).
    await sendAgentNotices(deps, done.notices);
    return { assigned: done.assigned };
  });

  mountCall(app, staff, roundRobinCall, async (ctx) => {
    const done = await ctx.write(async (tx) => {
      const result = await assignRoundRobin(tx, deps, { bucket: ctx.input.bucket, by: ctx.current.staff.id, now: ctx.now });
      return { answer: result, audit: { targetType: 'collections-queue', targetId: ctx.input.bucket ?? 'all', before: null, after: { assigned: result.assigned, byCollector: result.byCollector } } };
    });
    await sendAgentNotices(deps, done.notices);
    return { assigned: done.assigned };
  });

  mountCall(app, staff, collectionOrderCall, async ({ input, current, now }) => {
    await mayWork(current.staff, input.id);
    const view = await overdueOrder(deps.db, input.id, now, deps.config.COLLECTION_BUCKETS);
    return orderPage(deps.db, deps, view, now);
  });

  mountCall(app, staff, startCallCall, async (ctx) =>
    ctx.write(async (tx) => {
      const outcome = await startCall(tx, deps, { orderId: ctx.input.id, staffId: ctx.current.staff.id, party: ctx.input.party, now: ctx.now });
      if (!outcome.allowed) ctx.auditAs('collections.call-refused');
      const message = outcome.allowed ? 'Allowed: dial now, then log the outcome.' : outcome.message;
      const nextAllowedAt = outcome.allowed ? null : iso(outcome.nextAllowedAt);
      return {
        answer: { allowed: outcome.allowed, attemptId: outcome.attemptId, message, nextAllowedAt },
        audit: { targetType: 'order', targetId: ctx.input.id, before: null, after: { channel: 'call', party: ctx.input.party, allowed: outcome.allowed, reason: outcome.allowed ? null : outcome.reason, attemptId: outcome.attemptId } },
      };
    }),
  );

  mountCall(app, staff, callOutcomeCall, async (ctx) =>
    ctx.write(async (tx) => {
      const done = await logCallOutcome(tx, { attemptId: ctx.input.id, staffId: ctx.current.staff.id, outcome: ctx.input.outcome, now: ctx.now });
      return { answer: { outcome: ctx.input.outcome }, audit: { targetType: 'contact-attempt', targetId: ctx.input.id, before: { outcome: null }, after: { outcome: ctx.input.outcome, orderId: done.orderId, disputeOpened: done.disputeOpened } } };
    }),
  );

  mountCall(app, staff, sendTemplateCall, async (ctx) => {
    const outcome = await ctx.write(async (tx) => {
      const recorded = await recordTemplateMessage(tx, deps, { orderId: ctx.input.id, staffId: ctx.current.staff.id, templateId: ctx.input.templateId, now: ctx.now });
      if (!recorded.allowed) ctx.auditAs('collections.message-refused');
      return {
        answer: recorded,
        audit: { targetType: 'order', targetId: ctx.input.id, before: null, after: { channel: 'sms', templateId: ctx.input.templateId, allowed: recorded.allowed, reason: recorded.allowed ? null : recorded.reason, text: recorded.text } },
      };
    });
    // Handed to the gateway once the attempt is committed (the database is not held while it answers).
    if (outcome.allowed && outcome.attemptId !== null && outcome.text !== null) await sendRecordedMessage(deps, { attemptId: outcome.attemptId, phone: outcome.phone, text: outcome.text });
    return {
      allowed: outcome.allowed,
      attemptId: outcome.attemptId,
      message: outcome.allowed ? 'Sent.' : outcome.message,
      nextAllowedAt: outcome.allowed ? null : iso(outcome.nextAllowedAt),
      text: outcome.text,
    };
  });

  mountCall(app, staff, promiseCall, async (ctx) => {
    await mayWork(ctx.current.staff, ctx.input.id);
    return ctx.write(async (tx) => {
      const view = await overdueOrder(tx, ctx.input.id, ctx.now, deps.config.COLLECTION_BUCKETS, { forUpdate: true });
      const promise = await recordPromise(tx, {
        orderId: view.order.id,
        promisedOn: ctx.input.promisedOn,
        amountMinor: ctx.input.amountMinor,
        staffId: ctx.current.staff.id,
        now: ctx.now,
        market: view.order.market,
        amountDueMinor: view.amountDueMinor,
      });
      return { answer: promise, audit: { targetType: 'order', targetId: view.order.id, before: null, after: { promiseId: promise.id, promisedOn: promise.promisedOn, amountMinor: promise.amountMinor } } };
    });
  });

  mountCall(app, staff, hoursConsentCall, async (ctx) => {
    await mayWork(ctx.current.staff, ctx.input.id);
    return ctx.write(async (tx) => {
      const { before, after } = await recordHoursConsent(tx, deps, { orderId: ctx.input.id, staffId: ctx.current.staff.id, given: ctx.input.given, now: ctx.now });
      return { answer: { hoursConsentAt: iso(after) }, audit: { targetType: 'order', targetId: ctx.input.id, before: { hoursConsentAt: iso(before) }, after: { hoursConsentAt: iso(after) } } };
    });
  });

  mountCall(app, staff, markDisputeCall, async (ctx) => {
    await mayWork(ctx.current.staff, ctx.input.id);
    return ctx.write(async (tx) => {
      const dispute = await markDispute(tx, deps, { orderId: ctx.input.id, staffId: ctx.current.staff.id, reason: ctx.input.reason, now: ctx.now });
      return { answer: disputeView(dispute), audit: { targetType: 'order', targetId: ctx.input.id, before: { disputed: false }, after: { disputed: true, disputeId: dispute.id, reason: dispute.reason } } };
    });
  });

  mountCall(app, staff, resolveDisputeCall, async (ctx) =>
    ctx.write(async (tx) => {
      const { after } = await resolveDispute(tx, { orderId: ctx.input.id, staffId: ctx.current.staff.id, resolution: ctx.input.resolution, now: ctx.now });
      return { answer: disputeView(after), audit: { targetType: 'order', targetId: ctx.input.id, before: { disputed: true, disputeId: after.id }, after: { disputed: false, resolution: after.resolution } } };
    }),
  );

  mountCall(app, staff, templatesCall, async () => ({ templates: (await listTemplates(deps.db)).map(templateView), placeholders: [...TEMPLATE_PLACEHOLDERS] }));

  mountCall(app, staff, saveTemplateCall, async (ctx) =>
    ctx.write(async (tx) => {
      const { before, after } = await saveTemplate(tx, { ...ctx.input, staffId: ctx.current.staff.id, at: ctx.now });
      return { answer: templateView(after), audit: { targetType: 'collection-template', targetId: after.id, before: before ? templateView(before) : null, after: templateView(after) } };
    }),
  );
}
