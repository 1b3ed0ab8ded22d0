/** A bank form shaped like the demo lender's, for the bank screen's tests. */
import type { BankFormItem } from '@cashloan/contract/bind-bank';

const item = (i: Partial<BankFormItem> & Pick<BankFormItem, 'cate' | 'code' | 'title' | 'cardTypeMi'>): BankFormItem => ({
  subtitle: '',
  value: '',
  note: [],
  channelNumber: '',
  inputType: 'text',
  ...i,
});

export const TEST_FORM: BankFormItem[] = [
  item({
    cate: 'enum',
    code: 'channel',
    title: 'Receiving channel',
    subtitle: 'Choose how you receive the money',
    note: [
      { name: 'InstaPay (real time)', type: '90006' },
      { name: 'PESONet (same banking day)', type: '90013' },
    ],
    cardTypeMi: 1,
  }),
  item({
    cate: 'enum',
    code: 'bankCode',
    title: 'Bank',
    subtitle: 'Select your bank',
    note: [
      { name: 'BDO Unibank', type: 'BDO' },
      { name: 'Metrobank', type: 'MBTC' },
    ],
    cardTypeMi: 1,
  }),
  item({ cate: 'txt', code: 'cardNo', title: 'Account number', subtitle: 'Enter your bank account number', cardTypeMi: 1, inputType: 'bankCard' }),
  item({ cate: 'txt', code: 'branchName', title: 'Branch', subtitle: 'Branch where the account is kept', cardTypeMi: 1, channelNumber: '90013' }),
  item({
    cate: 'enum',
    code: 'channel',
    title: 'E-wallet',
    subtitle: 'Select your e-wallet',
    note: [
      { name: 'GCash', type: '90008' },
      { name: 'Maya', type: '90009' },
    ],
    cardTypeMi: 2,
  }),
  item({ cate: 'txt', code: 'cardNo', title: 'E-wallet mobile number', subtitle: 'Mobile number of the e-wallet', cardTypeMi: 2, inputType: 'phone' }),
  item({ cate: 'txt', code: 'accountName', title: 'Account name', subtitle: 'Name exactly as on the account', cardTypeMi: 0 }),
  item({
    cate: 'citySelect',
    code: 'city',
    title: 'City / Municipality',
    subtitle: 'Select your city',
    note: [
      { name: 'Manila', type: 'Manila' },
      { name: 'Cebu City', type: 'Cebu City' },
    ],
    cardTypeMi: 0,
  }),
  item({ cate: 'day', code: 'payday', title: 'Salary day', subtitle: 'Day of the month you are paid', cardTypeMi: 0 }),
];

/** The test form with saved values. */
export function withValues(values: Record<string, string>, form: BankFormItem[] = TEST_FORM): BankFormItem[] {
  return form.map((i) => {
    const key = `${i.code}@${i.cardTypeMi}`;
    return key in values ? { ...i, value: values[key]! } : i;
  });
}
