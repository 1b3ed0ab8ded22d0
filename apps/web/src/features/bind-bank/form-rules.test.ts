import { describe, expect, it } from 'vitest';
import {
  DAYS_OF_MONTH,
  buildPayload,
  cardTypesOf,
  groupForInput,
  initialState,
  keepDigits,
  maskedSavedValue,
  optionsOf,
  setValue,
  shownIndexes,
  usesPicker,
  valueAt,
  type BankFormState,
} from './form-rules.ts';
import { TEST_FORM, withValues } from './test-form.ts';

const titles = (state: BankFormState, form = TEST_FORM) => shownIndexes(form, state).map((i) => form[i]!.title);

describe('the starting state', () => {
  it('starts on card type 1 with channel number 90006 and the form empty', () => {
    const state = initialState(TEST_FORM);
    expect(state).toEqual({ cardType: 1, channelNumber: '90006', values: TEST_FORM.map(() => '') });
    expect(cardTypesOf(TEST_FORM)).toEqual([1, 2]);
    expect(cardTypesOf(TEST_FORM.filter((i) => i.cardTypeMi === 0))).toEqual([1]);
  });

  it("takes the saved values, the saved bank account's channel, and leaves a masked number to be typed again", () => {
    const form = withValues({ 'channel@1': '90013', 'bankCode@1': 'MBTC', 'cardNo@1': '**** **** 7890', 'accountName@0': 'Juan', 'payday@0': '15' });
    const state = initialState(form);
    expect(state.channelNumber).toBe('90013');
    expect(state.values).toEqual(['90013', 'MBTC', '', '', '', '', 'Juan', '', '15']);
    expect(maskedSavedValue(form[2]!)).toBe('**** **** 7890');
    expect(maskedSavedValue(form[6]!)).toBeNull();
  });

  it('drops a saved value that is not one of its options', () => {
    expect(initialState(withValues({ 'bankCode@1': 'XYZ', 'payday@0': '32' })).values).toEqual(TEST_FORM.map(() => ''));
  });
});

describe('which fields show (spec section 4)', () => {
  it('shows card type 1 for the selected channel, and the fields of every channel', () => {
    const state = initialState(TEST_FORM);
    expect(titles(state)).toEqual(['Receiving channel', 'Bank', 'Account number', 'Account name', 'City / Municipality', 'Salary day']);
    expect(titles({ ...state, channelNumber: '90013' })).toEqual([
      'Receiving channel',
      'Bank',
      'Account number',
      'Branch',
      'Account name',
      'City / Municipality',
      'Salary day',
    ]);
  });

  it('shows only the e-wallet fields and the shared ones on card type 2, whatever the channel', () => {
    const state = { ...initialState(TEST_FORM), cardType: 2, channelNumber: '90013' };
    expect(titles(state)).toEqual(['E-wallet', 'E-wallet mobile number', 'Account name', 'City / Municipality', 'Salary day']);
  });

  it("hides a field of another channel even when it is for every card type ('' is the only every-channel mark)", () => {
    const form = [...TEST_FORM, { ...TEST_FORM[6]!, code: 'swift', title: 'SWIFT code', cardTypeMi: 0, channelNumber: '90013' }];
    expect(titles(initialState(form), form)).not.toContain('SWIFT code');
    expect(titles({ ...initialState(form), channelNumber: '90013' }, form)).toContain('SWIFT code');
    expect(titles({ ...initialState(form), cardType: 2 }, form)).toContain('SWIFT code');
  });
});

describe('choosing', () => {
  it('records a channel option as the channel number while the card type is 1', () => {
    const state = setValue(TEST_FORM, initialState(TEST_FORM), 0, '90013');
    expect(state.channelNumber).toBe('90013');
    expect(valueAt(TEST_FORM, state, 0)).toBe('90013');
  });

  it('does not move the channel number for another picker, or for the e-wallet on card type 2', () => {
    const bank = setValue(TEST_FORM, initialState(TEST_FORM), 1, 'BDO');
    expect(bank.channelNumber).toBe('90006');
    const wallet = setValue(TEST_FORM, { ...bank, cardType: 2 }, 4, '90008');
    expect(wallet.channelNumber).toBe('90006');
    expect(valueAt(TEST_FORM, wallet, 4)).toBe('90008');
  });

  it('shows no channel when the channel number is not one the picker offers', () => {
    expect(valueAt(TEST_FORM, { ...initialState(TEST_FORM), channelNumber: '12345' }, 0)).toBe('');
  });

  it('offers the options of pickers, the days 1 to 31 for a day select, and types the rest', () => {
    expect(optionsOf(TEST_FORM[7]!).map((o) => o.name)).toEqual(['Manila', 'Cebu City']);
    expect(optionsOf(TEST_FORM[8]!)).toBe(DAYS_OF_MONTH);
    expect(DAYS_OF_MONTH.map((d) => d.type)).toEqual(Array.from({ length: 31 }, (_, i) => String(i + 1)));
    expect(TEST_FORM.map(usesPicker)).toEqual([true, true, false, false, true, false, false, true, true]);
    expect(usesPicker({ ...TEST_FORM[7]!, note: [] })).toBe(false);
  });
});

describe('numeric inputs (spec section 5)', () => {
  it('keeps digits only: a phone at most 11, grouped 3-4-4', () => {
    expect(keepDigits('0917-123 4567 89', 'phone')).toBe('09171234567');
    expect(groupForInput('09171234567', 'phone')).toBe('091 7123 4567');
    expect(groupForInput('0917', 'phone')).toBe('091 7');
    expect(groupForInput('091', 'phone')).toBe('091');
  });

  it('groups a bank card in fours and leaves a number as digits', () => {
    expect(keepDigits('BDO 0012-3456-7890', 'bankCard')).toBe('001234567890');
    expect(groupForInput('0012345678901', 'bankCard')).toBe('0012 3456 7890 1');
    expect(keepDigits('12a3 4', 'number')).toBe('1234');
    expect(groupForInput('12345678', 'number')).toBe('12345678');
    expect(keepDigits('9'.repeat(40), 'bankCard')).toHaveLength(32);
  });
});

describe('the save payload (spec section 3)', () => {
  it('keys every filled shown field by its code, pickers by the option type, plus cardType and product_id', () => {
    let state = initialState(TEST_FORM);
    const fill: Array<[number, string]> = [
      [1, 'MBTC'],
      [2, '001234567890'],
      [3, 'Cubao'],
      [5, '09171234567'],
      [6, ' Juan Dela Cruz '],
      [7, 'Cebu City'],
    ];
    for (const [index, value] of fill) state = setValue(TEST_FORM, state, index, value);
    expect(buildPayload(TEST_FORM, state, '3')).toEqual({
      channel: '90006',
      bankCode: 'MBTC',
      cardNo: '001234567890',
      accountName: 'Juan Dela Cruz',
      city: 'Cebu City',
      cardType: '1',
      product_id: '3',
    });
    const wallet = setValue(TEST_FORM, { ...state, cardType: 2 }, 4, '90009');
    expect(buildPayload(TEST_FORM, wallet, '3')).toEqual({
      channel: '90009',
      cardNo: '09171234567',
      accountName: 'Juan Dela Cruz',
      city: 'Cebu City',
      cardType: '2',
      product_id: '3',
    });
  });
});
