/**
 * The HTML of the web app's pages, built once per page from the client build:
 * - each path route's own JS is announced in <head> (modulepreload), so the browser fetches the
 *   page's code with the shell instead of one round trip after it, and its CSS is inlined;
 * - the static long-text pages are prerendered (dist/.ssr/prerender.js): their text is in the HTML
 *   with the answers they show, and the browser hydrates it. Their code is requested only after the
 *   text's first paint (AFTER_PAINT_LOADER), not announced in <head>.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

type RouteFiles = Record<string, { js: string[]; css: string[] }>;
interface Prerenderer {
  PRERENDERED_PATHS: string[];
  PRELOADED_ANSWERS_ID: string;
  renderPage(url: string, answers: Record<string, unknown>): string;
}
export interface HtmlBody {
  body: Buffer;
  encoding?: 'br' | 'gzip';
}

const ENTRIES = ['index.html', 'pay.html', 'promo.html'] as const;
export type EntryHtml = (typeof ENTRIES)[number];

/** JSON inside <script>: '<' escaped so no text in it can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * A stylesheet inlined into the page, so the first paint waits for no CSS request. The disabled
 * <link> is never fetched; it tells Vite's loader the file is already on the page, so opening the
 * route's lazy chunk does not fetch it again.
 */
const inlineStyle = (file: string, css: string) => `<style>${css.replace(/<\/style/gi, '<\\/style')}</style><link rel="stylesheet" href="/${file}" disabled>`;

/**
 * The script that loads a prerendered page's code once its text is on screen: when the browser
 * reports the first contentful paint (a `paint` PerformanceObserver; where that is missing or
 * throws, after the next frame), it adds the modulepreload links and the entry's module script it
 * carries in data-preload and data-entry. Announced in <head>, the code would be fetched while the HTML is
 * parsed and, on a fast link, run before the first paint: the text would be painted only once the
 * code had arrived and hydrated, and Lighthouse's simulated LCP charges every byte and task of it
 * (its estimate keeps the requests that finished before the observed paint). A page whose #root is
 * empty (its rendering failed) or that is hidden loads at once; none waits more than 3 s. One
 * constant text, so the Content-Security-Policy allows it by hash.
 */
export const AFTER_PAINT_LOADER =
  "(function(s){var done=0;function add(list,make){(s.getAttribute(list)||'').split(' ').forEach(function(url){if(url)document.head.appendChild(make(url))})}" +
  "function load(){if(done)return;done=1;add('data-preload',function(url){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=url;return l});" +
  "add('data-entry',function(url){var e=document.createElement('script');e.type='module';e.crossOrigin='';e.src=url;return e})}" +
  "var root=document.getElementById('root');if(!root||!root.firstElementChild||document.visibilityState==='hidden')return load();" +
  "var later=function(){setTimeout(load,0)};setTimeout(load,3000);" +
  "try{if(!(PerformanceObserver.supportedEntryTypes||[]).includes('paint'))throw 0;" +
  "new PerformanceObserver(function(list,o){if(list.getEntriesByName('first-contentful-paint').length){o.disconnect();later()}}).observe({type:'paint',buffered:true})}" +
  "catch(e){requestAnimationFrame(later)}})(document.currentScript)";

const MODULE_SCRIPT = /<script type="module" crossorigin src="(\/[^"]+)"><\/script>/g;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="(\/[^"]+)">/g;

/**
 * The page's code (the template's module script and modulepreloads, and the route's files) moved
 * from <head> to AFTER_PAINT_LOADER at the end of <body>.
 */
function withCodeAfterPaint(html: string, routeJs: string[]): string {
  const entries = [...html.matchAll(MODULE_SCRIPT)].map((m) => m[1]!);
  const preloads = [...new Set([...[...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!), ...routeJs.map((file) => `/${file}`)])].filter((url) => !entries.includes(url));
  const loader = `<script data-preload="${preloads.join(' ')}" data-entry="${entries.join(' ')}">${AFTER_PAINT_LOADER}</script>`;
  return html.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, '').replace('</body>', `${loader}</body>`);
}

function withRouteFiles(
  template: string,
  files: { js: string[]; css: string[] },
  readCss: (file: string) => string | undefined,
  headTags = '',
  codeAfterPaint = false,
): string {
  const missing = (file: string) => !template.includes(`/${file}"`);
  // The template's own stylesheets (the shell's) are inlined in place.
  let html = template.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (link, file: string) => {
    const css = readCss(file);
    return css === undefined ? link : inlineStyle(file, css);
  });
  const head = [
    headTags,
    ...files.css.filter(missing).map((file) => {
      const css = readCss(file);
      return css === undefined ? `<link rel="stylesheet" crossorigin href="/${file}">` : inlineStyle(file, css);
    }),
    ...(codeAfterPaint ? [] : files.js.filter(missing).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)),
  ].join('');
  html = html.replace('</head>', `${head}</head>`);
  return codeAfterPaint ? withCodeAfterPaint(html, files.js.filter(missing)) : html;
}

/** The encoding to send for this Accept-Encoding: brotli, then gzip, else none (q=0 refuses one). */
export function encodingFor(acceptEncoding: string | undefined): HtmlBody['encoding'] {
  const accepts = (name: string) => new RegExp(`(^|,)\\s*${name}\\s*(;\\s*q=(?!0(\\.0*)?\\s*(,|$))[\\d.]+)?\\s*(,|$)`, 'i').test(acceptEncoding ?? '');
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return undefined;
}

export function compressFor(acceptEncoding: string | undefined, html: string | Buffer, quality = constants.BROTLI_MAX_QUALITY): HtmlBody {
  const body = typeof html === 'string' ? Buffer.from(html) : html;
  const encoding = encodingFor(acceptEncoding);
  if (encoding === 'br') return { body: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }), encoding };
  if (encoding === 'gzip') return { body: gzipSync(body), encoding };
  return { body };
}

/** The CSP sources of the inline scripts a page may run (the pages' own, by hash). */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\b(?:src|type)=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`,
  );
}

export class HtmlPages {
  private readonly cache = new Map<string, HtmlBody>();
  private readonly css = new Map<string, string | undefined>();
  private readonly pages = new Map<string, string>();

  private constructor(
    private readonly distDir: string,
    private readonly templates: Record<EntryHtml, string>,
    private readonly routes: Record<string, RouteFiles>,
    private readonly prerenderer: Prerenderer | undefined,
    private readonly answers: () => Record<string, unknown>,
    private readonly headTags: string,
  ) {}

  /**
   * Reads the build; a build without route-assets.json or a prerenderer still serves plain pages.
   * `headTags` go into every page's <head> (the jump policy's <meta> tags, web/jump-policy.ts).
   */
  static async load(distDir: string, answers: () => Record<string, unknown>, warn: (message: string) => void, headTags = ''): Promise<HtmlPages> {
    const read = (file: string) => readFileSync(join(distDir, file), 'utf8');
    const templates = Object.fromEntries(ENTRIES.map((entry) => [entry, existsSync(join(distDir, entry)) ? read(entry) : read('index.html')])) as Record<EntryHtml, string>;
    const routes = existsSync(join(distDir, 'route-assets.json')) ? (JSON.parse(read('route-assets.json')) as Record<string, RouteFiles>) : {};
    let prerenderer: Prerenderer | undefined;
    const ssrFile = join(distDir, '.ssr/prerender.js');
    if (existsSync(ssrFile)) {
      try {
        prerenderer = (await import(pathToFileURL(ssrFile).href)) as Prerenderer;
      } catch (error) {
        warn(`The prerenderer ${ssrFile} could not be loaded (${String(error)}); the site pages render in the browser.`);
      }
    }
    return new HtmlPages(distDir, templates, routes, prerenderer, answers, headTags);
  }

  /** Inline scripts of every page template, for the Content-Security-Policy. */
  scriptHashes(): string[] {
    const loader = this.prerenderer ? inlineScriptHashes(`<script>${AFTER_PAINT_LOADER}</script>`) : [];
    return [...new Set([...Object.values(this.templates).flatMap(inlineScriptHashes), ...loader])];
  }

  isPrerendered(path: string): boolean {
    return this.prerenderer?.PRERENDERED_PATHS.includes(path) ?? false;
  }

  /** The page for an entry (pay.html, promo.html: every hash route's code) or a main path route; built once. */
  html(entry: EntryHtml, path?: string): string {
    const key = `${entry}|${path ?? ''}`;
    let page = this.pages.get(key);
    if (page === undefined) {
      page = this.build(entry, path);
      this.pages.set(key, page);
    }
    return page;
  }

  private build(entry: EntryHtml, path?: string): string {
    const template = this.templates[entry];
    const table = this.routes[entry] ?? {};
    const files =
      entry === 'index.html'
        ? (path !== undefined ? table[path] : undefined) ?? { js: [], css: [] }
        : Object.values(table).reduce((all, f) => ({ js: [...new Set([...all.js, ...f.js])], css: [...new Set([...all.css, ...f.css])] }), { js: [] as string[], css: [] as string[] });
    // A prerendered page's code waits for its text's first paint (AFTER_PAINT_LOADER).
    const codeAfterPaint = entry === 'index.html' && path !== undefined && this.isPrerendered(path);
    return withRouteFiles(template, files, (file) => this.readCss(file), this.headTags, codeAfterPaint);
  }

  private readCss(file: string): string | undefined {
    if (!this.css.has(file)) {
      const path = join(this.distDir, file);
      this.css.set(file, file.startsWith('assets/') && existsSync(path) ? readFileSync(path, 'utf8') : undefined);
    }
    return this.css.get(file);
  }

  /** A page's bytes for this Accept-Encoding; the route-only pages are built once and kept. */
  body(entry: EntryHtml, path: string, url: string, acceptEncoding: string | undefined, log: (error: unknown) => void): HtmlBody {
    if (entry === 'index.html' && this.isPrerendered(path)) {
      const prerendered = this.prerendered(path, url, log);
      if (prerendered !== undefined) return compressFor(acceptEncoding, prerendered, 5);
    }
    const known = entry !== 'index.html' || this.routes[entry]?.[path] !== undefined;
    const key = `${entry}|${known ? path : '*'}|${encodingFor(acceptEncoding) ?? ''}`;
    let cached = this.cache.get(key);
    if (!cached) {
      cached = compressFor(acceptEncoding, this.html(entry, known ? path : undefined));
      this.cache.set(key, cached);
    }
    return cached;
  }

  /** The prerendered page for this URL (its query can pick a tab), or undefined if rendering failed. */
  private prerendered(path: string, url: string, log: (error: unknown) => void): string | undefined {
    const renderer = this.prerenderer!;
    try {
      const answers = this.answers();
      const markup = renderer.renderPage(url, answers);
      return this.html('index.html', path).replace(
        '<div id="root"></div>',
        `<script type="application/json" id="${renderer.PRELOADED_ANSWERS_ID}">${scriptJson(answers)}</script><div id="root">${markup}</div>`,
      );
    } catch (error) {
      log(error);
      return undefined;
    }
  }
}
