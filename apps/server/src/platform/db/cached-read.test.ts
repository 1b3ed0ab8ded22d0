/**
 * Issue 42's cached reads on PGlite: what the borrower's calls keep in memory (the catalogue, the
 * recommendations, the session's borrower) follows every change — the app's own at once, a change
 * made past the app's own counter of writes (as a DBA's or another process's would be) within a
 * second. test/security/cached-reads-on-postgres.test.ts makes the same checks with a real psql-side
 * client and two apps on one PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, loanDetailsRoute, type SessionParams } from '@cashloan/contract';
import { createHarness, type Harness } from '../../test-support/repayment-harness.ts';
import { watch } from '../../test-support/freshness-probe.ts';

let h: Harness;
let session: SessionParams;
let order: { id: number; productId: number };
/**
 * A write past the app's Db.changes (PGlite has no second connection a DBA could use): the counter
 * is set back to what it was, so the cache learns of the write only by the versions it compares.
 */
const behindTheAppsBack = {
  async query(sql: string, params: unknown[] = []) {
    const changes = h.t.db.changes!;
    const before = changes.count;
    await h.t.db.query(sql, params);
    changes.count = before;
  },
};

beforeAll(async () => {
  h = await createHarness();
  const borrower = await h.t.newBorrower();
  session = borrower.session;
  order = await h.order(borrower.borrowerId, 174, { dueInDays: 1 });
});
afterAll(() => h.t.close());

/** A new borrower with an order due tomorrow, and their order-details call (whose answer is checked to succeed once). */
async function newBorrowerAsking() {
  const borrower = await h.t.newBorrower();
  const own = await h.order(borrower.borrowerId, 174, { dueInDays: 1 });
  const ask = async () => (await h.call(loanDetailsRoute, borrower.session, { productId: own.productId, orderId: own.id })).body;
  expect((await ask()).code).toBe(0);
  return { sessionId: borrower.session.sessionId, ask };
}

const details = async () => (await h.call(loanDetailsRoute, session, { productId: order.productId, orderId: order.id })).body;
const recommendedNames = async () => ((await details()).data?.recProducts ?? []).map((p: { name: string }) => p.name) as string[];

describe('cached reads on PGlite', () => {
  it('shows a product renamed through the app’s own database at once', async () => {
    const other = h.productIds.find((id) => id !== order.productId)!;
    expect(await recommendedNames()).not.toContain('Renamed by the app');
    await h.t.db.query(`UPDATE products SET name = 'Renamed by the app' WHERE id = $1`, [other]);
    expect(await recommendedNames()).toContain('Renamed by the app');
  });

  it('shows a product renamed behind the app’s back within a second, and every request half a second after the commit sees it', async () => {
    const other = h.productIds.find((id) => id !== order.productId)!;
    await recommendedNames(); // the catalogue is kept now
    await behindTheAppsBack.query(`UPDATE products SET name = 'Renamed by the DBA' WHERE id = $1`, [other]);
    const seen = await watch(performance.now(), recommendedNames, (names) => names.includes('Renamed by the DBA'));
    console.log(`PGlite, a product renamed behind the app's back: first seen by a request sent ${seen.firstSeenAfterMs.toFixed(0)} ms after the commit (${seen.requests} requests)`);
    expect(seen.staleAfterFreshMs).toBe(0);
    expect(seen.sentAfterFreshMs).toBeGreaterThan(0);
  });

  it('drops a deactivated product from the recommendations within a second', async () => {
    const name = (await recommendedNames())[0]!;
    const id = (await h.t.db.query<{ id: number }>('SELECT id FROM products WHERE name = $1', [name])).rows[0]!.id;
    await behindTheAppsBack.query('UPDATE products SET active = false WHERE id = $1', [id]);
    const seen = await watch(performance.now(), recommendedNames, (names) => !names.includes(name));
    expect(seen.staleAfterFreshMs).toBe(0);
    expect(seen.sentAfterFreshMs).toBeGreaterThan(0);
  });

  it('refuses a session ended behind the app’s back within a second', async () => {
    const { sessionId, ask } = await newBorrowerAsking();
    await behindTheAppsBack.query('DELETE FROM sessions WHERE id = $1', [sessionId]);
    const seen = await watch(performance.now(), ask, (body) => body.message === ERROR_MESSAGES.sessionInvalid);
    expect(seen.staleAfterFreshMs).toBe(0);
    expect(seen.sentAfterFreshMs).toBeGreaterThan(0);
  });

  it('refuses a session the app itself ended at once', async () => {
    const { sessionId, ask } = await newBorrowerAsking();
    await h.t.db.transaction((tx) => tx.query('DELETE FROM sessions WHERE id = $1', [sessionId]));
    expect((await ask()).message).toBe(ERROR_MESSAGES.sessionInvalid);
  });
});
