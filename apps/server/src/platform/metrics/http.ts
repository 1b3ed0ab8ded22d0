/**
 * The HTTP side of the metrics: every answer counted and timed by route TEMPLATE, method and status,
 * and GET /metrics for Prometheus when a token is configured (METRICS_TOKEN; docs/deploy.md).
 */
import { bearerTokenMatches } from '../http/bearer-token.ts';
import type { FastifyInstance } from 'fastify';
import { ClusterMetricsError, installWorkerMetrics, metricsContentType, metricsText } from './cluster.ts';
import { collectProcessMetrics, httpRequestDuration, httpRequests, observePool, type PoolStats } from './metrics.ts';

/** The route label of a request no route matched (a 404): never the raw URL, which may carry a session id. */
export const UNMATCHED_ROUTE = 'unmatched';
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export interface MetricsOptions {
  /** METRICS_TOKEN: GET /metrics exists only when it is set. */
  token: string | undefined;
  /** The database's pool, read into the db_pool_* gauges (PostgreSQL; PGlite has none). */
  poolStats?: (() => PoolStats) | undefined;
}

/** Registers the counting hook and, with a token, GET /metrics. Call before the routes are registered. */
export function installMetrics(app: FastifyInstance, options: MetricsOptions): void {
  collectProcessMetrics();
  installWorkerMetrics();
  if (options.poolStats) {
    const stop = observePool(options.poolStats);
    app.addHook('onClose', async () => {
      stop();
    });
  }
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      method: METHODS.has(request.method) ? request.method : 'OTHER',
      status: String(reply.statusCode),
    };
    httpRequests.inc(labels);
    httpRequestDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
  if (options.token !== undefined) serveMetrics(app, options.token);
}

/** GET /metrics: `Authorization: Bearer <token>`, compared in constant time; 401 otherwise. */
function serveMetrics(app: FastifyInstance, token: string): void {
  app.get('/metrics', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (!bearerTokenMatches(request.headers.authorization, token)) {
      return reply.code(401).header('WWW-Authenticate', 'Bearer').type('text/plain; charset=utf-8').send('Unauthorized\n');
    }
    try {
      const text = await metricsText();
      return reply.type(metricsContentType).send(text);
    } catch (error) {
      if (!(error instanceof ClusterMetricsError)) throw error;
      request.log.warn({ err: error.message }, 'metrics of the other workers unavailable');
      return reply.code(503).header('Retry-After', '5').type('text/plain; charset=utf-8').send('The metrics of the other worker processes did not arrive; try again.\n');
    }
  });
}
