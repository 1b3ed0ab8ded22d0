/**
 * The bridge messages the H5 sends to the host app (spec section 7), with their payloads.
 * Android: window.LoanBridge.<name>(jsonPayload). iOS: window.webkit.messageHandlers.<name>.postMessage(payload).
 * docs/bridge.md documents each for the native teams.
 */
export interface BridgeMessages {
  /** Open a page of the host app (page key, e.g. 'order', 'setting') or a URL in a new webview. */
  openPage: { page?: string; url?: string; title?: string };
  /** Close this webview. */
  closeWebview: Record<string, never>;
  /** Open a page, replacing this webview instead of stacking a new one. */
  openPageReplace: { page?: string; url?: string; title?: string };
  /** Go to the product detail page (Borrow Again, recommendations). */
  toProductDetail: { productId: string; url?: string };
  toHome: Record<string, never>;
  toMine: Record<string, never>;
  toLogin: Record<string, never>;
  /** Dial a phone number. */
  callPhone: { phone: string };
  /** Open the store's rating flow. */
  toRate: Record<string, never>;
  /** Confirm a tracking event (e.g. the loan push). */
  trackEvent: { event: string; data?: Record<string, string> };
  /** The bank-binding step started / ended. */
  startBank: Record<string, never>;
  endBank: { success: boolean };
  /** Open a UPI payment link (upi://pay?…) in the borrower's UPI app (Indian orders, issue 21). */
  openUpiApp: { url: string };
  /**
   * Save a file the H5 downloaded (a receipt or loan document PDF, issue 22) on the phone and offer
   * to open it. `base64`: the file's bytes, standard base64 without line breaks.
   */
  saveFile: { fileName: string; mimeType: 'application/pdf' | 'application/json'; base64: string };
}
export type BridgeMessageName = keyof BridgeMessages;
export const BRIDGE_MESSAGE_NAMES = [
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
] as const satisfies readonly BridgeMessageName[];
/** The object the Android host injects with addJavascriptInterface. */
export const ANDROID_BRIDGE_OBJECT = 'LoanBridge';

// ---- The two-way channel (issue 41): a handshake, then events from the host ------------------------

/** The bridge version this page speaks: 1 is the one-way messages above alone, 2 adds the channel below. */
export const BRIDGE_VERSION = 2;
/**
 * The channel's name. Android: the object AndroidX `WebViewCompat.addWebMessageListener` injects
 * (`window.LoanHost.postMessage(json)`, answers as `message` events on that object). iOS: the
 * `WKScriptMessageHandlerWithReply` of that name (`window.webkit.messageHandlers.LoanHost.postMessage(obj)`
 * returns a promise of the host's reply). docs/bridge.md, "The two-way channel".
 */
export const HOST_CHANNEL = 'LoanHost';
/** How long the page waits for the host's hello before it keeps to version 1. */
export const HELLO_TIMEOUT_MS = 1_000;

/** Page → host. */
export type PageToHost =
  /** On start: this page's bridge version. */
  | { type: 'hello'; bridge: number }
  /** iOS only: the reply to this is the host's next event (the host holds it until there is one). */
  | { type: 'listen' }
  /** The page's answer to a `back` event: `handled: false` leaves it to the host (go back in the webview, or close). */
  | { type: 'backHandled'; handled: boolean };

/** The host's answer to `hello`. */
export interface HostHello {
  type: 'hello';
  /** The host's bridge version (2 or more to have this channel). */
  bridge: number;
  platform: 'android' | 'ios';
  /** The host app's own version, e.g. "3.4.0" (for the logs). */
  app?: string;
  /** The messages (names of BridgeMessages) and events the host supports; a message not listed is never sent. */
  capabilities: string[];
  /** The borrower's language in the app, a BCP 47 tag ("en", "fil", "hi"). */
  lang?: string;
}

/** The events a host sends (HostEvent's names), as its hello lists them. */
export const HOST_EVENT_NAMES = ['resume', 'back', 'networkChanged', 'result'] as const;

/** A message whose result the host reports. */
export type ReportedMessage = 'saveFile' | 'openUpiApp' | 'toRate';

/** Host → page: the events. */
export type HostEvent =
  /** The webview is in front again (the borrower comes back from a bank or UPI app): refresh the screen. */
  | { type: 'event'; event: 'resume' }
  /** The system back (Android's button or gesture, iOS's edge swipe the host turns into this): the page answers `backHandled`. */
  | { type: 'event'; event: 'back' }
  /** The phone lost or found its network. */
  | { type: 'event'; event: 'networkChanged'; online: boolean }
  /** What became of a message the host acts on: saved, opened, rated, or not. */
  | { type: 'event'; event: 'result'; of: ReportedMessage; ok: boolean };
