/**
 * A stand-in for the host app's two-way channel (docs/bridge.md, "The two-way channel"), over the
 * very objects the platforms give a page:
 * - Android: `window.LoanHost`, as AndroidX's addWebMessageListener injects it: `postMessage(string)`,
 *   and the host's messages as `message` events on that object. Like a real host it drops what a
 *   frame other than the main one posts (`isMainFrame` false).
 * - iOS: `window.webkit.messageHandlers.LoanHost`, a WKScriptMessageHandlerWithReply: `postMessage`
 *   returns the promise of the host's reply; a `listen` is answered by the host's next event.
 *
 * Versions: 'old' (an app without the channel), 'new' (answers hello), 'silent' (never answers).
 * What the page sent on the channel is kept in `window.__hostChannel.received`; a test sends an
 * event with `sendHostEvent`. The one-way messages stay with the `bridge` fixture (fake-bridge.ts),
 * which must be installed first.
 */
import type { Page } from '@playwright/test';
import { BRIDGE_MESSAGE_NAMES, HOST_EVENT_NAMES } from '../apps/web/src/shared/bridge/messages.ts';

export type HostVersion = 'old' | 'new' | 'silent';
export interface HostStandIn {
  platform: 'android' | 'ios';
  version: HostVersion;
  /** What the host's hello lists (messages and events). */
  capabilities?: string[];
  lang?: string;
}

interface ChannelRecord {
  received: unknown[];
  send(event: unknown): void;
}

/** Runs in the page before its scripts (serialised by Playwright: no imports, no outer references). */
function installHostStandIn(config: { platform: 'android' | 'ios'; version: string; capabilities: string[]; lang: string }): void {
  if (config.version === 'old') return;
  const w = window as unknown as {
    __hostChannel?: ChannelRecord;
    LoanHost?: unknown;
    webkit?: { messageHandlers: Record<string, unknown> };
  };
  const mainFrame = window === window.top;
  const hello = { type: 'hello', bridge: 2, platform: config.platform, app: '3.4.0', capabilities: config.capabilities, lang: config.lang };
  const record: ChannelRecord = { received: [], send: () => undefined };
  w.__hostChannel = record;
  const answers = (message: { type?: string }) => config.version === 'new' && message.type === 'hello';

  if (config.platform === 'android') {
    const target = new EventTarget();
    const emit = (message: unknown) => target.dispatchEvent(new MessageEvent("message", { data: JSON.stringify(message) }));
    w.LoanHost = {
      postMessage(json: string) {
        // The real host checks isMainFrame (and the origin) and drops the rest.
        if (!mainFrame) return;
        const message = JSON.parse(json) as { type?: string };
        record.received.push(message);
        if (answers(message)) setTimeout(() => emit(hello), 0);
      },
      addEventListener: (type: string, listener: EventListener) => target.addEventListener(type, listener),
      removeEventListener: (type: string, listener: EventListener) => target.removeEventListener(type, listener),
    };
    record.send = emit;
    return;
  }

  const waiting: Array<(event: unknown) => void> = [];
  const queued: unknown[] = [];
  w.webkit = w.webkit ?? { messageHandlers: {} };
  w.webkit.messageHandlers.LoanHost = {
    postMessage(message: { type?: string }) {
      if (!mainFrame) return Promise.reject(new Error('refused'));
      const copy = JSON.parse(JSON.stringify(message)) as { type?: string };
      record.received.push(copy);
      if (copy.type === 'listen') {
        if (config.version !== 'new') return new Promise(() => undefined);
        const next = queued.shift();
        return next === undefined ? new Promise((resolve) => waiting.push(resolve)) : Promise.resolve(next);
      }
      // A silent host never settles its reply.
      if (config.version !== 'new') return new Promise(() => undefined);
      return Promise.resolve(copy.type === 'hello' ? hello : null);
    },
  };
  record.send = (event: unknown) => {
    const listener = waiting.shift();
    if (listener) listener(event);
    else queued.push(event);
  };
}

/** Every one-way message and every event: what a complete host lists. */
export const ALL_CAPABILITIES: string[] = [...BRIDGE_MESSAGE_NAMES, ...HOST_EVENT_NAMES];

export async function installHost(page: Page, host: HostStandIn): Promise<void> {
  await page.addInitScript(installHostStandIn, {
    platform: host.platform,
    version: host.version,
    capabilities: host.capabilities ?? ALL_CAPABILITIES,
    lang: host.lang ?? 'en',
  });
}

/** What the page has sent on the channel so far (in the main frame's document). */
export const channelReceived = (page: Page) => page.evaluate(() => (window as unknown as { __hostChannel?: ChannelRecord }).__hostChannel?.received ?? null);

/** The host sends `event` to the page over the channel. */
export async function sendHostEvent(page: Page, event: Record<string, unknown>): Promise<void> {
  await page.evaluate((e) => (window as unknown as { __hostChannel: ChannelRecord }).__hostChannel.send(e), event);
}
