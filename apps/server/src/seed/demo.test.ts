import { findAccount } from '../domain/bank-cards/service.ts';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bankFormItem, payInstruction, SESSION_PARAMS } from '@cashloan/contract';
import { testConfig } from '../config.ts';
import { createCardData } from '../providers/card-data/card-data.ts';
import { cardDataKeysFor } from '../providers/card-data/keys.ts';
import type { Db } from '../platform/db/client.ts';
import { migrate } from '../platform/db/migrate.ts';
import { openTestDb } from '../test-support/test-app.ts';
import { BANK_FORM_ITEMS, DEMO_BORROWER, demoLinks, seedDemo, type DemoLinks } from './demo.ts';
import { borrowerForSession } from '../domain/borrowers/session.ts';
import { listConfirmedDocuments, loadOrder } from '../domain/orders/service.ts';
import { viewOrder } from '../domain/orders/service.ts';
import { DAY_MS, createFixedClock } from '../platform/clock/clock.ts';
import { createSandboxPaymentProvider } from '../providers/payments/sandbox.ts';
import { createDevOutboxSms } from '../providers/sms/dev-outbox.ts';
import { listOrderPaymentResults } from '../domain/payments/payments.ts';
import { LATE_PENALTY_MINOR } from '../loan-terms/rules.ts';
import { bookDayOf } from '../domain/books/journal.ts';
import { importReport, itemsOf } from '../domain/books/reconciliation.ts';

const NOW = new Date('2026-11-01T02:00:00Z');
const PUBLIC_DIR = fileURLToPath(new URL('../../../web/public', import.meta.url));

async function counts(db: Db): Promise<Record<string, number>> {
  const tables = ['products', 'payment_channels', 'agreements', 'bank_forms', 'borrowers', 'sessions', 'orders', 'repayment_plans', 'app_settings'];
  const out: Record<string, number> = {};
  for (const t of tables) out[t] = Number((await db.query<{ n: number }>(`SELECT count(*) AS n FROM ${t}`)).rows[0]!.n);
  return out;
}

const paramsOf = (path: string) => new URLSearchParams(path.split('?')[1]);

/** The local sandbox on the seeded database: it issues the pay code the settled demo order is repaid with. */
const sandboxOn = (db: Db) => {
  const clock = createFixedClock(NOW);
  return createSandboxPaymentProvider({ db, clock, sms: createDevOutboxSms(db, clock), appName: 'PesoNow' });
};

const freshDb = async () => {
  const db = await openTestDb();
  await migrate(db);
  return db;
};

describe('the demo seed', () => {
  const config = testConfig();
  const cardData = createCardData(cardDataKeysFor(config));
  // One database seeded once serves every test that only reads it (a fresh PGlite costs seconds).
  let db: Db;
  let links: DemoLinks;
  beforeAll(async () => {
    db = await freshDb();
    links = (await seedDemo(db, NOW, config, cardData, sandboxOn(db)))!;
  });
  afterAll(() => db.close());

  it('seeds the catalogue, one demo borrower and one order in every status', async () => {
    // 5 counter channels and the QR Ph one, the card and checkout channels (migration 005), the two for postings by finance (migration 020), the UPI one (migration 023).
    // Beside the demo borrower's 7 orders, the books' demo day: 5 borrowers with one loan each, repaid yesterday.
    expect(await counts(db)).toMatchObject({ products: 4, payment_channels: 6 + 2 + 2 + 1, agreements: 2 * 3, bank_forms: 1, borrowers: 1 + 5, sessions: 1 + 5, orders: 7 + 5, app_settings: 1 });
    expect(links.orders.map((o) => o.status)).toEqual([21, 110, 151, 170, 174, 180, 200]);
    for (const link of links.orders) {
      const orderId = Number(paramsOf(link.path).get('orderId'));
      const order = (await loadOrder(db, orderId))!;
      expect(order.status).toBe(link.status);
      // Seeded "today", each demo order shows the status it stands for.
      expect(viewOrder(order, NOW).shownStatus).toBe(link.status);
      expect(order.plan).toHaveLength(link.status === 151 ? 0 : order.periods);
      expect(link.path.startsWith('/allIt?')).toBe(true);
      expect(String(paramsOf(link.path).get('productId'))).toBe(String(order.productId));
      // What the demo borrower confirmed is stored like any order's (docs/records.md): the disclosure and both agreements.
      const confirmed = await listConfirmedDocuments(db, orderId);
      expect(confirmed.map((d) => `${d.kind}-${d.position}`)).toEqual(['disclosure-0', 'agreement-1', 'agreement-2']);
      const disclosure = JSON.parse(confirmed[0]!.body);
      expect(disclosure.disclosure.amountFinanced).toBe(order.principalMinor);
      if (order.disbursedAt) expect(disclosure.disclosure.schedule.map((l: { amount: number }) => l.amount)).toEqual(order.plan.map((p) => p.amountMinor));
    }
  });

  it("leaves yesterday's counter payments for finance: the sandbox's report of that day matches all but two", async () => {
    const day = bookDayOf(new Date(NOW.getTime() - DAY_MS), 'PHP');
    const csv = await sandboxOn(db).dailyReport!(day);
    expect(csv.trim().split('\r\n')).toHaveLength(1 + 4);
    const report = await db.transaction((tx) =>
      importReport(tx, { provider: { provider: 'sandbox', flow: 'collections', currency: 'PHP' }, fileName: `sandbox-${day}.csv`, content: csv, staff: { id: null, name: 'test' }, now: NOW }),
    );
    expect(report).toMatchObject({ reportDay: day, lineCount: 4, matched: 3, open: 2 });
    const states = (await itemsOf(db, report.id)).map((i) => i.state).sort();
    expect(states).toEqual(['matched', 'matched', 'matched', 'not_booked', 'not_in_report']);
  });

  it('repays the settled demo order through a real pay code: one payment, the whole loan, applied once', async () => {
    const settled = links.orders.find((o) => o.status === 200)!;
    const order = (await loadOrder(db, Number(paramsOf(settled.path).get('orderId'))))!;
    const payments = await listOrderPaymentResults(db, order.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]!.amountMinor).toBe(order.principalMinor + order.interestMinor + order.feeMinor);
    expect(payments[0]!.result).toMatchObject({ outcome: 'settled', balanceAfterMinor: 0 });
    expect(order.paidMinor).toBe(payments[0]!.amountMinor);
  });

  it("binds the sandbox's closed account to the approved order and a good one to the order in review (the money-out demo)", async () => {
    const accountOf = async (status: number) => {
      const order = (await loadOrder(db, Number(paramsOf(links.orders.find((o) => o.status === status)!.path).get('orderId'))))!;
      return (await findAccount(db, order.payoutAccountId!))!;
    };
    expect(await accountOf(110)).toMatchObject({ bankName: 'BDO Unibank', cardNoMasked: expect.stringMatching(/0000$/) });
    expect(await accountOf(21)).toMatchObject({ bankName: 'Bank of the Philippine Islands', cardNoMasked: expect.stringMatching(/7890$/) });
  });

  it('gives links whose session parameters open the demo session, which lives SESSION_TTL_DAYS', async () => {
    expect(links.previewPath.startsWith('/testPreview?')).toBe(true);
    const params = paramsOf(links.previewPath);
    expect([...params.keys()]).toEqual([...SESSION_PARAMS, 'productId', 'orderId']);
    expect(params.get('deviceId')).toBe('demo-device');
    const session = Object.fromEntries(SESSION_PARAMS.map((k) => [k, params.get(k)!]));
    const borrower = await borrowerForSession(db, session, new Date(NOW.getTime() + (config.SESSION_TTL_DAYS - 1) * DAY_MS));
    expect(borrower).toMatchObject({ userId: DEMO_BORROWER.userId, mobilePhone: DEMO_BORROWER.mobilePhone });
    await expect(borrowerForSession(db, session, new Date(NOW.getTime() + (config.SESSION_TTL_DAYS + 1) * DAY_MS))).rejects.toThrow();
    const order = (await loadOrder(db, Number(params.get('orderId'))))!;
    expect(order.status).toBe(170);
  });

  it('changes nothing when run a second time and gives no links then (they are printed once); demoLinks gives them', async () => {
    const before = await counts(db);
    const second = await seedDemo(db, new Date(NOW.getTime() + DAY_MS), config, cardData, sandboxOn(db));
    expect(await counts(db)).toEqual(before);
    expect(second).toBeNull();
    expect(await demoLinks(db, config)).toEqual(links);
  });

  it('gives the links with a new demo session when asked (the ops API), the same orders', async () => {
    const fresh = (await demoLinks(db, config, { newSessionAt: new Date(NOW.getTime() + 40 * DAY_MS) }))!;
    const sessionOf = (path: string) => paramsOf(path).get('sessionId');
    expect(sessionOf(fresh.previewPath)).not.toBe(sessionOf(links.previewPath));
    expect(fresh.orders.map((o) => paramsOf(o.path).get('orderId'))).toEqual(links.orders.map((o) => paramsOf(o.path).get('orderId')));
    const session = Object.fromEntries(SESSION_PARAMS.map((k) => [k, paramsOf(fresh.previewPath).get(k)!]));
    expect(await borrowerForSession(db, session, new Date(NOW.getTime() + 41 * DAY_MS))).toMatchObject({ userId: DEMO_BORROWER.userId });
  });

  it('leaves a database that already holds other data alone', async () => {
    const other = await freshDb();
    try {
      await other.query(`INSERT INTO borrowers (user_id, merchant_number, mobile_phone) VALUES ('REAL1', 'M0001', '9999999999')`);
      expect(await seedDemo(other, NOW, config, cardData, sandboxOn(other))).toBeNull();
      expect(await counts(other)).toMatchObject({ products: 0, orders: 0, borrowers: 1 });
      expect(await demoLinks(other, config)).toBeNull();
    } finally {
      await other.close();
    }
  });

  it('keeps the catalogue within the rules and in the contract shapes', async () => {
    const products = (await db.query<{ term_days: number; amount_minor: number; logo: string }>('SELECT * FROM products ORDER BY sort')).rows;
    for (const p of products) {
      expect(p.term_days).toBeGreaterThanOrEqual(91);
      expect(p.term_days).toBeLessThanOrEqual(365);
      expect(Number.isSafeInteger(Number(p.amount_minor))).toBe(true);
    }
    // The counter channels; migration 005 adds the internal card and checkout channels (no instructions, no logo).
    const channels = (await db.query<{ channel_number: string; logo: string; pay_notice: unknown }>(`SELECT * FROM payment_channels WHERE kind IN ('code', 'qr') ORDER BY sort`)).rows;
    expect(channels[0]!.channel_number).toBe('90006');
    for (const c of channels) expect(() => z.record(z.string(), z.array(payInstruction).min(1)).parse(c.pay_notice)).not.toThrow();
    for (const logo of [...products, ...channels].map((r) => r.logo)) expect(existsSync(`${PUBLIC_DIR}${logo}`), logo).toBe(true);
    const form = (await db.query<{ items: unknown }>(`SELECT items FROM bank_forms WHERE merchant_number = 'M0001'`)).rows[0]!;
    const items = z.array(bankFormItem).parse(form.items);
    expect(items).toEqual(BANK_FORM_ITEMS);
    expect(new Set(items.map((i) => i.cate))).toEqual(new Set(['txt', 'enum', 'citySelect', 'day']));
    expect(new Set(items.map((i) => i.cardTypeMi))).toEqual(new Set([0, 1, 2]));
    const agreements = (await db.query<{ title: string; body: string; scene: number; position: number; lang: string }>("SELECT * FROM agreements ORDER BY position, lang = 'en' DESC, lang")).rows;
    // Each in English and in the demo lender's Filipino and Hindi (docs/i18n.md, "Agreements").
    expect(agreements.map((a) => [a.scene, a.lang, a.title])).toEqual([
      [3, 'en', 'Loan Agreement'],
      [3, 'fil', 'Kasunduan sa Loan'],
      [3, 'hi', 'लोन समझौता'],
      [3, 'en', 'Disclosure Statement'],
      [3, 'fil', 'Disclosure Statement'],
      [3, 'hi', 'प्रकटीकरण विवरण'],
    ]);
    // The same placeholders in every language: a translation fills from the same figures.
    const placeholders = (body: string) => [...new Set(body.match(/\{\w+\}/g))].sort();
    for (const a of agreements) {
      const english = agreements.find((e) => e.position === a.position && e.lang === 'en')!;
      expect(placeholders(a.body), `${a.lang} ${a.title}`).toEqual(placeholders(english.body));
    }
    expect(agreements[0]!.body).toContain('{borrowerName}');
    expect(agreements[0]!.body).toContain(`PHP ${(LATE_PENALTY_MINOR.newBorrower / 100).toLocaleString('en-PH')}.00`);
    expect(agreements[0]!.body).toContain('5% per day for overdue days 1 to 30');
  });
});
