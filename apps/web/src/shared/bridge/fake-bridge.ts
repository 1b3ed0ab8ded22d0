/**
 * A fake host app for end-to-end tests: defines the native bridge so that every message the page
 * sends is recorded as { name, payload } in window.__bridgeCalls instead of reaching a real app.
 *
 * Deliberately free of imports and outer references: Playwright serialises the function's source
 * into the page, so it must stand alone. The message list repeats messages.ts on purpose; a unit
 * test keeps the two in step.
 *
 *   await page.addInitScript(installFakeBridge);              // Android (window.LoanBridge)
 *   await page.addInitScript(installFakeBridge, 'ios');       // iOS (window.webkit.messageHandlers)
 *   await page.addInitScript({ content: fakeBridgeScript() }); // the same, as script text
 *   const calls = await page.evaluate(() => window.__bridgeCalls);
 *
 * The record survives navigations within the tab (sessionStorage '__bridgeCalls'); to start afresh
 * in a test, clear that key.
 */

export interface BridgeCall {
  name: string;
  payload: unknown;
}

export type FakeBridgePlatform = 'android' | 'ios';

export function installFakeBridge(platform: FakeBridgePlatform = 'android'): void {
  const names = [
    'openPage',
    'closeWebview',
    'openPageReplace',
    'toProductDetail',
    'toHome',
    'toMine',
    'toLogin',
    'callPhone',
    'toRate',
    'trackEvent',
    'startBank',
    'endBank',
    'openUpiApp',
    'saveFile',
  ];
  const w = window as unknown as {
    __bridgeCalls?: BridgeCall[];
    LoanBridge?: Record<string, (json: string) => void>;
    webkit?: { messageHandlers: Record<string, { postMessage: (payload: unknown) => void }> };
  };
  // Init scripts run again in every new document: the record also lives in sessionStorage so the
  // calls a page made just before navigating (endBank, then going to the order page) are not lost.
  const storageKey = '__bridgeCalls';
  let restored: BridgeCall[] = [];
  try {
    restored = JSON.parse(sessionStorage.getItem(storageKey) ?? '[]') as BridgeCall[];
  } catch {
    // no storage (opaque origin): record for this document only
  }
  const calls: BridgeCall[] = w.__bridgeCalls ?? restored;
  w.__bridgeCalls = calls;
  const record = (name: string, payload: unknown) => {
    calls.push({ name, payload });
    try {
      sessionStorage.setItem(storageKey, JSON.stringify(calls));
    } catch {
      // as above
    }
  };
  if (platform === 'ios') {
    const handlers: Record<string, { postMessage: (payload: unknown) => void }> = {};
    for (const name of names) {
      handlers[name] = {
        // WebKit hands the native side a copy, never the page's own object.
        postMessage: (payload: unknown) => record(name, JSON.parse(JSON.stringify(payload ?? null))),
      };
    }
    w.webkit = { messageHandlers: handlers };
    return;
  }
  const bridge: Record<string, (json: string) => void> = {};
  for (const name of names) {
    // Android receives a JSON string; record it parsed (raw text kept if it is not JSON).
    bridge[name] = (json: string) => {
      let payload: unknown = json;
      try {
        payload = JSON.parse(json);
      } catch {
        // keep the raw text
      }
      record(name, payload);
    };
  }
  w.LoanBridge = bridge;
}

/** The fake bridge as a script's text, for `addInitScript({ content })` or a <script> tag. */
export function fakeBridgeScript(platform: FakeBridgePlatform = 'android'): string {
  return `(${installFakeBridge.toString()})(${JSON.stringify(platform)});`;
}
