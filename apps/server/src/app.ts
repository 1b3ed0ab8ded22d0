/** Builds the Fastify app from its dependencies; main.ts listens, tests call app.inject. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { API_BASE, COMPLAINT_IMAGE_MAX_BYTES } from '@cashloan/contract';
import type { AppDeps } from './deps.ts';
import { installErrorHandlers } from './http/errors.ts';
import { notFound } from './http/api-error.ts';
import { registerModules } from './modules/index.ts';
import { registerOps } from './ops/routes.ts';
import { redactUrl } from './http/redact.ts';
import { serveStoredImages } from './providers/storage/serve.ts';

/** Upload limit for complaint images (the contract's; documented in docs/api.md and docs/complaints.md). */
export const MAX_UPLOAD_BYTES = COMPLAINT_IMAGE_MAX_BYTES;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: deps.config.LOG_LEVEL,
      serializers: {
        req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
      },
    },
    // The webview sends small form bodies; uploads go through multipart with their own limit.
    bodyLimit: 256 * 1024,
    trustProxy: deps.config.TRUST_PROXY,
  });
  installErrorHandlers(app);
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20 } });

  app.get('/healthz', async () => {
    await deps.db.query('SELECT 1');
    return { ok: true, db: deps.db.kind, now: deps.clock.now().toISOString() };
  });

  await registerModules(app, deps);
  serveStoredImages(app, deps.storage);
  if (deps.config.OPS_TOKEN) await app.register((ops) => registerOps(ops, deps), { prefix: '/ops' });
  await serveWeb(app, deps.config.WEB_DIST);
  return app;
}

const isApiPath = (url: string) =>
  url.startsWith(API_BASE) || url.startsWith('/api/') || url.startsWith('/ops') || url.startsWith('/gopia/') ||
  url.startsWith('/user-problem/') || url.startsWith('/story/') || url.startsWith('/service/') || url.startsWith('/uploads/');

async function serveWeb(app: FastifyInstance, distDir: string): Promise<void> {
  const hasWeb = distDir !== '' && existsSync(join(distDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        // Hashed build assets never change; HTML must always be revalidated.
        if (filePath.includes('/assets/')) res.header('Cache-Control', 'public, max-age=31536000, immutable');
        else if (filePath.endsWith('.html')) res.header('Cache-Control', 'no-cache');
        else res.header('Cache-Control', 'public, max-age=3600');
      },
    });
  }
  if (hasWeb) {
    // The official site lives at the exact root; the static plugin would refuse a directory listing.
    app.get('/', (_request, reply) => reply.header('Cache-Control', 'no-cache').sendFile('index.html'));
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (hasWeb && (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(path) && !path.includes('.')) {
      // Every path route of the main app is served by index.html; React Router takes it from there.
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile('index.html');
    }
    throw notFound(`No route for ${request.method} ${path}`);
  });
}
