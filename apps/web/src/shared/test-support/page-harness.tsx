/**
 * Test helpers of the feature pages (unit tests only): a server that answers fetch by path, and a
 * page rendered in a memory router with the session in the address, as the native app opens it.
 */
import { vi } from 'vitest';
import { act, render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryHistory, Route, Router, Routes, useLocation } from '../router/router.tsx';

export const SESSION = { deviceId: 'd-1', userId: 'U1', sessionId: 's-1', merchantNumber: 'M0001', mobilePhone: '9170000001' };

export interface SentRequest {
  path: string;
  method: string;
  form: URLSearchParams;
  query: URLSearchParams;
  body: BodyInit | null | undefined;
}

/** An envelope (or a Response, sent as it is), a function of the request giving one, 'network' or an Error (the fetch fails with it). */
type Answer = unknown | ((req: SentRequest) => unknown) | Error;

/** Answers each call by its path with the next queued answer (the last one repeats); returns the requests sent. */
export function fakeServer(answers: Record<string, Answer[]>): SentRequest[] {
  const requests: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const parsed = new URL(url, 'http://h5.test');
      const req: SentRequest = {
        path: parsed.pathname,
        method: init.method ?? 'GET',
        form: new URLSearchParams(typeof init.body === 'string' ? init.body : ''),
        query: parsed.searchParams,
        body: init.body,
      };
      requests.push(req);
      const queue = answers[req.path];
      const next = queue && queue.length > 1 ? queue.shift() : queue?.[0];
      if (next === undefined) throw new TypeError(`no answer for ${req.path}`);
      if (next === 'network') throw new TypeError('Failed to fetch');
      if (next instanceof Error) throw next;
      const envelope = await (typeof next === 'function' ? (next as (r: SentRequest) => unknown)(req) : next);
      // A Response is answered as it is (a file: the PDF routes).
      if (envelope instanceof Response) return envelope;
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

/** Renders `Page` at `url` with the session added; any other route shows where the page went. */
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

/**
 * The webview hidden (the borrower went to another app) or shown again: jsdom's document is never
 * hidden, so its visibilityState is set on the document itself and the event sent as a browser does.
 * `visibleAgain()` in an afterEach takes the setting off.
 */
export function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}
/**
 * The webview turns hidden or visible once the screen's effects have run: an answer that arrived
 * outside act() paints before React runs its passive effects, so a heading on screen does not say
 * its visibility listener is attached yet.
 */
export async function turnVisibility(state: DocumentVisibilityState) {
  await act(async () => undefined);
  act(() => setVisibility(state));
}
export function visibleAgain() {
  delete (document as { visibilityState?: DocumentVisibilityState }).visibilityState;
}

/** A PDF answer as the record-pdf route sends it. */
export const pdfFile = (bytes: Uint8Array, fileName: string) => () =>
  new Response(bytes as BodyInit, { headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${fileName}"` } });
