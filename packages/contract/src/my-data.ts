/**
 * "My data" (issue 39; not in the spec, every call chosen here; docs/privacy.md): the borrower's
 * consents by purpose (the consent ledger), who received their data, what the lender holds (a JSON
 * file and a PDF), and requests to correct or erase it, each with a reference and an answer date.
 * Screen: /myData. Success code 0, like the other v3 calls.
 */
import { z } from 'zod';
import { calendarDate, dateTime, flagField, optionalTextField } from './schema.ts';
import { CORRECTABLE_FIELDS, DATA_REQUEST_KINDS } from './routes/my-data-values.ts';
import { CONSENT_PURPOSES } from './routes/my-data-consent-values.ts';

export { CORRECTABLE_FIELDS, CORRECTABLE_FIELD_TITLES, DATA_REQUEST_KINDS, type DataRequestKind } from './routes/my-data-values.ts';
// The purposes and their words are zod-free: the promotional landing shows them too.
export { CONSENT_PURPOSES, CONSENT_TEXTS, SIGN_UP_CONSENT_PURPOSES, type ConsentPurpose } from './routes/my-data-consent-values.ts';

export const DATA_REQUEST_STATES = ['open', 'approved', 'refused', 'done'] as const;
export const DATA_REQUEST_STATE_TITLES: Record<(typeof DATA_REQUEST_STATES)[number], string> = {
  open: 'Waiting for our answer',
  approved: 'Approved: we are doing it',
  refused: 'Refused',
  done: 'Done',
};

export const MY_DATA_MESSAGES = {
  servicingLocked: 'Loan servicing cannot be withdrawn while you have a loan open: we need it to service that loan. You can withdraw it once your loans are settled.',
  erasureOpen: 'You have an erasure request open already. We will answer it by the date shown.',
  unknownPurpose: 'purpose must be loan_servicing, payment_reminders, marketing or credit_bureau',
  unknownKind: 'kind must be correction or erasure',
  unknownField: 'field must be name, mobilePhone, bankAccount or other',
  valueRequired: 'value is required for a correction: write the correct value',
  notACorrection: 'field and value apply to a correction only',
} as const;

export const consentView = z.object({
  purpose: z.enum(CONSENT_PURPOSES),
  title: z.string(),
  text: z.string().describe('the words the borrower is shown now'),
  version: z.string(),
  granted: z.boolean(),
  /** When it was last granted or withdrawn; '' when never. */
  changedAt: z.union([dateTime, z.literal('')]),
  /** Whether a withdrawal is allowed now; when not, lockedReason says why. */
  canWithdraw: z.boolean(),
  lockedReason: z.string(),
});
export type ConsentView = z.infer<typeof consentView>;

export const dataRequestView = z.object({
  refNo: z.string().describe('e.g. DR-20261129-0001'),
  kind: z.enum(DATA_REQUEST_KINDS),
  field: z.string().describe("a correction's field ('' for an erasure)"),
  state: z.enum(DATA_REQUEST_STATES),
  stateTitle: z.string(),
  createdAt: dateTime,
  answerBy: calendarDate,
  /** The lender's reason, when refused (or a note when done); ''. */
  reason: z.string(),
  doneAt: z.union([dateTime, z.literal('')]),
});
export type DataRequestView = z.infer<typeof dataRequestView>;

/** A personal data breach notice sent to the borrower (the breach register, docs/privacy.md): in the app, and by SMS. */
export const breachNoticeView = z.object({
  refNo: z.string().describe('the breach, e.g. BR-20261129-0001'),
  sentAt: dateTime.describe('when we told the borrower'),
  whatHappened: z.string(),
  dataInvolved: z.string(),
  whatWeDid: z.string(),
  whatYouCanDo: z.string(),
  contact: z.string().describe('whom to contact about it'),
});
export type BreachNoticeView = z.infer<typeof breachNoticeView>;

export const myData = {
  payload: z.object({}).loose(),
  answer: z.object({
    consents: z.array(consentView),
    /** The third parties the borrower's data goes to (from configuration), with what and why. */
    recipients: z.array(z.object({ name: z.string(), what: z.string(), why: z.string() })),
    requests: z.array(dataRequestView).describe('newest first'),
    /** What an erasure keeps, under which law, until when ('' while a loan is open: 5 years from when the last closes). */
    retention: z.object({
      law: z.string(),
      what: z.string(),
      keptUntil: z.union([calendarDate, z.literal('')]),
      years: z.number().int().positive().describe("how many years after the last loan closes the records are kept: the law's minimum, or the lender's longer RETENTION_YEARS_PH / _IN"),
    }),
    /** The personal data breach notices sent to the borrower, newest first (none for most borrowers). */
    notices: z.array(breachNoticeView),
  }),
};
export type MyData = z.infer<typeof myData.answer>;

export const consent = {
  payload: z.object({
    purpose: z.enum(CONSENT_PURPOSES, { error: MY_DATA_MESSAGES.unknownPurpose }),
    granted: flagField('granted'),
  }),
  answer: consentView,
};

export const myDataExport = {
  payload: z.object({}).loose(),
  answer: z.object({ fileName: z.string(), content: z.string().describe('the JSON file: everything the lender holds about the borrower (docs/privacy.md, "Export")') }),
};

export const myDataPdf = {
  payload: z.object({}).loose(),
  answer: z.instanceof(Uint8Array).describe('the PDF itself (application/pdf, an attachment), not an envelope'),
};

export const dataRequest = {
  payload: z.object({
    kind: z.enum(DATA_REQUEST_KINDS, { error: MY_DATA_MESSAGES.unknownKind }),
    field: z.enum(CORRECTABLE_FIELDS, { error: MY_DATA_MESSAGES.unknownField }).optional(),
    value: optionalTextField('value', 200),
    /** An optional document photo: a URL the upload call answered (the complaint upload rules). */
    image: optionalTextField('image', 500),
  }),
  answer: dataRequestView,
};
