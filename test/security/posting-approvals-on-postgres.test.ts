/**
 * Issue 34, maker-checker on finance's postings, where it can race: two apps (as two server
 * processes would be) on one throwaway PostgreSQL. PGlite runs one transaction at a time, so only
 * here do the approval's row lock and the reference's lock have anything to hold back:
 * - approvals of one posting sent together by three checkers through both apps apply it once;
 * - an approval and a rejection sent together leave one decision, and the money agrees with it;
 * - one reference held (or posted at once) from both apps at once is taken once, the rest 409, no 5xx.
 * Each run prints its figures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffOrder, StaffPosting } from '@cashloan/contract';
import { createTestApp, type TestApp } from '../../apps/server/src/test-support/test-app.ts';
import { createHarness, type Harness } from '../../apps/server/src/test-support/repayment-harness.ts';
import { signedInStaff, staffCall, type TestStaff } from '../../apps/server/src/test-support/staff.ts';
import { openDb } from '../../apps/server/src/platform/db/client.ts';
import { createPgCluster, type PgCluster } from '../support/pg-cluster.ts';

/** PesoNow Plus (₱10,000.00 lent): overdue, it owes more than the default threshold of ₱10,000.00. */
const PLUS = 1;
const ROUNDS = 8;

let cluster: PgCluster;
let apps: TestApp[] = [];
let h: Harness;
let maker: TestStaff;
let checkers: TestStaff[];

beforeAll(async () => {
  cluster = await createPgCluster();
  for (let i = 0; i < 2; i++) {
    const db = await openDb({ databaseUrl: cluster.url, schema: 'postings' });
    // Processes sharing a database share its card-data keys (the staff's TOTP secrets are sealed with them).
    const keys = apps[0] ? { CARD_DATA_KEYS: apps[0].config.CARD_DATA_KEYS, CARD_HASH_KEY: apps[0].config.CARD_HASH_KEY } : {};
    apps.push(await createTestApp({ SESSION_TTL_DAYS: 3650, ...keys }, undefined, { db }));
  }
  h = await createHarness(apps[0]);
  maker = await signedInStaff(h.t, ['finance']);
  checkers = [await signedInStaff(h.t, ['finance']), await signedInStaff(h.t, ['finance']), await signedInStaff(h.t, ['finance'])];
});
afterAll(async () => {
  for (const t of apps) await t.close();
  apps = [];
  await cluster?.destroy();
});

/** A staff call through app `i % 2`: the two processes answer by turns, on one database. */
const via = (i: number, staff: TestStaff, method: 'GET' | 'POST', path: string, body?: unknown) => staffCall(apps[i % 2]!, staff, method, path, body);

let refs = 0;
async function heldPosting(): Promise<{ orderId: number; owed: number; posting: StaffPosting }> {
  const borrower = await h.t.newBorrower();
  const { id } = await h.order(borrower.borrowerId, 180, { product: PLUS, dueInDays: -2 });
  const owed = ((await maker.call('GET', `/orders/${id}`)).json().data as StaffOrder).order.owedNowMinor;
  const res = await maker.call('POST', `/orders/${id}/payments`, { amountMinor: owed, method: 'bank-transfer', reference: `PG-MC-${++refs}` });
  expect(res.statusCode, res.body).toBe(200);
  return { orderId: id, owed, posting: res.json().data.posting as StaffPosting };
}

const one = async (sql: string, params: unknown[]) => Number((await h.t.db.query<{ n: number }>(sql, params)).rows[0]!.n);
const paymentsOf = (orderId: number) => one('SELECT count(*)::int AS n FROM payments pm JOIN pay_codes pc ON pc.id = pm.pay_code_id WHERE pc.order_id = $1', [orderId]);
const decisionsOf = (orderId: number) =>
  one(`SELECT count(*)::int AS n FROM staff_audit WHERE target_id = $1 AND outcome = 'done' AND action IN ('payment.post-approved', 'payment.post-rejected')`, [String(orderId)]);
const statuses = (answers: Array<{ statusCode: number }>) => answers.map((a) => a.statusCode).sort((a, b) => a - b);

describe('maker-checker on one PostgreSQL, two apps', () => {
  it(`applies a posting once when three checkers approve it together through both apps (${ROUNDS} rounds)`, async () => {
    const seen: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const { orderId, posting } = await heldPosting();
      const answers = await Promise.all(checkers.flatMap((c, i) => [via(i, c, 'POST', `/orders/${orderId}/postings/${posting.id}/approve`), via(i + 1, c, 'POST', `/orders/${orderId}/postings/${posting.id}/approve`)]));
      expect(statuses(answers), answers.map((a) => a.body).join('\n')).toEqual([200, 409, 409, 409, 409, 409]);
      expect(await paymentsOf(orderId)).toBe(1);
      expect(await decisionsOf(orderId)).toBe(1);
      seen.push(...answers.map((a) => a.statusCode));
    }
    console.log(`posting approvals on PostgreSQL: ${ROUNDS} postings, ${seen.length} approvals sent 6 at a time through 2 apps: ${seen.filter((s) => s === 200).length} applied, ${seen.filter((s) => s === 409).length} refused 409, ${seen.filter((s) => s >= 500).length} 5xx`);
  });

  it(`leaves one decision when an approval and a rejection are sent together, the money agreeing with it (${ROUNDS} rounds)`, async () => {
    const outcomes = { approved: 0, rejected: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const { orderId, posting } = await heldPosting();
      const [first, second] = round % 2 ? [checkers[0]!, checkers[1]!] : [checkers[1]!, checkers[0]!];
      const answers = await Promise.all([
        via(round, first, 'POST', `/orders/${orderId}/postings/${posting.id}/approve`),
        via(round + 1, second, 'POST', `/orders/${orderId}/postings/${posting.id}/reject`, { reason: 'Not on the bank statement.' }),
      ]);
      expect(statuses(answers), answers.map((a) => a.body).join('\n')).toEqual([200, 409]);
      const decided = ((await maker.call('GET', `/orders/${orderId}`)).json().data as StaffOrder).postings.items[0]!;
      expect(decided.status).not.toBe('pending');
      expect(await paymentsOf(orderId)).toBe(decided.status === 'approved' ? 1 : 0);
      expect(await decisionsOf(orderId)).toBe(1);
      outcomes[decided.status as 'approved' | 'rejected']++;
    }
    console.log(`approve and reject sent together on PostgreSQL, ${ROUNDS} rounds: ${outcomes.approved} approved (one payment each), ${outcomes.rejected} rejected (no payment), never both`);
  });

  it('takes one reference once when it is posted from both apps together, held or at once: the rest 409, no 5xx', async () => {
    const borrower = await h.t.newBorrower();
    const orders = [await h.order(borrower.borrowerId, 180, { product: PLUS, dueInDays: -2 }), await h.order(borrower.borrowerId, 180, { product: PLUS, dueInDays: -2 })];
    const reference = 'PG-MC-SAME';
    // Six held postings (above the threshold) and two at once (₱100.00), all of one reference.
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => via(i, i % 3 === 0 ? maker : checkers[i % 3]!, 'POST', `/orders/${orders[i % 2]!.id}/payments`, { amountMinor: 1_000_001 + i, method: 'counter', reference })),
      ...Array.from({ length: 2 }, (_, i) => via(i, maker, 'POST', `/orders/${orders[i]!.id}/payments`, { amountMinor: 10_000, method: 'counter', reference })),
    ]);
    expect(statuses(answers), answers.map((a) => a.body).join('\n')).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const held = await one(`SELECT count(*)::int AS n FROM posting_approvals WHERE reference = $1`, [reference]);
    const applied = await one(`SELECT count(*)::int AS n FROM payments WHERE provider_ref = $1`, [`posted:${reference}`]);
    expect(held + applied).toBe(1);
    console.log(`one reference posted 8 times at once through 2 apps: ${held} held, ${applied} applied, ${answers.filter((a) => a.statusCode === 409).length} refused 409`);
  });
});
