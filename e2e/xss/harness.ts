/**
 * The hostile-text harness of e2e/xss.spec.ts: the payload corpus, the traps every document gets
 * (alert/confirm/prompt/print hooks, a sentinel global, a securitypolicyviolation listener, all
 * reporting to the test process so a hit survives a navigation), and a stub server (page.route over
 * every contract call) that replaces the server's texts with payloads.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { ALL_CALLS } from '@cashloan/contract/all-calls';
import { callUrlPath } from '@cashloan/contract/common';
import { expect } from '../fixtures.ts';
import { REPO_ROOT } from '../server.ts';

export const PAYLOADS: string[] = readFileSync(join(REPO_ROOT, 'test/fixtures/xss-payloads.txt'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '');

/**
 * The loading scheme: the corpus is dealt into GROUPS groups (payload i in group i % GROUPS), and a
 * screen is loaded GROUPS times, load g putting group g (its payloads joined by spaces) into every
 * field. So every field receives every payload once, in GROUPS loads per screen instead of one per payload.
 */
export const GROUPS = 3;
export const payloadGroup = (group: number): string => PAYLOADS.filter((_, i) => i % GROUPS === group).join(' ');

/** Each poisoned value ends with a tag naming its field, so the test can tell which fields reached the screen. */
const tagOf = (n: number) => `⟦${n}⟧`;
const TAG = /⟦(\d+)⟧/g;

/** Strings the pages need as they are: numbers, amounts, dates, URLs and paths. */
const MACHINE_VALUE = /^(?:[\s\d.,:+\-/%₱₹$()]*|(?:https?|data|blob):\S*|\/\S*|#\S*)$/i;
/** Keys whose values steer the page rather than being shown (ids, codes, enums, flags, links). */
const MACHINE_KEY = /^(?:.*(?:Id|Ids|ID|Url|URL|Key|Token|Type|Status|Code|Flag|Scheme)|id|url|key|token|type|status|code|sid|lang|currency|is[A-Z].*|.*[Nn]eed.*|cate|inputType|phoneRule|cardNo|primary|background)$/;
/** Shown as text although they look like numbers. */
const SHOWN_KEY = /^(?:smWa)$/;

const API_PATHS = new Set(Object.values(ALL_CALLS).map((call) => callUrlPath(call.route)));

export interface Traps {
  /** Every hook call, sentinel write and CSP violation reported by any document of the page. */
  hits: string[];
  /** Fails when anything fired, or the sentinel no longer reads 'untouched'. */
  expectClean(context: string): Promise<void>;
}

/** Installs the traps in every document (and frame) the page opens from now on. */
export async function armTraps(page: Page): Promise<Traps> {
  const hits: string[] = [];
  await page.exposeBinding('__xssReport', (_source, what: string) => {
    hits.push(what);
  });
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown> & { __xssReport?: (what: string) => void };
    const report = (what: string) => void w.__xssReport?.(what);
    for (const name of ['alert', 'confirm', 'prompt', 'print']) {
      w[name] = (...args: unknown[]) => {
        report(`${name}(${args.map(String).join(', ')})`);
        return null;
      };
    }
    // A setter, not a value read later: the write is reported even if the page navigates away after it.
    let sentinel = 'untouched';
    Object.defineProperty(window, '__xssSentinel', {
      configurable: false,
      get: () => sentinel,
      set: (value: unknown) => {
        sentinel = String(value);
        report(`__xssSentinel = ${String(value)}`);
      },
    });
    document.addEventListener(
      'securitypolicyviolation',
      (event) => report(`securitypolicyviolation ${event.effectiveDirective} ${event.blockedURI}`),
      true,
    );
  });
  return {
    hits,
    async expectClean(context) {
      const sentinel = await page.evaluate(() => (window as unknown as { __xssSentinel?: unknown }).__xssSentinel);
      expect(hits, `${context}: hooks, sentinel writes and CSP violations`).toEqual([]);
      expect(sentinel, `${context}: the sentinel`).toBe('untouched');
    },
  };
}

export interface Poisoner {
  /** Which payload group the next answers carry. */
  group: number;
  /** Paths (`call.data.a.0.b`) of the fields poisoned so far, by tag number. */
  readonly fields: string[];
  /** Ends of call paths (e.g. '/v3/loan-details/loan-details') answered as failures whose message is the payload group. */
  failing: Set<string>;
  /** A poisoned text for a field set through the ops API (the real server stores and serves it). */
  text(label: string): string;
  /** The current group cut into poisoned texts of at most `max` characters, each payload whole. */
  chunks(label: string, max: number): string[];
  /** The field paths whose tags are on screen now (document text, open dialogs included). */
  visibleFields(): Promise<string[]>;
  /** Fails unless the current group's payloads are on screen as plain text. */
  expectGroupShownAsText(context: string): Promise<void>;
}

/**
 * The stub server: each contract call goes to the real server (route.fetch), and every string in the
 * answer's `data` (except MACHINE_* values) and its `message` is replaced by the current payload
 * group. A string that already carries a payload (put there through the ops API) is left as the
 * real server sent it.
 */
export async function poisonApi(page: Page): Promise<Poisoner> {
  const fields: string[] = [];
  const poisoner: Poisoner = {
    group: 0,
    fields,
    failing: new Set(),
    text: (label) => poison(label),
    chunks(label, max) {
      const out: string[][] = [[]];
      for (const payload of PAYLOADS.filter((_, i) => i % GROUPS === poisoner.group)) {
        const current = out.at(-1)!;
        if (current.length > 0 && [...current, payload].join(' ').length > max - 8) out.push([payload]);
        else current.push(payload);
      }
      return out.map((chunk) => {
        fields.push(label);
        return `${chunk.join(' ')} ${tagOf(fields.length - 1)}`;
      });
    },
    async visibleFields() {
      const text = await page.evaluate(() => document.body.innerText);
      return [...new Set([...text.matchAll(TAG)].map((m) => fields[Number(m[1])]!).filter(Boolean))];
    },
    async expectGroupShownAsText(context) {
      // Polled: a screen may still be swapping the previous load's texts for this load's.
      const wanted = payloadGroup(poisoner.group).toLowerCase();
      await expect
        .poll(async () => (await page.evaluate(() => document.body.innerText.toLowerCase())).includes(wanted), {
          message: `${context}: payload group ${poisoner.group} shown as text`,
        })
        .toBe(true);
    },
  };
  function poison(label: string): string {
    fields.push(label);
    return `${payloadGroup(poisoner.group)} ${tagOf(fields.length - 1)}`;
  }
  const walk = (value: unknown, path: string, key: string): unknown => {
    if (typeof value === 'string') {
      if (PAYLOADS.some((payload) => value.includes(payload))) return value;
      if (SHOWN_KEY.test(key)) return poison(path);
      // The landing's colours are CSS values the page sets as properties, not text.
      if (path.includes('.colors.')) return value;
      return MACHINE_VALUE.test(value) || MACHINE_KEY.test(key) ? value : poison(path);
    }
    if (Array.isArray(value)) return value.map((item, i) => walk(item, `${path}.${i}`, key));
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, `${path}.${k}`, k)]));
    }
    return value;
  };
  await page.route(
    (url) => API_PATHS.has(url.pathname),
    async (route) => {
      const path = new URL(route.request().url()).pathname;
      const call = path.split('/').slice(-2).join('/');
      if ([...poisoner.failing].some((end) => path.endsWith(end))) {
        await route.fulfill({ json: { code: 9999, message: poison(`${call}.message (failure)`), data: null } });
        return;
      }
      const response = await route.fetch();
      if (!(response.headers()['content-type'] ?? '').includes('json')) {
        await route.fulfill({ response });
        return;
      }
      const body = (await response.json()) as { code: unknown; message: unknown; data: unknown };
      await route.fulfill({
        response,
        json: { ...body, message: typeof body.message === 'string' ? poison(`${call}.message`) : body.message, data: walk(body.data, `${call}.data`, 'data') },
      });
    },
  );
  return poisoner;
}

/** Every occurrence of `tagged` field paths: strips list indexes so a screen's claims read like the contract. */
export const fieldNames = (paths: string[]): string[] => [...new Set(paths.map((p) => p.replace(/\.\d+(?=\.|$)/g, '[]')))].sort();
