/** Payment (bank) account binding on the bank screen /candidateWhile (spec section 7: card-init, bind-card-new/-change). */
import { z } from 'zod';
import { emptyAnswer, idField, intField } from './schema.ts';

/** One option of an enum picker. */
export const bankFormOption = z.object({
  /** Label shown in the picker. */
  name: z.string(),
  /** Value sent on save; for the channel picker it is the channel number. */
  type: z.string().describe('value sent on save (the channel number for the channel picker)'),
});
export type BankFormOption = z.infer<typeof bankFormOption>;

/** One field of the server-defined bank form (spec section 3, Bank form item). */
export const bankFormItem = z.object({
  /** How the field is edited: free text, city picker, day picker or single-choice picker. */
  cate: z.enum(['txt', 'citySelect', 'day', 'enum']),
  /** The key the filled value is saved under. */
  code: z.string().min(1),
  title: z.string(),
  /** Placeholder text. */
  subtitle: z.string().describe('placeholder'),
  /** The value already on file, or ''. */
  value: z.string(),
  /** Options of an enum field (empty for the others). */
  note: z.array(bankFormOption),
  /** 0: shown for every card type; otherwise only for that card type. */
  cardTypeMi: z.number().int().nonnegative().describe('0 = every card type, otherwise only that card type'),
  /** The channel the field belongs to; with card type 1 only the selected channel's fields show. '' = every channel. */
  channelNumber: z.string().describe("'' = every channel; otherwise, with card type 1, shown only while that channel is selected"),
  /** Keyboard and grouping of a text field: phone 3-4-4, bank card in fours, number digits only. */
  inputType: z.enum(['text', 'phone', 'bankCard', 'number']),
});
export type BankFormItem = z.infer<typeof bankFormItem>;

export const cardInit = {
  payload: z.object({ product_id: idField('product_id') }),
  answer: z.object({ items: z.array(bankFormItem).describe('the form definition, in display order') }),
};
export type BankForm = z.infer<typeof cardInit.answer>;

/**
 * Save: every filled field keyed by its code (enum fields carry the chosen option's type),
 * plus cardType and product_id. Field codes come from the server's form, so any other text key is accepted.
 */
/** The code of a server-defined field, for messages that name it. */
const formFieldName = (path: ReadonlyArray<PropertyKey> | undefined) => String(path?.at(-1) ?? 'form field');

export const bindCard = {
  payload: z
    .object({
      product_id: idField('product_id'),
      cardType: intField('cardType', 0, 99),
    })
    .catchall(
      z
        .string({ error: (issue) => `${formFieldName(issue.path)} must be text` })
        .max(200, { error: (issue) => `${formFieldName(issue.path)} must be at most 200 characters` }),
    )
    .describe('Plus every filled form field keyed by its code (enum fields: the chosen option\'s type).'),
  answer: emptyAnswer,
};
export type BindCardPayload = z.input<typeof bindCard.payload>;
