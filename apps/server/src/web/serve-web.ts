/**
 * Serves the built web app: hashed assets precompressed (brotli/gzip written by the build) with
 * immutable caching, and the HTML pages (never cached, see html-pages.ts) for every path route.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { ServerAnswer, WebEntry } from '@cashloan/contract/server-render';
import { appSchemeOf, pseudoLangServed, type Config } from '../config.ts';
import { invalidInput, notFound } from '../platform/http/api-error.ts';
import { LANGS, LANG_PARAM } from '@cashloan/contract/i18n';
import { langOf, pageLangOf } from '@cashloan/contract/lang-choice';
import { HtmlPages } from './html-pages.ts';
import type { AnswerCall } from './server-render.ts';
import { jumpPolicyMeta, trustedHosts } from './jump-policy.ts';

/** A browser navigating (an address typed, a link followed) asks for HTML; an API call or an asset does not. */
const asksForPage = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

/**
 * What a page may load and run: scripts only from this origin (and the pages' own inline scripts,
 * by hash), no plugins, no <base> tricks, framed only by this origin (the site frames its privacy
 * page). Images from this origin, the trusted hosts over https (lender and provider pages may show
 * their logos), data: (the sandbox's QR) and blob: (the complaint upload's previews). Styles allow
 * inline because React writes style attributes.
 */
export function contentSecurityPolicy(scriptHashes: string[], imageHosts: string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...imageHosts.map((host) => `https://${host}`)].join(' '),
    "connect-src 'self'",
    "frame-src 'self'",
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** Powerful features a page may use: none, but the camera and location the developer preview tries, and the camera of the complaint upload. */
const NO_FEATURES = ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()', 'display-capture=()'];
/** Routes of the main app (a document loaded at that path keeps its policy while the app moves on client-side). */
const FEATURES_BY_ROUTE: Record<string, { camera?: true; geolocation?: true }> = {
  '/testPreview': { camera: true, geolocation: true },
  '/numberWill': { camera: true },
  '/complainPage': { camera: true },
  '/complainPageNext': { camera: true },
};

export function permissionsPolicy(path: string): string {
  const allowed = FEATURES_BY_ROUTE[path] ?? {};
  return NO_FEATURES.map((rule) => {
    const feature = rule.slice(0, rule.indexOf('='));
    return allowed[feature as keyof typeof allowed] ? `${feature}=(self)` : rule;
  }).join(', ');
}

/** Request headers a server-rendered page's calls carry over from the page request (the API client's own headers come with the call). */
const CARRIED_HEADERS = ['user-agent', 'accept-language'] as const;

/**
 * The server's own API answering a server-rendered page's first calls: the same request the browser
 * would send (built by the H5's client), through every hook and check of the API, from the
 * borrower's address, so limits and logs count it as the borrower's call.
 */
function answerFor(app: FastifyInstance, request: FastifyRequest): AnswerCall {
  return async (call) => {
    const headers: Record<string, string> = { ...call.headers };
    for (const name of CARRIED_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const response = await app.inject({
      method: call.method,
      url: call.url,
      headers,
      remoteAddress: request.ip,
      ...(call.body === undefined ? {} : { payload: call.body }),
    });
    const envelope = response.json() as ServerAnswer;
    if (envelope === null || typeof envelope !== 'object' || !('code' in envelope)) throw new Error(`${call.method} ${call.url.split('?')[0]} answered no envelope (HTTP ${response.statusCode})`);
    return envelope;
  };
}

export async function serveWeb(app: FastifyInstance, config: Config): Promise<void> {
  const distDir = config.WEB_DIST;
  const hasWeb = distDir !== '' && existsSync(join(distDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: true,
      cacheControl: false,
      preCompressed: true,
      // The build's own bookkeeping (.vite/manifest.json, .ssr/prerender.js) is not for browsers.
      dotfiles: 'ignore',
      setHeaders: (res, filePath) => {
        // Hashed build assets never change; HTML must always be revalidated.
        if (filePath.includes('/assets/')) res.header('Cache-Control', 'public, max-age=31536000, immutable');
        else if (filePath.endsWith('.html')) res.header('Cache-Control', 'no-cache');
        else res.header('Cache-Control', 'public, max-age=3600');
      },
    });
  }
  const pages = hasWeb ? await HtmlPages.load(distDir, (message) => app.log.warn(message), jumpPolicyMeta(config)) : undefined;

  const hosts = trustedHosts(config);
  const pseudo = pseudoLangServed(config);
  const appScheme = appSchemeOf(config.SCHEME_URL) ?? '';
  const policy = pages ? contentSecurityPolicy(pages.scriptHashes(), hosts) : '';
  const sendPage = async (entry: WebEntry, request: FastifyRequest, reply: FastifyReply, path: string) => {
    // The page as the browser sees it: the address it asked for and the jump policy of its <meta> tags.
    // Its language: the `lang` parameter, else the webview's Accept-Language (docs/i18n.md).
    const query = request.query as Record<string, unknown>;
    const lang = pageLangOf(query[LANG_PARAM], request.headers['accept-language'], { pseudo });
    const served = { entry, href: `${request.protocol}://${request.host}${request.url}`, trustedHosts: hosts, appScheme, lang, texts: pages!.texts(entry, path, lang) };
    const page = await pages!.body(served, path, request.headers['accept-encoding'], answerFor(app, request), {
      failed: (error) => request.log.error({ err: error, path }, 'server rendering failed; the page renders in the browser'),
      undeclared: (calls) => request.log.warn({ path, calls }, 'the first screen made calls its route does not declare (apps/web/src/app/first-calls.ts)'),
    });
    reply
      // A page rendered with a borrower's answers is theirs alone: no cache keeps it (back/forward included).
      .header('Cache-Control', page.personal ? 'no-store' : 'no-cache')
      .header('Vary', 'Accept-Encoding, Accept-Language')
      .header('Content-Security-Policy', policy)
      .header('Permissions-Policy', permissionsPolicy(path))
      // The address carries the borrower's session parameters: never hand it to another site.
      .header('Referrer-Policy', 'no-referrer')
      .type('text/html; charset=utf-8');
    if (page.encoding) reply.header('Content-Encoding', page.encoding);
    return reply.send(page.body);
  };

  if (hasWeb) {
    // A route's part of the catalogue, for a route the app opens after its first page (apps/web/src/shared/i18n/route-texts.ts).
    app.get('/texts', (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const lang = langOf(query[LANG_PARAM], { pseudo });
      if (lang === undefined) throw invalidInput(`${LANG_PARAM} must be one of ${LANGS.join(', ')}`);
      const texts = typeof query.route === 'string' ? pages!.laterTexts(query.route, lang) : undefined;
      if (!texts) throw invalidInput('route must be a route of the app');
      return reply.header('Cache-Control', 'public, max-age=3600').send(texts);
    });
    // The official site lives at the exact root; the static plugin would refuse a directory listing.
    app.get('/', (request, reply) => sendPage('index.html', request, reply, '/'));
    app.get('/index.html', (request, reply) => sendPage('index.html', request, reply, '/'));
    app.get('/pay.html', (request, reply) => sendPage('pay.html', request, reply, ''));
    app.get('/promo.html', (request, reply) => sendPage('promo.html', request, reply, ''));
    // Each path route of the main app's route table (the build's route-assets.json) as a route of its
    // own (issues 40, 42): found by the router at once, with no list of API prefixes to keep beside it,
    // and no stat of a file of that name on disk by the static plugin's wildcard.
    for (const path of pages!.pathRoutes('index.html')) {
      if (path !== '/' && path.startsWith('/')) {
        app.get(path, (request, reply) => sendPage('index.html', request, reply, path));
        // The same address with a slash at its end (a link typed or shortened by hand) goes to the
        // route, its query kept; the app's router knows no '/allIt/'.
        app.get(`${path}/`, (request, reply) => {
          const queryAt = request.url.indexOf('?');
          return reply.redirect(queryAt === -1 ? path : `${path}${request.url.slice(queryAt)}`, 308);
        });
      }
    }
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // Every page has a route above. A browser asking for an address none serves (an old link, a
    // typo) gets the app's shell with 404, where the app shows its not-found screen; anything else
    // (an API call, a missing asset) the API's answer.
    if (hasWeb && (request.method === 'GET' || request.method === 'HEAD') && asksForPage(request) && !path.includes('.')) {
      return sendPage('index.html', request, reply.code(404), path);
    }
    throw notFound(`No route for ${request.method} ${path}`);
  });
}
