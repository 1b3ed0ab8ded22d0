/**
 * Opens a payment URL the server answered (a pay code's page, the alternate channel's url), shared by
 * the repayment and cancel-loan features. A path of the main app gets the carried page parameters:
 * inside the main app the router goes there; from pay.html (its own hash router) the page is loaded.
 * A web address on the allow-list (a provider's payment page) opens in this webview as it is; anything
 * else is refused (jump-url.ts).
 */
import type { NavigateFunction } from '../router/router.tsx';
import { withCarriedParams } from '../params/page-params.ts';
import { browserNavigation } from '../bridge/browser-navigation.ts';
import { openJumpUrl } from '../bridge/bridge.ts';
import { checkJumpUrl } from './jump-url.ts';

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
