import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HtmlPages } from './html-pages.ts';

/** A renderer that renders '/' (it must never be asked to). */
const SERVER_RENDERER = `
export const routeToRender = (entry, href) => (new URL(href).pathname === '/' ? '/' : undefined);
export const PRELOADED_ANSWERS_ID = 'preloaded-answers';
export async function loadPages() {}
export const firstCalls = () => [];
export const renderRoute = () => ({ markup: '<main>rendered</main>', undeclared: [] });`;

describe('HtmlPages', () => {
  it('leaves to the browser, and logs, a page whose template has no empty root to render into', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, '.ssr'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head></head><body><div id="root">static</div></body></html>');
    writeFileSync(join(dist, '.ssr', 'server-render.js'), SERVER_RENDERER);
    const pages = await HtmlPages.load(dist, () => {});
    const failures: unknown[] = [];
    const page = { entry: 'index.html' as const, href: 'http://h5.test/', trustedHosts: [], appScheme: '', lang: 'en' as const, texts: { routes: [], texts: {} } };
    const log = { failed: (error: unknown) => failures.push(error), undeclared: () => {} };
    const answered = await pages.body(page, '/', undefined, async () => ({ code: 0, message: '', data: null }), log);
    expect(answered.personal).toBeUndefined();
    expect(answered.body.toString()).toContain('<div id="root">static</div>');
    expect(answered.body.toString()).not.toContain('rendered');
    expect(String(failures[0])).toMatch(/no <div id="root"><\/div>/);
  });
});
