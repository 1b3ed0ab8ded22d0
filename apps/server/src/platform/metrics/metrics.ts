/**
 * The server's Prometheus metrics (prom-client), in one registry per process. Labels are routes,
 * statuses, job names, channels: never a session id, phone, order number or card number.
 * GET /metrics serves them (METRICS_TOKEN; docs/deploy.md, "Metrics"); with WORKERS the primary
 * process adds up every worker's (cluster.ts).
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export const registry = new Registry();

export const httpRequests = new Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered, by route template, method and status code',
  labelNames: ['route', 'method', 'status'] as const,
  registers: [registry],
});

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from request to answer, by route template, method and status code',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const jobRuns = new Counter({
  name: 'job_runs_total',
  help: 'Periodic job runs by this process, by job and outcome (ok, failed)',
  labelNames: ['job', 'outcome'] as const,
  registers: [registry],
});

export const paymentsApplied = new Counter({
  name: 'payments_applied_total',
  help: "Payments applied to an order's ledger, by how they came (card, provider notification, staff posting, sandbox)",
  labelNames: ['source'] as const,
  registers: [registry],
});

/**
 * How a payment came, the only label of payments_applied_total: a card charge the provider took
 * (`card`), a pay code the payment provider reported paid (`provider`), the sandbox's counter
 * standing in for one (`sandbox`, the dev /ops "paid"), money finance posted in the back office
 * (`staff`), and the demo seed's payments (`seed`).
 */
export type PaymentSource = 'card' | 'provider' | 'sandbox' | 'staff' | 'seed';

/** Counts one payment applied; call it after the transaction that applied it committed. */
export function countPaymentApplied(source: PaymentSource): void {
  paymentsApplied.inc({ source });
}

export const remindersSent = new Counter({
  name: 'reminders_sent_total',
  help: 'SMS payment reminders sent, by kind',
  labelNames: ['kind'] as const,
  registers: [registry],
});

/** What a database pool holds now (pg's Pool: totalCount, idleCount, waitingCount). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** The pools this process reads (one per open Db that has a pool; tests open several). */
const pools = new Set<() => PoolStats>();

/** Reads `stats` into the db_pool_* gauges until the returned function is called (the app's close). */
export function observePool(stats: () => PoolStats): () => void {
  pools.add(stats);
  return () => pools.delete(stats);
}

const poolSum = (field: keyof PoolStats) => [...pools].reduce((sum, stats) => sum + stats()[field], 0);

new Gauge({
  name: 'db_pool_connections',
  help: 'PostgreSQL connections the pool holds open, in use and idle (0 on PGlite, which has no pool)',
  registers: [registry],
  collect() {
    this.set(poolSum('total'));
  },
});
new Gauge({
  name: 'db_pool_idle_connections',
  help: 'PostgreSQL connections open and idle in the pool',
  registers: [registry],
  collect() {
    this.set(poolSum('idle'));
  },
});
new Gauge({
  name: 'db_pool_waiting_clients',
  help: 'Queries and transactions waiting for a free connection of the pool',
  registers: [registry],
  collect() {
    this.set(poolSum('waiting'));
  },
});

let defaultsCollected = false;
/** The process's own metrics (CPU, memory, event loop lag, GC, handles), once per process, into the same registry. */
export function collectProcessMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: registry });
}
