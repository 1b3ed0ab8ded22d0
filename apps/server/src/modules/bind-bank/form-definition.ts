/**
 * The bank form as a merchant's definition holds it (bank_forms.items): the items card-init sends,
 * each with optional server-only `rules` (required, lengths, lengths per channel, a prefix) that the
 * save calls check. docs/bind-bank.md describes the format.
 */
import { z } from 'zod';
import { ALL_CHANNELS, BANK_CHANNEL_FIELD, CHANNEL_CARD_TYPE, DEFAULT_CHANNEL_NUMBER, bankFormItem, bankItemShown, type BankFormItem } from '@cashloan/contract';

const length = z.number().int().min(0).max(200);
const lengthRange = z
  .strictObject({ minLength: length.optional(), maxLength: length.min(1).optional() })
  .refine((r) => r.minLength === undefined || r.maxLength === undefined || r.minLength <= r.maxLength, { error: 'minLength must not exceed maxLength' });

/** What the server checks of one field besides its cate, inputType and options. Never sent to the browser. */
export const bankFieldRules = z.strictObject({
  /** Default true: a shown field must be filled. */
  required: z.boolean().optional(),
  /** Characters (text) or digits (phone, bankCard, number); defaults in DEFAULT_LENGTHS. */
  minLength: length.optional(),
  maxLength: length.min(1).optional(),
  /** Lengths by the account's channel (the chosen channel option), over minLength/maxLength. */
  lengthByChannel: z.record(z.string(), lengthRange).optional(),
  /** The value must start with this (e.g. '09' for a Philippine mobile number). */
  startsWith: z.string().min(1).max(20).optional(),
});
export type BankFieldRules = z.infer<typeof bankFieldRules>;

export const storedBankItem = bankFormItem.extend({ rules: bankFieldRules.optional() });
export type StoredBankItem = z.infer<typeof storedBankItem>;

/** Lengths a field gets when its rules name none: text in characters, the numeric inputs in digits. */
export const DEFAULT_LENGTHS: Record<BankFormItem['inputType'], { minLength: number; maxLength: number }> = {
  text: { minLength: 1, maxLength: 100 },
  // The screen takes at most 11 digits for a phone (spec section 5).
  phone: { minLength: 10, maxLength: 11 },
  bankCard: { minLength: 8, maxLength: 32 },
  number: { minLength: 1, maxLength: 32 },
};

/** The card types a definition offers: every non-zero cardTypeMi, and at least the first type. */
export function cardTypesOf(items: readonly Pick<BankFormItem, 'cardTypeMi'>[]): number[] {
  const types = new Set(items.map((i) => i.cardTypeMi).filter((t) => t !== 0));
  if (types.size === 0) types.add(CHANNEL_CARD_TYPE);
  return [...types].sort((a, b) => a - b);
}

/** The items shown for a card type and channel, in definition order. */
export function shownItems<T extends Pick<BankFormItem, 'cardTypeMi' | 'channelNumber'>>(items: readonly T[], cardType: number, channel: string): T[] {
  return items.filter((item) => bankItemShown(item, cardType, channel));
}

/** Every channel a definition names (the channel pickers' options and the items' channelNumber), plus the default. */
function channelsOf(items: readonly StoredBankItem[]): string[] {
  const channels = new Set<string>([DEFAULT_CHANNEL_NUMBER]);
  for (const item of items) {
    if (item.channelNumber !== ALL_CHANNELS) channels.add(item.channelNumber);
    if (item.code === BANK_CHANNEL_FIELD) for (const option of item.note) channels.add(option.type);
  }
  return [...channels];
}

/**
 * Parses a stored definition and checks what the screen relies on: enum fields have options, and
 * no card type and channel shows two fields with the same code (their values would collide).
 * Throws with the merchant named: a broken definition is the lender's mistake, not the borrower's.
 */
export function parseDefinition(merchantNumber: string, raw: unknown): StoredBankItem[] {
  const parsed = z.array(storedBankItem).min(1).safeParse(raw);
  if (!parsed.success) throw new Error(`The bank form of ${merchantNumber} is malformed: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  const items = parsed.data;
  for (const item of items) {
    if (item.cate === 'enum' && item.note.length === 0) throw new Error(`The bank form of ${merchantNumber}: enum field ${item.code} has no options`);
  }
  for (const cardType of cardTypesOf(items)) {
    for (const channel of channelsOf(items)) {
      const codes = shownItems(items, cardType, channel).map((i) => i.code);
      const twice = codes.find((code, index) => codes.indexOf(code) !== index);
      if (twice !== undefined) {
        throw new Error(`The bank form of ${merchantNumber}: two fields coded ${twice} show together (card type ${cardType}, channel ${channel})`);
      }
    }
  }
  return items;
}

/** An item as card-init sends it: the contract's fields only, with the borrower's saved value. */
export function toWireItem(item: StoredBankItem, value: string): BankFormItem {
  return {
    cate: item.cate,
    code: item.code,
    title: item.title,
    subtitle: item.subtitle,
    value,
    note: item.note.map((o) => ({ name: o.name, type: o.type })),
    cardTypeMi: item.cardTypeMi,
    channelNumber: item.channelNumber,
    inputType: item.inputType,
  };
}
