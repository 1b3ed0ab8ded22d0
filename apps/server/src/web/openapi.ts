/**
 * The OpenAPI document (GET /openapi.json, public) and a viewer of it (GET /openapi): Swagger UI's
 * files from the swagger-ui-dist package, served from this server (no CDN), started by a small
 * script of ours, so the page runs under a CSP without inline script.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { buildOpenApiDocument, OPENAPI_JSON_PATH, OPENAPI_VIEWER_PATH } from '@cashloan/contract/openapi';

/** Where the viewer's files are served, and the only ones of swagger-ui-dist that are. */
export const OPENAPI_ASSETS = `${OPENAPI_VIEWER_PATH}/assets/`;
const VIEWER_FILES = new Set(['/swagger-ui.css', '/swagger-ui-bundle.js', '/favicon-32x32.png', '/favicon-16x16.png']);
const INIT_PATH = `${OPENAPI_VIEWER_PATH}/init.js`;

/** The viewer's policy: scripts and styles of this server only (Swagger UI sets style attributes, hence 'unsafe-inline' for styles alone). */
export const OPENAPI_VIEWER_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Lender API (OpenAPI)</title>
<link rel="stylesheet" href="${OPENAPI_ASSETS}swagger-ui.css">
<link rel="icon" type="image/png" href="${OPENAPI_ASSETS}favicon-32x32.png" sizes="32x32">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${OPENAPI_ASSETS}swagger-ui-bundle.js"></script>
<script src="${INIT_PATH}"></script>
</body>
</html>
`;

const init = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(OPENAPI_JSON_PATH)},
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;

export async function serveOpenApi(app: FastifyInstance): Promise<void> {
  // Built on the first request, then kept: the document only changes with the code.
  let document: { text: string; etag: string } | undefined;
  const documentText = () => {
    if (!document) {
      const text = JSON.stringify(buildOpenApiDocument());
      document = { text, etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 22)}"` };
    }
    return document;
  };
  app.get(OPENAPI_JSON_PATH, (request, reply) => {
    const { text, etag } = documentText();
    reply.header('Cache-Control', 'public, max-age=300').header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(text);
  });

  await app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply, payload) => {
      reply.header('Content-Security-Policy', OPENAPI_VIEWER_CSP);
      reply.header('Referrer-Policy', 'same-origin');
      return payload;
    });
    scope.get(OPENAPI_VIEWER_PATH, (_request, reply) => reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(page));
    scope.get(INIT_PATH, (_request, reply) => reply.header('Cache-Control', 'no-cache').type('text/javascript; charset=utf-8').send(init));
    await scope.register(fastifyStatic, {
      root: dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json')),
      prefix: OPENAPI_ASSETS,
      decorateReply: false,
      index: false,
      wildcard: true,
      dotfiles: 'ignore',
      allowedPath: (path) => VIEWER_FILES.has(path),
      cacheControl: false,
      setHeaders: (res) => {
        res.header('Cache-Control', 'public, max-age=86400');
      },
    });
  });
}
