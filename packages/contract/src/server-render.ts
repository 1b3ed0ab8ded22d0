/**
 * Between the server and the web build's server renderer (apps/web/src/entries/server-render.tsx,
 * built into dist/.ssr/server-render.js and imported by apps/server/src/web/server-render.ts): the
 * page the server renders, the calls the render asks for and their answers.
 */
import type { Envelope } from './common.ts';

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
}

/** A call the render wants answered: the request exactly as the H5's API client would send it. */
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
  /** Calls the page wanted and found no answer for: answer them and render again. */
  calls: ServerCall[];
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
  /** Renders one page (its routeToRender) with the answers known so far (keyed by ServerCall.key). Synchronous. */
  renderRoute(page: ServerPage, answers: Record<string, ServerAnswer>): ServerRender;
}
