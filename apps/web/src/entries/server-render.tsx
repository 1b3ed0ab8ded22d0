/**
 * The server's renderer of the main app's path routes (built with `vite build --ssr` into
 * dist/.ssr/server-render.js; apps/server/src/web/server-render.ts imports it). A route's first
 * screen is rendered from the answers of the calls the page makes first: a first render collects
 * those calls, the server makes them for the request's session (through its own API, as the browser
 * would), and the next render shows their answers. The server embeds the same answers in the page,
 * so the browser hydrates this markup without calling again (shared/http/preloaded.ts).
 */
import { StrictMode, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from '../shared/router/router.tsx';
import { AppRoutes } from '../app/AppRouter.tsx';
import { MAIN_ROUTES } from '../app/routes.tsx';
import type { ServerAnswer, ServerCall, ServerPage, ServerRender } from '@cashloan/contract/server-render';
import { beginServerRender, endServerRender } from '../shared/http/preloaded.ts';
import { buildRequest } from '../shared/http/client.ts';
import { setServerPage } from '../shared/navigation/server-page.ts';
import { addressShown } from '../shared/params/page-params.ts';

export { PRELOADED_ANSWERS_ID } from '../shared/http/preloaded.ts';

/** The paths whose first screen the server renders (the others' first screen needs the phone's own state). */
export const SERVER_RENDERED_PATHS = MAIN_ROUTES.filter((route) => route.firstScreen !== 'browser').map((route) => route.path);

let pages: Array<{ path: string; page: ComponentType }> | undefined;

/** Loads every server-rendered page's code once, so a render never meets a lazy page still loading. */
export async function loadPages(): Promise<void> {
  const served = MAIN_ROUTES.filter((route) => route.firstScreen !== 'browser');
  const modules = await Promise.all(served.map((route) => route.load()));
  pages = served.map((route, i) => ({ path: route.path, page: modules[i]!.default }));
}

/** Renders `page` with the answers known so far. Synchronous: one render at a time. */
export function renderRoute(page: ServerPage, answers: Record<string, ServerAnswer>): ServerRender {
  if (!pages) throw new Error('server-render: loadPages() first');
  // The address as the browser will show it: without sessionId, which the page keeps in its storage.
  const url = addressShown(page.href);
  setServerPage(page);
  beginServerRender(answers);
  try {
    const markup = renderToString(
      <StrictMode>
        <StaticRouter location={url}>
          <AppRoutes routes={pages} />
        </StaticRouter>
      </StrictMode>,
    );
    const calls = endServerRender().map(({ key, route, payload }) => {
      const { url: callUrl, init } = buildRequest(route, payload);
      const call: ServerCall = { key, method: route.method, url: callUrl, headers: init.headers as Record<string, string> };
      if (typeof init.body === 'string') call.body = init.body;
      return call;
    });
    return { markup, calls };
  } finally {
    endServerRender();
    setServerPage(undefined);
  }
}
