import { describe, expect, it } from 'vitest';
import { bankItemShown } from '@cashloan/contract';
import { maskNumber } from './account-number.ts';
import { cardTypesOf, parseDefinition, shownItems, type StoredBankItem } from './form-definition.ts';
import { DEMO_BANK_FORM, GCASH, INSTAPAY, PESONET } from './seed.ts';
import { fieldProblem, validateSave } from './validate.ts';

const field = (over: Partial<StoredBankItem>): StoredBankItem => ({
  cate: 'txt',
  code: 'f',
  title: 'Field',
  subtitle: '',
  value: '',
  note: [],
  cardTypeMi: 0,
  channelNumber: '',
  inputType: 'text',
  ...over,
});

describe('which fields show (the rule the screen uses too)', () => {
  it("hides a field of another card type, and with card type 1 a field of another channel; '' is every channel", () => {
    expect(bankItemShown({ cardTypeMi: 0, channelNumber: '' }, 1, INSTAPAY)).toBe(true);
    expect(bankItemShown({ cardTypeMi: 2, channelNumber: '' }, 1, INSTAPAY)).toBe(false);
    expect(bankItemShown({ cardTypeMi: 1, channelNumber: PESONET }, 1, INSTAPAY)).toBe(false);
    expect(bankItemShown({ cardTypeMi: 1, channelNumber: PESONET }, 1, PESONET)).toBe(true);
    expect(bankItemShown({ cardTypeMi: 0, channelNumber: PESONET }, 1, INSTAPAY)).toBe(false);
    // The channel only filters card type 1.
    expect(bankItemShown({ cardTypeMi: 0, channelNumber: PESONET }, 2, INSTAPAY)).toBe(true);
  });

  it('shows the demo form as a bank account per channel and as an e-wallet', () => {
    const codes = (cardType: number, channel: string) => shownItems(DEMO_BANK_FORM, cardType, channel).map((i) => `${i.code}:${i.title}`);
    expect(codes(1, INSTAPAY)).toEqual(['channel:Receiving channel', 'bankCode:Bank', 'cardNo:Account number', 'accountName:Account name', 'city:City / Municipality', 'payday:Salary day']);
    expect(codes(1, PESONET)).toEqual([
      'channel:Receiving channel',
      'bankCode:Bank',
      'cardNo:Account number',
      'branchName:Branch',
      'accountName:Account name',
      'city:City / Municipality',
      'payday:Salary day',
    ]);
    expect(codes(2, GCASH)).toEqual(['channel:E-wallet', 'cardNo:E-wallet mobile number', 'accountName:Account name', 'city:City / Municipality', 'payday:Salary day']);
    expect(cardTypesOf(DEMO_BANK_FORM)).toEqual([1, 2]);
    expect(cardTypesOf([field({})])).toEqual([1]);
  });
});

describe('the stored definition', () => {
  it('accepts the demo form', () => {
    expect(parseDefinition('M0001', JSON.parse(JSON.stringify(DEMO_BANK_FORM)))).toEqual(DEMO_BANK_FORM);
  });

  it('refuses a form that shows two fields with one code together, naming the merchant', () => {
    expect(() => parseDefinition('M7', [field({ code: 'cardNo' }), field({ code: 'cardNo', cardTypeMi: 1 })])).toThrow(
      'The bank form of M7: two fields coded cardNo show together (card type 1, channel 90006)',
    );
  });

  it('refuses a picker without options, unknown rule names and a malformed item', () => {
    expect(() => parseDefinition('M7', [field({ cate: 'enum', code: 'bank' })])).toThrow('enum field bank has no options');
    expect(() => parseDefinition('M7', [{ ...field({}), rules: { mandatory: true } }])).toThrow('The bank form of M7 is malformed');
    expect(() => parseDefinition('M7', [{ ...field({}), cate: 'radio' }])).toThrow('The bank form of M7 is malformed');
    expect(() => parseDefinition('M7', [])).toThrow('malformed');
  });
});

describe('field checks beyond the demo form', () => {
  it('gives the numeric inputs their default lengths', () => {
    expect(fieldProblem(field({ inputType: 'phone', title: 'Phone' }), '091712345678', '')).toBe('Phone must be 10 to 11 digits.');
    expect(fieldProblem(field({ inputType: 'phone', title: 'Phone' }), '9171234567', '')).toBeNull();
    expect(fieldProblem(field({ inputType: 'number', title: 'TIN' }), '12a', '')).toBe('TIN must contain digits only.');
    expect(fieldProblem(field({ inputType: 'number', title: 'TIN' }), '1'.repeat(33), '')).toBe('TIN must be at most 32 digits.');
    expect(fieldProblem(field({ inputType: 'bankCard', title: 'Card' }), '1234567', '')).toBe('Card must be 8 to 32 digits.');
  });

  it('counts characters, not bytes, in text', () => {
    expect(fieldProblem(field({ title: 'Name', rules: { maxLength: 5 } }), 'Peñas', '')).toBeNull();
    expect(fieldProblem(field({ title: 'Name', rules: { maxLength: 5 } }), 'Piñata', '')).toBe('Name must be at most 5 characters.');
  });

  it('takes a city as free text when the form lists none, and a day from its own list when it has one', () => {
    expect(fieldProblem(field({ cate: 'citySelect', title: 'City' }), 'Vigan', '')).toBeNull();
    const day = field({ cate: 'day', title: 'Pay day', note: [{ name: '15th', type: '15' }, { name: 'Last day', type: '31' }] });
    expect(fieldProblem(day, '31', '')).toBeNull();
    expect(fieldProblem(day, '10', '')).toBe('Pay day: please choose one of the listed options.');
  });

  it('checks the fields of the default channel when card type 1 has no channel picker', () => {
    const items = [field({ code: 'acct', title: 'Account', inputType: 'number', cardTypeMi: 1, rules: { lengthByChannel: { [INSTAPAY]: { minLength: 4, maxLength: 4 } } } })];
    expect(() => validateSave(items, 1, { acct: '123' })).toThrow('Account must be 4 digits.');
    expect(validateSave(items, 1, { acct: '1234' })).toMatchObject({ cardType: 1, channel: INSTAPAY, values: { acct: '1234' } });
    expect(() => validateSave(items, 2, { acct: '1234' })).toThrow('cardType must be 1');
  });
});

describe('masking', () => {
  it.each([
    ['001234567890', 'bankCard', '**** **** 7890'],
    ['1234567890', 'bankCard', '** **** 7890'],
    ['1234567890123456', 'bankCard', '**** **** **** 3456'],
    ['09171234567', 'phone', '*** **** 4567'],
    ['9171234567', 'phone', '** **** 4567'],
    ['1234567', 'number', '*** ****'],
  ] as const)('%s (%s) → %s', (digits, inputType, masked) => {
    expect(maskNumber(digits, inputType)).toBe(masked);
  });
});
