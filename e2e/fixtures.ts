/**
 * The e2e fixtures: `ops` (the back-office API of the running server), `borrower` (a fresh borrower
 * with a live session and URLs that carry it) and `bridge` (the fake host app, recording every
 * bridge message). Specs import `test` and `expect` from here.
 */
import { randomInt } from 'node:crypto';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import type { SessionParams } from '@cashloan/contract/common';
import { fakeBridgeScript, type BridgeCall, type FakeBridgePlatform } from '../apps/web/src/shared/bridge/fake-bridge.ts';
import { opsToken, serverUrl } from './server.ts';

export interface OpsClient {
  /** POST/GET an ops endpoint with the ops token; resolves with `data`, rejects on any failure. */
  request<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T>;
  createBorrower(input?: NewBorrowerInput): Promise<CreatedBorrower>;
  /** The 6-digit code of the newest SMS to the phone in the dev outbox, once there is one. */
  latestSmsCode(phone: string): Promise<string>;
}
/** The ops API of a spec's own server (startServer): an answer with a non-zero code throws, naming it. */
export function opsRequestOf(url: string, token: string): OpsClient['request'] {
  return async <T,>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${url}/ops${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const envelope = (await res.json()) as { code: unknown; data: T; message?: string };
    if (!res.ok || (envelope.code !== 0 && envelope.code !== '0')) throw new Error(`ops ${method} ${path}: ${res.status} ${JSON.stringify(envelope)}`);
    return envelope.data;
  };
}

export interface NewBorrowerInput {
  mobilePhone?: string;
  name?: string;
  isRepeat?: boolean;
  deviceId?: string;
  merchantNumber?: string;
  userId?: string;
}
export interface CreatedBorrower {
  borrowerId: number;
  session: SessionParams;
}
export interface Borrower extends CreatedBorrower {
  /** `path` with this borrower's session parameters (and `extra`) in its query; `#/` routes keep the query after the hash. */
  url(path: string, extra?: Record<string, string | number | undefined>): string;
}
/** An order the ops API seeded for a borrower: its ids and its order-details address (with the session). */
export interface CreatedOrder {
  orderId: number;
  orderNo: string;
  productId: number;
  path: string;
}
/** Seeds an order for `borrower` (POST /orders of the ops API); `body` sets its status, amounts, dates. */
export const newOrder = (ops: OpsClient, borrower: Borrower, body: Record<string, unknown> = {}) =>
  ops.request<CreatedOrder>('POST', '/orders', { borrowerId: borrower.borrowerId, ...body });
/** The page parameters that name an order. */
export const orderIds = (order: Pick<CreatedOrder, 'productId' | 'orderId'>) => ({ productId: order.productId, orderId: order.orderId });

export interface FakeBridge {
  /** The bridge messages the page sent, in order, with their parsed payloads. */
  calls(): Promise<BridgeCall[]>;
  /** Forgets the messages recorded so far in this tab. */
  clear(): Promise<void>;
}

/** A fresh 11-digit phone number per borrower (phones are unique per merchant). */
function uniquePhone(): string {
  return `09${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
}

export function withQuery(path: string, params: Record<string, string | number | undefined>): string {
  const hashAt = path.indexOf('#');
  const base = hashAt >= 0 ? path.slice(hashAt) : path;
  const [route, search = ''] = base.split('?', 2) as [string, string?];
  const query = new URLSearchParams(search);
  for (const [key, value] of Object.entries(params)) if (value !== undefined) query.set(key, String(value));
  const qs = query.toString();
  const target = `${route}${qs ? `?${qs}` : ''}`;
  return hashAt >= 0 ? `${path.slice(0, hashAt)}${target}` : target;
}

function opsClient(): OpsClient {
  const request = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${serverUrl()}/ops${path}`, {
      method,
      headers: { Authorization: `Bearer ${opsToken()}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let envelope: { code?: unknown; message?: unknown; data?: unknown };
    try {
      envelope = JSON.parse(text) as typeof envelope;
    } catch {
      throw new Error(`ops ${method} ${path}: HTTP ${res.status}, not JSON: ${text.slice(0, 200)}`);
    }
    if (!res.ok || (envelope.code !== 0 && envelope.code !== '0' && envelope.code !== '00')) {
      throw new Error(`ops ${method} ${path}: HTTP ${res.status} ${JSON.stringify(envelope).slice(0, 300)}`);
    }
    return envelope.data as T;
  };
  return {
    request,
    createBorrower: (input = {}) => request<CreatedBorrower>('POST', '/borrowers', { mobilePhone: uniquePhone(), ...input }),
    latestSmsCode: async (phone) => {
      let code = '';
      await expect
        .poll(async () => {
          const { items } = await request<{ items: Array<{ body: string }> }>('GET', `/sms-outbox?phone=${phone}`);
          code = /\b(\d{6})\b/.exec(items[0]?.body ?? '')?.[1] ?? '';
          return code;
        })
        .toMatch(/^\d{6}$/);
      return code;
    },
  };
}

/**
 * Holds the page's code back until the returned `release()`: the screen is the server's, painted,
 * with no handler on its controls yet, as on a slow phone whose code is still on its way.
 */
export async function holdCode(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^?]+\.js(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Waits until a page's code has taken over: hydrated, and its effects run (the early-input replay,
 * whose effect runs beside the page in the same commit, has taken what the inline keeper kept and
 * removed its hook). A server-rendered screen is painted before its code has run and takes taps and
 * typing meanwhile, as a borrower makes them; a test that does what the keeper does not keep (a drag,
 * a visibility flip, a clock paused, a read of what the code stores) waits for this first, as a
 * borrower's drag made before the code would be lost too (docs/performance.md).
 */
export const codeHasRun = (page: Page) => page.waitForFunction(() => !('__takeEarlyInput' in window));

/** Whether React has hydrated `element` (its props are attached to the node). */
export const isHydrated = (element: Locator) => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps$')));

/**
 * Opens `url` (the webview keeps the session in sessionStorage and takes sessionId out of the
 * address), then reloads that address: without sessionId the server leaves the page to the browser,
 * which makes the page's first calls itself, so a `page.route` set before this applies to them.
 */
export async function openRenderedByBrowser(page: Page, url: string): Promise<void> {
  // Server rendering makes the first calls of a page opened with its session; a reload has none.
  await page.goto(url);
  await expect(page).not.toHaveURL(/[?&]sessionId=/);
  await page.reload();
}

async function readCalls(page: Page): Promise<BridgeCall[]> {
  return page.evaluate(() => (window as unknown as { __bridgeCalls?: BridgeCall[] }).__bridgeCalls ?? []);
}

export const test = base.extend<{ ops: OpsClient; borrower: Borrower; bridge: FakeBridge; bridgePlatform: FakeBridgePlatform; cspViolations: void }>({
  // The server's URL is only known once global-setup has run.
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures name their dependencies by destructuring
  baseURL: async ({}, use) => {
    await use(serverUrl());
  },
  bridgePlatform: ['android', { option: true }],
  // Every page of every test runs under the server's Content-Security-Policy: a violation (Chromium
  // reports each on the console) fails the test, so the policy and the app keep fitting each other.
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await use();
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  // eslint-disable-next-line no-empty-pattern -- as above
  ops: async ({}, use) => {
    await use(opsClient());
  },
  borrower: async ({ ops }, use) => {
    const created = await ops.createBorrower();
    await use({ ...created, url: (path, extra = {}) => withQuery(path, { ...created.session, ...extra }) });
  },
  bridge: async ({ page, bridgePlatform }, use) => {
    // Before any page script runs, in every document of this page.
    await page.addInitScript({ content: fakeBridgeScript(bridgePlatform) });
    await use({
      calls: () => readCalls(page),
      clear: async () => {
        await page.evaluate(() => {
          const w = window as unknown as { __bridgeCalls?: unknown[] };
          w.__bridgeCalls?.splice(0);
          sessionStorage.removeItem('__bridgeCalls');
        });
      },
    });
  },
});

export { expect };
