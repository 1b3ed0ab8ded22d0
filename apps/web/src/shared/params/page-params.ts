/**
 * Page-parameter carrying: the session and order parameters that arrive in the first page's query
 * are remembered for the webview's session (sessionStorage) and added to every API call. Later page
 * URLs carry the order parameters; the session parameters go only where they are needed and
 * trusted (see withCarriedParams), and sessionId leaves the address bar once stored (hideSessionId).
 */
import { CARRIED_PAGE_PARAMS, PAGE_PARAM_ALIASES, SESSION_PARAMS, type CarriedPageParam, type SessionParams } from '@cashloan/contract/common';
import { checkJumpUrl } from '../navigation/jump-url.ts';
import type { ServerPage } from '@cashloan/contract/server-render';
import { serverPage } from '../navigation/server-page.ts';

const STORAGE_KEY = 'carriedPageParams';
export type CarriedParams = Partial<Record<CarriedPageParam, string>>;

function readStored(): CarriedParams {
  // On the server the request's query stands for the storage too, as if the page had already
  // remembered it (rememberPageParams is the browser's first step).
  if (import.meta.env.SSR) return serverAddress().carried;
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as CarriedParams;
  } catch {
    return {};
  }
}

/** Reads carried parameters from a query string (aliases folded: product_id → productId). */
export function paramsFromSearch(search: string): CarriedParams {
  const query = new URLSearchParams(search);
  const found: CarriedParams = {};
  for (const [key, value] of query) {
    const name = (PAGE_PARAM_ALIASES[key] ?? key) as CarriedPageParam;
    if ((CARRIED_PAGE_PARAMS as readonly string[]).includes(name) && value !== '') found[name] = value;
  }
  return found;
}

/** Remembers what the current URL carries (called on every navigation) and returns the merged set. */
export function rememberPageParams(search: string = currentSearch()): CarriedParams {
  const merged = { ...readStored(), ...paramsFromSearch(search) };
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(merged));
  } catch {
    // Storage can be unavailable in some webviews; the URL still carries the parameters.
  }
  return merged;
}

/** The carried parameters: the current URL's, over those remembered earlier in this webview session. */
export function carriedParams(): CarriedParams {
  // On the server the query is the storage too (readStored): its parameters are the whole set.
  if (import.meta.env.SSR) return { ...serverAddress().carried };
  return { ...readStored(), ...paramsFromSearch(currentSearch()) };
}

export function sessionParams(): Partial<SessionParams> {
  const all = carriedParams();
  return Object.fromEntries(SESSION_PARAMS.filter((k) => all[k] !== undefined).map((k) => [k, all[k]])) as Partial<SessionParams>;
}

/** A reader of page parameters: pageParam, or what a route's first calls are declared from (shared/http/first-answers.ts). */
export type PageParam = (name: string) => string | undefined;

/** A page parameter from the URL or the carried set; productId also answers to product_id. */
export function pageParam(name: string): string | undefined {
  const query = import.meta.env.SSR ? serverAddress().shownQuery : new URLSearchParams(currentSearch());
  const direct = query.get(name);
  if (direct !== null && direct !== '') return direct;
  const alias = Object.entries(PAGE_PARAM_ALIASES).find(([a, target]) => a === name || target === name);
  if (alias) {
    const other = query.get(alias[0] === name ? alias[1] : alias[0]);
    if (other !== null && other !== '') return other;
  }
  return carriedParams()[(PAGE_PARAM_ALIASES[name] ?? name) as CarriedPageParam];
}

/**
 * Which session parameters a target may carry:
 * - a page of this origin (http only when this page is itself http: local development): all but
 *   sessionId, which the page finds in the sessionStorage it shares (unless storage failed to keep
 *   it: then the URL is the only way it gets there);
 * - another allow-listed origin (a lender page) over https, or the app's deep link (handed to the
 *   host app, which may open a new webview with empty storage): all of them;
 * - anything else, cleartext http to another origin included (this site's own host too, from an
 *   https page): none.
 */
function sessionParamsFor(target: string): readonly string[] {
  const checked = checkJumpUrl(target);
  if (checked.kind === 'app') return SESSION_PARAMS;
  if (checked.kind === 'web' && !checked.sameOrigin) return new URL(checked.url).protocol === 'https:' ? SESSION_PARAMS : [];
  if (checked.kind === 'refused') return [];
  return sessionIdInStorage() ? SESSION_PARAMS.filter((name) => name !== 'sessionId') : SESSION_PARAMS;
}

/** True when sessionStorage holds the session id this page uses (so the address need not carry it). */
function sessionIdInStorage(): boolean {
  const stored = readStored().sessionId;
  return stored !== undefined && stored === carriedParams().sessionId;
}

/**
 * Adds the carried parameters (and extra ones) to a path or URL; extra ones win, and a parameter the
 * target already names is kept. Session parameters only as sessionParamsFor allows. A hash route
 * ('/pay.html#/borrowDetail?x=1') gets them in the query after the hash, where its router reads them;
 * a plain anchor ('#top') stays last.
 */
export function withCarriedParams(target: string, extra: Record<string, string | undefined> = {}): string {
  const allowedSession = sessionParamsFor(target);
  const carried = Object.entries(carriedParams()).filter(
    ([key]) => !(SESSION_PARAMS as readonly string[]).includes(key) || allowedSession.includes(key),
  );
  const hashAt = target.indexOf('#');
  const main = hashAt === -1 ? target : target.slice(0, hashAt);
  const hash = hashAt === -1 ? undefined : target.slice(hashAt + 1);
  const hashRoute = hash !== undefined && hash.startsWith('/');
  const keys = [...splitQuery(main).query.keys(), ...(hashRoute ? splitQuery(hash).query.keys() : [])];
  // A target naming product_id already names productId.
  const named = new Set(keys.map((key) => PAGE_PARAM_ALIASES[key] ?? key));
  const add = (pathAndQuery: string) => {
    const { path, query } = splitQuery(pathAndQuery);
    for (const [key, value] of carried) if (value !== undefined && !named.has(key)) query.set(key, value);
    for (const [key, value] of Object.entries(extra)) if (value !== undefined) query.set(key, value);
    const qs = query.toString();
    return `${path}${qs ? `?${qs}` : ''}`;
  };
  if (hashRoute) return `${main}#${add(hash)}`;
  return `${add(main)}${hash === undefined ? '' : `#${hash}`}`;
}

/**
 * Takes sessionId out of the address bar (path, other parameters and hash kept) once sessionStorage
 * holds it, so the address a borrower shares, or a page script reads, has no session in it. The API
 * client sends it from storage. Called at start-up, before anything renders.
 */
export function hideSessionId(): void {
  if (!sessionIdInStorage()) return;
  const { pathname, search, hash } = window.location;
  const hashAt = hash.indexOf('?');
  const cleanSearch = withoutParam(search.slice(1), 'sessionId');
  const cleanHash = hashAt === -1 ? hash : `${hash.slice(0, hashAt)}${prefixed(withoutParam(hash.slice(hashAt + 1), 'sessionId'))}`;
  const clean = `${pathname}${prefixed(cleanSearch)}${cleanHash}`;
  if (clean !== `${pathname}${search}${hash}`) window.history.replaceState(window.history.state, '', clean);
}

const prefixed = (query: string) => (query === '' ? '' : `?${query}`);

/** A query without one parameter; every other part kept byte for byte. */
function withoutParam(query: string, name: string): string {
  return query
    .split('&')
    .filter((part) => {
      if (part === '') return true;
      try {
        return decodeURIComponent(part.split('=', 1)[0]!.replace(/\+/g, ' ')) !== name;
      } catch {
        return true;
      }
    })
    .join('&');
}

function splitQuery(pathAndQuery: string): { path: string; query: URLSearchParams } {
  const at = pathAndQuery.indexOf('?');
  return at === -1
    ? { path: pathAndQuery, query: new URLSearchParams() }
    : { path: pathAndQuery.slice(0, at), query: new URLSearchParams(pathAndQuery.slice(at + 1)) };
}

/**
 * The address of the page the server renders, read once per page (every link and parameter a
 * render writes or reads asks for it): the parameters its query carries, sessionId included, and
 * its query as the browser will show it (serverShownSearch).
 */
interface ServerAddress {
  carried: CarriedParams;
  shownSearch: string;
  /** shownSearch parsed; read only. */
  shownQuery: URLSearchParams;
}
const serverAddresses = new WeakMap<ServerPage, ServerAddress>();
function serverAddress(): ServerAddress {
  const page = serverPage();
  if (page === undefined) return { carried: {}, shownSearch: '', shownQuery: new URLSearchParams() };
  let address = serverAddresses.get(page);
  if (address === undefined) {
    const { search } = new URL(page.href);
    const shownSearch = prefixed(withoutParam(search.slice(1), 'sessionId'));
    address = { carried: paramsFromSearch(search), shownSearch, shownQuery: new URLSearchParams(shownSearch) };
    serverAddresses.set(page, address);
  }
  return address;
}

/**
 * The query of the page the server renders as the borrower's browser shows it once the page has
 * started (hideSessionId): without sessionId. The server renders this address, so no link it writes
 * carries the session.
 */
export const serverShownSearch = (): string => serverAddress().shownSearch;

function currentSearch(): string {
  if (import.meta.env.SSR) return serverAddress().shownSearch;
  // Hash apps (#/borrowDetail?x=1) carry their query after the hash.
  const hashQuery = window.location.hash.includes('?') ? window.location.hash.slice(window.location.hash.indexOf('?')) : '';
  return window.location.search + (hashQuery ? `&${hashQuery.slice(1)}` : '');
}
