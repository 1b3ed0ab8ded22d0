/** Zod helpers shared by the family schema files, and defineCall (server side and tests only: the web imports routes). */
import { z } from 'zod';
import type { CallSchemas, Route } from './common.ts';

/** A call: its route, its schemas and one line on what it does. The server mounts these; tests and docs enumerate them. */
export interface Call<S extends CallSchemas = CallSchemas> extends CallSchemas {
  route: Route;
  payload: S['payload'];
  answer: S['answer'];
  /** What the call is for, in one sentence (printed in docs/api.md). */
  summary: string;
}
/**
 * Pairs a route of routes/<family>.ts with its schemas of <family>.ts (done in calls/<family>.ts). The
 * route must carry the types of these very schemas (route<typeof family.x>), so a route typed from one
 * call's schemas cannot be paired with another's.
 */
export function defineCall<S extends CallSchemas>(r: NoInfer<Route<z.input<S['payload']>, z.output<S['answer']>>>, schemas: S, summary: string): Call<S> {
  return { route: r, ...schemas, summary };
}
export type ParsedPayloadOf<C extends Call> = z.output<C['payload']>;
export type AnswerDataOf<C extends Call> = z.output<C['answer']>;

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.union([z.number(), z.string()]), message: z.string(), data });

// ---- payload fields: strings as they arrive in a form body or query --------------------------------
// Every message names its field, so the 400 envelope tells the caller exactly what was wrong.

/** An id sent by the browser as a string in a form body or query (digits). */
export const idField = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .regex(/^\d{1,18}$/, { error: `${name} must be a number` });
/** An id the caller may leave out or send empty; parsed to undefined then. */
export const optionalIdField = (name: string) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .regex(/^\d{0,18}$/, { error: `${name} must be a number` })
    .optional()
    .transform((v) => (v ? v : undefined));
/** An integer amount in minor units sent as a string. */
export const minorAmountField = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .regex(/^\d{1,15}$/, { error: `${name} must be a whole number of minor units` })
    .transform(Number)
    .describe('minor units');
/** A money amount that must be paid or borrowed, so more than zero. */
export const paymentAmountField = (name: string) =>
  minorAmountField(name)
    .refine((n) => n > 0, { error: `${name} must be greater than 0` })
    .describe('minor units, more than 0');
/** A small whole number sent as a string, parsed to a number within [min, max]. */
export const intField = (name: string, min: number, max: number) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .regex(/^\d{1,9}$/, { error: `${name} must be a whole number` })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: `${name} must be between ${min} and ${max}` })
    .describe(`whole number ${min} to ${max}`);
/** A value the spec fixes (section 9): anything else is refused. */
export const fixedField = <V extends string>(name: string, value: V) =>
  z.literal(value, { error: `${name} must be ${value}` });
/** A 0/1 switch. */
export const flagField = (name: string) => z.enum(['0', '1'], { error: `${name} must be 0 or 1` });
/** Required free text, trimmed, non-empty, at most `max` characters. */
export const textField = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, { error: `${name} is required` })
    .max(max, { error: `${name} must be at most ${max} characters` });
/** Optional free text; absent becomes ''. */
export const optionalTextField = (name: string, max: number) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .max(max, { error: `${name} must be at most ${max} characters` })
    .default('');
/** An opaque token or code made of letters, digits and - _ . : (user ids, sids, repay tokens, bank codes). */
export const tokenField = (name: string, max = 128) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .regex(new RegExp(`^[A-Za-z0-9_.:-]{1,${max}}$`), { error: `${name} must be letters and digits (at most ${max})` });
/** A mobile number as the registration screen checks it: 11 digits, 1 then 3-9 (spec section 5). */
export const phoneField = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .regex(/^1[3-9]\d{9}$/, { error: `${name} must be a correct 11-digit mobile number starting with 1 and then 3-9` });

/** Calls whose payload the spec does not show; extra fields (common query parameters) are ignored. */
export const emptyPayload = z.looseObject({});

// ---- answer pieces -------------------------------------------------------------------------------

/** Money in minor units (value / 100 is shown with 2 decimals). */
export const minorUnits = z.number().int().nonnegative().describe('minor units (shown divided by 100)');
/** A calendar day as the screens show it, in the lender's local time. */
export const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe('YYYY-MM-DD');
/** A moment as the screens show it, in the lender's local time. */
export const dateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
  .describe('YYYY-MM-DD HH:mm:ss');
/** A label/value row of a detail list. */
export const textRow = z.object({ text: z.string(), value: z.string() });
export type TextRow = z.infer<typeof textRow>;
export const titleValueRow = z.object({ title: z.string(), value: z.string() });
export type TitleValueRow = z.infer<typeof titleValueRow>;
/** The answer of calls whose answer the spec does not show: success is the envelope code alone. */
export const emptyAnswer = z.object({}).describe('empty object: success is told by the envelope code alone');
/** A URL the page navigates to: opened directly when it starts with http, otherwise handed to the iOS bridge. */
export const jumpUrl = z.string().describe('opened directly when it starts with http, otherwise handed to the native iOS bridge');
