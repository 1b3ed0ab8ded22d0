/**
 * The collections desk (issue 38, docs/collections.md): the queue of overdue orders by days past due,
 * assigned by the collections lead (or round-robin), an order's collections page (contact attempts
 * asked of the contact guard before they happen, promises to pay, the lender's approved templates,
 * disputes), the templates admins keep, and the portfolio's health. Amounts are minor units of the
 * order's currency; times are ISO 8601.
 */
import { z } from 'zod';
import { amountMinorField, defineStaffCall, isoDateTime, pageFields, pageOf, staffId, STAFF_LIMITS } from './common.ts';
import { LANGS } from '../i18n.ts';

/** The days past due each bucket starts at, unless the lender sets COLLECTION_BUCKETS: 1–7, 8–30, 31–60, 61–90, 90+. */
export const DEFAULT_BUCKET_STARTS = [1, 8, 31, 61, 91] as const;
/** A bucket's name from its first day and the next bucket's: '1-7', '8-30', …, '91+'. */
export const bucketName = (starts: readonly number[], index: number): string =>
  index + 1 < starts.length ? `${starts[index]}-${starts[index + 1]! - 1}` : `${starts[index]}+`;

export const CONTACT_CHANNELS = ['call', 'sms', 'email'] as const;
export type ContactChannelName = (typeof CONTACT_CHANNELS)[number];
/** Who was reached (or asked for): only the borrower, or a guarantor or co-maker the borrower named, may be. */
export const CONTACT_PARTIES = ['borrower', 'guarantor', 'co_maker', 'other'] as const;
export const CONTACT_PARTY_TITLES: Record<(typeof CONTACT_PARTIES)[number], string> = {
  borrower: 'The borrower',
  guarantor: 'A guarantor the borrower named',
  co_maker: 'A co-maker the borrower named',
  other: 'Someone else',
};
export const CALL_OUTCOMES = ['reached', 'no_answer', 'wrong_number', 'refused', 'dispute'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];
export const CALL_OUTCOME_TITLES: Record<CallOutcome, string> = {
  reached: 'Reached',
  no_answer: 'No answer',
  wrong_number: 'Wrong number',
  refused: 'Refused to talk',
  dispute: 'Disputes the debt',
};
export const PROMISE_STATES = ['open', 'kept', 'broken'] as const;
export const PROMISE_STATE_TITLES: Record<(typeof PROMISE_STATES)[number], string> = { open: 'Open', kept: 'Kept', broken: 'Broken' };
export const TEMPLATE_MARKETS = ['PH', 'IN'] as const;
/** The placeholders a template may use; the server fills them (docs/collections.md, "Templates"). */
export const TEMPLATE_PLACEHOLDERS = ['borrowerName', 'orderNo', 'amountDue', 'dueDate', 'lender', 'agentName', 'agency', 'agentPhone'] as const;
/** The language a template is written in: a borrower's language, never the pseudo-locale. */
const templateLang = z
  .enum(LANGS, { error: `lang must be one of ${LANGS.join(', ')}` })
  .describe('the language the template is written in; the lines the server adds (the disputed label, the grievance officer) are written in it');
export const TEMPLATE_LIMITS = { nameMaxChars: 60, bodyMaxChars: 480 } as const;

const collectorRef = z.object({ id: z.number().int().positive(), name: z.string() });

export const queueRow = z.object({
  orderId: z.number().int().positive(),
  orderNo: z.string(),
  borrowerId: z.number().int().positive(),
  borrowerName: z.string(),
  market: z.enum(TEMPLATE_MARKETS),
  currency: z.string(),
  daysPastDue: z.number().int().positive(),
  bucket: z.string().describe("the bucket's name, e.g. '8-30'"),
  amountDueMinor: z.number().int().nonnegative().describe('what the borrower owes today'),
  chargesMinor: z.number().int().nonnegative().describe('the late charges booked so far, within the caps'),
  collector: collectorRef.nullable(),
  lastContactAt: isoDateTime.nullable(),
  lastOutcome: z.enum(CALL_OUTCOMES).nullable(),
  nextCallAt: isoDateTime.nullable().describe('when the contact guard would next allow a call from this order\'s collector (now, if now); null when waiting does not help (a dispute, a complaint)'),
  disputed: z.boolean(),
});
export type QueueRow = z.infer<typeof queueRow>;

export const queueCall = defineStaffCall(
  { method: 'GET', path: '/collections/queue', access: { roles: ['collector', 'collections_lead'] } },
  {
    input: z.object({
      bucket: z.string().max(20).optional(),
      assignee: z
        .union([z.enum(['me', 'unassigned', 'all']), staffId('assignee')])
        .default('all')
        .describe("a collector sees only the orders assigned to them, whatever is asked"),
      ...pageFields,
    }),
    answer: pageOf(queueRow).extend({ buckets: z.array(z.object({ name: z.string(), count: z.number().int().nonnegative() })).describe('every bucket with its overdue orders (of this assignee)') }),
  },
  'The overdue orders, most days past due first: amount due, capped charges, collector, last contact and when the contact guard next allows a call.',
);

export const collectorRow = z.object({ id: z.number().int().positive(), name: z.string(), email: z.string(), assigned: z.number().int().nonnegative() });
export const collectorsCall = defineStaffCall(
  { method: 'GET', path: '/collections/collectors', access: { roles: ['collections_lead'] } },
  { input: z.object({}), answer: z.object({ collectors: z.array(collectorRow) }) },
  'The enabled staff with the collector role and the overdue orders each holds.',
);

export const assignCall = defineStaffCall(
  { method: 'POST', path: '/collections/assign', access: { roles: ['collections_lead'] }, audit: 'collections.assign' },
  {
    input: z.object({
      orderIds: z.array(staffId('orderIds'), { error: 'orderIds must be a list' }).min(1, { error: 'orderIds must name at least one order' }).max(STAFF_LIMITS.pageSizeMax),
      collectorId: staffId('collectorId'),
    }),
    answer: z.object({ assigned: z.number().int().nonnegative() }),
  },
  "Gives overdue orders to a collector (India: the borrower is sent the agent's name, agency and phone first).",
);

export const roundRobinCall = defineStaffCall(
  { method: 'POST', path: '/collections/assign/round-robin', access: { roles: ['collections_lead'] }, audit: 'collections.round-robin' },
  { input: z.object({ bucket: z.string().max(20).optional() }), answer: z.object({ assigned: z.number().int().nonnegative() }) },
  'Gives every unassigned overdue order (of a bucket, or all) to the collectors in turn, fewest held first.',
);

export const contactAttemptView = z.object({
  id: z.number().int().positive(),
  at: isoDateTime,
  channel: z.enum(CONTACT_CHANNELS),
  party: z.enum(CONTACT_PARTIES),
  by: z.string().describe("the collector's name, or 'Reminder' for the system's own"),
  allowed: z.boolean(),
  refusal: z.string().nullable().describe('why the guard refused it'),
  nextAllowedAt: isoDateTime.nullable(),
  outcome: z.enum(CALL_OUTCOMES).nullable(),
  text: z.string().nullable().describe('a message: what was sent'),
});
export const promiseView = z.object({
  id: z.number().int().positive(),
  promisedOn: z.string().describe('YYYY-MM-DD on the market calendar'),
  amountMinor: z.number().int().positive(),
  paidMinor: z.number().int().nonnegative().describe('paid from the promise until the end of its day'),
  state: z.enum(PROMISE_STATES).describe('kept: paid in full by the end of the day; broken: the day passed without'),
  createdBy: z.string(),
  createdAt: isoDateTime,
});
export const disputeView = z.object({
  id: z.number().int().positive(),
  reason: z.string(),
  openedBy: z.string().describe("a staff member's name, or 'Borrower' (a complaint)"),
  openedAt: isoDateTime,
  complaintTicketNo: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolvedAt: isoDateTime.nullable(),
  resolution: z.string().nullable(),
});
export const nextContact = z.object({
  allowed: z.boolean(),
  message: z.string().nullable().describe('why not, in words'),
  nextAllowedAt: isoDateTime.nullable(),
});

export const collectionOrderCall = defineStaffCall(
  { method: 'GET', path: '/collections/orders/:id', access: { roles: ['collector', 'collections_lead'] } },
  {
    input: z.object({ id: staffId('id') }),
    answer: z.object({
      order: queueRow.extend({
        dueAt: isoDateTime.nullable(),
        phone: z.string(),
        hoursConsentAt: isoDateTime.nullable().describe('the Philippines: when the borrower expressly consented to contact at other hours'),
        borrowerLang: z.enum(LANGS).nullable().describe("the language of the borrower's latest call (docs/i18n.md): a template in it reads best; null before their first call"),
      }),
      agentNoticeSentAt: isoDateTime.nullable().describe("India: when the borrower was sent this collector's name, agency and phone"),
      dispute: disputeView.nullable().describe('the open dispute, else the latest'),
      complaints: z.array(z.object({ ticketNo: z.string(), against: z.string(), createdAt: isoDateTime, answered: z.boolean() })).describe('collection-type complaints about this order'),
      attempts: z.array(contactAttemptView),
      promises: z.array(promiseView),
      templates: z.array(z.object({ id: z.number().int().positive(), name: z.string(), lang: templateLang, text: z.string().describe('filled for this order, as it would be sent') })),
      next: z.object({ call: nextContact, sms: nextContact }).describe("what the contact guard would answer this collector now (the order's collector, or the lead)"),
    }),
  },
  "An overdue order's collections page (a collector sees only the orders assigned to them).",
);

const orderPath = { id: staffId('id') };
export const contactDecision = z.object({
  allowed: z.boolean(),
  attemptId: z.number().int().positive().nullable(),
  message: z.string().describe('what happened, or why the guard refused'),
  nextAllowedAt: isoDateTime.nullable(),
});

export const startCallCall = defineStaffCall(
  { method: 'POST', path: '/collections/orders/:id/calls', access: { roles: ['collector', 'collections_lead'] }, audit: 'collections.call' },
  { input: z.object({ ...orderPath, party: z.enum(CONTACT_PARTIES, { error: `party must be one of ${CONTACT_PARTIES.join(', ')}` }) }), answer: contactDecision },
  'Asks the contact guard before dialling: allowed, the attempt is recorded and its outcome is logged next; refused, the refusal is recorded with its reason and the next allowed time.',
);

export const callOutcomeCall = defineStaffCall(
  { method: 'POST', path: '/collections/attempts/:id/outcome', access: { roles: ['collector', 'collections_lead'] }, audit: 'collections.outcome' },
  {
    input: z.object({ id: staffId('id'), outcome: z.enum(CALL_OUTCOMES, { error: `outcome must be one of ${CALL_OUTCOMES.join(', ')}` }) }),
    answer: z.object({ outcome: z.enum(CALL_OUTCOMES) }),
  },
  "Logs a call's outcome (once); 'dispute' opens a dispute on the order.",
);

export const sendTemplateCall = defineStaffCall(
  { method: 'POST', path: '/collections/orders/:id/messages', access: { roles: ['collector', 'collections_lead'] }, audit: 'collections.message' },
  { input: z.object({ ...orderPath, templateId: staffId('templateId') }), answer: contactDecision.extend({ text: z.string().nullable() }) },
  'Sends an approved template by SMS, filled by the server, if the contact guard allows it.',
);

export const promiseCall = defineStaffCall(
  { method: 'POST', path: '/collections/orders/:id/promises', access: { roles: ['collector', 'collections_lead'] }, audit: 'collections.promise' },
  {
    input: z.object({
      ...orderPath,
      promisedOn: z.string({ error: 'promisedOn must be a date (YYYY-MM-DD)' }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'promisedOn must be a date (YYYY-MM-DD)' }),
      amountMinor: amountMinorField('amountMinor'),
    }),
    answer: promiseView,
  },
  'Records a promise to pay: a day from today to 30 days on, and an amount up to what is due.',
);

export const hoursConsentCall = defineStaffCall(
  { method: 'POST', path: '/collections/orders/:id/hours-consent', access: { roles: ['collector', 'collections_lead'] }, audit: 'collections.hours-consent' },
  { input: z.object({ ...orderPath, given: z.boolean({ error: 'given must be true or false' }) }), answer: z.object({ hoursConsentAt: isoDateTime.nullable() }) },
  'The Philippines: records (or withdraws) the borrower\'s express consent to be contacted outside 06:00–22:00, with its time.',
);

export const markDisputeCall = defineStaffCall(
  { method: 'POST', path: '/collections/orders/:id/dispute', access: { roles: ['collector', 'collections_lead'] }, audit: 'collections.dispute' },
  { input: z.object({ ...orderPath, reason: z.string({ error: 'reason must be text' }).trim().min(1, { error: 'reason must not be empty' }).max(500, { error: 'reason must be at most 500 characters' }) }), answer: disputeView },
  'Marks the debt disputed: no collection message until the lead resolves it.',
);

export const resolveDisputeCall = defineStaffCall(
  { method: 'POST', path: '/collections/orders/:id/dispute/resolve', access: { roles: ['collections_lead'] }, audit: 'collections.dispute-resolve' },
  { input: z.object({ ...orderPath, resolution: z.string({ error: 'resolution must be text' }).trim().min(1, { error: 'resolution must not be empty' }).max(500, { error: 'resolution must be at most 500 characters' }) }), answer: disputeView },
  'Resolves the open dispute, with what was found.',
);

// ---- templates ---------------------------------------------------------------------------------

export const templateView = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  market: z.enum(TEMPLATE_MARKETS),
  lang: templateLang,
  body: z.string(),
  active: z.boolean(),
  updatedBy: z.string(),
  updatedAt: isoDateTime,
});
export type CollectionTemplate = z.infer<typeof templateView>;

export const templatesCall = defineStaffCall(
  { method: 'GET', path: '/collections/templates', access: { roles: ['collector', 'collections_lead', 'admin'] } },
  { input: z.object({}), answer: z.object({ templates: z.array(templateView), placeholders: z.array(z.string()) }) },
  "The lender's collection templates, and the placeholders the server fills.",
);

export const saveTemplateCall = defineStaffCall(
  { method: 'POST', path: '/collections/templates', access: { roles: ['admin'] }, audit: 'collections.template' },
  {
    input: z.object({
      id: staffId('id').optional().describe('absent: a new template'),
      name: z.string({ error: 'name must be text' }).trim().min(1, { error: 'name must not be empty' }).max(TEMPLATE_LIMITS.nameMaxChars, { error: `name must be at most ${TEMPLATE_LIMITS.nameMaxChars} characters` }),
      market: z.enum(TEMPLATE_MARKETS, { error: 'market must be PH or IN' }),
      lang: templateLang.optional().describe("absent: 'en' for a new template, its own for a change"),
      body: z.string({ error: 'body must be text' }).trim().min(1, { error: 'body must not be empty' }).max(TEMPLATE_LIMITS.bodyMaxChars, { error: `body must be at most ${TEMPLATE_LIMITS.bodyMaxChars} characters` }),
      active: z.boolean({ error: 'active must be true or false' }).default(true),
    }),
    answer: templateView,
  },
  'Creates or changes a template; a body with a threat, an insult or a shaming word, or an unknown placeholder, is refused and names it.',
);

// ---- portfolio health ----------------------------------------------------------------------------

export const portfolioCall = defineStaffCall(
  { method: 'GET', path: '/collections/portfolio', access: { roles: ['collections_lead', 'admin', 'finance'] } },
  {
    input: z.object({ currency: z.enum(['PHP', 'INR'], { error: 'currency must be PHP or INR' }).default('PHP') }),
    answer: z.object({
      currency: z.enum(['PHP', 'INR']),
      asOf: isoDateTime,
      outstandingPrincipalMinor: z.number().int().nonnegative(),
      par: z.array(z.object({ days: z.number().int().positive(), pastDuePrincipalMinor: z.number().int().nonnegative(), ratio: z.number().min(0).max(1) })).describe('PAR 1/30/60/90: outstanding principal of orders more than N days past due ÷ all outstanding principal'),
      rollRates: z
        .array(z.object({ month: z.string().describe('YYYY-MM: from the last day of the month before to the last day of this one (or today)'), from: z.string(), to: z.string(), orders: z.number().int().nonnegative(), rolled: z.number().int().nonnegative(), ratio: z.number().min(0).max(1) }))
        .describe("of the orders in bucket `from` at the start of the month, how many were in the next bucket `to` at its end, from the nightly job's stored rows"),
      promises: z.object({ kept: z.number().int().nonnegative(), broken: z.number().int().nonnegative(), open: z.number().int().nonnegative(), keptRatio: z.number().min(0).max(1).nullable() }).describe('this month, promises whose day has come'),
      collectedThisMonth: z.array(z.object({ bucket: z.string(), amountMinor: z.number().int().nonnegative() })).describe("payments this month on overdue orders, by the order's bucket the night before"),
    }),
  },
  "The portfolio's health: PAR 1/30/60/90, roll rates month on month, promises kept, and collected this month by bucket.",
);
