/**
 * The server's renderer of first screens (built with `vite build --ssr` into
 * dist/.ssr/server-render.js; apps/server/src/web/server-render.ts imports it). A route's first
 * screen is rendered from the answers of the calls the page makes first: a first render collects
 * those calls, the server makes them for the request's session (through its own API, as the browser
 * would), and the next render shows their answers. The server embeds the same answers in the page,
 * so the browser hydrates this markup without calling again (shared/http/preloaded.ts).
 */
import { StrictMode, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import type { ServerAnswer, ServerPage, ServerRender, WebEntry } from '@cashloan/contract/server-render';
import { StaticRouter } from '../shared/router/router.tsx';
import { AppRoutes } from '../app/AppRouter.tsx';
import { MAIN_ROUTES, PROMOTION_ROUTES, type RouteEntry } from '../app/routes.tsx';
import { beginServerRender, endServerRender } from '../shared/http/preloaded.ts';
import { buildRequest } from '../shared/http/client.ts';
import { setServerPage } from '../shared/navigation/server-page.ts';
import { DOWNLOAD_TEMPLATE_PATH } from '../shared/navigation/screen-paths.ts';
import { addressShown } from '../shared/params/page-params.ts';

export { PRELOADED_ANSWERS_ID } from '../shared/http/preloaded.ts';

/** Each entry's routes the server can render (the others' first screen needs the phone's own state). */
const SERVED: Partial<Record<WebEntry, RouteEntry[]>> = {
  'index.html': MAIN_ROUTES.filter((route) => route.firstScreen !== 'browser'),
  'promo.html': PROMOTION_ROUTES,
};

/**
 * A `#/` app's route is after '#', which the server never sees: it renders the entry's landing, the
 * screen campaign links open, when the query before '#' carries what the landing needs
 * (promo.html?templateId=2#/downloadTemplate). The browser hydrates it only on that route (mount.tsx).
 */
const HASH_LANDINGS: Partial<Record<WebEntry, { path: string; needs: string }>> = {
  'promo.html': { path: DOWNLOAD_TEMPLATE_PATH, needs: 'templateId' },
};

let pages: Partial<Record<WebEntry, Array<{ path: string; page: ComponentType }>>> | undefined;

/** Loads every server-rendered page's code once, so a render never meets a lazy page still loading. */
export async function loadPages(): Promise<void> {
  const loaded: typeof pages = {};
  for (const [entry, routes] of Object.entries(SERVED) as Array<[WebEntry, RouteEntry[]]>) {
    const modules = await Promise.all(routes.map((route) => route.load()));
    loaded[entry] = routes.map((route, i) => ({ path: route.path, page: modules[i]!.default }));
  }
  pages = loaded;
}

export function routeToRender(entry: WebEntry, href: string): string | undefined {
  const landing = HASH_LANDINGS[entry];
  if (landing) return new URL(href).searchParams.get(landing.needs) ? landing.path : undefined;
  const { pathname } = new URL(href);
  return SERVED[entry]?.some((route) => route.path === pathname) ? pathname : undefined;
}

/** Renders `page` with the answers known so far. Synchronous: one render at a time. */
export function renderRoute(page: ServerPage, answers: Record<string, ServerAnswer>): ServerRender {
  const routes = pages?.[page.entry];
  const route = routeToRender(page.entry, page.href);
  if (!routes || route === undefined) throw new Error(`server-render: nothing to render for ${page.entry} ${new URL(page.href).pathname}`);
  // The address as the browser will show it: without sessionId, which the page keeps in its storage.
  const shown = new URL(addressShown(page.href), page.href);
  setServerPage(page);
  beginServerRender(answers);
  try {
    const markup = renderToString(
      <StrictMode>
        <StaticRouter location={`${route}${shown.search}`}>
          <AppRoutes routes={routes} />
        </StaticRouter>
      </StrictMode>,
    );
    const calls = endServerRender().map(({ key, route: called, payload }) => {
      const { url, init } = buildRequest(called, payload);
      return { key, method: called.method, url, headers: init.headers as Record<string, string>, ...(typeof init.body === 'string' ? { body: init.body } : {}) };
    });
    return { markup, calls };
  } finally {
    endServerRender();
    setServerPage(undefined);
  }
}
