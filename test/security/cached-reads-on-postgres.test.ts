/**
 * Issue 42's cached reads where a DBA and other processes really are: one throwaway PostgreSQL, two
 * apps on it (as two server processes), and a plain pg client as the DBA in psql. What the borrower's
 * calls keep in memory — the catalogue, the recommendations, the payment channels, the session's
 * borrower — must follow a change the apps never made within a second, on both apps, and every
 * request sent half a second after the commit must see it.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUrlPath, ERROR_MESSAGES, loanDetailsRoute, loanPlayDetailRoute, type SessionParams } from '@cashloan/contract';
import { createTestApp, form, FORM_HEADERS, query, type TestApp } from '../../apps/server/src/test-support/test-app.ts';
import { createHarness, type Harness } from '../../apps/server/src/test-support/repayment-harness.ts';
import { watch, type Freshness } from '../../apps/server/src/test-support/freshness-probe.ts';
import { openDb } from '../../apps/server/src/platform/db/client.ts';
import { createPgCluster, type PgCluster } from '../support/pg-cluster.ts';

const SCHEMA = 'cached_reads';
let cluster: PgCluster;
let apps: TestApp[] = [];
let h: Harness;
let dba: pg.Client;
let session: SessionParams;
let order: { id: number; productId: number };

beforeAll(async () => {
  cluster = await createPgCluster();
  for (let i = 0; i < 2; i++) {
    const db = await openDb({ databaseUrl: cluster.url, schema: SCHEMA });
    const keys = apps[0] ? { CARD_DATA_KEYS: apps[0].config.CARD_DATA_KEYS, CARD_HASH_KEY: apps[0].config.CARD_HASH_KEY } : {};
    apps.push(await createTestApp({ SESSION_TTL_DAYS: 3650, ...keys }, undefined, { db }));
  }
  h = await createHarness(apps[0]);
  const borrower = await h.t.newBorrower();
  session = borrower.session;
  order = await h.order(borrower.borrowerId, 174, { dueInDays: 1 });
  dba = new pg.Client({ connectionString: cluster.url });
  await dba.connect();
  await dba.query(`SET search_path = ${SCHEMA}`);
});
afterAll(async () => {
  await dba?.end();
  for (const t of apps) await t.close();
  apps = [];
  await cluster?.destroy();
});

/** The call through app i, as the H5 sends it. */
async function call(i: number, route: typeof loanDetailsRoute | typeof loanPlayDetailRoute, s: SessionParams, payload: Record<string, number>) {
  const t = apps[i]!;
  const res = await t.app.inject({
    method: 'POST',
    url: `${callUrlPath(route)}?${query(s as unknown as Record<string, string>)}`,
    headers: FORM_HEADERS,
    payload: form(payload),
  });
  return res.json();
}
const recommendedNames = async (i: number): Promise<string[]> => ((await call(i, loanDetailsRoute, session, { productId: order.productId, orderId: order.id })).data?.recProducts ?? []).map((p: { name: string }) => p.name);

/** Both apps watched at once from the DBA's commit. */
async function watchBoth<T>(ask: (i: number) => Promise<T>, seen: (answer: T) => boolean): Promise<Freshness[]> {
  const committedAt = performance.now();
  return Promise.all([0, 1].map((i) => watch(committedAt, () => ask(i), seen)));
}
function expectWithinASecond(label: string, runs: Freshness[]) {
  console.log(`PostgreSQL, ${label}: first seen by requests sent ${runs.map((r) => `${r.firstSeenAfterMs.toFixed(0)} ms`).join(' and ')} after the DBA's commit (apps A and B)`);
  for (const run of runs) {
    expect(run.staleAfterFreshMs).toBe(0);
    expect(run.sentAfterFreshMs).toBeGreaterThan(0);
  }
}

describe('cached reads on PostgreSQL, changed by a DBA', () => {
  it('a renamed product reaches both apps’ recommendations within a second', async () => {
    const other = h.productIds.find((id) => id !== order.productId)!;
    await Promise.all([recommendedNames(0), recommendedNames(1)]); // both keep the catalogue now
    await dba.query(`UPDATE products SET name = 'Renamed in psql' WHERE id = $1`, [other]);
    expectWithinASecond('a renamed product', await watchBoth(recommendedNames, (names) => names.includes('Renamed in psql')));
  });

  it('a deactivated recommendation leaves both apps within a second', async () => {
    const [first] = await recommendedNames(0);
    await dba.query(`UPDATE product_recommendations SET active = false WHERE product_id = (SELECT id FROM products WHERE name = $1)`, [first]);
    expectWithinASecond('a deactivated recommendation', await watchBoth(recommendedNames, (names) => !names.includes(first!)));
  });

  it('a payment channel turned off leaves the repayment screen of both apps within a second', async () => {
    const channels = async (i: number): Promise<string[]> =>
      ((await call(i, loanPlayDetailRoute, session, { productId: order.productId, orderId: order.id })).data?.repayList ?? []).map((c: { channel_number: string }) => c.channel_number);
    const [, second] = await channels(0);
    expect(second).toBeDefined();
    await dba.query('UPDATE payment_channels SET active = false WHERE channel_number = $1', [second]);
    expectWithinASecond('a channel turned off', await watchBoth(channels, (numbers) => numbers.length > 0 && !numbers.includes(second!)));
  });

  it('a session the DBA deletes is refused by both apps within a second', async () => {
    const borrower = await h.t.newBorrower();
    const own = await h.order(borrower.borrowerId, 174, { dueInDays: 1 });
    const ask = (i: number) => call(i, loanDetailsRoute, borrower.session, { productId: own.productId, orderId: own.id });
    expect([(await ask(0)).code, (await ask(1)).code]).toEqual([0, 0]);
    await dba.query('DELETE FROM sessions WHERE id = $1', [borrower.session.sessionId]);
    expectWithinASecond('a deleted session', await watchBoth(ask, (body) => body.message === ERROR_MESSAGES.sessionInvalid));
  });
});
