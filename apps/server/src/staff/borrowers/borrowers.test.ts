import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindCardChangeRoute, bindCardNewRoute, problemListRoute, type SessionParams, type StaffBorrower } from '@cashloan/contract';
import { createHarness, type Harness } from '../../test-support/repayment-harness.ts';
import { signInAgain, signedInStaff, type TestStaff } from '../../test-support/staff.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { DAY_MS } from '../../platform/clock/clock.ts';
import { findBorrower } from '../../domain/borrowers/service.ts';
import { INSTAPAY } from '../../modules/bind-bank/seed.ts';
import { fileComplaint } from '../../modules/complaints/service.ts';

let h: Harness;
let t: TestApp;
let agent: TestStaff;
let finance: TestStaff;

beforeAll(async () => {
  h = await createHarness();
  t = h.t;
  agent = await signedInStaff(t, ['agent']);
  finance = await signedInStaff(t, ['finance']);
});
afterAll(() => t.close());

const MINUTE = 60_000;

/** Moves the clock; a staff session ends within hours, so both sign in again after a longer move. */
async function advance(ms: number) {
  await t.clock.advance(ms);
  if (ms > MINUTE) {
    agent = await signInAgain(t, agent);
    finance = await signInAgain(t, finance);
  }
}

async function get<T>(staff: TestStaff, path: string): Promise<{ status: number; message: string; data: T; raw: string }> {
  const res = await staff.call('GET', path);
  const body = res.json();
  return { status: res.statusCode, message: body.message, data: body.data, raw: res.body };
}
type Page = { items: Array<{ id: number; name: string; mobilePhone: string }>; total: number };
const search = (query: string, staff = agent) => get<Page>(staff, `/borrowers?${query}`);
const borrowerView = (id: number, staff = agent) => get<StaffBorrower>(staff, `/borrowers/${id}`);

describe('GET /borrowers: the search', () => {
  const ids = { maria: 0, mariano: 0, jose: 0 };

  beforeAll(async () => {
    // A minute apart, so "newest first" is the order they registered in, reversed.
    ids.maria = (await t.newBorrower({ name: 'Maria Santos', mobilePhone: '9998887771' })).borrowerId;
    await t.clock.advance(MINUTE);
    ids.mariano = (await t.newBorrower({ name: 'Mariano dela Cruz', mobilePhone: '9998887772' })).borrowerId;
    await t.clock.advance(MINUTE);
    ids.jose = (await t.newBorrower({ name: 'Jose Rizal', mobilePhone: '9998887773' })).borrowerId;
  });

  it('finds borrowers by any part of the phone, newest first, as staff list them', async () => {
    const { status, data } = await search('phone=888777');
    expect(status).toBe(200);
    expect(data.total).toBe(3);
    expect(data.items.map((b) => b.id)).toEqual([ids.jose, ids.mariano, ids.maria]);
    const maria = (await findBorrower(t.db, { id: ids.maria }))!;
    expect(data.items[2]).toEqual({
      id: ids.maria,
      userId: maria.userId,
      name: 'Maria Santos',
      mobilePhone: '9998887771',
      merchantNumber: 'M0001',
      createdAt: new Date(t.clock.now().getTime() - 2 * MINUTE).toISOString(),
    });
    expect((await search('phone=8887773')).data.items.map((b) => b.id)).toEqual([ids.jose]);
  });

  it('finds borrowers by any part of the name in any case, and by name and phone together', async () => {
    expect((await search('name=MARIA')).data.items.map((b) => b.id)).toEqual([ids.mariano, ids.maria]);
    expect((await search('name=santos')).data.items.map((b) => b.id)).toEqual([ids.maria]);
    expect((await search('name=dela%20cr')).data.items.map((b) => b.id)).toEqual([ids.mariano]);
    expect((await search('name=maria&phone=7771')).data.items.map((b) => b.id)).toEqual([ids.maria]);
    // A LIKE wildcard is only a character here.
    expect((await search('name=%25%25')).data.total).toBe(0);
  });

  it('pages newest first: the total counts every match, a page past the end is empty', async () => {
    expect((await search('phone=888777&pageSize=2')).data).toMatchObject({ total: 3, items: [{ id: ids.jose }, { id: ids.mariano }] });
    expect((await search('phone=888777&pageSize=2&page=2')).data).toMatchObject({ total: 3, items: [{ id: ids.maria }] });
    expect((await search('phone=888777&pageSize=2&page=3')).data).toEqual({ total: 3, items: [] });
  });

  it('answers 400 naming the field for a bad phone, name or page', async () => {
    for (const [query, field] of [
      ['phone=98a', 'phone'],
      ['name=a', 'name'],
      [`name=${'x'.repeat(101)}`, 'name'],
      ['page=x', 'page'],
      ['pageSize=0', 'pageSize'],
    ] as const) {
      const res = await search(query);
      expect(res.status, query).toBe(400);
      expect(res.message, query).toContain(field);
    }
  });
});

describe('GET /borrowers/:id: one borrower', () => {
  let carmen: { borrowerId: number; session: SessionParams };

  const bankAccount = (cardNo: string) => ({
    product_id: String(h.productIds[0]),
    cardType: '1',
    channel: INSTAPAY,
    bankCode: 'BDO',
    cardNo,
    accountName: 'Carmen Reyes',
    city: 'Quezon City',
    payday: '15',
  });

  beforeAll(async () => {
    carmen = await t.newBorrower({ name: 'Carmen Reyes', mobilePhone: '9451230000', isRepeat: true });
  });

  it('shows the borrower, their orders with the status shown today, and their complaints', async () => {
    const review = await h.order(carmen.borrowerId, 21);
    await t.clock.advance(MINUTE);
    const repaying = await h.order(carmen.borrowerId, 174, { product: 1, dueInDays: 0 });
    const borrower = (await findBorrower(t.db, { id: carmen.borrowerId }))!;
    const { problemId } = await fileComplaint(t, borrower, { problemType: '3', problemSonType: '', orderNo: repaying.orderNo, problemDetail: 'My payment is not shown.', problemImage: [] });

    const { status, data } = await borrowerView(carmen.borrowerId);
    expect(status).toBe(200);
    expect(data.borrower).toMatchObject({ id: carmen.borrowerId, userId: borrower.userId, name: 'Carmen Reyes', mobilePhone: '9451230000', merchantNumber: 'M0001', isRepeat: true });
    expect(data.orders.map((o) => [o.id, o.orderNo, o.status, o.shownStatus, o.borrowerName])).toEqual([
      [repaying.id, repaying.orderNo, 174, 174, 'Carmen Reyes'],
      [review.id, review.orderNo, 21, 21, 'Carmen Reyes'],
    ]);
    expect(data.complaints).toEqual([
      expect.objectContaining({ id: problemId, borrowerId: carmen.borrowerId, orderNo: repaying.orderNo, type: 'Repayment', excerpt: 'My payment is not shown.', repliedAt: null, pastReview: false }),
    ]);
    expect(data.accounts).toEqual([]);

    // The next day the due date has passed: the order shows 180 though 174 is stored.
    await advance(DAY_MS);
    expect((await borrowerView(carmen.borrowerId)).data.orders[0]).toMatchObject({ id: repaying.id, status: 174, shownStatus: 180 });
  });

  it("shows the language of the borrower's latest call: none before the first, never the pseudo-locale", async () => {
    const { borrowerId, session } = await t.newBorrower({ name: 'Lorna Diaz', mobilePhone: '9451230099' });
    const language = async () => (await borrowerView(borrowerId)).data.borrower.lang;
    expect(await language()).toBeNull();
    const complaints = (lang?: string) => h.call(problemListRoute, { ...session, ...(lang ? { lang } : {}) } as SessionParams, { orderNo: '' });
    expect((await complaints('fil')).body.code).toBe('00');
    expect(await language()).toBe('fil');
    await complaints('qps');
    expect(await language()).toBe('fil');
    // A page without lang is in English.
    await complaints();
    expect(await language()).toBe('en');
    await complaints('hi');
    expect(await language()).toBe('hi');

    // Signed up from a page in the pseudo-locale: no language kept until a call in one of ours.
    const tester = await t.newBorrower({ name: 'Pseudo Tester', mobilePhone: '9451230098', lang: 'qps' });
    expect((await borrowerView(tester.borrowerId)).data.borrower.lang).toBeNull();
  });

  it('shows payout accounts and repayment cards with the last 4 digits only, the current payout account marked', async () => {
    expect((await h.call(bindCardNewRoute, carmen.session, bankAccount('001234567890'))).body.code).toBe(0);
    await t.clock.advance(MINUTE);
    expect((await h.call(bindCardChangeRoute, carmen.session, bankAccount('009876543210'))).body.code).toBe(0);
    const card = await h.card(carmen.borrowerId, '4000123412344821');

    const { data, raw } = await borrowerView(carmen.borrowerId, finance);
    expect(data.accounts.map(({ createdAt: _at, id: _id, ...a }) => a)).toEqual([
      { kind: 'repayment-card', bankName: 'BDO Unibank', cardNo: '**** **** **** 4821', current: true },
      { kind: 'payout-account', bankName: 'BDO Unibank', cardNo: '**** **** 3210', current: true },
      { kind: 'payout-account', bankName: 'BDO Unibank', cardNo: '**** **** 7890', current: false },
    ]);
    expect(data.accounts[0]!.id).toBe(card.id);
    for (const whole of ['001234567890', '009876543210', '4000123412344821', '34567890', '76543210', '12344821']) expect(raw).not.toContain(whole);
  });

  it('answers 404 for a borrower that does not exist and 400 naming the id for one that is not a number', async () => {
    expect(await borrowerView(999_999)).toMatchObject({ status: 404, message: 'Borrower 999999 does not exist.' });
    const bad = await get(agent, '/borrowers/0');
    expect(bad.status).toBe(400);
    expect(bad.message).toContain('id');
  });
});

describe('who may read borrowers', () => {
  it('lets agents and finance search and read borrowers, and refuses an admin without either role', async () => {
    const { borrowerId } = await t.newBorrower({ name: 'Role Check' });
    for (const staff of [agent, finance]) {
      expect((await search('name=role', staff)).status).toBe(200);
      expect((await borrowerView(borrowerId, staff)).status).toBe(200);
    }
    const admin = await signedInStaff(t, ['admin']);
    expect((await search('name=role', admin)).status).toBe(403);
    expect((await borrowerView(borrowerId, admin)).status).toBe(403);
  });
});
