/**
 * Between the server and the web build's server renderer (apps/web/src/entries/server-render.tsx,
 * built into dist/.ssr/server-render.js and imported by apps/server/src/web/server-render.ts): the
 * page the server renders, the calls its first screen makes and their answers.
 */
import type { Envelope } from './common.ts';
import type { Lang } from './i18n.ts';

/** The web app's three entries (the main app's path routes, and the two `#/` apps). */
export type WebEntry = 'index.html' | 'pay.html' | 'promo.html';

/** The page as the borrower's browser will see it: its entry, its address and its jump policy's <meta> tags. */
export interface ServerPage {
  entry: WebEntry;
  /** Absolute URL, as the browser asked for it (a `#/` app's route is after '#', which never reaches the server). */
  href: string;
  trustedHosts: readonly string[];
  /** The app's deep-link scheme, lower case without ':' ('' = none). */
  appScheme: string;
  /** The page's language (its `lang` parameter, else Accept-Language) and its route's texts in it. */
  lang: Lang;
  texts: PageTexts;
}

/**
 * A page's texts in its language (<script type="application/json" id="texts">, or GET /texts): the
 * routes whose parts they are, and each English text beside its translation. Empty in English.
 */
export interface PageTexts {
  routes: string[];
  texts: Record<string, string>;
}

/** A call a route's first screen makes, as its feature declares it: the request exactly as the H5's API client would send it. */
export interface ServerCall {
  /** The answer's key in the embedded answers. */
  key: string;
  method: 'GET' | 'POST';
  /** Path and query. */
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** A call's answer: the API's envelope, refusals included (the page shows them as it would). */
export type ServerAnswer = Envelope<unknown>;

export interface ServerRender {
  /** The #root markup. */
  markup: string;
  /**
   * Keys of calls the render made that its route did not declare (the browser makes them after
   * hydration); the server logs them, and tests keep the list empty.
   */
  undeclared: string[];
}

/** What dist/.ssr/server-render.js exports. */
export interface ServerRenderer {
  /**
   * The route whose first screen the server renders for this entry and address, or undefined when
   * the browser renders it (a route whose first screen needs the phone's own state; a `#/` app whose
   * query before '#' does not carry what its landing needs).
   */
  routeToRender(entry: WebEntry, href: string): string | undefined;
  /** The id of the <script type="application/json"> holding the answers. */
  PRELOADED_ANSWERS_ID: string;
  /** Loads every server-rendered page's code; once, before the first render. */
  loadPages(): Promise<void>;
  /** The calls the page's first screen makes (its route's declaration), built for the page's address and session. */
  firstCalls(page: ServerPage): ServerCall[];
  /** Renders the page's first screen once, with the answers of its first calls (keyed by ServerCall.key). Synchronous. */
  renderRoute(page: ServerPage, answers: Record<string, ServerAnswer>): ServerRender;
}
