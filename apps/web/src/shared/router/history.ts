/**
 * Where the app is and how it moves: the browser's path (the main app), the hash (pay.html and
 * promo.html, whose routes live after #), memory (tests) or a fixed place (the prerenderer).
 */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
}
export type To = string | Partial<Pick<Location, 'pathname' | 'search' | 'hash'>>;
export type HistoryAction = 'POP' | 'PUSH' | 'REPLACE';
export interface HistorySnapshot {
  location: Location;
  action: HistoryAction;
}

export interface History {
  snapshot(): HistorySnapshot;
  push(location: Location): void;
  replace(location: Location): void;
  go(delta: number): void;
  /** The href an <a> shows for a location. */
  href(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string;
  listen(onChange: () => void): () => void;
}

const withPrefix = (value: string, prefix: string) => (value === '' || value === prefix ? '' : value.startsWith(prefix) ? value : `${prefix}${value}`);

/** Splits '/a?b=1#c' into its parts. */
export function parsePath(path: string): Pick<Location, 'pathname' | 'search' | 'hash'> {
  const hashAt = path.indexOf('#');
  const hash = hashAt === -1 ? '' : path.slice(hashAt);
  const rest = hashAt === -1 ? path : path.slice(0, hashAt);
  const searchAt = rest.indexOf('?');
  return {
    pathname: (searchAt === -1 ? rest : rest.slice(0, searchAt)) || '/',
    search: searchAt === -1 ? '' : withPrefix(rest.slice(searchAt), '?'),
    hash: withPrefix(hash, '#'),
  };
}

export const pathOf = ({ pathname, search, hash }: Pick<Location, 'pathname' | 'search' | 'hash'>) => `${pathname}${search}${hash}`;

/** A target relative to the current location ('x', '../x', '?q=1' or an object) made absolute. */
export function resolveTo(to: To, from: Location): Pick<Location, 'pathname' | 'search' | 'hash'> {
  if (typeof to !== 'string') {
    return { pathname: to.pathname ?? from.pathname, search: withPrefix(to.search ?? '', '?'), hash: withPrefix(to.hash ?? '', '#') };
  }
  const url = new URL(to, `http://app${from.pathname}${to.startsWith('#') ? from.search : ''}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

function createListeners() {
  const listeners = new Set<() => void>();
  return {
    listen(onChange: () => void) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    notify: () => listeners.forEach((listener) => listener()),
  };
}

/** History over window.history; `fromWindow` reads the current location from the address bar. */
function createWindowHistory(fromWindow: () => Location, href: History['href']): History {
  const { listen, notify } = createListeners();
  let current: HistorySnapshot = { location: fromWindow(), action: 'POP' };
  const sync = () => {
    current = { location: fromWindow(), action: 'POP' };
    notify();
  };
  window.addEventListener('popstate', sync);
  window.addEventListener('hashchange', () => {
    if (pathOf(fromWindow()) !== pathOf(current.location)) sync();
  });
  const move = (action: 'PUSH' | 'REPLACE', location: Location) => {
    const state = { usr: location.state };
    if (action === 'PUSH') window.history.pushState(state, '', href(location));
    else window.history.replaceState(state, '', href(location));
    current = { location: fromWindow(), action };
    notify();
  };
  return {
    snapshot: () => current,
    push: (location) => move('PUSH', location),
    replace: (location) => move('REPLACE', location),
    go: (delta) => window.history.go(delta),
    href,
    listen,
  };
}

const stateOfEntry = () => (window.history.state as { usr?: unknown } | null)?.usr ?? null;

export function createBrowserHistory(): History {
  return createWindowHistory(
    () => ({ pathname: window.location.pathname, search: window.location.search, hash: window.location.hash, state: stateOfEntry() }),
    pathOf,
  );
}

export function createHashHistory(): History {
  return createWindowHistory(
    () => ({ ...parsePath(window.location.hash.slice(1) || '/'), state: stateOfEntry() }),
    (location) => `${window.location.pathname}${window.location.search}#${pathOf(location)}`,
  );
}

export function createMemoryHistory(initialEntries: string[] = ['/']): History {
  const { listen, notify } = createListeners();
  const entries = initialEntries.map((path) => ({ ...parsePath(path), state: null }) as Location);
  let index = entries.length - 1;
  let current: HistorySnapshot = { location: entries[index]!, action: 'POP' };
  const set = (action: HistoryAction) => {
    current = { location: entries[index]!, action };
    notify();
  };
  return {
    snapshot: () => current,
    push(location) {
      entries.splice(index + 1, entries.length, location);
      index = entries.length - 1;
      set('PUSH');
    },
    replace(location) {
      entries[index] = location;
      set('REPLACE');
    },
    go(delta) {
      index = Math.min(entries.length - 1, Math.max(0, index + delta));
      set('POP');
    },
    href: pathOf,
    listen,
  };
}

/** A history that never moves: the prerenderer renders one URL. */
export function createStaticHistory(url: string): History {
  const current: HistorySnapshot = { location: { ...parsePath(url), state: null }, action: 'POP' };
  return { snapshot: () => current, push: () => {}, replace: () => {}, go: () => {}, href: pathOf, listen: () => () => {} };
}
