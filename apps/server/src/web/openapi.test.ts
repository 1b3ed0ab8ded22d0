import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CALLS, STAFF_CALLS } from '@cashloan/contract';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { OPENAPI_VIEWER_CSP } from './openapi.ts';

describe('GET /openapi.json and the /openapi viewer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the OpenAPI 3.1 document of every call, publicly, cacheable with an ETag', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, { operationId: string }>> };
    expect(doc.openapi).toMatch(/^3\.1\./);
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(ids).toHaveLength(Object.keys(ALL_CALLS).length + Object.keys(STAFF_CALLS).length);
    const again = await t.app.inject({ method: 'GET', url: '/openapi.json', headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('serves a viewer page whose scripts and stylesheet load from this server, under a CSP without inline script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(OPENAPI_VIEWER_CSP);
    expect(OPENAPI_VIEWER_CSP).toContain("script-src 'self'");
    expect(OPENAPI_VIEWER_CSP).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    // No inline script: every <script> names a file.
    expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const urls = [...res.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(urls.filter((u) => u.endsWith('.js'))).toHaveLength(2);
    expect(urls.some((u) => u.endsWith('.css'))).toBe(true);
    for (const url of urls) {
      expect(url.startsWith('/')).toBe(true);
      const asset = await t.app.inject({ method: 'GET', url });
      expect(asset.statusCode, url).toBe(200);
      expect(asset.body.length, url).toBeGreaterThan(0);
      if (url.endsWith('.js')) expect(asset.headers['content-type'], url).toMatch(/javascript/);
      if (url.endsWith('.css')) expect(asset.headers['content-type'], url).toMatch(/^text\/css/);
    }
    // The initializer loads this server's document.
    const init = await t.app.inject({ method: 'GET', url: '/openapi/init.js' });
    expect(init.body).toContain('"/openapi.json"');
  });

  it('serves no other file of the viewer package', async () => {
    for (const url of ['/openapi/assets/index.html', '/openapi/assets/swagger-initializer.js', '/openapi/assets/package.json', '/openapi/assets/../package.json']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});
