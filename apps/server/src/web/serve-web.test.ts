import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteConfigRoute } from '@cashloan/contract/routes';
import { callUrlPath } from '@cashloan/contract/common';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { FIL } from '@cashloan/contract/texts/fil';
import { HI } from '@cashloan/contract/texts/hi';
import { AFTER_PAINT_LOADER, inlineScriptHashes } from './html-pages.ts';

const TEMPLATE =
  '<!doctype html><html><head><script type="module" crossorigin src="/assets/main-1.js"></script><link rel="modulepreload" crossorigin href="/assets/shell-1.js"></head><body><div id="root"></div></body></html>';
const ROUTE_ASSETS = {
  'index.html': {
    '/': { js: ['assets/shell-1.js', 'assets/main-1.js', 'assets/site-1.js'], css: ['assets/site-1.css'], texts: 'site' },
    '/allIt': { js: ['assets/shell-1.js', 'assets/main-1.js', 'assets/order-1.js'], css: [], texts: 'order-details' },
    '/maySimilar': { js: ['assets/shell-1.js', 'assets/main-1.js', 'assets/privacy-1.js'], css: [], texts: 'site' },
  },
  'pay.html': {
    '/borrowDetail': { js: ['assets/pay-1.js', 'assets/detail-1.js'], css: [], texts: 'repayment' },
    '/alipayrepayment': { js: ['assets/pay-1.js', 'assets/card-1.js'], css: ['assets/card-1.css'], texts: 'repayment' },
  },
};
/**
 * A stand-in for dist/.ssr/server-render.js: declares the site configuration as its first call, and
 * echoes the address it renders and a field of that answer.
 */
const SERVER_RENDERER = `
export function routeToRender(entry, href) {
  const path = new URL(href).pathname;
  return entry === 'index.html' && ['/', '/maySimilar'].includes(path) ? path : undefined;
}
export const PRELOADED_ANSWERS_ID = 'preloaded-answers';
export async function loadPages() {}
export function firstCalls() {
  return [{ key: 'site', method: '${siteConfigRoute.method}', url: '${callUrlPath(siteConfigRoute)}', headers: {} }];
}
export function renderRoute(page, answers) {
  const url = new URL(page.href);
  if (url.search.includes('explode')) throw new Error('render failed');
  const lang = page.lang === 'en' ? '' : ' in ' + page.lang + ' (' + page.texts.texts['Retry'] + ')';
  return { markup: '<main>rendered ' + (url.pathname + url.search).replace(/[<&]/g, '') + ' for ' + answers.site.data.appEnName + lang + '</main>', undeclared: [] };
}`;

describe('serving the web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    mkdirSync(join(dist, '.ssr'));
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, 'index.html'), TEMPLATE);
    writeFileSync(join(dist, 'pay.html'), TEMPLATE.replace('main-1', 'pay-1'));
    writeFileSync(join(dist, 'route-assets.json'), JSON.stringify(ROUTE_ASSETS));
    writeFileSync(join(dist, '.ssr', 'server-render.js'), SERVER_RENDERER);
    writeFileSync(join(dist, '.vite', 'manifest.json'), '{}');
    writeFileSync(join(dist, 'assets', 'site-1.css'), '.site{color:teal}');
    const code = 'export const answer = 42;'.repeat(40);
    writeFileSync(join(dist, 'assets', 'shell-1.js'), code);
    writeFileSync(join(dist, 'assets', 'shell-1.js.br'), brotliCompressSync(code));
    writeFileSync(join(dist, 'assets', 'shell-1.js.gz'), gzipSync(code));
    t = await createTestApp({ WEB_DIST: dist, APP_EN_NAME: 'Peso</script>Now' });
  });
  afterAll(() => t.close());

  it('announces a path route’s own code in the head, never cached', async () => {
    const res = await t.app.inject('/allIt?orderId=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/order-1.js"></head>');
    // What the template already loads is not announced twice.
    expect(res.body.match(/shell-1\.js/g)).toHaveLength(1);
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('inlines a route’s CSS, marking the file as loaded so the lazy chunk does not fetch it again', async () => {
    const res = await t.app.inject('/?explode=1');
    expect(res.body).toContain('<style>.site{color:teal}</style><link rel="stylesheet" href="/assets/site-1.css" disabled>');
  });

  it('a browser asking for an unknown address gets the plain page with 404 (the app shows its not-found screen); a call gets the API answer', async () => {
    const res = await t.app.inject({ url: '/no-such-page', headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('modulepreload" crossorigin href="/assets/order-1.js');
    for (const url of ['/no-such-page', '/h5api/v3/no-such-call', '/gopia/no-such-call']) {
      const call = await t.app.inject({ url, headers: { accept: 'application/json' } });
      expect(call.statusCode, url).toBe(404);
      expect(call.json(), url).toMatchObject({ message: `No route for GET ${url}` });
    }
  });

  it('a route’s address with a slash at its end moves to the route, its query kept', async () => {
    const res = await t.app.inject({ url: '/allIt/?orderId=1&productId=2', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(308);
    expect(res.headers.location).toBe('/allIt?orderId=1&productId=2');
    expect((await t.app.inject('/allIt/')).headers.location).toBe('/allIt');
  });

  it('the payment-way entry announces the code of its hash routes', async () => {
    const res = await t.app.inject('/pay.html');
    expect(res.body).toContain('href="/assets/detail-1.js"');
    expect(res.body).toContain('href="/assets/card-1.js"');
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/card-1.css">');
  });

  it('renders a page on the server with the answers of the calls it asked for, escaped inside the script element', async () => {
    const res = await t.app.inject('/maySimilar?embedded=1');
    expect(res.body).toContain('<div id="root"><main>rendered /maySimilar?embedded=1 for Peso</script>Now</main></div>');
    expect(res.headers['cache-control']).toBe('no-store');
    const json = /<script type="application\/json" id="preloaded-answers">(.*?)<\/script>/.exec(res.body)![1]!;
    expect(json).not.toContain('</');
    expect((JSON.parse(json) as Record<string, { code: number; data: { appEnName: string } }>).site).toMatchObject({ code: 0, data: { appEnName: 'Peso</script>Now' } });
  });

  it('loads a server-rendered page’s code only after its first paint: none in the head, all in the loader at the end of the body', async () => {
    const res = await t.app.inject('/maySimilar');
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).not.toMatch(/modulepreload|type="module"/);
    expect(res.body).toContain(
      `<script data-preload="/assets/shell-1.js /assets/privacy-1.js" data-entry="/assets/main-1.js">${AFTER_PAINT_LOADER}</script></body>`,
    );
    // A route the server does not render keeps its code in the head.
    expect((await t.app.inject('/allIt')).body).not.toContain('data-preload');
    // Every server-rendered page: the loader also keeps the taps made before the code has run.
    const home = (await t.app.inject('/')).body;
    expect(home).toContain('rendered / for');
    expect(home).toContain(`data-entry="/assets/main-1.js">${AFTER_PAINT_LOADER}</script></body>`);
    expect(AFTER_PAINT_LOADER).toContain('window.__takeEarlyInput=');
  });

  it('falls back to the plain page, its code in the head, when server rendering fails', async () => {
    const res = await t.app.inject('/?explode=1');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('data-preload');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/site-1.js">');
  });

  describe("the page's language (docs/i18n.md)", () => {
    const textsOf = (body: string) => {
      const json = /<script type="application\/json" id="texts">(.*?)<\/script>/.exec(body)?.[1];
      return json === undefined ? undefined : (JSON.parse(json) as { routes: string[]; texts: Record<string, string> });
    };

    it("lang names it: <html lang>, and the route's part of the catalogue with the common one as data", async () => {
      const res = await t.app.inject('/allIt?lang=hi');
      expect(res.body).toContain('<html lang="hi">');
      const texts = textsOf(res.body)!;
      expect(texts.routes).toEqual(['/allIt']);
      expect(texts.texts).toEqual({ ...HI.common, ...HI['order-details'] });
      expect(res.headers.vary).toContain('Accept-Language');
    });

    it('without lang, the webview’s Accept-Language picks it (tl is Filipino); lang=en, or a language we lack, is English with no texts', async () => {
      const filipino = await t.app.inject({ url: '/allIt', headers: { 'accept-language': 'tl-PH,tl;q=0.9,en;q=0.8' } });
      expect(filipino.body).toContain('<html lang="fil">');
      expect(textsOf(filipino.body)!.texts['Order Details']).toBe(FIL['order-details']!['Order Details']);
      for (const english of [{ url: '/allIt?lang=en', headers: { 'accept-language': 'hi' } }, { url: '/allIt', headers: { 'accept-language': 'ja-JP,de;q=0.5' } }]) {
        const res = await t.app.inject(english);
        expect(res.body).not.toContain(' lang="');
        expect(textsOf(res.body)).toBeUndefined();
      }
    });

    it('a #/ app gets the texts of every route it may show', async () => {
      const texts = textsOf((await t.app.inject('/pay.html?lang=fil')).body)!;
      expect(texts.routes).toEqual(['/borrowDetail', '/alipayrepayment']);
      expect(texts.texts['Repay by card']).toBe(FIL.repayment!['Repay by card']);
    });

    it('renders the first screen in the language, with its texts', async () => {
      const res = await t.app.inject('/maySimilar?lang=hi');
      expect(res.body).toContain(`<main>rendered /maySimilar?lang=hi for Peso</script>Now in hi (${HI.common!['Retry']})</main>`);
      expect(res.body).toContain('<html lang="hi">');
      expect(textsOf(res.body)!.routes).toEqual(['/maySimilar']);
    });

    it("answers a later route's part at /texts, and refuses a language or a route it does not know", async () => {
      const res = await t.app.inject('/texts?lang=hi&route=%2FborrowDetail');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ routes: ['/borrowDetail'], texts: HI.repayment });
      const badLang = await t.app.inject('/texts?lang=xx&route=%2FallIt');
      expect(badLang.statusCode).toBe(400);
      expect(badLang.json().message).toMatch(/^lang must be one of en, fil, hi/);
      const badRoute = await t.app.inject('/texts?lang=hi&route=%2Fnowhere');
      expect(badRoute.statusCode).toBe(400);
      expect(badRoute.json().message).toMatch(/^route must be a route of the app/);
    });
  });

  it('sends pages and assets compressed as the browser accepts', async () => {
    // A page built once: brotli first.
    const built = await t.app.inject({ url: '/pay.html', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(built.headers['content-encoding']).toBe('br');
    expect(built.headers.vary).toContain('Accept-Encoding');
    // A page rendered for the request: gzip first, its template's sides compressed once (gzip-around.ts).
    const plain = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('rendered / for');
    const page = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers.vary).toContain('Accept-Encoding');
    expect(gunzipSync(page.rawPayload).toString()).toBe(plain.body);
    const brOnly = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(brOnly.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brOnly.rawPayload).toString()).toBe(plain.body);
    const gzipOnly = await t.app.inject({ url: '/allIt', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');

    const asset = await t.app.inject({ url: '/assets/shell-1.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(asset.rawPayload).toString()).toContain('answer = 42');
  });

  it('pages carry a strict Content-Security-Policy and no referrer; every answer is nosniff', async () => {
    const res = await t.app.inject('/allIt');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    // Only this origin's files and the pages' own inline scripts by hash (here the after-paint loader's).
    expect(csp).toContain(`script-src 'self' ${inlineScriptHashes(`<script>${AFTER_PAINT_LOADER}</script>`)[0]};`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    for (const url of ['/allIt', '/assets/shell-1.js', '/h5api/v3/site/config', '/h5api/nothing']) {
      expect((await t.app.inject(url)).headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('pages load images only from this origin, data: and blob: (and https trusted hosts when configured), never any https: host', async () => {
    const imgSrc = (csp: string) => csp.split('; ').find((d) => d.startsWith('img-src'));
    expect(imgSrc((await t.app.inject('/allIt')).headers['content-security-policy'] as string)).toBe("img-src 'self' data: blob:");
    const trusted = await createTestApp({ WEB_DIST: t.config.WEB_DIST, TRUSTED_HOSTS: ['pay.example', '*.lender.example'], PUBLIC_URL: 'https://h5.lender.example' });
    try {
      expect(imgSrc((await trusted.app.inject('/allIt')).headers['content-security-policy'] as string)).toBe(
        "img-src 'self' data: blob: https://h5.lender.example https://pay.example https://*.lender.example",
      );
    } finally {
      await trusted.close();
    }
  });

  it('pages may use no camera, microphone, location or payment features, but the camera of the complaint upload and the developer preview (and its location)', async () => {
    // As a browser navigates (this stand-in build's route table has only some of the routes).
    const policy = async (url: string) => (await t.app.inject({ url, headers: { accept: 'text/html' } })).headers['permissions-policy'];
    const none = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), display-capture=()';
    for (const url of ['/', '/allIt?orderId=1', '/alipayrepayment', '/candidateWhile', '/complaintList', '/pay.html', '/maySimilar']) expect(await policy(url), url).toBe(none);
    for (const url of ['/complainPageNext?problemType=1', '/complainPage', '/numberWill']) expect(await policy(url), url).toBe(none.replace('camera=()', 'camera=(self)'));
    expect(await policy('/testPreview')).toBe(none.replace('camera=()', 'camera=(self)').replace('geolocation=()', 'geolocation=(self)'));
  });

  it('tells the browser to use https only when served over https (directly or by a trusted proxy that says so), not over plain http', async () => {
    expect((await t.app.inject('/allIt')).headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY a client's X-Forwarded-Proto is not believed.
    expect((await t.app.inject({ url: '/allIt', headers: { 'x-forwarded-proto': 'https' } })).headers['strict-transport-security']).toBeUndefined();
    const proxied = await createTestApp({ WEB_DIST: t.config.WEB_DIST, TRUST_PROXY: true });
    try {
      for (const url of ['/allIt', '/h5api/v3/site/config', '/h5api/nothing']) {
        const res = await proxied.app.inject({ url, headers: { 'x-forwarded-proto': 'https' } });
        expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      }
    } finally {
      await proxied.close();
    }
  });

  it('keeps the build’s own files private', async () => {
    expect((await t.app.inject('/.vite/manifest.json')).statusCode).toBe(404);
    expect((await t.app.inject('/.ssr/prerender.js')).statusCode).toBe(404);
  });
});

describe('inline script hashes for the policy', () => {
  it('hashes the executable inline scripts only', () => {
    const html = '<script>a()</script><script type="module" src="/m.js"></script><script type="application/json">{}</script><script defer>b()</script>';
    expect(inlineScriptHashes(html)).toEqual([
      "'sha256-" + createHash('sha256').update('a()').digest('base64') + "'",
      "'sha256-" + createHash('sha256').update('b()').digest('base64') + "'",
    ]);
  });
});
