/** Test helpers of the repayment screens: a server that answers by path, and a page in a memory router. */
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { createMemoryHistory, Route, Router, Routes, useLocation } from '../../shared/router/router.tsx';
import type { ComponentType } from 'react';

export const SESSION = { deviceId: 'd-1', userId: 'U1', sessionId: 's-1', merchantNumber: 'M0001', mobilePhone: '9170000001' };

export interface SentRequest {
  path: string;
  form: URLSearchParams;
  query: URLSearchParams;
}

type Answer = unknown | ((req: SentRequest) => unknown);

/**
 * Answers each call by its path with the next queued envelope (the last one repeats). An answer
 * 'network' fails the request like a dropped connection.
 */
export function fakeServer(answers: Record<string, Answer[]>) {
  const requests: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const parsed = new URL(url, 'http://h5.test');
      const req: SentRequest = { path: parsed.pathname, form: new URLSearchParams(typeof init.body === 'string' ? init.body : ''), query: parsed.searchParams };
      requests.push(req);
      const queue = answers[req.path];
      const next = queue && queue.length > 1 ? queue.shift() : queue?.[0];
      if (next === undefined) throw new TypeError(`no answer for ${req.path}`);
      if (next === 'network') throw new TypeError('Failed to fetch');
      const envelope = typeof next === 'function' ? await (next as (r: SentRequest) => unknown)(req) : next;
      return new Response(JSON.stringify(envelope), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return requests;
}

export const ok = <T,>(data: T, code: 0 | '00' = 0) => ({ code, message: 'success', data });
export const fail = (code: number | string, message: string) => ({ code, message, data: null });

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

/** Renders `Page` at `url` (with the session in the address, as the app opens it); other routes show where the page went. */
export function renderPage(Page: ComponentType, url: string) {
  const [path = '/', search = ''] = url.split('?');
  const query = new URLSearchParams(search);
  for (const [key, value] of Object.entries(SESSION)) query.set(key, value);
  window.history.replaceState(null, '', `${path}?${query}`);
  const history = createMemoryHistory([`${path}?${query}`]);
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
