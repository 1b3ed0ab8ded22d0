import { invalidInput } from './api-error.ts';
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

/**
 * PostgreSQL text cannot hold a NUL character: a value with one would fail in the database as a
 * 500. It is refused up front, naming its field, for every query and body value (arrays and
 * objects of a JSON body included).
 */
export function findNul(input: Record<string, unknown>): string | null {
  const has = (value: unknown, depth: number): boolean => {
    if (typeof value === 'string') return value.includes('\u0000');
    if (depth > 8 || value === null || typeof value !== 'object') return false;
    return Object.values(value).some((v) => has(v, depth + 1));
  };
  for (const [key, value] of Object.entries(input)) if (has(value, 0)) return key;
  return null;
}

/** Input of a call outside the contract's borrower calls (the dev back office): parsed, or refused with 400 naming the field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input ?? {});
  if (!parsed.success) throw invalidInput(describeIssue(parsed.error));
  return parsed.data;
}

/** The back office's success answer: `{code: 0, message, data}`. */
export const opsAnswer = <T>(data: T, message = 'success') => ({ code: 0, message, data });
