/**
 * The staff back office on a host of its own (BACKOFFICE_ORIGIN; docs/deploy.md, docs/security.md).
 * On one origin, a script that ran in the borrower's H5 (an XSS anywhere in it) could call the staff
 * API with a signed-in staff member's cookie: SameSite stops cross-site requests, not same-origin
 * ones. With BACKOFFICE_ORIGIN set, each host serves only its own side:
 * - the staff API and the back office answer only on BACKOFFICE_ORIGIN's host; on any other host
 *   they answer exactly as a path that does not exist (404, "No route for …");
 * - the back office's host serves nothing of the borrower's: no H5 page, no borrower API, no /ops,
 *   no OpenAPI viewer (a page with scripts), so nothing but the back office runs in its origin. It
 *   keeps what both sides need: the health checks, /metrics and the stored images (/uploads/…, which
 *   the back office shows; served with a CSP that runs nothing). Its root redirects to the back office.
 * The host is the request's (Fastify's request.host: the Host header, or X-Forwarded-Host from a
 * proxy TRUST_PROXY believes), compared with BACKOFFICE_ORIGIN's in URL form (case, default port).
 * Unset, nothing changes: one origin serves both (npm start, development).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BACKOFFICE_BASE, STAFF_API_BASE } from '@cashloan/contract';
import { notFound } from './api-error.ts';

/** Paths of the staff side: the staff API and the back office's page and files. */
export const isStaffPath = (path: string) =>
  path === STAFF_API_BASE || path.startsWith(`${STAFF_API_BASE}/`) || path === BACKOFFICE_BASE || path.startsWith(`${BACKOFFICE_BASE}/`);

/** What the back office's host serves besides the staff side: health checks, metrics, stored images. */
const SHARED_PATHS = ['/livez', '/readyz', '/healthz', '/metrics'];
const SHARED_PREFIXES = ['/uploads/'];
const isShared = (path: string) => SHARED_PATHS.includes(path) || SHARED_PREFIXES.some((prefix) => path.startsWith(prefix));

const safeDecode = (path: string) => {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};

/** Whether the request was made to `origin`'s host (scheme aside: TLS may end at a proxy). */
export function requestedHostIs(request: FastifyRequest, origin: string): boolean {
  const wanted = new URL(origin);
  try {
    return new URL(`${wanted.protocol}//${request.host}`).host === wanted.host;
  } catch {
    return false;
  }
}

/** Installs the split (a no-op without BACKOFFICE_ORIGIN). Call before anything is registered, so every route and 404 handler has it. */
export function separateBackofficeHost(app: FastifyInstance, origin: string | undefined): void {
  if (origin === undefined) return;
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // The router matches the path percent-decoded (/%62ackoffice is /backoffice): the route it chose,
    // and the path decoded, decide as well as the path as written.
    const decoded = safeDecode(path);
    const staff = isStaffPath(path) || isStaffPath(decoded) || isStaffPath(request.routeOptions.url ?? '');
    const onBackofficeHost = requestedHostIs(request, origin);
    if (staff === onBackofficeHost || (onBackofficeHost && isShared(decoded) && isShared(path))) return;
    if (onBackofficeHost && path === '/' && (request.method === 'GET' || request.method === 'HEAD')) return reply.redirect(`${BACKOFFICE_BASE}/`, 302);
    // Word for word the answer of a path no route serves (web/serve-web.ts's not-found handler).
    throw notFound(`No route for ${request.method} ${path}`);
  });
}
