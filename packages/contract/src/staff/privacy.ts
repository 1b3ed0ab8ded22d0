/**
 * The data-protection officer's desk (issue 39, docs/privacy.md): the borrowers' requests to correct
 * or erase their data, oldest deadline first, each with the borrower's data as they would download
 * it, and the answer (approve, or refuse with a reason the borrower reads). Admins may do the same.
 */
import { z } from 'zod';
import { defineStaffCall, isoDateTime, pageFields, pageOf, staffId } from './common.ts';

export const PRIVACY_REQUEST_STATES = ['open', 'approved', 'refused', 'done'] as const;
export const PRIVACY_DECISIONS = ['approve', 'refuse'] as const;

export const privacyRequestRow = z.object({
  id: z.number().int().positive(),
  refNo: z.string(),
  borrowerId: z.number().int().positive(),
  borrowerName: z.string(),
  kind: z.enum(['correction', 'erasure']),
  field: z.string(),
  value: z.string().describe("a correction's correct value, as the borrower wrote it"),
  imageUrl: z.string().describe("a correction's document photo ('' for none)"),
  state: z.enum(PRIVACY_REQUEST_STATES),
  reason: z.string(),
  createdAt: isoDateTime,
  answerBy: z.string().describe('YYYY-MM-DD'),
  daysLeft: z.number().int().describe('calendar days to the answer date (negative: late); 0 on the day'),
  decidedBy: z.string().nullable(),
  decidedAt: isoDateTime.nullable(),
});
export type PrivacyRequestRow = z.infer<typeof privacyRequestRow>;

export const privacyRequestsCall = defineStaffCall(
  { method: 'GET', path: '/privacy/requests', access: { roles: ['dpo', 'admin'] } },
  {
    input: z.object({ state: z.enum([...PRIVACY_REQUEST_STATES, 'all'], { error: 'state must be open, approved, refused, done or all' }).default('open'), ...pageFields }),
    answer: pageOf(privacyRequestRow),
  },
  'The requests to correct or erase data, the nearest answer date first.',
);

export const privacyRequestCall = defineStaffCall(
  { method: 'GET', path: '/privacy/requests/:id', access: { roles: ['dpo', 'admin'] } },
  {
    input: z.object({ id: staffId('id') }),
    answer: z.object({
      request: privacyRequestRow,
      data: z.object({ fileName: z.string(), content: z.string().describe('the JSON the borrower would download from "My data"') }),
    }),
  },
  "One request, with the borrower's data as they would download it.",
);

export const decidePrivacyRequestCall = defineStaffCall(
  { method: 'POST', path: '/privacy/requests/:id/decide', access: { roles: ['dpo', 'admin'] }, audit: 'privacy.decide' },
  {
    input: z.object({
      id: staffId('id'),
      decision: z.enum(PRIVACY_DECISIONS, { error: 'decision must be approve or refuse' }),
      reason: z.string({ error: 'reason must be text' }).trim().max(500, { error: 'reason must be at most 500 characters' }).default(''),
    }),
    answer: privacyRequestRow,
  },
  'Answers an open request: approve (a name correction is applied and done; any other correction or an erasure is approved, to be carried out), or refuse with a reason the borrower reads.',
);
