/**
 * The demo bank form (merchant M0001), in the stored format of docs/bind-bank.md: card type 1 is a
 * bank account (receiving channel, bank, account number, and a branch for PESONet only), card type 2
 * an e-wallet (GCash or Maya, and its mobile number); account name, city and salary day are asked
 * for both. channelNumber '' shows an item for every channel.
 */
import type { BankFormItem } from '@cashloan/contract';
import type { Queryable } from '../../platform/db/client.ts';
import type { BankFieldRules, StoredBankItem } from './form-definition.ts';
import { insertFormDefinition } from './store.ts';
import type { CardData } from '../../providers/card-data/card-data.ts';
import { insertAccount, replaceCurrentAccounts } from '../../domain/bank-cards/service.ts';
import { setPayoutAccount } from '../../domain/orders/service.ts';
import { accountFrom } from './service.ts';
import { validateSave } from './validate.ts';

const option = (name: string, type: string) => ({ name, type });

function item(i: {
  cate: BankFormItem['cate'];
  code: string;
  title: string;
  subtitle: string;
  note?: BankFormItem['note'];
  cardTypeMi: number;
  channelNumber?: string;
  inputType?: BankFormItem['inputType'];
  rules?: BankFieldRules;
}): StoredBankItem {
  return { value: '', note: [], channelNumber: '', inputType: 'text', ...i };
}

/** Receiving channels of a bank account: InstaPay (the default, 90006) and PESONet. */
export const INSTAPAY = '90006';
export const PESONET = '90013';
/** E-wallet channels: the same numbers as the GCash and Maya repayment channels. */
export const GCASH = '90008';
export const MAYA = '90009';

const CITIES = [
  'Manila',
  'Quezon City',
  'Caloocan',
  'Makati',
  'Pasig',
  'Taguig',
  'Parañaque',
  'Las Piñas',
  'Antipolo',
  'Baguio',
  'Iloilo City',
  'Bacolod',
  'Cebu City',
  'Cagayan de Oro',
  'Davao City',
  'General Santos',
  'Zamboanga City',
];

export const DEMO_BANK_FORM: StoredBankItem[] = [
  item({
    cate: 'enum',
    code: 'channel',
    title: 'Receiving channel',
    subtitle: 'Choose how you receive the money',
    note: [option('InstaPay (real time)', INSTAPAY), option('PESONet (same banking day)', PESONET)],
    cardTypeMi: 1,
  }),
  item({
    cate: 'enum',
    code: 'bankCode',
    title: 'Bank',
    subtitle: 'Select your bank',
    note: [
      option('BDO Unibank', 'BDO'),
      option('Bank of the Philippine Islands', 'BPI'),
      option('Metrobank', 'MBTC'),
      option('Land Bank of the Philippines', 'LBP'),
      option('UnionBank', 'UBP'),
      option('Security Bank', 'SECB'),
    ],
    cardTypeMi: 1,
  }),
  item({
    cate: 'txt',
    code: 'cardNo',
    title: 'Account number',
    subtitle: 'Enter your bank account number',
    cardTypeMi: 1,
    inputType: 'bankCard',
    // PESONet also reaches rural and thrift banks, whose account numbers run longer.
    rules: { lengthByChannel: { [INSTAPAY]: { minLength: 10, maxLength: 16 }, [PESONET]: { minLength: 10, maxLength: 20 } } },
  }),
  item({
    cate: 'txt',
    code: 'branchName',
    title: 'Branch',
    subtitle: 'Branch where the account is kept',
    cardTypeMi: 1,
    channelNumber: PESONET,
    rules: { minLength: 2, maxLength: 60 },
  }),
  item({
    cate: 'enum',
    code: 'channel',
    title: 'E-wallet',
    subtitle: 'Select your e-wallet',
    note: [option('GCash', GCASH), option('Maya', MAYA)],
    cardTypeMi: 2,
  }),
  item({
    cate: 'txt',
    code: 'cardNo',
    title: 'E-wallet mobile number',
    subtitle: 'Mobile number of the e-wallet, e.g. 09171234567',
    cardTypeMi: 2,
    inputType: 'phone',
    rules: { minLength: 11, maxLength: 11, startsWith: '09' },
  }),
  item({ cate: 'txt', code: 'accountName', title: 'Account name', subtitle: 'Name exactly as on the account', cardTypeMi: 0, rules: { minLength: 2, maxLength: 100 } }),
  item({ cate: 'citySelect', code: 'city', title: 'City / Municipality', subtitle: 'Select your city', note: CITIES.map((c) => option(c, c)), cardTypeMi: 0 }),
  item({ cate: 'day', code: 'payday', title: 'Salary day', subtitle: 'Day of the month you are paid (optional)', cardTypeMi: 0, rules: { required: false } }),
];

/** The demo form as card-init sends it (the server's rules left out). */
export const DEMO_BANK_FORM_ITEMS: BankFormItem[] = DEMO_BANK_FORM.map(({ rules: _rules, ...wire }) => wire);

/** Stores the demo bank form for a merchant. */
export async function seedBankForm(db: Queryable, merchantNumber: string): Promise<void> {
  await insertFormDefinition(db, merchantNumber, DEMO_BANK_FORM);
}

/**
 * The demo borrower's payout accounts, bound as the bank screen binds them (docs/ops.md, "Payout
 * providers"): each given account in turn (the last one stays current) and the orders that pay out
 * to it. The demo binds the sandbox's closed account to its approved order, so a release shows the
 * bank's refusal and the correction.
 */
export async function seedDemoPayoutAccounts(
  tx: Queryable,
  cardData: CardData,
  borrower: { id: number; name: string },
  accounts: ReadonlyArray<{ productId: number; orderIds: number[]; bankCode: string; accountNumber: string }>,
  now: Date,
): Promise<void> {
  for (const a of accounts) {
    const valid = validateSave(DEMO_BANK_FORM, 1, { channel: INSTAPAY, bankCode: a.bankCode, cardNo: a.accountNumber, accountName: borrower.name, city: CITIES[0] });
    await replaceCurrentAccounts(tx, borrower.id, now);
    const accountId = await insertAccount(tx, accountFrom(valid, borrower.id, a.productId, 'bind-card-new', cardData), now);
    await setPayoutAccount(tx, a.orderIds, accountId, now);
  }
}
