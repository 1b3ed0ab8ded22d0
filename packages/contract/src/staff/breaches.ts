/**
 * The breach register (issue 39, docs/privacy.md "Breach register"): a personal data breach recorded
 * with what happened, when it was found and which borrowers it touched (chosen by one of a few named
 * queries over the data, counted before anyone is told), the 72-hour countdown from discovery, the
 * notice to each affected borrower (in the app and by SMS, sent once however often Notify is pressed),
 * and the report for the NPC / Data Protection Board. For the data-protection officer and admins;
 * every write audited.
 */
import { z } from 'zod';
import { bookDay } from './books.ts';
import { defineStaffCall, isoDateTime, pageFields, pageOf, staffId } from './common.ts';

/** The named queries that choose a breach's borrowers, each with its own parameters. */
export const BREACH_QUERY_KINDS = ['bound-account-between', 'signed-up-between', 'orders-in-market'] as const;
export type BreachQueryKind = (typeof BREACH_QUERY_KINDS)[number];
export const BREACH_QUERY_TITLES: Record<BreachQueryKind, string> = {
  'bound-account-between': 'Bound a payment account between two days',
  'signed-up-between': 'Signed up between two days',
  'orders-in-market': 'Has an order in a market',
};
export const BREACH_MARKETS = ['PH', 'IN'] as const;
export const BREACH_MARKET_TITLES: Record<(typeof BREACH_MARKETS)[number], string> = { PH: 'Philippines', IN: 'India' };

/**
 * The most characters of each text. The notice SMS carries the first five, so they are kept short:
 * with its labels the SMS stays within 4 GSM-7 parts (domain/breaches, docs/privacy.md). `details`
 * goes only in the report.
 */
export const BREACH_TEXT_MAX = { whatHappened: 100, dataInvolved: 60, measuresTaken: 100, borrowerCanDo: 100, contact: 60, details: 4000 } as const;

export const BREACH_REPORT_FORMATS = ['json', 'text'] as const;

const requiredText = (name: keyof typeof BREACH_TEXT_MAX) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .min(1, { error: `${name} is required` })
    .max(BREACH_TEXT_MAX[name], { error: `${name} must be at most ${BREACH_TEXT_MAX[name]} characters` });

/** A named query and its parameters, as a form or a query string sends them (one object, each parameter optional). */
export const affectedQueryFields = {
  kind: z.enum(BREACH_QUERY_KINDS, { error: `kind must be one of ${BREACH_QUERY_KINDS.join(', ')}` }),
  from: bookDay('from').optional().describe('the first day (Manila), for the two between-kinds'),
  to: bookDay('to').optional().describe('the last day (Manila), included, for the two between-kinds'),
  market: z.enum(BREACH_MARKETS, { error: 'market must be PH or IN' }).optional().describe('for orders-in-market'),
};

/** Each kind takes its parameters and no other: from and to (from on or before to) for the between-kinds, market for orders-in-market. */
function checkAffectedQuery(q: { kind: BreachQueryKind; from?: string | undefined; to?: string | undefined; market?: string | undefined }, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (q.kind === 'orders-in-market') {
    if (q.market === undefined) issue('market', `market is required for ${q.kind}`);
    if (q.from !== undefined || q.to !== undefined) issue('from', `from and to do not apply to ${q.kind}`);
    return;
  }
  if (q.from === undefined) issue('from', `from is required for ${q.kind}`);
  if (q.to === undefined) issue('to', `to is required for ${q.kind}`);
  if (q.from !== undefined && q.to !== undefined && q.from > q.to) issue('from', 'from must be on or before to');
  if (q.market !== undefined) issue('market', `market does not apply to ${q.kind}`);
}

export const affectedQuery = z.object(affectedQueryFields).superRefine(checkAffectedQuery);
export type AffectedQuery = z.output<typeof affectedQuery>;

export const breachRow = z.object({
  id: z.number().int().positive(),
  refNo: z.string().describe('e.g. BR-20261129-0001'),
  whatHappened: z.string(),
  dataInvolved: z.string(),
  measuresTaken: z.string().describe('what the lender did'),
  borrowerCanDo: z.string(),
  contact: z.string(),
  details: z.string().describe('the fuller account for the report; never in a notice'),
  discoveredAt: isoDateTime,
  recordedBy: z.string(),
  createdAt: isoDateTime,
  query: z.object(affectedQueryFields),
  queryText: z.string().describe('the query in words, e.g. "Every borrower who bound a payment account from 2026-11-01 to 2026-11-28 (Manila)"'),
  deadlineAt: isoDateTime.describe('discovery + 72 hours'),
  hoursLeft: z.number().int().describe('whole hours to the deadline, rounded down; negative once past it'),
  overdue: z.boolean(),
  notifiedAt: isoDateTime.nullable().describe('when the notices were first made'),
  reportedAt: isoDateTime.nullable().describe('when the report was first exported'),
  notices: z.object({
    total: z.number().int().nonnegative().describe('borrowers notified in the app'),
    smsSent: z.number().int().nonnegative(),
    smsFailed: z.number().int().nonnegative(),
    smsPending: z.number().int().nonnegative(),
  }),
});
export type BreachRow = z.infer<typeof breachRow>;

export const listBreachesCall = defineStaffCall(
  { method: 'GET', path: '/breaches', access: { roles: ['dpo', 'admin'] } },
  { input: z.object({ ...pageFields }), answer: pageOf(breachRow) },
  'The breach register, the newest first, each with its 72-hour countdown and its notices.',
);

export const previewAffectedCall = defineStaffCall(
  { method: 'GET', path: '/breaches/affected', access: { roles: ['dpo', 'admin'] } },
  { input: affectedQuery, answer: z.object({ count: z.number().int().nonnegative(), queryText: z.string() }) },
  'How many borrowers a named query chooses now (borrowers whose data was erased are left out), before a breach is recorded or notified.',
);

export const getBreachCall = defineStaffCall(
  { method: 'GET', path: '/breaches/:id', access: { roles: ['dpo', 'admin'] } },
  {
    input: z.object({ id: staffId('id') }),
    answer: z.object({ breach: breachRow, affectedNow: z.number().int().nonnegative().describe('the borrowers its query chooses now') }),
  },
  'One breach with its countdown, its notices and how many borrowers its query chooses now.',
);

export const recordBreachCall = defineStaffCall(
  { method: 'POST', path: '/breaches', access: { roles: ['dpo', 'admin'] }, audit: 'breach.record' },
  {
    input: z.object({
      whatHappened: requiredText('whatHappened'),
      dataInvolved: requiredText('dataInvolved'),
      measuresTaken: requiredText('measuresTaken'),
      borrowerCanDo: requiredText('borrowerCanDo'),
      contact: requiredText('contact'),
      details: z
        .string({ error: 'details must be text' })
        .trim()
        .max(BREACH_TEXT_MAX.details, { error: `details must be at most ${BREACH_TEXT_MAX.details} characters` })
        .default(''),
      discoveredAt: z.iso.datetime({ error: 'discoveredAt must be an ISO date and time', offset: true }).describe('when the breach was found, e.g. 2026-11-29T08:00:00+08:00; not in the future'),
      query: affectedQuery,
    }),
    answer: breachRow,
  },
  'Records a breach: what happened, when it was found (not in the future), the words of its notices, and the named query choosing its borrowers; it gets a reference.',
);

export const notifyBreachCall = defineStaffCall(
  { method: 'POST', path: '/breaches/:id/notify', access: { roles: ['dpo', 'admin'] }, audit: 'breach.notify' },
  {
    input: z.object({ id: staffId('id') }),
    answer: z.object({
      added: z.number().int().nonnegative().describe('borrowers notified for the first time by this call'),
      smsSent: z.number().int().nonnegative().describe('SMS the gateway took in this call'),
      smsFailed: z.number().int().nonnegative().describe('SMS the gateway refused in this call (Notify again retries them)'),
      breach: breachRow,
    }),
  },
  'Notifies every borrower the query chooses now and who has no notice yet: the notice in the app at once, then one SMS each; an SMS already sent is never sent again.',
);

export const exportBreachReportCall = defineStaffCall(
  { method: 'POST', path: '/breaches/:id/report', access: { roles: ['dpo', 'admin'] }, audit: 'breach.report' },
  {
    input: z.object({ id: staffId('id'), format: z.enum(BREACH_REPORT_FORMATS, { error: 'format must be json or text' }).default('json') }),
    answer: z.object({
      fileName: z.string(),
      content: z.string().describe('the report for the NPC / Data Protection Board (docs/privacy.md, "Breach register")'),
      reportedAt: isoDateTime.describe('when the report was first exported'),
    }),
  },
  'The report for the NPC / Data Protection Board, as JSON or readable text: the nature of the breach, the personal data involved, the persons affected, the measures taken, the contact, and when it was found and notified. The first export is kept as the time it was reported.',
);
