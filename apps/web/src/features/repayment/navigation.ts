/**
 * Where the repayment screens send the borrower. A path of the main app gets the carried page
 * parameters: inside the main app the router goes there; from pay.html (its own hash router) the
 * page is loaded. A web address on the allow-list (a provider's payment page) opens in this webview
 * as it is, without the session parameters; the app's link goes to the host app (spec section 7);
 * anything else is refused (shared/navigation/jump-url.ts).
 */
import type { NavigateFunction } from '../../shared/router/router.tsx';
import { withCarriedParams } from '../../shared/params/page-params.ts';
import { browserNavigation } from '../../shared/bridge/browser-navigation.ts';
import { openJumpUrl } from '../../shared/bridge/bridge.ts';
import { checkJumpUrl } from '../../shared/navigation/jump-url.ts';

/** A main-app path with the carried parameters (for links). */
export function appHref(path: string, extra: Record<string, string | undefined> = {}): string {
  return withCarriedParams(path, extra);
}

/**
 * Opens a URL the server answered (payUrl, the alternate channel's url) once the jump check passes
 * it. `navigate` is the router of the main app; without one (pay.html) a path is loaded as a page.
 */
export function openPaymentUrl(url: string, navigate?: NavigateFunction): void {
  const target = checkJumpUrl(url);
  if (target.kind === 'route') {
    const withParams = withCarriedParams(target.url);
    if (navigate) void navigate(withParams);
    else browserNavigation.assign(withParams);
    return;
  }
  // A provider's page goes as the server wrote it; a refused URL is told there.
  openJumpUrl(url);
}
