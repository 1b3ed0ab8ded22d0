/** Zod helpers shared by the family schema files (server side and tests only: the web imports routes). */
import { z } from 'zod';
import type { CallSchemas, Route } from './common.ts';

/** A call: its route and its schemas. The server mounts these; tests enumerate them. */
export interface Call<S extends CallSchemas = CallSchemas> extends CallSchemas {
  route: Route;
  payload: S['payload'];
  answer: S['answer'];
}
export function defineCall<S extends CallSchemas>(r: Route, schemas: S): Call<S> {
  return { route: r, ...schemas };
}
export type ParsedPayloadOf<C extends Call> = z.output<C['payload']>;
export type AnswerDataOf<C extends Call> = z.output<C['answer']>;

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.union([z.number(), z.string()]), message: z.string(), data });

// ---- small reusable field schemas -------------------------------------------------------------

/** An id sent by the browser as a string in a form body or query (digits). */
export const idField = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .regex(/^\d{1,18}$/, { error: `${name} must be a number` });
/** An integer amount in minor units sent as a string. */
export const minorAmountField = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .regex(/^\d{1,15}$/, { error: `${name} must be a whole number of minor units` })
    .transform(Number);
export const textRow = z.object({ text: z.string(), value: z.string() });
export type TextRow = z.infer<typeof textRow>;
export const titleValueRow = z.object({ title: z.string(), value: z.string() });
export type TitleValueRow = z.infer<typeof titleValueRow>;
export const emptyPayload = z.looseObject({});
