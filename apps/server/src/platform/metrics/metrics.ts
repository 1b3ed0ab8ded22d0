/**
 * The server's Prometheus metrics (prom-client), in one registry per process. Labels are routes,
 * statuses, job names, channels: never a session id, phone, order number or card number.
 * GET /metrics serves them (METRICS_TOKEN; docs/deploy.md, "Metrics"); with WORKERS the primary
 * process adds up every worker's (cluster.ts).
 */
import { Counter, Histogram, Registry } from 'prom-client';

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

export const remindersSent = new Counter({
  name: 'reminders_sent_total',
  help: 'SMS payment reminders sent, by kind',
  labelNames: ['kind'] as const,
  registers: [registry],
});
