/** Test helpers of the complaint screens: a router in memory and a server that answers by path. */
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { createMemoryHistory, Route, Router, Routes, useLocation } from '../../shared/router/router.tsx';
import type { ComponentType } from 'react';

export const SESSION = { deviceId: 'd-1', userId: 'U1', sessionId: 's-1', merchantNumber: 'M0001', mobilePhone: '9170000001' };

export interface SentRequest {
  path: string;
  method: string;
  form: URLSearchParams;
  body: BodyInit | null | undefined;
}

/** Answers each call by its path with the next queued envelope (or a function of the request). */
export function fakeServer(answers: Record<string, Array<unknown | ((req: SentRequest) => unknown)>>) {
  const requests: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = new URL(url, 'http://h5.test').pathname;
      const req: SentRequest = {
        path,
        method: init.method ?? 'GET',
        form: new URLSearchParams(typeof init.body === 'string' ? init.body : ''),
        body: init.body,
      };
      requests.push(req);
      const queue = answers[path];
      const next = queue && queue.length > 1 ? queue.shift() : queue?.[0];
      if (next === undefined) throw new TypeError(`no answer for ${path}`);
      const envelope = typeof next === 'function' ? (next as (r: SentRequest) => unknown)(req) : next;
      return new Response(JSON.stringify(envelope), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return requests;
}

export const ok = <T,>(data: T) => ({ code: '00', message: 'success', data });

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

/** Renders `Page` at `url` in a memory router; any other route shows where the page navigated to. */
export function renderPage(Page: ComponentType, url: string) {
  // The webview's address carries the session, as the native app opens it.
  const [path = '/', search = ''] = url.split('?');
  const query = new URLSearchParams(search);
  for (const [key, value] of Object.entries(SESSION)) query.set(key, value);
  window.history.replaceState(null, '', `${path}?${query}`);
  const history = createMemoryHistory([url]);
  const routes = (
    <Router history={history}>
      <Routes>
        <Route path={path} element={<Page />} />
        <Route path="*" element={<WhereAmI />} />
      </Routes>
    </Router>
  );
  return { ...render(routes), history };
}
