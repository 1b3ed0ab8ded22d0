/** Builds the Fastify app from its dependencies; main.ts listens, tests call app.inject. */
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { COMPLAINT_IMAGE_MAX_BYTES } from '@cashloan/contract';
import type { AppDeps } from './deps.ts';
import { pseudoLangServed } from './config.ts';
import { installErrorHandlers } from './platform/http/errors.ts';
import { separateBackofficeHost } from './platform/http/hosts.ts';
import { registerHealth, type Lifecycle } from './platform/http/health.ts';
import { installMetrics } from './platform/metrics/http.ts';
import { personalDataSections, registerModules } from './modules/index.ts';
import { registerOps } from './ops/routes.ts';
import { parseQuery, redactUrl } from './platform/http/redact.ts';
import { lazySchemaCompilers } from './platform/http/schema-compilers.ts';
import { serveStoredImages } from './providers/storage/serve.ts';
import { serveBackoffice } from './web/serve-backoffice.ts';
import { serveOpenApi } from './web/openapi.ts';
import { serveWeb } from './web/serve-web.ts';
import { registerStaffApi } from './staff/http/staff-api.ts';

/** Upload limit for complaint images (the contract's; documented in docs/api.md and docs/complaints.md). */
export const MAX_UPLOAD_BYTES = COMPLAINT_IMAGE_MAX_BYTES;

/** A year, subdomains included (the lender's H5 host serves nothing over http). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * `logStream`: where log lines go (stdout by default; tests read them). `lifecycle`: main.ts marks
 * the process shutting down there (GET /readyz answers 503).
 */
export async function buildApp(deps: AppDeps, options: { logStream?: { write(line: string): void }; lifecycle?: Lifecycle } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: deps.config.LOG_LEVEL,
      ...(options.logStream ? { stream: options.logStream } : {}),
      serializers: {
        req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
      },
    },
    // The webview sends small form bodies; uploads go through multipart with their own limit.
    bodyLimit: 256 * 1024,
    trustProxy: deps.config.TRUST_PROXY,
    // Named here because the log redaction parses queries with the very same function.
    routerOptions: { querystringParser: parseQuery },
    // No route declares a Fastify schema (the contract's zod schemas check payloads): ajv and
    // fast-json-stringify load only if one ever does.
    schemaController: { compilersFactory: lazySchemaCompilers },
  });
  installErrorHandlers(app, { pseudoLang: pseudoLangServed(deps.config) });
  // With BACKOFFICE_ORIGIN, the staff side and the borrower's side each on their own host: first, so every route and 404 has it.
  separateBackofficeHost(app, deps.config.BACKOFFICE_ORIGIN);
  // Every answer counted by route template (GET /metrics only with METRICS_TOKEN).
  installMetrics(app, { token: deps.config.METRICS_TOKEN, poolStats: deps.db.poolStats?.bind(deps.db) });
  // Every answer, API, pages and files alike, is read as the type it declares; over https (directly,
  // or behind a trusted proxy that says so) the browser is told to come back over https only.
  // A callback hook, not an async one: it runs on every answer, and a promise each costs (issue 42).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    done(null, payload);
  });
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20 } });

  registerHealth(app, { db: deps.db, clock: deps.clock, lifecycle: options.lifecycle ?? { shuttingDown: false } });

  await registerModules(app, deps);
  await registerStaffApi(app, deps, { personalData: personalDataSections(deps) });
  serveStoredImages(app, deps.storage);
  if (deps.config.OPS_TOKEN) await app.register((ops) => registerOps(ops, deps), { prefix: '/ops' });
  // The contract as OpenAPI 3.1 (public) and its viewer.
  await serveOpenApi(app);
  await serveBackoffice(app, deps.config);
  await serveWeb(app, deps.config);
  return app;
}
