/**
 * The HTML of the web app's pages, built once per page from the client build:
 * - each path route's own JS is announced in <head> (modulepreload), so the browser fetches the
 *   page's code with the shell instead of one round trip after it, and its CSS is inlined;
 * - the path routes' first screens are rendered on the server (dist/.ssr/server-render.js, see
 *   server-render.ts) with the answers they show embedded, and the browser hydrates them. Their code
 *   is requested only after the first paint, and a tap made before it has run is kept for it
 *   (AFTER_PAINT_LOADER).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Lang } from '@cashloan/contract/i18n';
import type { PageTexts, ServerPage, ServerRenderer, WebEntry } from '@cashloan/contract/server-render';
import { joinedParts } from '@cashloan/contract/texts/index';
import { aroundRoot, renderFirstScreen, scriptJson, type AnswerCall, type PageAroundRoot, type RenderLog } from './server-render.ts';

/** A route's files, and the part of the catalogue its page's texts are in (route-assets.json). */
type RouteFiles = Record<string, { js: string[]; css: string[]; texts?: string }>;
export interface HtmlBody {
  body: Buffer;
  encoding?: 'br' | 'gzip';
  /** Rendered for this request with its session's answers: never to be stored by any cache. */
  personal?: true;
}

const ENTRIES: readonly WebEntry[] = ['index.html', 'pay.html', 'promo.html'];

/**
 * A page in a language other than English: <html lang> says which, and its route's texts go in as
 * data (<script id="texts">, read by apps/web/src/shared/i18n/texts.ts), beside the root.
 */
function withLanguage(html: string, lang: Lang, texts: PageTexts): string {
  if (lang === 'en') return html;
  const root = html.indexOf('<div id="root">');
  if (root < 0) throw new Error('the page template has no <div id="root">');
  const script = `<script type="application/json" id="texts">${scriptJson(texts)}</script>`;
  const withScript = html.slice(0, root) + script + html.slice(root);
  return withScript.replace(/<html\b([^>]*)>/, (_, attributes: string) => `<html${attributes.replace(/\slang="[^"]*"/, '')} lang="${lang}">`);
}

/**
 * A stylesheet inlined into the page, so the first paint waits for no CSS request. The disabled
 * <link> is never fetched; it tells Vite's loader the file is already on the page, so opening the
 * route's lazy chunk does not fetch it again.
 */
const inlineStyle = (file: string, css: string) => `<style>${css.replace(/<\/style/gi, '<\\/style')}</style><link rel="stylesheet" href="/${file}" disabled>`;

/**
 * Until the page's code has hydrated the server's screen, its controls have no handlers yet: a tap
 * there would do nothing (or, on a form's button, submit the form natively), and neither would an
 * arrow key on a tab. This keeps, in order, each tap on a control inside #root (a button, a
 * tab, an ARIA checkbox or radio), each form submission, and each arrow, Home or End key on a
 * widget that moves with them (a tab, an ARIA radio or option), and stops them there. A tap on a
 * link to another screen of this site is kept too: followed without code, it would open that screen
 * without the session (the address carries none, and only the code keeps it in sessionStorage), or
 * without what was typed on this one (the test preview's links carry its fields). Other links (mail,
 * phone, other sites, the app), native checkboxes and radios (and their labels) are left alone: they
 * work without code, and the page takes a box ticked early as it takes typed text. The page's code
 * takes what was kept with `window.__takeEarlyInput()` once hydrated, which also stops the keeping,
 * and acts on each again (apps/web/src/app/early-input.ts). Several taps on one control count as
 * one. Typed text, ticked boxes, chosen options and photos need no keeping: they stay in their
 * fields, and the page hands them to its handlers then.
 */
const EARLY_INPUT_KEEPER =
  "(function(){var kept=[],TYPES=['click','submit','keydown']," +
  "TAPPABLE='button,input[type=submit],[role=button],[role=tab],[role=checkbox],[role=radio]'," +
  "MOVING='[role=tab],[role=radio],[role=option],[role=menuitem]',KEYS=['ArrowLeft','ArrowRight','ArrowUp','ArrowDown','Home','End'];" +
  "function keep(e){var root=document.getElementById('root'),t=e.target,el,i;if(!root||!t||!t.closest||!root.contains(t))return;" +
  "if(e.type==='keydown'){if(KEYS.indexOf(e.key)<0||!(el=t.closest(MOVING)))return;e.preventDefault();e.stopPropagation();kept.push({target:el,key:e.key});return}" +
  "el=e.type==='submit'?t:t.closest(TAPPABLE)||((el=t.closest('a[href]'))&&el.origin===location.origin?el:null);if(!el)return;e.preventDefault();e.stopPropagation();" +
  "for(i=0;i<kept.length;i++)if(kept[i].target===el&&!kept[i].key)return;kept.push({target:el})}" +
  "TYPES.forEach(function(type){document.addEventListener(type,keep,true)});" +
  "window.__takeEarlyInput=function(){TYPES.forEach(function(type){document.removeEventListener(type,keep,true)});var taken=kept;kept=[];return taken}})();";

/**
 * The script that keeps what the borrower does before the page's code has run (EARLY_INPUT_KEEPER) and loads
 * that code once the server-rendered screen is painted.
 *
 * The loader: when the browser reports the first contentful paint (a `paint` PerformanceObserver;
 * where that is missing or throws, after the next frame), it adds the modulepreload links and the
 * entry's module script it carries in data-preload and data-entry. Announced in <head>, the code
 * would be fetched while the HTML is parsed and, on a fast link, run before the first paint: the
 * text would be painted only once the code had arrived and hydrated, and Lighthouse's simulated LCP
 * charges every byte and task of it (its estimate keeps the requests that finished before the
 * observed paint). A page whose #root is empty (its rendering failed) or that is hidden loads at
 * once; none waits more than 3 s. If the entry script (or a chunk it imports) fails to load, the
 * keeping stops and an alert says so with a Reload button: otherwise every tap would stay kept for
 * code that never comes.
 *
 * One constant text, so the Content-Security-Policy allows it by hash.
 */
export const AFTER_PAINT_LOADER =
  EARLY_INPUT_KEEPER +
  "(function(s){var done=0;function add(list,make){(s.getAttribute(list)||'').split(' ').forEach(function(url){if(url)document.head.appendChild(make(url))})}" +
  "function load(){if(done)return;done=1;add('data-preload',function(url){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=url;return l});" +
  "add('data-entry',function(url){var e=document.createElement('script');e.type='module';e.crossOrigin='';e.src=url;e.onerror=failed;return e})}" +
  // The entry, or a chunk it imports, did not load: the page will never take what is kept.
  "function failed(){var take=window.__takeEarlyInput;if(take){take();try{delete window.__takeEarlyInput}catch(x){window.__takeEarlyInput=undefined}}" +
  "if(document.getElementById('code-failed'))return;var box=document.createElement('div'),text=document.createElement('p'),again=document.createElement('button');" +
  "box.id='code-failed';box.setAttribute('role','alert');box.style.cssText='position:fixed;left:0;right:0;bottom:0;z-index:2000;padding:16px;background:#fff;color:#222;border-top:1px solid #ccc;text-align:center';" +
  "text.textContent='Something went wrong. Please reload the page.';again.type='button';again.textContent='Reload';again.style.cssText='min-width:120px;min-height:44px;font-size:16px';" +
  "again.onclick=function(){location.reload()};box.appendChild(text);box.appendChild(again);document.body.appendChild(box)}" +
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
  // A function replacement: a replacement string would read '$' in the file names as a pattern.
  return html.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, '').replace('</body>', () => `${loader}</body>`);
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
  // A function replacement: the inlined CSS may hold '$&', "$'" or '$`' (in a content: string, say).
  html = html.replace('</head>', () => `${head}</head>`);
  return codeAfterPaint ? withCodeAfterPaint(html, files.js.filter(missing)) : html;
}

/** An Accept-Encoding that takes `name` (q=0 refuses it); made once, as every page request asks. */
const takes = (name: string) => new RegExp(`(^|,)\\s*${name}\\s*(;\\s*q=(?!0(\\.0*)?\\s*(,|$))[\\d.]+)?\\s*(,|$)`, 'i');
const TAKES = { br: takes('br'), gzip: takes('gzip') } as const;

/** Whether Accept-Encoding takes `name` (q=0 refuses it). */
const accepts = (acceptEncoding: string | undefined, name: keyof typeof TAKES) => TAKES[name].test(acceptEncoding ?? '');

/** The encoding to send for this Accept-Encoding: brotli, then gzip, else none (q=0 refuses one). */
export function encodingFor(acceptEncoding: string | undefined): HtmlBody['encoding'] {
  if (accepts(acceptEncoding, 'br')) return 'br';
  if (accepts(acceptEncoding, 'gzip')) return 'gzip';
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
  /** The pages a first screen is rendered into, cut at their root (a page's routes and a language: a bounded set). */
  private readonly rendered = new Map<string, PageAroundRoot>();
  /** Each page's texts in a language, joined once (a page's routes and a language: a bounded set). */
  private readonly textsKept = new Map<string, PageTexts>();

  private constructor(
    private readonly distDir: string,
    private readonly templates: Record<WebEntry, string>,
    private readonly routes: Record<string, RouteFiles>,
    private readonly renderer: ServerRenderer | undefined,
    private readonly headTags: string,
  ) {}

  /**
   * Reads the build; a build without a server renderer still serves plain pages, and one without
   * route-assets.json (the route table's paths, which serve-web.ts makes the page routes of) only its entries.
   * `headTags` go into every page's <head> (the jump policy's <meta> tags, web/jump-policy.ts).
   */
  static async load(distDir: string, warn: (message: string) => void, headTags = ''): Promise<HtmlPages> {
    const read = (file: string) => readFileSync(join(distDir, file), 'utf8');
    const templates = Object.fromEntries(ENTRIES.map((entry) => [entry, existsSync(join(distDir, entry)) ? read(entry) : read('index.html')])) as Record<WebEntry, string>;
    const routes = existsSync(join(distDir, 'route-assets.json')) ? (JSON.parse(read('route-assets.json')) as Record<string, RouteFiles>) : {};
    let renderer: ServerRenderer | undefined;
    const ssrFile = join(distDir, '.ssr/server-render.js');
    if (existsSync(ssrFile)) {
      try {
        renderer = (await import(pathToFileURL(ssrFile).href)) as ServerRenderer;
        await renderer.loadPages();
      } catch (error) {
        renderer = undefined;
        warn(`The server renderer ${ssrFile} could not be loaded (${String(error)}); every page renders in the browser.`);
      }
    }
    return new HtmlPages(distDir, templates, routes, renderer, headTags);
  }

  /** The path routes of an entry's route table ('/allIt', …), as the build wrote them. */
  pathRoutes(entry: WebEntry): string[] {
    return Object.keys(this.routes[entry] ?? {});
  }

  /**
   * A page's texts in `lang`: the 'common' part and the part of each route it may show (a path
   * route's own; every route of a `#/` app, whose route the server never sees). Empty in English.
   */
  texts(entry: WebEntry, path: string | undefined, lang: Lang): PageTexts {
    const table = this.routes[entry] ?? {};
    const routes = lang === 'en' ? [] : entry !== 'index.html' ? Object.keys(table) : path !== undefined && table[path] ? [path] : [];
    return this.keptTexts(`${entry}|${routes.join(',')}|${lang}`, routes, ['common', ...routes.map((route) => table[route]?.texts ?? 'common')], lang);
  }

  /** A route's texts for a page opened later in the app (GET /texts), whichever entry's table holds it; undefined for no route. */
  laterTexts(route: string, lang: Lang): PageTexts | undefined {
    const entry = ENTRIES.find((e) => this.routes[e]?.[route] !== undefined);
    if (entry === undefined) return undefined;
    return this.keptTexts(`later|${route}|${lang}`, [route], [this.routes[entry]![route]!.texts ?? 'common'], lang);
  }

  private keptTexts(key: string, routes: string[], parts: string[], lang: Lang): PageTexts {
    let texts = this.textsKept.get(key);
    if (!texts) this.textsKept.set(key, (texts = { routes, texts: joinedParts(lang, [...new Set(parts)]) }));
    return texts;
  }

  /** Inline scripts of every page template, for the Content-Security-Policy. */
  scriptHashes(): string[] {
    const loader = this.renderer ? inlineScriptHashes(`<script>${AFTER_PAINT_LOADER}</script>`) : [];
    return [...new Set([...Object.values(this.templates).flatMap(inlineScriptHashes), ...loader])];
  }

  /**
   * The page for an entry (pay.html, promo.html: every hash route's code) or a main path route; built
   * once. `codeAfterPaint`: the page will carry a first screen the server rendered, and its code
   * waits for that screen's first paint while what the borrower does meanwhile is kept (AFTER_PAINT_LOADER).
   * In `lang` other than English, with <html lang> and the page's texts (withLanguage).
   */
  html(entry: WebEntry, path?: string, codeAfterPaint = false, lang: Lang = 'en'): string {
    const key = `${entry}|${path ?? ''}|${codeAfterPaint}|${lang}`;
    let page = this.pages.get(key);
    if (page === undefined) {
      page = withLanguage(this.build(entry, path, codeAfterPaint), lang, this.texts(entry, path, lang));
      this.pages.set(key, page);
    }
    return page;
  }

  private build(entry: WebEntry, path: string | undefined, codeAfterPaint: boolean): string {
    const template = this.templates[entry];
    const table = this.routes[entry] ?? {};
    const files =
      entry === 'index.html'
        ? (path !== undefined ? table[path] : undefined) ?? { js: [], css: [] }
        : Object.values(table).reduce((all, f) => ({ js: [...new Set([...all.js, ...f.js])], css: [...new Set([...all.css, ...f.css])] }), { js: [] as string[], css: [] as string[] });
    return withRouteFiles(template, files, (file) => this.readCss(file), this.headTags, codeAfterPaint);
  }

  private readCss(file: string): string | undefined {
    if (!this.css.has(file)) {
      const path = join(this.distDir, file);
      this.css.set(file, file.startsWith('assets/') && existsSync(path) ? readFileSync(path, 'utf8') : undefined);
    }
    return this.css.get(file);
  }

  /**
   * The page a first screen is rendered into, cut at its root, built once; undefined (logged) for a
   * template without an empty root, and the browser renders that page itself.
   */
  private renderedTemplate(entry: WebEntry, path: string, lang: Lang, log: RenderLog): PageAroundRoot | undefined {
    const key = `${entry}|${path}|${lang}`;
    let template = this.rendered.get(key);
    if (!template) {
      try {
        template = aroundRoot(this.html(entry, path, true, lang));
      } catch (error) {
        log.failed(error);
        return undefined;
      }
      this.rendered.set(key, template);
    }
    return template;
  }

  /**
   * A page's bytes for this Accept-Encoding. A server-rendered route is rendered for this request,
   * its first calls answered by `answer` (the server's own API); the others are built once and kept.
   */
  async body(page: ServerPage, path: string, acceptEncoding: string | undefined, answer: AnswerCall, log: RenderLog): Promise<HtmlBody> {
    const { entry, lang } = page;
    if (this.renderer?.routeToRender(entry, page.href) !== undefined) {
      const template = this.renderedTemplate(entry, path, lang, log);
      const screen = template && (await renderFirstScreen(this.renderer, page, answer, log));
      if (template && screen !== undefined) {
        // Gzip with the template's sides compressed once (gzip-around.ts) before brotli, which would
        // compress the whole page per request; brotli (at 5, most of its gain at a fraction of 11's
        // time) only for a browser that takes no gzip.
        if (accepts(acceptEncoding, 'gzip')) return { body: template.gzip(screen), encoding: 'gzip', personal: true };
        return { ...compressFor(acceptEncoding, Buffer.concat([template.before, screen, template.after]), 5), personal: true };
      }
    }
    const known = entry !== 'index.html' || this.routes[entry]?.[path] !== undefined;
    const key = `${entry}|${known ? path : '*'}|${lang}|${encodingFor(acceptEncoding) ?? ''}`;
    let cached = this.cache.get(key);
    if (!cached) {
      cached = compressFor(acceptEncoding, this.html(entry, known ? path : undefined, false, lang));
      this.cache.set(key, cached);
    }
    return cached;
  }
}
