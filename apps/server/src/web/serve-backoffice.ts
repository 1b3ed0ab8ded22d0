/**
 * Serves the built staff back office (apps/backoffice) at /backoffice: its hashed assets cached for
 * good, and its one HTML page (never cached) for every screen's path, where React Router takes over.
 * The page may load only this server's scripts and talk only to this server; it is framed by nobody.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { BACKOFFICE_BASE } from '@cashloan/contract';
import type { Config } from '../config.ts';
import { notFound } from '../platform/http/api-error.ts';

/** antd writes its styles into <style> elements at run time, hence 'unsafe-inline' for styles (never for scripts). */
export const BACKOFFICE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

export async function serveBackoffice(app: FastifyInstance, config: Pick<Config, 'BACKOFFICE_DIST'>): Promise<void> {
  const dist = config.BACKOFFICE_DIST;
  const built = dist !== '' && existsSync(join(dist, 'index.html'));
  await app.register(
    async (scope) => {
      // Set as the request arrives (they stay on every answer, errors included), so a request refused
      // before this scope's hooks (the back office asked for on another host: platform/http/hosts.ts)
      // answers without them, like any path that does not exist.
      scope.addHook('onRequest', async (_request, reply) => {
        reply.header('Content-Security-Policy', BACKOFFICE_CSP);
        reply.header('X-Frame-Options', 'DENY');
        reply.header('Referrer-Policy', 'same-origin');
        reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()');
      });
      if (!built) {
        scope.get('/*', async () => {
          throw notFound('The back office is not built here: run npm run build (npm start does), or set BACKOFFICE_DIST.');
        });
        return;
      }
      const page = readFileSync(join(dist, 'index.html'));
      const sendPage = (reply: FastifyReply) => reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(page);
      await scope.register(fastifyStatic, {
        root: dist,
        prefix: '/',
        decorateReply: false,
        index: false,
        wildcard: true,
        dotfiles: 'ignore',
        setHeaders: (res, filePath) => {
          res.header('Cache-Control', filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
      scope.get('/', (_request, reply) => sendPage(reply));
      // A screen's path (no file extension) is the app's; a missing file is a 404.
      scope.setNotFoundHandler((request, reply) => {
        const path = request.url.split('?')[0] ?? '';
        if ((request.method === 'GET' || request.method === 'HEAD') && !path.slice(BACKOFFICE_BASE.length).includes('.')) return sendPage(reply);
        throw notFound(`No back office file at ${path}`);
      });
    },
    { prefix: BACKOFFICE_BASE },
  );
}
