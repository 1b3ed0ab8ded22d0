/**
 * The app's router: the few pieces of React Router's API the app uses (routers, Routes/Route with
 * one layout level, Outlet, Link, useLocation, useNavigate, useSearchParams) in ~2 KiB instead of
 * ~13 KiB gzip on every route's first load. Routes are static paths (the spec has no parameters).
 */
import {
  Children,
  createContext,
  isValidElement,
  useCallback,
  useContext,
  useMemo,
  useEffect,
  useState,
  startTransition,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import {
  createBrowserHistory,
  createHashHistory,
  createMemoryHistory,
  createStaticHistory,
  pathOf,
  resolveTo,
  type History,
  type HistorySnapshot,
  type Location,
  type To,
} from './history.ts';

export type { History, Location, To } from './history.ts';
export { createMemoryHistory } from './history.ts';

interface RouterValue extends HistorySnapshot {
  history: History;
}
const RouterContext = createContext<RouterValue | null>(null);
const OutletContext = createContext<ReactNode>(null);

function useRouter(): RouterValue {
  const value = useContext(RouterContext);
  if (!value) throw new Error('A router hook was used outside a router.');
  return value;
}

export function Router({ history, children }: { history: History; children: ReactNode }) {
  const [snapshot, setSnapshot] = useState(history.snapshot);
  useEffect(() => {
    // A transition, as React Router does: the current screen stays until the next page's code has
    // arrived, instead of a spinner flashing in between.
    const update = () => startTransition(() => setSnapshot(history.snapshot()));
    const stop = history.listen(update);
    update(); // a move made before this effect ran (a page's own mount effect)
    return stop;
  }, [history]);
  const value = useMemo(() => ({ ...snapshot, history }), [snapshot, history]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function BrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(createBrowserHistory);
  return <Router history={history}>{children}</Router>;
}
export function HashRouter({ children }: { children: ReactNode }) {
  const [history] = useState(createHashHistory);
  return <Router history={history}>{children}</Router>;
}
export function MemoryRouter({ initialEntries, children }: { initialEntries?: string[]; children: ReactNode }) {
  const [history] = useState(() => createMemoryHistory(initialEntries));
  return <Router history={history}>{children}</Router>;
}
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const history = useMemo(() => createStaticHistory(location), [location]);
  return <Router history={history}>{children}</Router>;
}

export interface RouteProps {
  /** An exact path ('/allIt'), '*' for any other, or none for a layout around its child routes. */
  path?: string;
  element: ReactNode;
  children?: ReactNode;
}
/** Configuration only: <Routes> reads its props. */
export function Route(props: RouteProps): null {
  void props;
  return null;
}

const samePath = (a: string, b: string) => a.replace(/(.)\/+$/, '$1').toLowerCase() === b.replace(/(.)\/+$/, '$1').toLowerCase();

/** The element for `pathname` among <Route> children: exact paths first, then '*'. */
function match(children: ReactNode, pathname: string): ReactNode | undefined {
  const routes = Children.toArray(children).filter((child): child is ReactElement<RouteProps> => isValidElement(child) && child.type === Route);
  for (const pass of ['exact', 'any'] as const) {
    for (const { props } of routes) {
      if (props.path === undefined) {
        if (pass === 'any') continue;
        const inner = match(props.children, pathname);
        if (inner !== undefined) return <OutletContext.Provider value={inner}>{props.element}</OutletContext.Provider>;
      } else if (pass === 'exact' ? props.path !== '*' && samePath(props.path, safeDecode(pathname)) : props.path === '*') {
        return props.element;
      }
    }
  }
  return undefined;
}
const safeDecode = (value: string) => {
  try {
    return decodeURI(value);
  } catch {
    return value;
  }
};

export function Routes({ children }: { children: ReactNode }) {
  const { location } = useRouter();
  return <>{match(children, location.pathname) ?? null}</>;
}

export function Outlet() {
  return <>{useContext(OutletContext)}</>;
}

export function useLocation(): Location {
  return useRouter().location;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}
export type NavigateFunction = (to: To | number, options?: NavigateOptions) => void;

export function useNavigate(): NavigateFunction {
  const { history, location } = useRouter();
  return useCallback(
    (to, options = {}) => {
      if (typeof to === 'number') return history.go(to);
      const target = { ...resolveTo(to, location), state: options.state ?? null };
      if (options.replace) history.replace(target);
      else history.push(target);
    },
    [history, location],
  );
}

type SearchInit = URLSearchParams | Record<string, string> | string;
export function useSearchParams(): [URLSearchParams, (next: SearchInit | ((previous: URLSearchParams) => SearchInit), options?: NavigateOptions) => void] {
  const { location } = useRouter();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const set = useCallback(
    (next: SearchInit | ((previous: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const value = new URLSearchParams(typeof next === 'function' ? next(new URLSearchParams(location.search)) : next).toString();
      navigate({ pathname: location.pathname, search: value ? `?${value}` : '' }, options);
    },
    [location, navigate],
  );
  return [params, set];
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
}

/** A real link (opens in a new tab, shows its address) that moves inside the app on a plain tap. */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const { history, location } = useRouter();
  const resolved = resolveTo(to, location);
  const onNavigate = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    if (target && target !== '_self') return;
    event.preventDefault();
    const next = { ...resolved, state: state ?? null };
    // Tapping a link to where the borrower already is does not add a history entry.
    if (replace || pathOf(resolved) === pathOf(location)) history.replace(next);
    else history.push(next);
  };
  return <a {...rest} target={target} href={history.href(resolved)} onClick={onNavigate} />;
}
