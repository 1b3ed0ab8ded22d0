/**
 * The bank screen's rules (spec sections 3-5) as pure functions over the server's form: the card
 * types, which fields show, the channel picker that moves the channel number, what each input keeps
 * and how it is grouped, and the save payload. docs/bind-bank.md tells the same story.
 */
import { BANK_CHANNEL_FIELD, CHANNEL_CARD_TYPE, DEFAULT_CARD_TYPE, DEFAULT_CHANNEL_NUMBER, bankItemShown } from '@cashloan/contract/routes/bind-bank';
import type { BankFormItem, BankFormOption } from '@cashloan/contract/bind-bank';
import { t } from '../../shared/i18n/texts.ts';

export const BIND_BANK_TITLE = 'Payment account information';
/** Opened from the order page (source=loanDetail), the screen returns there after a save. */
export const FROM_ORDER_SOURCE = 'loanDetail';

/** What the tabs call each card type; the form itself does not name them. */
const CARD_TYPE_NAMES: Record<number, string> = { 1: 'Bank account', 2: 'E-wallet' };
export const cardTypeName = (cardType: number) => CARD_TYPE_NAMES[cardType] ?? t('Account type {type}', { type: cardType });

/** Digits an input keeps (spec section 5: a phone at most 11). */
export const MAX_DIGITS: Record<Exclude<BankFormItem['inputType'], 'text'>, number> = { phone: 11, bankCard: 32, number: 32 };
/** Characters a text input keeps (the server takes at most 200 for any field). */
export const TEXT_MAX_CHARS = 100;
/** The days a day select offers when the form lists none. */
export const DAYS_OF_MONTH: BankFormOption[] = Array.from({ length: 31 }, (_, i) => ({ name: String(i + 1), type: String(i + 1) }));

export interface BankFormState {
  cardType: number;
  /** The selected channel: decides which fields of card type 1 show. */
  channelNumber: string;
  /** Each item's value by its position in the form (codes may repeat across card types). */
  values: string[];
}

/** The card types the form offers, in order, starting at 1: every non-zero cardTypeMi. */
export function cardTypesOf(items: readonly BankFormItem[]): number[] {
  const types = new Set(items.map((i) => i.cardTypeMi).filter((t) => t !== 0));
  types.add(DEFAULT_CARD_TYPE);
  return [...types].sort((a, b) => a - b);
}

export const isNumericInput = (item: BankFormItem) => item.cate === 'txt' && item.inputType !== 'text';
export const isChannelPicker = (item: BankFormItem) => item.cate === 'enum' && item.code === BANK_CHANNEL_FIELD;

/** The single-column choices of a picker field; an empty list means the field is typed in. */
export function optionsOf(item: BankFormItem): BankFormOption[] {
  if (item.cate === 'enum' || item.cate === 'citySelect') return item.note;
  if (item.cate === 'day') return item.note.length > 0 ? item.note : DAYS_OF_MONTH;
  return [];
}
export const usesPicker = (item: BankFormItem) => item.cate !== 'txt' && optionsOf(item).length > 0;

/** The name shown for a picker's value (the option whose type it is), or ''. */
export const optionName = (item: BankFormItem, type: string) => optionsOf(item).find((o) => o.type === type)?.name ?? '';

export type NumericInputType = keyof typeof MAX_DIGITS;

/** Keeps the digits of what was typed or pasted, up to the input's limit (spec section 5). */
export function keepDigits(raw: string, inputType: NumericInputType): string {
  return raw.replace(/\D/g, '').slice(0, MAX_DIGITS[inputType]);
}

/** How a numeric input shows its digits: a phone 3-4-4, a bank card in fours, a number as it is. */
export function groupForInput(digits: string, inputType: NumericInputType): string {
  if (inputType === 'phone') return [digits.slice(0, 3), digits.slice(3, 7), digits.slice(7)].filter(Boolean).join(' ');
  if (inputType === 'bankCard') return (digits.match(/\d{1,4}/g) ?? []).join(' ');
  return digits;
}

/**
 * A saved value the server sent masked ('**** **** 7890'): the screen cannot send it back, so the
 * input starts empty and shows this as a hint instead.
 */
export function maskedSavedValue(item: BankFormItem): string | null {
  return isNumericInput(item) && item.value !== '' && /\D/.test(item.value) ? item.value : null;
}

function startingValue(item: BankFormItem): string {
  if (item.cate === 'txt') {
    if (!isNumericInput(item)) return item.value.slice(0, TEXT_MAX_CHARS);
    return maskedSavedValue(item) === null ? keepDigits(item.value, item.inputType as NumericInputType) : '';
  }
  const options = optionsOf(item);
  if (options.length === 0) return item.value.slice(0, TEXT_MAX_CHARS);
  return options.some((o) => o.type === item.value) ? item.value : '';
}

/**
 * The state the screen opens with: card type 1, the saved values, and the channel number 90006 —
 * or the bank account's saved channel, so the fields shown match the channel the picker shows.
 */
export function initialState(items: readonly BankFormItem[]): BankFormState {
  const values = items.map(startingValue);
  const savedChannel = items.findIndex((item, i) => isChannelPicker(item) && bankItemShown(item, CHANNEL_CARD_TYPE, values[i]!) && values[i] !== '');
  return { cardType: DEFAULT_CARD_TYPE, channelNumber: savedChannel >= 0 ? values[savedChannel]! : DEFAULT_CHANNEL_NUMBER, values };
}

/** The positions of the fields shown for the state's card type and channel (spec section 4). */
export function shownIndexes(items: readonly BankFormItem[], state: BankFormState): number[] {
  return items.flatMap((item, index) => (bankItemShown(item, state.cardType, state.channelNumber) ? [index] : []));
}

/** A field's value; with card type 1 the channel picker shows the selected channel number. */
export function valueAt(items: readonly BankFormItem[], state: BankFormState, index: number): string {
  const item = items[index]!;
  // A channel number the picker does not offer shows (and sends) nothing, so the server asks for one.
  if (state.cardType === CHANNEL_CARD_TYPE && isChannelPicker(item)) return optionName(item, state.channelNumber) ? state.channelNumber : '';
  return state.values[index] ?? '';
}

/** Sets a field; choosing a channel option while the card type is 1 also makes it the channel number. */
export function setValue(items: readonly BankFormItem[], state: BankFormState, index: number, value: string): BankFormState {
  const values = state.values.map((v, i) => (i === index ? value : v));
  const channelNumber = state.cardType === CHANNEL_CARD_TYPE && isChannelPicker(items[index]!) ? value : state.channelNumber;
  return { ...state, values, channelNumber };
}

/** The save payload: every filled field shown, keyed by its code (pickers send the option's type), plus cardType and product_id. */
export type BankPayload = Record<string, string> & { cardType: string; product_id: string };

export function buildPayload(items: readonly BankFormItem[], state: BankFormState, productId: string): BankPayload {
  const payload: Record<string, string> = {};
  for (const index of shownIndexes(items, state)) {
    const value = valueAt(items, state, index).trim();
    if (value !== '') payload[items[index]!.code] = value;
  }
  return { ...payload, cardType: String(state.cardType), product_id: productId };
}
