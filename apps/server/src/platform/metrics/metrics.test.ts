import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindCardNewRoute, callUrlPath, loanDetailsRoute } from '@cashloan/contract';
import { createTestApp, form, FORM_HEADERS, openTestDb, query, type TestApp } from '../../test-support/test-app.ts';
import { createHarness, type Harness } from '../../test-support/repayment-harness.ts';
import { ORDER_STATUS } from '../../loan-terms/status.ts';
import { signedInStaff } from '../../test-support/staff.ts';

const TOKEN = 'metrics-token-of-the-tests-0123456789abcdef';

/** The value of one sample of the Prometheus text, 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const inner = line.slice(name.length + 1, line.indexOf('}'));
    const parts = inner.split(',');
    if (wanted.every((w) => parts.includes(w))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

describe('GET /metrics', () => {
  let h: Harness;
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ SESSION_TTL_DAYS: 3650, METRICS_TOKEN: TOKEN, LOG_LEVEL: 'info' }, undefined, { logStream: { write: (line) => void logLines.push(line) } });
    h = await createHarness(t);
  });
  afterAll(() => t.close());

  const scrape = () => t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });

  it('does not exist without METRICS_TOKEN', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('http_requests_total');
    } finally {
      await plain.close();
    }
  });

  it("reads the database pool into the db_pool_* gauges while the app is open (PostgreSQL's pool; PGlite has none)", async () => {
    const read = async (app: TestApp) => {
      const text = (await app.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
      const value = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1]);
      return { total: value('db_pool_connections'), idle: value('db_pool_idle_connections'), waiting: value('db_pool_waiting_clients') };
    };
    // The other apps' pools (none on PGlite; the test database's with TEST_DATABASE_URL).
    const base = await read(t);
    const db = await openTestDb();
    const pooled = await createTestApp({ METRICS_TOKEN: TOKEN }, undefined, { db: { ...db, poolStats: () => ({ total: 7, idle: 3, waiting: 2 }) } });
    const open = await read(pooled);
    expect(open.total - base.total).toBe(7);
    expect(open.waiting - base.waiting).toBe(2);
    expect(Number.isInteger(open.idle)).toBe(true);
    await pooled.close();
    // Forgotten on close: back to the other apps' pools.
    expect((await read(t)).waiting).toBe(base.waiting);
  });

  it('refuses without the token, with a wrong one, and with another scheme', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, 'Bearer ', `Basic ${TOKEN}`, TOKEN]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization === undefined ? {} : { authorization } });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).not.toContain('http_requests_total');
    }
  });

  it('answers the Prometheus text, not cached: requests, process, pool and payment metrics', async () => {
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    for (const name of ['http_requests_total', 'http_request_duration_seconds', 'job_runs_total', 'payments_applied_total', 'reminders_sent_total', 'db_pool_connections', 'db_pool_idle_connections', 'db_pool_waiting_clients', 'process_cpu_user_seconds_total', 'nodejs_eventloop_lag_seconds']) {
      expect(res.body).toContain(`# TYPE ${name} `);
    }
  });

  it('counts a request under its route template, method and status, and never a session id, phone, order number or card number', async () => {
    const { borrowerId, session } = await t.newBorrower();
    const order = await h.order(borrowerId, ORDER_STATUS.repaying);
    const cardNo = '4000123412344821';
    const before = await scrape();
    const detailsLabels = { route: callUrlPath(loanDetailsRoute), method: 'POST', status: '200' };
    const countBefore = sample(before.body, 'http_requests_total', detailsLabels);

    const details = await h.call(loanDetailsRoute, session, { productId: order.productId, orderId: order.id });
    expect(details.status).toBe(200);
    // A card number in the body and in the address, the order number and the session in an unknown address.
    const bind = { product_id: String(order.productId), cardType: '1', channel: '90006', bankCode: 'BDO', accountName: 'Juan Dela Cruz', city: 'Manila' };
    await t.app.inject({ method: 'POST', url: `${callUrlPath(bindCardNewRoute)}?${query({ ...session })}`, headers: FORM_HEADERS, payload: form({ ...bind, cardNo }) });
    await t.app.inject({ method: 'POST', url: `${callUrlPath(bindCardNewRoute)}?${query({ ...session, ...bind, cardNo })}`, headers: FORM_HEADERS, payload: '' });
    const unknown = await t.app.inject({ method: 'GET', url: `/no/such/${order.orderNo}/${session.mobilePhone}?${query({ ...session, cardNo })}` });
    expect(unknown.statusCode).toBe(404);

    const after = (await scrape()).body;
    expect(sample(after, 'http_requests_total', detailsLabels)).toBe(countBefore + 1);
    expect(sample(after, 'http_request_duration_seconds_count', detailsLabels)).toBeGreaterThanOrEqual(countBefore + 1);
    expect(sample(after, 'http_requests_total', { route: 'unmatched', method: 'GET', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'http_requests_total', { route: callUrlPath(bindCardNewRoute), method: 'POST' })).toBeGreaterThanOrEqual(1);
    for (const secret of [session.sessionId, session.mobilePhone, session.deviceId, order.orderNo, cardNo, cardNo.slice(-4) + '"', '/no/such', TOKEN]) {
      expect(after, secret).not.toContain(secret);
    }
    // The scrape itself is logged, without its token.
    expect(logLines.some((line) => line.includes('/metrics'))).toBe(true);
    expect(logLines.join('\n')).not.toContain(TOKEN);
  });

  it('counts a repayment applied through the sandbox counter once committed, and not its replay', async () => {
    const { borrowerId } = await t.newBorrower();
    // Due in three days: inside the repayment window.
    const order = await h.order(borrowerId, ORDER_STATUS.due, { dueInDays: 3 });
    const ops = { authorization: `Bearer ${t.config.OPS_TOKEN}` };
    const issued = await t.app.inject({ method: 'POST', url: '/ops/pay-codes', headers: ops, payload: { orderId: order.id, purpose: 'repay', amount: 1_000 } });
    expect(issued.statusCode, issued.body).toBe(200);
    const code = issued.json().data.code as string;
    const before = sample((await scrape()).body, 'payments_applied_total', { source: 'sandbox' });

    expect((await h.markPaid(code)).body.code).toBe(0);
    expect(await h.paymentsOf(order.id)).toHaveLength(1);
    expect(sample((await scrape()).body, 'payments_applied_total', { source: 'sandbox' })).toBe(before + 1);

    expect((await h.markPaid(code)).body.message).toBe('already applied');
    expect(sample((await scrape()).body, 'payments_applied_total', { source: 'sandbox' })).toBe(before + 1);
  });

  it('counts a payment finance posts in the back office, and not a refused one', async () => {
    const finance = await signedInStaff(t, ['finance']);
    const { borrowerId } = await t.newBorrower();
    const order = await h.order(borrowerId, ORDER_STATUS.overdue, { dueInDays: -2 });
    const before = sample((await scrape()).body, 'payments_applied_total', { source: 'staff' });
    const posted = await finance.call('POST', `/orders/${order.id}/payments`, { amountMinor: 1_000, method: 'counter', reference: 'OR-METRICS-1' });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(sample((await scrape()).body, 'payments_applied_total', { source: 'staff' })).toBe(before + 1);
    const again = await finance.call('POST', `/orders/${order.id}/payments`, { amountMinor: 1_000, method: 'counter', reference: 'OR-METRICS-1' });
    expect(again.statusCode).toBe(409);
    expect(sample((await scrape()).body, 'payments_applied_total', { source: 'staff' })).toBe(before + 1);
  });

  it('counts the SMS reminders a pass sends, by kind', async () => {
    const { borrowerId } = await t.newBorrower();
    await h.order(borrowerId, ORDER_STATUS.overdue, { dueInDays: -2 });
    const before = (await scrape()).body;
    const pass = await t.app.inject({ method: 'POST', url: '/ops/reminders/run', headers: { authorization: `Bearer ${t.config.OPS_TOKEN}` } });
    const sent = (pass.json().data as { sent: Array<{ kind: string }> }).sent;
    expect(sent.length).toBeGreaterThan(0);
    const after = (await scrape()).body;
    for (const kind of new Set(sent.map((r) => r.kind))) {
      expect(sample(after, 'reminders_sent_total', { kind }) - sample(before, 'reminders_sent_total', { kind }), kind).toBe(sent.filter((r) => r.kind === kind).length);
    }
  });
});
