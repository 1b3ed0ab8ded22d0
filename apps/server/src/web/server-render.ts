/**
 * The first screen of a path route, rendered on the server for one request. The web build's
 * renderer (apps/web/src/entries/server-render.tsx) names the calls the route's first screen makes,
 * as its feature declares them: requests built by the H5's own API client from the request's query
 * (session and order parameters). This server's API answers them, in parallel (serve-web.ts injects
 * them, so the session is checked as for any call), and the route is rendered once with their
 * answers. The answers go into the page for hydration, so the browser does not call again.
 */
import { ERROR_CODES, ERROR_MESSAGES } from '@cashloan/contract';
import type { ServerAnswer, ServerCall, ServerPage, ServerRenderer } from '@cashloan/contract/server-render';
import { gzipAround, type GzipAround } from './gzip-around.ts';

/** Makes one call through the server's own API for the request being rendered. */
export type AnswerCall = (call: ServerCall) => Promise<ServerAnswer>;

export interface RenderLog {
  /** The render failed: the browser renders the page. */
  failed(error: unknown): void;
  /** The render made calls its route does not declare (keys): the route's firstCalls should name them. */
  undeclared(keys: string[]): void;
}

/**
 * A refusal for a missing session or page parameter says nothing of what the browser will send: the
 * page keeps sessionId in its sessionStorage and not in the address (hideSessionId), so a reload or a
 * full load of a same-origin link asks for the page without it; and an order's parameters
 * (productId, orderId) carried from an earlier page may be in its storage only. Such a page is left
 * to the browser, which calls with what it holds (or shows the same refusal).
 */
const mayLackWhatTheBrowserHolds = (answer: ServerAnswer) =>
  answer.message === ERROR_MESSAGES.sessionMissing || Number(answer.code) === ERROR_CODES.invalidInput;

/**
 * JSON inside <script>: '<' escaped so no text in it can close the element (or open a comment), and
 * U+2028/U+2029 escaped too, so the text stays valid should it ever be read as JavaScript.
 */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * A page template cut at its empty root, each side encoded once (the inlined CSS is most of it): a
 * rendered page is the two with the screen's bytes between, with no string of the whole page made
 * and encoded per request. `gzip` compresses a page of these sides, compressing only its middle.
 */
export interface PageAroundRoot {
  before: Buffer;
  after: Buffer;
  gzip: GzipAround;
}

export function aroundRoot(template: string): PageAroundRoot {
  const at = template.indexOf(EMPTY_ROOT);
  if (at < 0) throw new Error(`the page template has no ${EMPTY_ROOT}`);
  const before = Buffer.from(template.slice(0, at));
  const after = Buffer.from(template.slice(at + EMPTY_ROOT.length));
  return { before, after, gzip: gzipAround(before, after) };
}

/**
 * The first screen rendered for `page` with its answers embedded: the bytes that go in place of the
 * template's empty root (PageAroundRoot's middle); undefined when rendering failed (logged), and the
 * browser then renders the page itself.
 */
export async function renderFirstScreen(renderer: ServerRenderer, page: ServerPage, answer: AnswerCall, log: RenderLog): Promise<Buffer | undefined> {
  try {
    const calls = renderer.firstCalls(page);
    const envelopes = await Promise.all(calls.map(answer));
    if (envelopes.some(mayLackWhatTheBrowserHolds)) return undefined;
    const answers: Record<string, ServerAnswer> = {};
    calls.forEach((call, i) => (answers[call.key] = envelopes[i]!));
    const rendered = renderer.renderRoute(page, answers);
    // The screen still shows (the browser makes such a call after hydration), but slower than it should.
    if (rendered.undeclared.length > 0) log.undeclared(rendered.undeclared);
    // Put between the template's sides as bytes, never through String.replace with a string: the
    // markup and the answers hold what borrowers and agents write, and '$&', '$`' or "$'" in a
    // replacement string would paste the template back into the page (issue 34).
    return Buffer.from(`<script type="application/json" id="${renderer.PRELOADED_ANSWERS_ID}">${scriptJson(answers)}</script><div id="root">${rendered.markup}</div>`);
  } catch (error) {
    log.failed(error);
    return undefined;
  }
}
