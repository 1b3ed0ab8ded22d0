/**
 * Issue 11: "An API fuzz run of at least 10,000 generated requests from the contract's schemas
 * gives no 5xx and no stack trace in any answer." The real app on a fresh database with the demo
 * seed (so ids and the session are real), app.inject, requests from test/support/api-fuzz-requests.ts
 * with a fixed seed (FUZZ_SEED and FUZZ_RUNS change them).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../apps/server/src/test-support/test-app.ts';
import { seedDemo } from '../../apps/server/src/seed/demo.ts';
import { applyPaidPayCode } from '../../apps/server/src/domain/payments/payments.ts';
import { issuePayCode } from '../../apps/server/src/domain/payments/pay-codes.ts';
import { createOrder, findProduct, loadOrder } from '../../apps/server/src/domain/orders/service.ts';
import { generateRequests, type FuzzWorld } from '../support/api-fuzz-requests.ts';
import { ALL_CALLS, SESSION_PARAMS, type SessionParams } from '@cashloan/contract';

const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261111);

/**
 * What an answer must never show: a stack frame, a source or module path, an internal error class,
 * the database's words. (Validation messages name fields and rules, never these.)
 */
const LEAKS: Array<[string, RegExp]> = [
  ['stack frame', /\n\s+at |\bat [\w.<>]+ \(/],
  ['source path', /\/src\/|node_modules|\.ts:\d+|file:\/\//],
  ['internal error class', /\b(TypeError|RangeError|ReferenceError|SyntaxError|ZodError|DatabaseError|AggregateError|FastifyError)\b/],
  ['SQL text', /\b(SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM)\b|syntax error at|violates .* constraint|relation "|column "/],
];

interface Outcome {
  call: string;
  status: number;
  problem?: string;
}

describe('API fuzz run from the contract', () => {
  let t: TestApp;
  let world: FuzzWorld;

  beforeAll(async () => {
    t = await createTestApp();
    const demo = await seedDemo(t.db, t.clock.now(), t.config, t.cardData, t.payments);
    if (!demo) throw new Error('the demo seed did not run');
    const query = new URLSearchParams(demo.previewPath.split('?')[1]);
    const session = Object.fromEntries(SESSION_PARAMS.map((k) => [k, query.get(k) ?? ''])) as SessionParams;
    const ids: Record<string, string[]> = {};
    for (const order of demo.orders) {
      for (const [k, v] of new URLSearchParams(order.path.split('?')[1])) {
        if (/id$/i.test(k) && !(SESSION_PARAMS as readonly string[]).includes(k) && !ids[k]?.includes(v)) (ids[k] ??= []).push(v);
      }
    }
    // A payment on the overdue demo order, so the records calls (receipt, record-pdf) reach a real one.
    const overdue = demo.orders.find((o) => o.status === 180)!;
    const overdueId = Number(new URLSearchParams(overdue.path.split('?')[1]).get('orderId'));
    const payCode = await issuePayCode(t, { orderId: overdueId, purpose: 'repay', amountMinor: 10_000, now: t.clock.now() });
    ids.paymentId = [String((await applyPaidPayCode(t, { code: payCode.code, now: t.clock.now() })).result.paymentId)];
    // An order disbursed today, so the cancel-loan calls (issue 23) reach one still in its cooling-off period.
    const borrowerId = (await loadOrder(t.db, overdueId))!.borrowerId;
    const product = (await findProduct(t.db, Number(ids.productId![0])))!;
    const fresh = await t.db.transaction((tx) => createOrder(tx, { borrower: { id: borrowerId, isRepeat: false }, product, status: 170, disbursedDaysAgo: 0 }, t.clock.now()));
    ids.orderId!.push(String(fresh.id));
    world = { session, ids };
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`answers ${RUNS} generated requests without a 5xx or a leak, and stays healthy`, { timeout: 900_000 }, async () => {
    const began = performance.now();
    const outcomes: Outcome[] = [];
    for (const request of generateRequests(world, RUNS, SEED)) {
      const res = await t.app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: request.headers,
        ...(request.body !== undefined ? { payload: request.body } : {}),
      });
      const outcome: Outcome = { call: request.call, status: res.statusCode };
      const describe = `${request.method} ${request.url.slice(0, 200)} [${request.kind}] body ${String(request.body ?? '').slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
      const type = String(res.headers['content-type'] ?? '');
      if (res.statusCode >= 500) outcome.problem = `5xx: ${describe}`;
      else if (request.method === 'HEAD' || res.statusCode === 204) {
        // no body to read
      } else if (type.startsWith('image/') || type.startsWith('application/pdf')) {
        if (res.statusCode !== 200) outcome.problem = `image or PDF with an error status: ${describe}`;
      } else {
        const leak = LEAKS.find(([, pattern]) => pattern.test(res.body));
        if (leak) outcome.problem = `${leak[0]}: ${describe}`;
        else if (!type.startsWith('application/json')) outcome.problem = `not JSON (${type}): ${describe}`;
        else {
          const parsed = JSON.parse(res.body) as Record<string, unknown>;
          const envelope = 'code' in parsed && typeof parsed.message === 'string' && 'data' in parsed;
          if (!envelope) outcome.problem = `not the envelope: ${describe}`;
        }
      }
      outcomes.push(outcome);
    }
    const seconds = (performance.now() - began) / 1000;

    const perCall: Record<string, Record<number, number>> = {};
    for (const o of outcomes) {
      const counts = (perCall[o.call] ??= {});
      counts[o.status] = (counts[o.status] ?? 0) + 1;
    }
    const byStatus: Record<number, number> = {};
    for (const o of outcomes) byStatus[o.status] = (byStatus[o.status] ?? 0) + 1;
    const problems = outcomes.filter((o) => o.problem);
    process.stdout.write(
      `api-fuzz: ${JSON.stringify({ requests: outcomes.length, seed: SEED, seconds: Math.round(seconds * 10) / 10, byStatus, problems: problems.length, perCall })}\n`,
    );

    expect(outcomes.length).toBeGreaterThanOrEqual(RUNS);
    expect(Object.keys(perCall).length, 'every call of the contract was fuzzed').toBe(Object.keys(ALL_CALLS).length);
    expect(byStatus[200] ?? 0, 'some requests got through validation into the handlers').toBeGreaterThan(RUNS / 20);
    expect(problems.slice(0, 10).map((p) => p.problem), `${problems.length} answers broke the rules`).toEqual([]);

    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
  });
});
