import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bindCardChangeRoute,
  bindCardNewRoute,
  callUrlPath,
  cardInitRoute,
  loanDetailsRoute,
  type BankFormItem,
  type Route,
  type SessionParams,
} from '@cashloan/contract';
import { createTestApp, form, FORM_HEADERS, query, type TestApp } from '../../test-support/test-app.ts';
import { seedCatalog } from '../../seed/demo.ts';
import { DEMO_BANK_FORM_ITEMS, GCASH, INSTAPAY, MAYA, PESONET } from './seed.ts';
import { MESSAGES } from './service.ts';
import { payoutAccountNumber } from '../../domain/bank-cards/payout-account.ts';

let t: TestApp;
let productIds: number[];
const OPS = { authorization: 'Bearer test-ops-token-of-the-server-tests' };

beforeAll(async () => {
  t = await createTestApp();
  productIds = await t.db.transaction((tx) => seedCatalog(tx));
});
afterAll(() => t.close());

type Payload = Record<string, string>;

async function call(route: Route, session: SessionParams, payload: Payload, extraQuery: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${callUrlPath(route)}?${query({ ...session, ...extraQuery })}`,
    headers: FORM_HEADERS,
    payload: form(payload),
  });
  return { status: res.statusCode, body: res.json() as { code: number; message: string; data: unknown }, raw: res.body };
}

const cardInit = async (session: SessionParams, productId = productIds[0]!) => {
  const res = await call(cardInitRoute, session, { product_id: String(productId) });
  return { ...res, items: (res.body.data as { items: BankFormItem[] } | null)?.items ?? [] };
};

/** A complete bank account save (card type 1, InstaPay), overridable field by field. */
const bankAccount = (over: Payload = {}): Payload => ({
  product_id: String(productIds[0]),
  cardType: '1',
  channel: INSTAPAY,
  bankCode: 'BDO',
  cardNo: '001234567890',
  accountName: 'Juan Dela Cruz',
  city: 'Quezon City',
  payday: '15',
  ...over,
});
/** A complete e-wallet save (card type 2, GCash). */
const eWallet = (over: Payload = {}): Payload => ({
  product_id: String(productIds[0]),
  cardType: '2',
  channel: GCASH,
  cardNo: '09171234567',
  accountName: 'Maria Santos',
  city: 'Cebu City',
  ...over,
});

interface StoredCard {
  id: number;
  card_type: number;
  channel_number: string;
  bank_name: string;
  bank_code: string;
  card_no_masked: string;
  card_no_hash: string | null;
  card_no_encrypted: string | null;
  fields: Record<string, string>;
  product_id: number | null;
  bound_via: string | null;
  replaced_at: Date | null;
}
const cardsOf = async (borrowerId: number) =>
  (await t.db.query<StoredCard>('SELECT * FROM bank_cards WHERE borrower_id = $1 ORDER BY id', [borrowerId])).rows.map((r) => ({ ...r, id: Number(r.id) }));
const orderFlags = async (orderId: number) =>
  (await t.db.query<{ card_need_pop: number; bank_card_id: number | null }>('SELECT card_need_pop, bank_card_id FROM orders WHERE id = $1', [orderId])).rows[0]!;

async function newOrder(borrowerId: number, body: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: '/ops/orders', headers: OPS, payload: { borrowerId, ...body } });
  expect(res.json().code, JSON.stringify(res.json())).toBe(0);
  return res.json().data as { orderId: number; productId: number };
}

async function opsCards(borrowerId: number) {
  const res = await t.app.inject({ method: 'GET', url: `/ops/bank-cards?borrowerId=${borrowerId}`, headers: OPS });
  return { status: res.statusCode, raw: res.body, items: (res.json().data?.items ?? []) as Array<Record<string, unknown>> };
}

describe('card-init', () => {
  it("answers the merchant's form in display order, without the server's rules, empty for a new borrower", async () => {
    const { session } = await t.newBorrower();
    const { status, body, items } = await cardInit(session);
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    expect(items).toEqual(DEMO_BANK_FORM_ITEMS);
    for (const item of items) expect(Object.keys(item).sort()).toEqual(['cardTypeMi', 'cate', 'channelNumber', 'code', 'inputType', 'note', 'subtitle', 'title', 'value']);
    // The channel pickers and the fields of every channel carry '' (shown for every channel).
    expect(items.filter((i) => i.code === 'channel').map((i) => [i.cardTypeMi, i.channelNumber])).toEqual([
      [1, ''],
      [2, ''],
    ]);
    expect(items.find((i) => i.code === 'branchName')!.channelNumber).toBe(PESONET);
  });

  it('needs a session, a product_id and a product that exists', async () => {
    const { session } = await t.newBorrower();
    const noSession = await call(cardInitRoute, { ...session, sessionId: '' }, { product_id: String(productIds[0]) });
    expect(noSession.status).toBe(401);
    const noProduct = await call(cardInitRoute, session, {});
    expect([noProduct.status, noProduct.body.message]).toEqual([400, 'product_id is required']);
    const unknown = await cardInit(session, 999_999);
    expect([unknown.status, unknown.body]).toEqual([404, { code: 404, message: MESSAGES.noProduct, data: null }]);
  });

  it('tells a borrower of a lender without a form that accounts cannot be added yet', async () => {
    const { session } = await t.newBorrower({ merchantNumber: 'M0999' });
    const res = await cardInit(session);
    expect([res.status, res.body.message]).toEqual([404, MESSAGES.noForm]);
  });

  it('prefills the saved account of its card type and channel, with the account number masked', async () => {
    const { session } = await t.newBorrower();
    const saved = await call(bindCardNewRoute, session, bankAccount({ channel: PESONET, bankCode: 'BPI', cardNo: '1234567890123457', branchName: 'Ayala Avenue' }));
    expect(saved.body.code).toBe(0);
    const { items, raw } = await cardInit(session);
    const valueOf = (code: string, cardTypeMi: number) => items.find((i) => i.code === code && i.cardTypeMi === cardTypeMi)!.value;
    expect(valueOf('channel', 1)).toBe(PESONET);
    expect(valueOf('bankCode', 1)).toBe('BPI');
    expect(valueOf('cardNo', 1)).toBe('**** **** **** 3457');
    expect(valueOf('branchName', 1)).toBe('Ayala Avenue');
    expect(valueOf('accountName', 0)).toBe('Juan Dela Cruz');
    expect(valueOf('city', 0)).toBe('Quezon City');
    expect(valueOf('payday', 0)).toBe('15');
    // The e-wallet's fields belong to the other card type: nothing of the bank account leaks into them.
    expect(valueOf('channel', 2)).toBe('');
    expect(valueOf('cardNo', 2)).toBe('');
    expect(raw).not.toContain('1234567890123457');
  });
});

describe('bind-card-new: every shown field is checked, and nothing is written on failure', () => {
  const CASES: Array<[rule: string, payload: () => Payload, message: string]> = [
    ['a card type the form does not have', () => bankAccount({ cardType: '3' }), 'cardType must be one of 1, 2'],
    ['a missing card type', () => bankAccount({ cardType: '' }), 'cardType must be a whole number'],
    ['a required text field left out', () => bankAccount({ accountName: '' }), 'Account name is required.'],
    ['a required field of blanks', () => bankAccount({ accountName: '   ' }), 'Account name is required.'],
    ['a required picker left out', () => bankAccount({ bankCode: '' }), 'Bank is required.'],
    ['the channel left out', () => bankAccount({ channel: '' }), 'Receiving channel is required.'],
    ['a channel that is not an option', () => bankAccount({ channel: '99999' }), 'Receiving channel: please choose one of the listed options.'],
    ['a bank that is not an option (the name instead of its type)', () => bankAccount({ bankCode: 'BDO Unibank' }), 'Bank: please choose one of the listed options.'],
    ['an account number with separators', () => bankAccount({ cardNo: '0012-3456-7890' }), 'Account number must contain digits only.'],
    ['an account number with letters', () => bankAccount({ cardNo: '00123456789O' }), 'Account number must contain digits only.'],
    ['an InstaPay account number too long (17 > 16)', () => bankAccount({ cardNo: '1'.repeat(17) }), 'Account number must be 10 to 16 digits.'],
    ['a PESONet account number too long (21 > 20)', () => bankAccount({ channel: PESONET, branchName: 'Cubao', cardNo: '1'.repeat(21) }), 'Account number must be 10 to 20 digits.'],
    ['an account number too short (9 < 10)', () => bankAccount({ cardNo: '123456789' }), 'Account number must be 10 to 16 digits.'],
    ['the PESONet-only branch left out with PESONet', () => bankAccount({ channel: PESONET }), 'Branch is required.'],
    ['an account name too short', () => bankAccount({ accountName: 'J' }), 'Account name must be 2 to 100 characters.'],
    ['an account name over the 200 characters any field may have', () => bankAccount({ accountName: 'J'.repeat(201) }), 'accountName must be at most 200 characters'],
    ['a city that is not in the list', () => bankAccount({ city: 'Atlantis' }), 'City / Municipality: please choose one of the listed options.'],
    ['a salary day of 32', () => bankAccount({ payday: '32' }), 'Salary day must be a day of the month from 1 to 31.'],
    ['a salary day of 0', () => bankAccount({ payday: '0' }), 'Salary day must be a day of the month from 1 to 31.'],
    ['a salary day that is not a number', () => bankAccount({ payday: 'end' }), 'Salary day must be a day of the month from 1 to 31.'],
    ['an e-wallet left out', () => eWallet({ channel: '' }), 'E-wallet is required.'],
    ['a bank channel chosen as the e-wallet', () => eWallet({ channel: INSTAPAY }), 'E-wallet: please choose one of the listed options.'],
    ['an e-wallet number of 10 digits', () => eWallet({ cardNo: '0917123456' }), 'E-wallet mobile number must be 11 digits.'],
    ['an e-wallet number of 12 digits', () => eWallet({ cardNo: '091712345678' }), 'E-wallet mobile number must be 11 digits.'],
    ['an e-wallet number not starting with 09', () => eWallet({ cardNo: '19171234567' }), 'E-wallet mobile number must start with 09.'],
    ['an e-wallet number with spaces', () => eWallet({ cardNo: '091 7123 4567' }), 'E-wallet mobile number must contain digits only.'],
  ];

  it.each(CASES)('refuses %s, naming the field', async (_rule, payload, message) => {
    const { borrowerId, session } = await t.newBorrower();
    const order = await newOrder(borrowerId, { status: 180, productId: productIds[0], cardNeedPop: 1 });
    const res = await call(bindCardNewRoute, session, payload());
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, message, data: null });
    expect(await cardsOf(borrowerId)).toEqual([]);
    expect(await orderFlags(order.orderId)).toEqual({ card_need_pop: 1, bank_card_id: null });
  });

  it('keeps the account already on file when a later save fails', async () => {
    const { borrowerId, session } = await t.newBorrower();
    expect((await call(bindCardNewRoute, session, bankAccount())).body.code).toBe(0);
    const before = await cardsOf(borrowerId);
    const failed = await call(bindCardNewRoute, session, eWallet({ cardNo: '0917' }));
    expect(failed.body.message).toBe('E-wallet mobile number must be 11 digits.');
    expect(await cardsOf(borrowerId)).toEqual(before);
    expect(before[0]!.replaced_at).toBeNull();
  });

  it('needs a product that exists and a session', async () => {
    const { borrowerId, session } = await t.newBorrower();
    const unknown = await call(bindCardNewRoute, session, bankAccount({ product_id: '999999' }));
    expect([unknown.status, unknown.body.message]).toEqual([404, MESSAGES.noProduct]);
    const missing = await call(bindCardNewRoute, session, bankAccount({ product_id: '' }));
    expect([missing.status, missing.body.message]).toEqual([400, 'product_id must be a number']);
    const noSession = await call(bindCardNewRoute, { ...session, sessionId: 'not-a-session' }, bankAccount());
    expect(noSession.status).toBe(401);
    expect(await cardsOf(borrowerId)).toEqual([]);
  });
});

describe('bind-card-new: what is stored', () => {
  it('stores a bank account: the number masked, hashed and encrypted, never in the clear; hidden fields and other keys are dropped', async () => {
    const { borrowerId, session } = await t.newBorrower();
    // branchName belongs to PESONet and `real` rides in the query: neither is part of an InstaPay account.
    const res = await call(bindCardNewRoute, session, bankAccount({ branchName: 'Cubao', nickname: 'mine' }), { real: '1' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 0, message: 'success', data: {} });
    const [card, ...others] = await cardsOf(borrowerId);
    expect(others).toEqual([]);
    expect(card).toMatchObject({
      card_type: 1,
      channel_number: INSTAPAY,
      bank_name: 'BDO Unibank',
      bank_code: 'BDO',
      card_no_masked: '**** **** 7890',
      card_no_hash: t.cardData.hash('001234567890'),
      product_id: productIds[0],
      bound_via: 'bind-card-new',
      replaced_at: null,
    });
    expect(card!.fields).toEqual({
      channel: INSTAPAY,
      bankCode: 'BDO',
      cardNo: '**** **** 7890',
      accountName: 'Juan Dela Cruz',
      city: 'Quezon City',
      payday: '15',
    });
    expect(card).not.toHaveProperty('card_no');
    expect(card!.card_no_encrypted).toMatch(/^v1\.test\./);
    expect(JSON.stringify(card)).not.toContain('001234567890');
    // Disbursement's one way to the whole number.
    expect(await payoutAccountNumber(t, card!.id)).toBe('001234567890');
  });

  it('leaves an optional field out when it is empty', async () => {
    const { borrowerId, session } = await t.newBorrower();
    expect((await call(bindCardNewRoute, session, bankAccount({ payday: '' }))).body.code).toBe(0);
    expect((await cardsOf(borrowerId))[0]!.fields).not.toHaveProperty('payday');
  });

  it('accepts the longer PESONet account number with its branch', async () => {
    const { borrowerId, session } = await t.newBorrower();
    const res = await call(bindCardNewRoute, session, bankAccount({ channel: PESONET, branchName: 'Cubao', cardNo: '12345678901234567890' }));
    expect(res.body.code).toBe(0);
    expect((await cardsOf(borrowerId))[0]).toMatchObject({ channel_number: PESONET, card_no_masked: '**** **** **** **** 7890' });
    expect((await cardsOf(borrowerId))[0]!.fields.branchName).toBe('Cubao');
  });

  it('stores an e-wallet under its channel, replacing the bank account; an identical save adds nothing', async () => {
    const { borrowerId, session } = await t.newBorrower();
    expect((await call(bindCardNewRoute, session, bankAccount())).body.code).toBe(0);
    expect((await call(bindCardNewRoute, session, eWallet({ channel: MAYA }))).body.code).toBe(0);
    expect((await call(bindCardNewRoute, session, eWallet({ channel: MAYA }))).body.code).toBe(0);
    const cards = await cardsOf(borrowerId);
    expect(cards).toHaveLength(2);
    expect(cards[0]!.replaced_at).not.toBeNull();
    expect(cards[1]).toMatchObject({
      card_type: 2,
      channel_number: MAYA,
      bank_name: 'Maya',
      bank_code: MAYA,
      card_no_masked: '*** **** 4567',
      card_no_hash: t.cardData.hash('09171234567'),
      replaced_at: null,
    });
    expect(await payoutAccountNumber(t, cards[1]!.id)).toBe('09171234567');
    expect(cards[1]!.fields).toEqual({ channel: MAYA, cardNo: '*** **** 4567', accountName: 'Maria Santos', city: 'Cebu City' });
  });

  it("turns off the card-binding prompt of the borrower's orders of that product only", async () => {
    const me = await t.newBorrower();
    const other = await t.newBorrower();
    const mine = await newOrder(me.borrowerId, { status: 180, productId: productIds[0], cardNeedPop: 1 });
    const mineOtherProduct = await newOrder(me.borrowerId, { status: 170, productId: productIds[1], cardNeedPop: 1 });
    const theirs = await newOrder(other.borrowerId, { status: 180, productId: productIds[0], cardNeedPop: 1 });
    expect((await call(bindCardNewRoute, me.session, bankAccount())).body.code).toBe(0);
    expect(await orderFlags(mine.orderId)).toEqual({ card_need_pop: 0, bank_card_id: null });
    expect((await orderFlags(mineOtherProduct.orderId)).card_need_pop).toBe(1);
    expect((await orderFlags(theirs.orderId)).card_need_pop).toBe(1);
  });
});

describe('bind-card-change (the bank screen opened from the order)', () => {
  it('makes the open orders of the product pay out to the new account and ends their card prompt, which the order screen then no longer asks for', async () => {
    const { borrowerId, session } = await t.newBorrower();
    const overdue = await newOrder(borrowerId, { status: 180, productId: productIds[0], cardNeedPop: 1, cardPopTitle: 'Check your payment account' });
    const settled = await newOrder(borrowerId, { status: 200, productId: productIds[0], cardNeedPop: 1 });
    const details = async () =>
      (await call(loanDetailsRoute, session, { productId: String(overdue.productId), orderId: String(overdue.orderId) })).body.data as { cardNeedPop: number };
    expect((await details()).cardNeedPop).toBe(1);

    const res = await call(bindCardChangeRoute, session, eWallet());
    expect(res.body).toEqual({ code: 0, message: 'success', data: {} });
    const [card] = await cardsOf(borrowerId);
    expect(card).toMatchObject({ bound_via: 'bind-card-change', card_type: 2, channel_number: GCASH });
    expect(await orderFlags(overdue.orderId)).toEqual({ card_need_pop: 0, bank_card_id: card!.id });
    // A settled loan pays out nothing more: its prompt ends, its account stays.
    expect(await orderFlags(settled.orderId)).toEqual({ card_need_pop: 0, bank_card_id: null });
    expect((await details()).cardNeedPop).toBe(0);
  });

  it('needs a loan of the product and writes nothing without one', async () => {
    const { borrowerId, session } = await t.newBorrower();
    await newOrder(borrowerId, { status: 180, productId: productIds[1], cardNeedPop: 1 });
    const res = await call(bindCardChangeRoute, session, bankAccount());
    expect([res.status, res.body.message]).toEqual([404, MESSAGES.noOrder]);
    expect(await cardsOf(borrowerId)).toEqual([]);
  });

  it('checks the fields as bind-card-new does', async () => {
    const { borrowerId, session } = await t.newBorrower();
    const order = await newOrder(borrowerId, { status: 180, productId: productIds[0], cardNeedPop: 1 });
    const res = await call(bindCardChangeRoute, session, bankAccount({ cardNo: '12345' }));
    expect([res.status, res.body.message]).toEqual([400, 'Account number must be 10 to 16 digits.']);
    expect(await cardsOf(borrowerId)).toEqual([]);
    expect(await orderFlags(order.orderId)).toEqual({ card_need_pop: 1, bank_card_id: null });
  });
});

describe('the back office read (GET /ops/bank-cards)', () => {
  it('lists the accounts newest first, masked, with the current one and the orders paying out to it', async () => {
    const { borrowerId, session } = await t.newBorrower();
    const order = await newOrder(borrowerId, { status: 170, productId: productIds[0] });
    await call(bindCardNewRoute, session, bankAccount());
    await call(bindCardChangeRoute, session, eWallet());
    const { status, items, raw } = await opsCards(borrowerId);
    expect(status).toBe(200);
    expect(items).toMatchObject([
      { cardType: 2, channelNumber: GCASH, bankName: 'GCash', cardNo: '*** **** 4567', boundVia: 'bind-card-change', current: true, orderIds: [order.orderId] },
      { cardType: 1, channelNumber: INSTAPAY, bankName: 'BDO Unibank', cardNo: '**** **** 7890', boundVia: 'bind-card-new', current: false, orderIds: [] },
    ]);
    expect(items[0]!.fields).toEqual({ channel: GCASH, cardNo: '*** **** 4567', accountName: 'Maria Santos', city: 'Cebu City' });
    expect(raw).not.toContain('09171234567');
    expect(raw).not.toContain('001234567890');
  });

  it('needs the ops token and a borrower that exists', async () => {
    const { borrowerId } = await t.newBorrower();
    const anonymous = await t.app.inject({ method: 'GET', url: `/ops/bank-cards?borrowerId=${borrowerId}` });
    expect(anonymous.statusCode).toBe(401);
    expect((await opsCards(987_654)).status).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/ops/bank-cards?borrowerId=abc', headers: OPS });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'borrowerId must be a number']);
  });
});

describe('a stored number is never answered unmasked', () => {
  it('card-init, the save answers and the back office carry only the masked number', async () => {
    const { borrowerId, session } = await t.newBorrower();
    const numbers = ['5566778899001122', '09998887777'];
    const answers = [
      (await call(bindCardNewRoute, session, bankAccount({ cardNo: numbers[0]! }))).raw,
      (await cardInit(session)).raw,
      (await call(bindCardNewRoute, session, eWallet({ cardNo: numbers[1]! }))).raw,
      (await cardInit(session)).raw,
      (await opsCards(borrowerId)).raw,
    ];
    for (const answer of answers) for (const number of numbers) expect(answer).not.toContain(number);
    expect(answers[1]).toContain('**** **** **** 1122');
    expect(answers[3]).toContain('*** **** 7777');
  });
});
