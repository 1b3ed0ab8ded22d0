import type { z } from 'zod';

/** The first issue of a failed parse, phrased so the borrower/engineer sees which field was wrong. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const field = issue.path.join('.');
  // Contract messages already name their field ("orderId is required"); zod's defaults do not.
  if (!field || issue.message.toLowerCase().includes(field.toLowerCase())) return issue.message;
  return `${field}: ${issue.message}`;
}
