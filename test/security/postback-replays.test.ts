/**
 * Issue 34, item 5: a replayed signed postback is stored once and the provider asked once, also when
 * two server processes receive it at the same moment. On a throwaway PostgreSQL, two apps (as two
 * processes would) on one database, each with the Dragonpay adapter talking to one stand-in
 * (test/support/dragonpay-standin.ts); the same signed notification is sent to both at once, many
 * times: one row, one status query at the provider, one payment, every answer result=OK. Prints its figures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_POSTBACK_PATH } from '@cashloan/contract';
import { createTestApp, FORM_HEADERS, type TestApp } from '../../apps/server/src/test-support/test-app.ts';
import { openDb } from '../../apps/server/src/platform/db/client.ts';
import { seedCatalog } from '../../apps/server/src/seed/demo.ts';
import { createOrder, findProduct, type ProductRow } from '../../apps/server/src/domain/orders/service.ts';
import { issuePayCode } from '../../apps/server/src/domain/payments/pay-codes.ts';
import { createDragonpayPaymentProvider } from '../../apps/server/src/providers/payments/dragonpay.ts';
import { createPgCluster, type PgCluster } from '../support/pg-cluster.ts';
import { standinDigest, startDragonpayStandin, type DragonpayStandin } from '../support/dragonpay-standin.ts';

/** Postbacks of one notification per round: half to each app, all at once. */
const SENT = 40;
const ROUNDS = 5;

describe('replayed postbacks on PostgreSQL, two apps on one database', () => {
  let cluster: PgCluster;
  let dp: DragonpayStandin;
  let apps: TestApp[] = [];
  let product: ProductRow;
  beforeAll(async () => {
    cluster = await createPgCluster();
    dp = await startDragonpayStandin();
    for (let i = 0; i < 2; i++) {
      const db = await openDb({ databaseUrl: cluster.url, schema: 'postbacks' });
      // Processes sharing a database share its card-data keys.
      const keys = apps[0] ? { CARD_DATA_KEYS: apps[0].config.CARD_DATA_KEYS, CARD_HASH_KEY: apps[0].config.CARD_HASH_KEY } : {};
      apps.push(
        await createTestApp(keys, undefined, {
          db,
          paymentsOnSandbox: (sandbox) => createDragonpayPaymentProvider({ merchantId: dp.merchantId, password: dp.password, baseUrl: dp.baseUrl, timeoutMs: 5_000 }, sandbox),
        }),
      );
    }
    product = (await findProduct(apps[0]!.db, (await seedCatalog(apps[0]!.db))[0]!))!;
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    apps = [];
    await dp?.close();
    await cluster?.destroy();
  });

  const count = async (sql: string, txnId: string) => Number((await apps[0]!.db.query<{ n: string }>(sql, [txnId])).rows[0]!.n);

  it(`stores one row and asks the provider once for ${SENT} identical postbacks sent at once to two processes, ${ROUNDS} rounds`, async () => {
    const [first, second] = apps as [TestApp, TestApp];
    const figures: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const borrower = await first.newBorrower();
      const order = await first.db.transaction((tx) => createOrder(tx, { borrower: { id: borrower.borrowerId, isRepeat: false }, product, status: 180, dueInDays: -2 }, first.clock.now()));
      const code = await issuePayCode(first, { orderId: order.id, purpose: 'repay', now: first.clock.now() });
      dp.settle(code.txnId, 'S');
      const message = 'Paid at 7-Eleven';
      const payload = new URLSearchParams({ txnid: code.txnId, refno: code.code, status: 'S', message, digest: standinDigest(code.txnId, code.code, 'S', message, dp.password) }).toString();
      const queriesBefore = dp.calls.status;
      const answers = await Promise.all(
        Array.from({ length: SENT }, (_, i) => (i % 2 ? second : first).app.inject({ method: 'POST', url: PROVIDER_POSTBACK_PATH, headers: FORM_HEADERS, payload })),
      );
      expect(answers.map((a) => `${a.statusCode} ${a.body}`)).toEqual(Array.from({ length: SENT }, () => '200 result=OK'));
      // The one process that stored it settles it after answering: wait for that, as the provider's next step would.
      for (let i = 0; i < 200 && (await count('SELECT count(*) AS n FROM provider_notifications WHERE txn_id = $1 AND settled_at IS NULL', code.txnId)) > 0; i++) {
        await new Promise((r) => setTimeout(r, 50));
      }
      const rows = await count('SELECT count(*) AS n FROM provider_notifications WHERE txn_id = $1', code.txnId);
      const settled = await count('SELECT count(*) AS n FROM provider_notifications WHERE txn_id = $1 AND settled_at IS NOT NULL', code.txnId);
      const payments = await count('SELECT count(*) AS n FROM payments pm JOIN pay_codes pc ON pc.id = pm.pay_code_id WHERE pc.txn_id = $1', code.txnId);
      const queries = dp.calls.status - queriesBefore;
      figures.push(`${rows}/${queries}/${payments}`);
      expect({ rows, settled, queries, payments }).toEqual({ rows: 1, settled: 1, queries: 1, payments: 1 });
    }
    console.log(`postback replays on PostgreSQL: ${ROUNDS} rounds of ${SENT} identical signed postbacks at once through 2 apps; rows / status queries / payments per round: ${figures.join(', ')}`);
  });
});
