/**
 * Where the order and failure screens send the borrower: a path of this app (client-side, with the
 * carried parameters), a web page (http, loaded in this webview) or an app deep link, handed to the
 * host app through the bridge; whatever the jump check (shared/navigation/jump-url.ts) refuses
 * opens nothing and the borrower is told.
 */
import type { NavigateFunction } from '../../shared/router/router.tsx';
import { withCarriedParams } from '../../shared/params/page-params.ts';
import { browserNavigation } from '../../shared/bridge/browser-navigation.ts';
import { openJumpUrl, openPageReplace, refuseJump } from '../../shared/bridge/bridge.ts';
import { checkJumpUrl } from '../../shared/navigation/jump-url.ts';

export type Destination = { kind: 'route' | 'web' | 'app'; url: string } | { kind: 'refused' };

/** Checks and classifies a target and adds the carried page parameters (and `extra`) to it. */
export function destinationOf(target: string, extra: Record<string, string | undefined> = {}): Destination {
  const checked = checkJumpUrl(target);
  return checked.kind === 'refused' ? checked : { kind: checked.kind, url: withCarriedParams(checked.url, extra) };
}

/** Goes to a target with the carried parameters; `replace` leaves nothing to come back to (redirects). */
export function goTo(navigate: NavigateFunction, target: string, options: { replace?: boolean; extra?: Record<string, string | undefined> } = {}): Destination {
  const destination = destinationOf(target, options.extra);
  if (destination.kind === 'refused') refuseJump();
  else if (destination.kind === 'route') void navigate(destination.url, { replace: options.replace ?? false });
  else if (options.replace) {
    if (destination.kind === 'web') browserNavigation.replace(destination.url);
    else openPageReplace({ url: destination.url });
  } else openJumpUrl(destination.url);
  return destination;
}
