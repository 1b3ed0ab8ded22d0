/**
 * Test helpers of the back office (unit tests only): a fake staff API that answers fetch by
 * "METHOD /path", sample answers shaped by the contract, and the whole app rendered at a path in a
 * memory router, as a signed-in member of staff with the given roles (or nobody).
 */
import { StyleProvider } from '@ant-design/cssinjs';
import { render, screen, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { STAFF_API_BASE, STAFF_CSRF_HEADER, type StaffRole } from '@cashloan/contract/staff/common';
import type { SessionState } from '@cashloan/contract/staff/session';
import { App } from '../app/App.tsx';
import { staffRoutes } from '../app/routes.tsx';
import { onlyWhatTestsRead } from './jsdom-styles.ts';

export interface SentRequest {
  method: string;
  /** The path under /staff/api, e.g. '/orders/7/move'. */
  path: string;
  query: URLSearchParams;
  /** The parsed JSON body, or the FormData of an upload. */
  body: unknown;
  csrf: string | null;
}

interface Failure {
  status: number;
  message: string;
}
type Answer = unknown | Failure | ((req: SentRequest) => unknown);

export const fail = (status: number, message: string): Failure & { __fail: true } => ({ status, message, __fail: true });
const isFailure = (a: unknown): a is Failure => typeof a === 'object' && a !== null && '__fail' in a;

/**
 * Answers each "METHOD /path" with its next queued answer (the last one repeats); a path with no
 * answer fails the test loudly. Returns the requests sent, in order.
 */
export function fakeStaffApi(answers: Record<string, Answer[]>): SentRequest[] {
  const requests: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const parsed = new URL(url, 'http://bo.test');
      const headers = new Headers(init.headers);
      const req: SentRequest = {
        method: init.method ?? 'GET',
        path: parsed.pathname.slice(STAFF_API_BASE.length),
        query: parsed.searchParams,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
        csrf: headers.get(STAFF_CSRF_HEADER),
      };
      requests.push(req);
      const key = `${req.method} ${req.path}`;
      const queue = answers[key];
      const next = queue && queue.length > 1 ? queue.shift() : queue?.[0];
      if (next === undefined) throw new Error(`fakeStaffApi: no answer for ${key}`);
      const answer = typeof next === 'function' ? (next as (r: SentRequest) => unknown)(req) : next;
      if (isFailure(answer)) return jsonResponse({ code: answer.status, message: answer.message, data: null }, answer.status);
      return jsonResponse({ code: 0, message: 'success', data: answer }, 200);
    }),
  );
  return requests;
}

const jsonResponse = (body: unknown, status: number) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export function sessionOf(roles: StaffRole[], stage: SessionState['stage'] = 'signed-in', secondFactor = false): SessionState {
  return { stage, staff: { id: 1, email: 'ana@lender.test', name: 'Ana Reyes', roles, secondFactor }, csrfToken: 'csrf-1', idleMinutes: 30 };
}

/**
 * Renders the whole back office at `path`; GET /me answers `me` (a session, or a 401 failure) unless `answers` says otherwise.
 * antd's styles keep only the declarations the tests' checks read (jsdom-styles.ts).
 */
export function renderBackOffice(path: string, me: SessionState | Failure, answers: Record<string, Answer[]> = {}) {
  const requests = fakeStaffApi({ 'GET /me': [me], ...answers });
  const router = createMemoryRouter(staffRoutes, { initialEntries: [path] });
  const app = (
    <StyleProvider transformers={[onlyWhatTestsRead]}>
      <App router={router} />
    </StyleProvider>
  );
  return { ...render(app), requests, router };
}

export const signedOut = fail(401, 'Please sign in.');

/**
 * Waits until a form field's message is shown and stays: antd's error list may swap the message's
 * node while the field is checked again, so a node found once can be gone by the next line.
 */
export const expectFieldMessage = (text: string, scope: { getByText(text: string): HTMLElement } = screen) =>
  waitFor(() => expect(scope.getByText(text)).toBeInTheDocument());
