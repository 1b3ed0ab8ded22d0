/**
 * Where the order and failure screens send the borrower: a path of this app (client-side, with the
 * carried parameters), a web page (http, loaded in this webview) or anything else, an app deep link,
 * handed to the host app through the bridge.
 */
import type { NavigateFunction } from '../../shared/router/router.tsx';
import { withCarriedParams } from '../../shared/params/page-params.ts';
import { browserNavigation } from '../../shared/bridge/browser-navigation.ts';
import { openJumpUrl, openPageReplace } from '../../shared/bridge/bridge.ts';

export type Destination = { kind: 'route' | 'web' | 'app'; url: string };

/** Classifies a target and adds the carried page parameters (and `extra`) to it. */
export function destinationOf(target: string, extra: Record<string, string | undefined> = {}): Destination {
  const url = withCarriedParams(target.trim(), extra);
  if (url.startsWith('/') && !url.startsWith('//')) return { kind: 'route', url };
  if (/^http/i.test(url)) return { kind: 'web', url };
  return { kind: 'app', url };
}

/** Goes to a target with the carried parameters; `replace` leaves nothing to come back to (redirects). */
export function goTo(navigate: NavigateFunction, target: string, options: { replace?: boolean; extra?: Record<string, string | undefined> } = {}): Destination {
  const destination = destinationOf(target, options.extra);
  if (destination.kind === 'route') void navigate(destination.url, { replace: options.replace ?? false });
  else if (options.replace) {
    if (destination.kind === 'web') browserNavigation.replace(destination.url);
    else openPageReplace({ url: destination.url });
  } else openJumpUrl(destination.url);
  return destination;
}
