/**
 * The review's test (issue 18): after the real calls bind a bank account and an e-wallet, the ops
 * API adds a repayment card and the demo is seeded, no column of any table holds any of the full
 * numbers, and neither does any file of the database on disk (tables and write-ahead log).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bindCardChangeRoute, bindCardNewRoute, callUrlPath, type Route, type SessionParams } from '@cashloan/contract';
import { createTestApp, form, FORM_HEADERS, query, type TestApp } from '../../test-support/test-app.ts';
import { findNumbersInDatabase, findNumbersInFiles, findTextInFiles } from '../../test-support/number-search.ts';
import { openDb } from '../../platform/db/client.ts';
import { seedDemo, DEMO_BORROWER } from '../../seed/demo.ts';

/** The demo seed's repayment card (modules/card-repayment/seed.ts). */
const DEMO_CARD = '4000123412344821';
const BANK_ACCOUNT = '5566778899001122';
const PESONET_ACCOUNT = '73829105647382910564';
const E_WALLET = '09998887777';
const REPAYMENT_CARD = '4111111111111111';
const NUMBERS = [DEMO_CARD, BANK_ACCOUNT, PESONET_ACCOUNT, E_WALLET, REPAYMENT_CARD];

async function call(t: TestApp, route: Route, session: SessionParams, payload: Record<string, string>) {
  const res = await t.app.inject({ method: 'POST', url: `${callUrlPath(route)}?${query({ ...session })}`, headers: FORM_HEADERS, payload: form(payload) });
  return res.json() as { code: number; message: string };
}

async function ops(t: TestApp, url: string, payload: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: `/ops${url}`, headers: { authorization: `Bearer ${t.config.OPS_TOKEN}` }, payload });
  return res.json() as { code: number; message: string; data: Record<string, unknown> };
}

/**
 * The demo seed, then one borrower's accounts and card through the real calls, as a user and the
 * back office would: each account and the card saved twice (the second time must add nothing).
 */
async function bindEverything(t: TestApp) {
  expect(await seedDemo(t.db, t.clock.now(), t.config, t.cardData, t.payments)).not.toBeNull();
  const productId = String((await t.db.query<{ id: number }>('SELECT id FROM products ORDER BY sort LIMIT 1')).rows[0]!.id);
  const { borrowerId, session } = await t.newBorrower();
  expect((await ops(t, '/orders', { borrowerId, status: 180, productId: Number(productId) })).code).toBe(0);
  const account = { product_id: productId, cardType: '1', channel: '90006', bankCode: 'BDO', cardNo: BANK_ACCOUNT, accountName: 'Juan Dela Cruz', city: 'Quezon City', payday: '15' };
  const saves = [
    await call(t, bindCardNewRoute, session, account),
    await call(t, bindCardNewRoute, session, account),
    await call(t, bindCardNewRoute, session, { ...account, channel: '90013', cardNo: PESONET_ACCOUNT, bankCode: 'BPI', branchName: 'Ayala Avenue' }),
    await call(t, bindCardChangeRoute, session, { product_id: productId, cardType: '2', channel: '90008', cardNo: E_WALLET, accountName: 'Maria Santos', city: 'Cebu City' }),
  ];
  expect(saves.map((s) => s.code)).toEqual([0, 0, 0, 0]);
  const card = { borrowerId, bankName: 'BDO Unibank', bankCode: 'BDO', cardNo: REPAYMENT_CARD };
  const cards = [await ops(t, '/bank-cards', card), await ops(t, '/bank-cards', card)];
  return { borrowerId, cards };
}

describe('no full card or account number is stored', () => {
  let t: TestApp | undefined;
  let dataDir: string | undefined;
  afterAll(async () => {
    await t?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('no column of any table holds one, whole or grouped, after binding, adding a card and seeding the demo', async () => {
    t = await createTestApp();
    const { borrowerId, cards } = await bindEverything(t);

    const search = await findNumbersInDatabase(t.db, NUMBERS);
    console.log(`card-number search: ${search.tables} tables, ${search.columns} columns, ${NUMBERS.length} numbers: ${search.found.length} found`);
    expect(search.found).toEqual([]);
    // The search does see a number that is stored: the demo borrower's mobile number.
    expect((await findNumbersInDatabase(t.db, [DEMO_BORROWER.mobilePhone])).found.map((f) => f.where)).toContain('borrowers.mobile_phone');

    // Saving the same account again added no row (the keyed hash recognised it), nor did adding the same card again.
    const rows = await t.db.query<{ bound_via: string | null; card_no_masked: string; replaced_at: Date | null }>(
      'SELECT bound_via, card_no_masked, replaced_at FROM bank_cards WHERE borrower_id = $1 ORDER BY id',
      [borrowerId],
    );
    expect(rows.rows.map((r) => [r.bound_via, r.card_no_masked, r.replaced_at === null])).toEqual([
      ['bind-card-new', '**** **** **** 1122', false],
      ['bind-card-new', '**** **** **** **** 0564', false],
      ['bind-card-change', '*** **** 7777', true],
      [null, '**** **** **** 1111', true],
    ]);
    expect(cards.map((c) => [c.code, c.message, c.data.id, c.data.cardNo])).toEqual([
      [0, 'success', cards[0]!.data.id, '**** **** **** 1111'],
      [0, 'already on file', cards[0]!.data.id, '**** **** **** 1111'],
    ]);
  });

  it('no file of the database on disk holds one, write-ahead log included', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cashloan-card-numbers-'));
    const onDisk = await createTestApp({}, undefined, { db: await openDb({ dataDir }) });
    try {
      await bindEverything(onDisk);
      await onDisk.db.exec('CHECKPOINT');
    } finally {
      await onDisk.close();
    }
    const scan = findNumbersInFiles(dataDir, NUMBERS);
    console.log(`card-number disk scan: ${scan.files} files, ${(scan.bytes / 1e6).toFixed(1)} MB: ${scan.found.length} found`);
    expect(scan.found).toEqual([]);
    // The scan does see what the same calls wrote: the e-wallet holder's name.
    expect(findTextInFiles(dataDir, ['Maria Santos']).found.length).toBeGreaterThan(0);
  });
});
