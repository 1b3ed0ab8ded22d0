/**
 * The first screen of a path route, rendered on the server for one request. The web build's
 * renderer (apps/web/src/entries/server-render.tsx) renders the route; the calls the page makes
 * first come back as requests, built by the H5's own API client from the request's query (session
 * and order parameters); they are answered by this server's API (serve-web.ts injects them, so the
 * session is checked as for any call) and the route is rendered again with their answers. The
 * answers go into the page for hydration, so the browser does not call again.
 */
import { ERROR_CODES, ERROR_MESSAGES } from '@cashloan/contract';
import type { ServerAnswer, ServerCall, ServerPage, ServerRenderer } from '@cashloan/contract/server-render';

/** Makes one call through the server's own API for the request being rendered. */
export type AnswerCall = (call: ServerCall) => Promise<ServerAnswer>;

/**
 * Rounds of "render, answer what it asked for": a page whose second call depends on its first needs
 * two; beyond that the page makes the rest itself in the browser.
 */
const MAX_CALL_ROUNDS = 3;

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
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * The page `template` (the route's HTML) with its first screen rendered for `page` and the answers
 * embedded; undefined when rendering failed (logged), and the browser then renders the page itself.
 */
export async function renderFirstScreen(
  renderer: ServerRenderer,
  template: string,
  page: ServerPage,
  answer: AnswerCall,
  log: (error: unknown) => void,
): Promise<string | undefined> {
  try {
    const answers: Record<string, ServerAnswer> = {};
    let rendered = renderer.renderRoute(page, answers);
    for (let round = 0; round < MAX_CALL_ROUNDS && rendered.calls.length > 0; round++) {
      const envelopes = await Promise.all(rendered.calls.map(answer));
      rendered.calls.forEach((call, i) => (answers[call.key] = envelopes[i]!));
      rendered = renderer.renderRoute(page, answers);
    }
    if (Object.values(answers).some(mayLackWhatTheBrowserHolds)) return undefined;
    // Spliced in, never through String.replace with a string: the markup and the answers hold what
    // borrowers and agents write, and '$&', '$`' or "$'" in a replacement string would paste the
    // template back into the page (issue 34).
    const at = template.indexOf(EMPTY_ROOT);
    if (at < 0) throw new Error(`the page template has no ${EMPTY_ROOT}`);
    const filled = `<script type="application/json" id="${renderer.PRELOADED_ANSWERS_ID}">${scriptJson(answers)}</script><div id="root">${rendered.markup}</div>`;
    return template.slice(0, at) + filled + template.slice(at + EMPTY_ROOT.length);
  } catch (error) {
    log(error);
    return undefined;
  }
}
