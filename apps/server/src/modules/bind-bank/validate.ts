/**
 * Checks a save against the merchant's bank form: which fields the card type and channel show, and
 * for each shown field that it is filled when required, digits only for the numeric inputs, within
 * its lengths (per channel where the definition says so) and one of its options for the pickers.
 * Pure: the first failure is thrown as an invalid-input error naming the field by its title.
 */
import { BANK_CHANNEL_FIELD, CHANNEL_CARD_TYPE, DEFAULT_CHANNEL_NUMBER } from '@cashloan/contract';
import { invalidInput } from '../../platform/http/api-error.ts';
import { DEFAULT_LENGTHS, cardTypesOf, shownItems, type StoredBankItem } from './form-definition.ts';

/** The days a day select offers when its definition lists none. */
export const FIRST_DAY = 1;
export const LAST_DAY = 31;

export interface ValidSave {
  cardType: number;
  /** The account's channel: the chosen channel option ('' when the card type has no channel picker). */
  channel: string;
  /** The shown fields, in definition order, and the filled values by code (trimmed). */
  shown: StoredBankItem[];
  values: Record<string, string>;
}

const isNumericInput = (item: StoredBankItem) => item.cate === 'txt' && item.inputType !== 'text';

/** The lengths a field's value must have for the account's channel. */
export function lengthsFor(item: StoredBankItem, channel: string): { minLength: number; maxLength: number } {
  const defaults = DEFAULT_LENGTHS[item.inputType];
  const byChannel = item.rules?.lengthByChannel?.[channel];
  return {
    minLength: byChannel?.minLength ?? item.rules?.minLength ?? defaults.minLength,
    maxLength: byChannel?.maxLength ?? item.rules?.maxLength ?? defaults.maxLength,
  };
}

function lengthMessage(title: string, unit: 'digits' | 'characters', { minLength, maxLength }: { minLength: number; maxLength: number }): string {
  if (minLength === maxLength) return `${title} must be ${minLength} ${unit}.`;
  if (minLength <= 1) return `${title} must be at most ${maxLength} ${unit}.`;
  return `${title} must be ${minLength} to ${maxLength} ${unit}.`;
}

/** Checks one filled value; returns the borrower-facing problem, or null. */
export function fieldProblem(item: StoredBankItem, value: string, channel: string): string | null {
  const { title } = item;
  const options = item.note;
  if (item.cate === 'enum' || (options.length > 0 && (item.cate === 'citySelect' || item.cate === 'day'))) {
    return options.some((o) => o.type === value) ? null : `${title}: please choose one of the listed options.`;
  }
  if (item.cate === 'day') {
    const day = /^\d{1,2}$/.test(value) ? Number(value) : NaN;
    return day >= FIRST_DAY && day <= LAST_DAY ? null : `${title} must be a day of the month from ${FIRST_DAY} to ${LAST_DAY}.`;
  }
  const numeric = isNumericInput(item);
  if (numeric && !/^\d+$/.test(value)) return `${title} must contain digits only.`;
  const lengths = lengthsFor(item, channel);
  const size = [...value].length;
  if (size < lengths.minLength || size > lengths.maxLength) return lengthMessage(title, numeric ? 'digits' : 'characters', lengths);
  const prefix = item.rules?.startsWith;
  if (prefix !== undefined && !value.startsWith(prefix)) return `${title} must start with ${prefix}.`;
  return null;
}

const text = (raw: unknown) => (typeof raw === 'string' ? raw.trim() : '');

/**
 * The shown fields and their values for a save, or an invalid-input error for the first field (in
 * display order) that is missing or wrong. Fields the card type and channel do not show, and keys
 * that are no field's code, are ignored: they are neither checked nor stored.
 */
export function validateSave(items: readonly StoredBankItem[], cardType: number, payload: Readonly<Record<string, unknown>>): ValidSave {
  const types = cardTypesOf(items);
  if (!types.includes(cardType)) throw invalidInput(`cardType must be ${types.length === 1 ? types[0] : `one of ${types.join(', ')}`}`);
  // With card type 1 the chosen channel decides which fields show; the screen starts on the default one.
  const chosenChannel = text(payload[BANK_CHANNEL_FIELD]);
  const visibilityChannel = cardType === CHANNEL_CARD_TYPE ? chosenChannel || DEFAULT_CHANNEL_NUMBER : chosenChannel;
  const shown = shownItems(items, cardType, visibilityChannel);
  const hasChannelField = shown.some((i) => i.code === BANK_CHANNEL_FIELD);
  const channel = hasChannelField ? chosenChannel : cardType === CHANNEL_CARD_TYPE ? DEFAULT_CHANNEL_NUMBER : '';
  const values: Record<string, string> = {};
  for (const item of shown) {
    const value = text(payload[item.code]);
    if (value === '') {
      if (item.rules?.required ?? true) throw invalidInput(`${item.title} is required.`);
      continue;
    }
    const problem = fieldProblem(item, value, channel);
    if (problem) throw invalidInput(problem);
    values[item.code] = value;
  }
  return { cardType, channel: hasChannelField ? (values[BANK_CHANNEL_FIELD] ?? '') : channel, shown, values };
}
