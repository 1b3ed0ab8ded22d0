import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { writeRouteTable } from '../test-support/built-web.ts';
import { contentSecurityPolicy } from './serve-web.ts';
import { inlineScriptHashes } from './html-pages.ts';

const TEMPLATE = '<!doctype html><html><head><script>var ok = 1;</script></head><body><div id="root"></div></body></html>';
const metaContent = (html: string, name: string) => new RegExp(`<meta name="${name}" content="([^"]*)">`).exec(html)?.[1];

describe('the jump policy in every page', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-jump-'));
    for (const page of ['index.html', 'pay.html', 'promo.html']) writeFileSync(join(dist, page), TEMPLATE);
    writeRouteTable(dist, { 'index.html': ['/allIt'] });
    const config = loadConfig({ PUBLIC_URL: 'https://h5.lender.example', TRUSTED_HOSTS: ' Pay.Provider.example , *.cdn.lender.example:8443,bücher.example', SCHEME_URL: 'kwarta://open' });
    t = await createTestApp({ WEB_DIST: dist, PUBLIC_URL: config.PUBLIC_URL, TRUSTED_HOSTS: config.TRUSTED_HOSTS, SCHEME_URL: config.SCHEME_URL });
  });
  afterAll(() => t.close());

  it('names PUBLIC_URL’s host and TRUSTED_HOSTS in canonical form, and the app scheme, on path and #/ pages', async () => {
    for (const url of ['/allIt?orderId=1', '/pay.html', '/promo.html', '/']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(metaContent(res.body, 'trusted-hosts'), url).toBe('h5.lender.example,pay.provider.example,*.cdn.lender.example:8443,xn--bcher-kva.example');
      expect(metaContent(res.body, 'app-scheme'), url).toBe('kwarta');
    }
  });

  it('adds no inline script: the CSP still allows only the template’s own (and images from the same hosts, over https)', async () => {
    const res = await t.app.inject('/allIt');
    const hosts = ['h5.lender.example', 'pay.provider.example', '*.cdn.lender.example:8443', 'xn--bcher-kva.example'];
    expect(res.headers['content-security-policy']).toBe(contentSecurityPolicy(inlineScriptHashes(TEMPLATE), hosts));
  });
});

describe('validating the settings at start', () => {
  it('refuses a TRUSTED_HOSTS entry that is not a bare host, naming it', () => {
    for (const bad of ['https://pay.example', 'pay.example/path', 'user@pay.example', 'pay.example?x', 'evil.*.example', '*', 'pay.example.', 'a b.example', 'pay.example\\evil']) {
      expect(() => loadConfig({ TRUSTED_HOSTS: `ok.example,${bad}` }), bad).toThrow(/Invalid configuration: TRUSTED_HOSTS: not a host, host:port or \*\.domain: /);
    }
  });

  it('accepts hosts, ports, IP addresses and wildcards, and defaults to none', () => {
    expect(loadConfig({ TRUSTED_HOSTS: 'pay.example:8443,10.0.0.1,[::1]:8080,*.lender.example' }).TRUSTED_HOSTS).toEqual(['pay.example:8443', '10.0.0.1', '[::1]:8080', '*.lender.example']);
    expect(loadConfig({}).TRUSTED_HOSTS).toEqual([]);
  });

  it('refuses a SCHEME_URL that is a web or script URL, and a PUBLIC_URL that is not http(s)', () => {
    for (const bad of ['https://app.example', 'javascript:alert(1)', 'data:text/html,x', 'no-scheme']) {
      expect(() => loadConfig({ SCHEME_URL: bad }), bad).toThrow(/SCHEME_URL: must start with the app's own scheme/);
    }
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL: must be an http\(s\) URL/);
    expect(loadConfig({ SCHEME_URL: 'pesonow://app' }).SCHEME_URL).toBe('pesonow://app');
  });
});
