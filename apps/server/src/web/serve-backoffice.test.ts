import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';

describe('the staff back office at /backoffice', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'backoffice-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Back office</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await createTestApp({ BACKOFFICE_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("serves its page at /backoffice and at every screen's path, never cached, framed by nobody, scripts from this server only", async () => {
    for (const url of ['/backoffice', '/backoffice/', '/backoffice/complaints/12', '/backoffice/orders?status=21']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Back office</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self';");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('serves hashed assets for good and answers 404 for a missing file', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/backoffice/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/backoffice/assets/gone-000.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No back office file at /backoffice/assets/gone-000.js');
  });

  it('answers an unknown staff API path with a 404 that names it, not with the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/staff/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, message: 'GET /staff/api/nothing-here is not a staff API call.', data: null });
  });
});
