/**
 * The start-up step of bank-cards/protect-at-start.ts: rows an older version wrote with the whole
 * number are converted (and the clear column dropped), a stop midway loses nothing, keys rotate,
 * and a wrong or missing key fails closed.
 */
import { createSecretKey, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bindCardNewRoute, callUrlPath, type SessionParams } from '@cashloan/contract';
import { createTestApp, form, FORM_HEADERS, openTestDb, query, type TestApp } from '../../test-support/test-app.ts';
import { findNumbersInDatabase, findNumbersInFiles } from '../../test-support/number-search.ts';
import { openDb, type Db, type Queryable } from '../../platform/db/client.ts';
import { migrate } from '../../platform/db/migrate.ts';
import { seedCatalog } from '../../seed/demo.ts';
import { seedProducts } from '../orders/seed.ts';
import { seedPaymentChannels } from '../payments/seed.ts';
import { seedBankForm } from '../../modules/bind-bank/seed.ts';
import { DEFAULT_MERCHANT } from '../borrowers/service.ts';
import { borrowerOnOldSchema } from '../../test-support/old-schema.ts';
import { CardDataError, createCardData, type CardData, type CardDataKey } from '../../providers/card-data/card-data.ts';
import { clearNumberColumnExists } from './store.ts';
import { payoutAccountNumber } from './payout-account.ts';
import { protectCardNumbers } from './protect-at-start.ts';

const NOW = new Date('2026-11-01T02:00:00Z');
const key = (id: string): CardDataKey => ({ id, key: createSecretKey(randomBytes(32)) });

const REPAYMENT_CARD = '4000123412344821';
const OLD_E_WALLET = '09181112222';
const BANK_ACCOUNT = '001234567890';
const OTHER_ACCOUNT = '98765432109876';
/** The bank account as bind-card-new saves it (InstaPay, BDO): saving it again must find this row. */
const BANK_ACCOUNT_SAVE = { cardType: '1', channel: '90006', bankCode: 'BDO', cardNo: BANK_ACCOUNT, accountName: 'Juan Dela Cruz', city: 'Quezon City', payday: '15' };

interface OldDatabase {
  db: Db;
  productId: number;
  borrowerId: number;
  session: SessionParams;
  /** Row ids in insertion order: repayment card, replaced e-wallet, current bank account, an account without a number, another account. */
  ids: number[];
}

/** What this test needs of the catalogue, on that schema (today's agreements have a column it lacks: migration 046). */
async function oldCatalog(db: Queryable): Promise<number[]> {
  const productIds = await seedProducts(db);
  await seedPaymentChannels(db);
  await seedBankForm(db, DEFAULT_MERCHANT);
  return productIds;
}

/** A database as the version before migration 016 left it: its migrations, and rows written the way its stores wrote them. */
async function oldDatabase(db: Db): Promise<OldDatabase> {
  await migrate(db, { before: '016' });
  const [productId] = await db.transaction((tx) => oldCatalog(tx));
  const { borrowerId, session } = await borrowerOnOldSchema(db, '9175550001', NOW, 3650);
  const ids: number[] = [];
  const insert = async (row: { cardNo: string; masked: string; boundVia: string | null; fields?: Record<string, string>; cardType?: number; channel?: string; bank?: [string, string]; replaced?: boolean }) => {
    const [bankName, bankCode] = row.bank ?? ['BDO Unibank', 'BDO'];
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO bank_cards (borrower_id, card_type, channel_number, bank_name, bank_code, card_no_masked, card_no, fields, product_id, bound_via, created_at, replaced_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11, $12) RETURNING id`,
      [borrowerId, row.cardType ?? 1, row.channel ?? '90006', bankName, bankCode, row.masked, row.cardNo, JSON.stringify(row.fields ?? {}), row.boundVia ? productId : null, row.boundVia, NOW, row.replaced ? NOW : null],
    );
    ids.push(Number(rows[0]!.id));
  };
  // insertRepaymentCard of the old version: the digits whole in card_no.
  await insert({ cardNo: REPAYMENT_CARD, masked: '**** **** **** 4821', boundVia: null });
  await insert({
    cardNo: OLD_E_WALLET,
    masked: '*** **** 2222',
    boundVia: 'bind-card-new',
    cardType: 2,
    channel: '90008',
    bank: ['GCash', '90008'],
    fields: { channel: '90008', cardNo: '*** **** 2222', accountName: 'Maria Santos', city: 'Cebu City' },
    replaced: true,
  });
  await insert({
    cardNo: BANK_ACCOUNT,
    masked: '**** **** 7890',
    boundVia: 'bind-card-new',
    fields: { channel: '90006', bankCode: 'BDO', cardNo: '**** **** 7890', accountName: 'Juan Dela Cruz', city: 'Quezon City', payday: '15' },
  });
  await insert({ cardNo: '', masked: '', boundVia: 'bind-card-change', replaced: true });
  await insert({ cardNo: OTHER_ACCOUNT, masked: '**** **** **** 9876', boundVia: 'bind-card-change', replaced: true });
  return { db, productId: productId!, borrowerId, session, ids };
}

interface StoredNumber {
  id: number;
  card_no_hash: string | null;
  card_no_encrypted: string | null;
}
const storedNumbers = async (db: Db) =>
  (await db.query<StoredNumber>('SELECT id, card_no_hash, card_no_encrypted FROM bank_cards ORDER BY id')).rows.map((r) => ({ ...r, id: Number(r.id) }));

let t: TestApp | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

describe('rows written before migration 016', () => {
  it('are converted at start: the whole numbers replaced by hashes (and encrypted payout numbers), card_no dropped, and the same account or card is still recognised', async () => {
    const old = await oldDatabase(await openTestDb());
    expect(await findNumbersInDatabase(old.db, [REPAYMENT_CARD, BANK_ACCOUNT])).toMatchObject({ found: [{ where: 'bank_cards.card_no' }, { where: 'bank_cards.card_no' }] });

    t = await createTestApp({}, NOW, { db: old.db });
    expect(await clearNumberColumnExists(t.db)).toBe(false);
    const [repaymentCard, eWallet, bankAccount, noNumber, other] = await storedNumbers(t.db);
    expect(repaymentCard).toEqual({ id: old.ids[0], card_no_hash: t.cardData.hash(REPAYMENT_CARD), card_no_encrypted: null });
    expect(eWallet!.card_no_hash).toBe(t.cardData.hash(OLD_E_WALLET));
    expect(bankAccount!.card_no_hash).toBe(t.cardData.hash(BANK_ACCOUNT));
    expect(noNumber).toEqual({ id: old.ids[3], card_no_hash: null, card_no_encrypted: null });
    expect(other!.card_no_hash).toBe(t.cardData.hash(OTHER_ACCOUNT));
    // Disbursement gets the payout numbers back; a repayment card keeps none.
    expect(await payoutAccountNumber(t, bankAccount!.id)).toBe(BANK_ACCOUNT);
    expect(await payoutAccountNumber(t, eWallet!.id)).toBe(OLD_E_WALLET);
    expect(await payoutAccountNumber(t, repaymentCard!.id)).toBeNull();
    expect(await payoutAccountNumber(t, noNumber!.id)).toBeNull();

    const numbers = [REPAYMENT_CARD, OLD_E_WALLET, BANK_ACCOUNT, OTHER_ACCOUNT];
    expect((await findNumbersInDatabase(t.db, numbers)).found).toEqual([]);

    // The converted hash is the one a new save makes: saving the current account again adds no row.
    const save = await t.app.inject({
      method: 'POST',
      url: `${callUrlPath(bindCardNewRoute)}?${query({ ...old.session })}`,
      headers: FORM_HEADERS,
      payload: form({ ...BANK_ACCOUNT_SAVE, product_id: String(old.productId) }),
    });
    expect(save.json().code).toBe(0);
    expect((await storedNumbers(t.db)).map((r) => r.id)).toEqual(old.ids);
    const again = await t.app.inject({ method: 'POST', url: '/ops/bank-cards', headers: { authorization: `Bearer ${t.config.OPS_TOKEN}` }, payload: { borrowerId: old.borrowerId, bankName: 'BDO Unibank', bankCode: 'BDO', cardNo: REPAYMENT_CARD } });
    expect(again.json()).toMatchObject({ message: 'already on file', data: { id: old.ids[0], cardNo: '**** **** **** 4821' } });

    // A later start has nothing left to do.
    expect(await protectCardNumbers(t.db, t.cardData)).toEqual({ converted: 0, droppedClearColumn: false, reencrypted: 0 });
  });

  it('leave no number in the table files on disk: the table is rewritten, dead row versions and all', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cashloan-card-conversion-'));
    const old = await oldDatabase(await openDb({ dataDir }));
    await old.db.exec('CHECKPOINT');
    const tableFiles = join(dataDir, 'base');
    const numbers = [REPAYMENT_CARD, BANK_ACCOUNT, OLD_E_WALLET];
    expect(findNumbersInFiles(tableFiles, numbers).found.length).toBeGreaterThan(0);

    t = await createTestApp({}, NOW, { db: old.db });
    await t.db.exec('CHECKPOINT');
    await t.close();
    t = undefined;
    // The write-ahead log written before the conversion still has them until PostgreSQL recycles it (docs/ops.md).
    expect(findNumbersInFiles(tableFiles, numbers).found).toEqual([]);
  });

  it('a conversion stopped midway leaves every row either converted or untouched, and the next start finishes it', async () => {
    const old = await oldDatabase(await openTestDb());
    await migrate(old.db);
    const cardData = createCardData({ dataKeys: [key('k1')], hashKey: createSecretKey(randomBytes(32)) });
    let seals = 0;
    // The process "dies" at the second encryption: in the second batch of two rows.
    const dying: CardData = {
      ...cardData,
      seal: (plaintext, context) => {
        if (++seals === 2) throw new Error('process stopped');
        return cardData.seal(plaintext, context);
      },
    };
    await expect(protectCardNumbers(old.db, dying, { batchSize: 2 })).rejects.toThrow('process stopped');
    const rows = (await old.db.query<{ id: number; card_no: string | null; card_no_hash: string | null; card_no_encrypted: string | null }>(
      'SELECT id, card_no, card_no_hash, card_no_encrypted FROM bank_cards ORDER BY id',
    )).rows;
    expect(rows.map((r) => [r.card_no, r.card_no_hash !== null, r.card_no_encrypted !== null])).toEqual([
      [null, true, false],
      [null, true, true],
      [BANK_ACCOUNT, false, false],
      ['', false, false],
      [OTHER_ACCOUNT, false, false],
    ]);
    expect(await clearNumberColumnExists(old.db)).toBe(true);

    expect(await protectCardNumbers(old.db, cardData, { batchSize: 2 })).toEqual({ converted: 3, droppedClearColumn: true, reencrypted: 0 });
    expect((await findNumbersInDatabase(old.db, [REPAYMENT_CARD, OLD_E_WALLET, BANK_ACCOUNT, OTHER_ACCOUNT])).found).toEqual([]);
    expect(await payoutAccountNumber({ db: old.db, cardData }, old.ids[2]!)).toBe(BANK_ACCOUNT);
    await old.db.close();
  });
});

describe('card-data keys at start', () => {
  const k1 = key('k1');
  const hashKey = createSecretKey(randomBytes(32));

  async function appWithAnAccount(): Promise<{ t: TestApp; accountId: number; save: () => Promise<number> }> {
    const app = await createTestApp({ CARD_DATA_KEYS: [k1], CARD_HASH_KEY: hashKey });
    const [productId] = await app.db.transaction((tx) => seedCatalog(tx));
    const { session } = await app.newBorrower();
    const save = async () => {
      const res = await app.app.inject({
        method: 'POST',
        url: `${callUrlPath(bindCardNewRoute)}?${query({ ...session })}`,
        headers: FORM_HEADERS,
        payload: form({ ...BANK_ACCOUNT_SAVE, product_id: String(productId) }),
      });
      expect(res.json().code).toBe(0);
      return Number((await app.db.query<{ n: number }>('SELECT count(*) AS n FROM bank_cards')).rows[0]!.n);
    };
    await save();
    const accountId = (await storedNumbers(app.db))[0]!.id;
    return { t: app, accountId, save };
  }

  it('rotate: a number under the older key still opens, is re-encrypted under the new first key at start, and the old key can then go', async () => {
    const app = await appWithAnAccount();
    t = app.t;
    expect((await storedNumbers(t.db))[0]!.card_no_encrypted).toMatch(/^v1\.k1\./);

    const k2 = key('k2');
    const rotated = createCardData({ dataKeys: [k2, k1], hashKey });
    expect(await payoutAccountNumber({ db: t.db, cardData: rotated }, app.accountId)).toBe(BANK_ACCOUNT);
    expect(await protectCardNumbers(t.db, rotated)).toEqual({ converted: 0, droppedClearColumn: false, reencrypted: 1 });
    expect((await storedNumbers(t.db))[0]!.card_no_encrypted).toMatch(/^v1\.k2\./);

    const newOnly = createCardData({ dataKeys: [k2], hashKey });
    expect(await protectCardNumbers(t.db, newOnly)).toEqual({ converted: 0, droppedClearColumn: false, reencrypted: 0 });
    expect(await payoutAccountNumber({ db: t.db, cardData: newOnly }, app.accountId)).toBe(BANK_ACCOUNT);
    // The hash key did not change, so the same account saved again is still recognised.
    expect(await app.save()).toBe(1);

    // Removing the key that still encrypts them stops the start, naming it.
    await expect(protectCardNumbers(t.db, createCardData({ dataKeys: [key('k3')], hashKey }))).rejects.toThrow(
      /encrypted with card-data key "k2", which CARD_DATA_KEYS does not hold/,
    );
  });

  it('fail closed: a wrong key of the same id opens nothing, and another CARD_HASH_KEY stops the start', async () => {
    const app = await appWithAnAccount();
    t = app.t;
    const wrongKey = createCardData({ dataKeys: [key('k1')], hashKey });
    await expect(payoutAccountNumber({ db: t.db, cardData: wrongKey }, app.accountId)).rejects.toThrow(CardDataError);
    await expect(protectCardNumbers(t.db, createCardData({ dataKeys: [k1], hashKey: createSecretKey(randomBytes(32)) }))).rejects.toThrow(
      /CARD_HASH_KEY is not the key the stored card-number hashes were made with/,
    );
    // A row moved to another borrower does not open either: the number is bound to its borrower.
    const { borrowerId } = await t.newBorrower();
    await t.db.query('UPDATE bank_cards SET borrower_id = $2 WHERE id = $1', [app.accountId, borrowerId]);
    await expect(payoutAccountNumber(t, app.accountId)).rejects.toThrow(CardDataError);
  });
});
