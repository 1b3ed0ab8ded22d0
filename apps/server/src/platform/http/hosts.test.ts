/**
 * BACKOFFICE_ORIGIN (issue 34, item 5): the staff API and the back office answer only on the back
 * office's host, exactly as an absent path anywhere else; the borrower's H5 and API do not answer on
 * the back office's host; writes are checked against BACKOFFICE_ORIGIN; the host is the Host header,
 * or X-Forwarded-Host from a proxy TRUST_PROXY believes. Unset: one origin serves both.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUrlPath, siteConfigRoute, STAFF_API_BASE } from '@cashloan/contract';
import { loadConfig, type Config } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { writeRouteTable } from '../../test-support/built-web.ts';
import { sessionCookieOf, STAFF_TEST_PASSWORD } from '../../test-support/staff.ts';
import { createStaff } from '../../staff/accounts/service.ts';

const STAFF_HOST = 'staff.lender.test';
const H5_HOST = 'h5.lender.test';
const ORIGIN = `https://${STAFF_HOST}`;

let dist: string;
const apps: TestApp[] = [];
beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'hosts-dist-'));
  for (const side of ['web', 'backoffice']) {
    mkdirSync(join(dist, side, 'assets'), { recursive: true });
    writeFileSync(join(dist, side, 'index.html'), `<!doctype html><title>${side}</title><div id="root"></div>`);
    writeFileSync(join(dist, side, 'assets', 'app-1.js'), 'console.log(1)');
  }
  writeRouteTable(join(dist, 'web'), { 'index.html': ['/allIt', '/maySimilar'] });
});
afterAll(async () => {
  for (const t of apps) await t.close();
  rmSync(dist, { recursive: true, force: true });
});

async function app(overrides: Partial<Config>): Promise<TestApp> {
  const t = await createTestApp({ WEB_DIST: join(dist, 'web'), BACKOFFICE_DIST: join(dist, 'backoffice'), PUBLIC_URL: `https://${H5_HOST}`, ...overrides });
  apps.push(t);
  await createStaff(t.db, { email: 'agent@lender.test', name: 'Agent', roles: ['agent'], password: STAFF_TEST_PASSWORD }, t.clock.now());
  return t;
}

const get = (t: TestApp, url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const signIn = (t: TestApp, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `${STAFF_API_BASE}/sign-in`, headers: { 'content-type': 'application/json', ...headers }, payload: { email: 'agent@lender.test', password: STAFF_TEST_PASSWORD } });
/** What tells one answer from another, but the length. */
const answerOf = (res: LightMyRequestResponse) => {
  const { date: _date, 'content-length': _length, ...headers } = res.headers;
  return { status: res.statusCode, headers, body: res.body };
};

/** Staff paths as a browser or a script might ask for them, the percent-encoded one included. */
const STAFF_PATHS = ['/backoffice', '/backoffice/', '/backoffice/orders/12', '/backoffice/assets/app-1.js', '/%62ackoffice/', `${STAFF_API_BASE}/me`, `${STAFF_API_BASE}/nothing-here`];
/** The borrower's side: H5 pages, the borrower API, the dev ops API and the OpenAPI viewer. */
const BORROWER_PATHS = ['/allIt?orderId=1', '/maySimilar', '/index.html', '/pay.html', callUrlPath(siteConfigRoute), '/ops/demo-links', '/openapi', '/openapi.json', '/assets/app-1.js'];

describe('with BACKOFFICE_ORIGIN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await app({ BACKOFFICE_ORIGIN: ORIGIN });
  });

  it('the borrower’s host answers every staff path as a path that does not exist, and its own as before', async () => {
    for (const path of STAFF_PATHS) {
      const res = await get(t, path, { host: H5_HOST });
      // The answer of a path no route serves, headers included (no back-office CSP, no staff 404 text).
      const absent = await get(t, `/backofficeZ${path}`, { host: H5_HOST });
      expect(answerOf(res), path).toEqual({ ...answerOf(absent), body: absent.body.replace(`/backofficeZ${path.split('?')[0]}`, path.split('?')[0]!) });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(`No route for GET ${path}`);
    }
    const signedIn = await signIn(t, { host: H5_HOST, origin: `https://${H5_HOST}` });
    expect(signedIn.statusCode).toBe(404);
    expect(sessionCookieOf(signedIn)).toBeNull();
    // Its own side is served.
    expect((await get(t, '/allIt?orderId=1', { host: H5_HOST })).body).toContain('<title>web</title>');
    expect((await get(t, callUrlPath(siteConfigRoute), { host: H5_HOST })).json().code).toBe(0);
    expect((await get(t, '/livez', { host: H5_HOST })).statusCode).toBe(200);
  });

  it('the back office’s host serves the back office and the staff API, and nothing of the borrower’s', async () => {
    const page = await get(t, '/backoffice/orders/12', { host: STAFF_HOST });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>backoffice</title>');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const signedIn = await signIn(t, { host: STAFF_HOST, origin: ORIGIN, 'sec-fetch-site': 'same-origin' });
    expect(signedIn.statusCode).toBe(200);
    const me = await get(t, `${STAFF_API_BASE}/me`, { host: STAFF_HOST, cookie: sessionCookieOf(signedIn)! });
    expect(me.json().data.staff.email).toBe('agent@lender.test');

    for (const path of BORROWER_PATHS) {
      const res = await get(t, path, { host: STAFF_HOST, authorization: `Bearer ${t.config.OPS_TOKEN}` });
      expect([res.statusCode, res.json().message], path).toEqual([404, `No route for GET ${path.split('?')[0]}`]);
    }
    const post = await t.app.inject({ method: 'POST', url: callUrlPath(siteConfigRoute), headers: { host: STAFF_HOST } });
    expect(post.statusCode).toBe(404);
    // Its root opens the back office; the health checks, metrics and stored images are both sides'.
    const root = await get(t, '/', { host: STAFF_HOST });
    expect([root.statusCode, root.headers.location]).toEqual([302, '/backoffice/']);
    expect((await get(t, '/livez', { host: STAFF_HOST })).statusCode).toBe(200);
    expect((await get(t, '/uploads/none.jpg', { host: STAFF_HOST })).json().message).toBe('Image not found.');
    // Host names compare as URLs do: case and the scheme's default port.
    expect((await get(t, '/backoffice/', { host: 'STAFF.Lender.test:443' })).statusCode).toBe(200);
    expect((await get(t, '/backoffice/', { host: `${STAFF_HOST}:8443` })).statusCode).toBe(404);
  });

  it('takes a write only from BACKOFFICE_ORIGIN itself: another host, scheme or port is refused', async () => {
    for (const origin of [`https://${H5_HOST}`, `http://${STAFF_HOST}`, `https://${STAFF_HOST}:8443`, 'https://evil.example', 'null']) {
      const res = await signIn(t, { host: STAFF_HOST, origin });
      expect([res.statusCode, sessionCookieOf(res)], origin).toEqual([403, null]);
    }
    expect((await signIn(t, { host: STAFF_HOST, origin: `HTTPS://${STAFF_HOST.toUpperCase()}:443` })).statusCode).toBe(200);
    // A browser's own page (no Origin on a same-origin GET, but every POST carries one) and a tool without one.
    expect((await signIn(t, { host: STAFF_HOST })).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-Host unless TRUST_PROXY believes the proxy that sent it', async () => {
    expect((await get(t, '/backoffice/', { host: H5_HOST, 'x-forwarded-host': STAFF_HOST })).statusCode).toBe(404);
    expect((await get(t, '/allIt', { host: STAFF_HOST, 'x-forwarded-host': H5_HOST })).statusCode).toBe(404);
    const proxied = await app({ BACKOFFICE_ORIGIN: ORIGIN, TRUST_PROXY: '127.0.0.1' });
    // inject's client address is 127.0.0.1: the trusted proxy, which names the host the browser asked for.
    expect((await get(proxied, '/backoffice/', { host: 'app.internal:8080', 'x-forwarded-host': STAFF_HOST })).statusCode).toBe(200);
    expect((await get(proxied, '/backoffice/', { host: STAFF_HOST, 'x-forwarded-host': H5_HOST })).statusCode).toBe(404);
    expect((await get(proxied, '/allIt', { host: 'app.internal:8080', 'x-forwarded-host': H5_HOST })).statusCode).toBe(200);
    expect((await get(proxied, '/allIt', { host: 'app.internal:8080', 'x-forwarded-host': STAFF_HOST })).statusCode).toBe(404);
  });
});

describe('without BACKOFFICE_ORIGIN', () => {
  it('serves both sides on any host, as one origin', async () => {
    const t = await app({});
    for (const host of [H5_HOST, STAFF_HOST, 'localhost:8080']) {
      expect((await get(t, '/backoffice/', { host })).body, host).toContain('<title>backoffice</title>');
      expect((await get(t, '/allIt', { host })).body, host).toContain('<title>web</title>');
      expect((await signIn(t, { host, origin: `http://${host}` })).statusCode, host).toBe(200);
    }
  });
});

describe('the setting', () => {
  it('keeps the origin alone, and stops the start naming it when it is not one', () => {
    expect(loadConfig({ BACKOFFICE_ORIGIN: 'HTTPS://Staff.Lender.PH:443/' }).BACKOFFICE_ORIGIN).toBe('https://staff.lender.ph');
    expect(loadConfig({}).BACKOFFICE_ORIGIN).toBeUndefined();
    for (const bad of ['staff.lender.ph', 'https://staff.lender.ph/backoffice', 'https://staff.lender.ph?x=1', 'ftp://staff.lender.ph', 'https://user@staff.lender.ph']) {
      expect(() => loadConfig({ BACKOFFICE_ORIGIN: bad }), bad).toThrow(/Invalid configuration: BACKOFFICE_ORIGIN: must be an origin/);
    }
    expect(() => loadConfig({ BACKOFFICE_ORIGIN: 'https://h5.lender.ph', PUBLIC_URL: 'https://h5.lender.ph/app' })).toThrow(/BACKOFFICE_ORIGIN: must be a host of its own/);
    const keys = { CARD_DATA_KEYS: `k1:${Buffer.alloc(32, 1).toString('base64')}`, CARD_HASH_KEY: Buffer.alloc(32, 2).toString('base64') };
    expect(() => loadConfig({ ...keys, NODE_ENV: 'production', BACKOFFICE_ORIGIN: 'http://staff.lender.ph' })).toThrow(/BACKOFFICE_ORIGIN: must be https when NODE_ENV=production/);
    expect(loadConfig({ ...keys, NODE_ENV: 'production', BACKOFFICE_ORIGIN: 'https://staff.lender.ph' }).BACKOFFICE_ORIGIN).toBe('https://staff.lender.ph');
  });
});
