/**
 * antd Form rules made from the contract's zod schemas, so a form refuses what the server would
 * refuse, in the same words.
 */
import type { FormRule } from 'antd';
import type { z } from 'zod';

/** A rule that checks the field's value with `schema` and shows the first problem it finds. */
export function zodRule(schema: z.ZodType, transform: (value: unknown) => unknown = (v) => v): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(transform(value));
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'This value is not valid.');
    },
  };
}
