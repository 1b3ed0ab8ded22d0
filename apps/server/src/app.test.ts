import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-support/test-app.ts';
import { writeRouteTable } from './test-support/built-web.ts';
import { redactUrl } from './platform/http/redact.ts';

describe('the server shell', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>main app</title>');
    writeFileSync(join(dist, 'pay.html'), '<!doctype html><title>payment way</title>');
    writeFileSync(join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
    writeRouteTable(dist, { 'index.html': ['/', '/allIt', '/testPreview'] });
    t = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(() => t.close());

  it('reports health with the database kind', async () => {
    const res = await t.app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, db: t.db.kind });
  });

  it('serves every path route of the main app with index.html, never cached', async () => {
    for (const path of ['/allIt?orderId=1', '/testPreview', '/']) {
      const res = await t.app.inject(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body).toContain('main app');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves the payment-way entry as its own page and hashed assets as immutable', async () => {
    const pay = await t.app.inject('/pay.html');
    expect(pay.body).toContain('payment way');
    expect(pay.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject('/assets/main-abc123.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers unknown API paths with an envelope, not the web app', async () => {
    const res = await t.app.inject('/h5api/v3/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, data: null });
  });

  it('keeps the ops API closed without the bearer token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/ops/borrowers', payload: { mobilePhone: '9170000001' } });
    expect(res.statusCode).toBe(401);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/ops/borrowers',
      headers: { authorization: `Bearer ${t.config.OPS_TOKEN}` },
      payload: { mobilePhone: '9170000001' },
    });
    expect(ok.json().data.session.sessionId).toMatch(/^[0-9a-f]{64}$/);
  });

  it('never writes a session id, OTP or card number into a logged URL, and masks user ids', () => {
    expect(redactUrl('/h5api/x?userId=U1234567&sessionId=abcdef&smsCode=123456&cardNo=4111111111111111')).toBe(
      '/h5api/x?userId=****4567&sessionId=[redacted]&smsCode=[redacted]&cardNo=[redacted]',
    );
  });
});
