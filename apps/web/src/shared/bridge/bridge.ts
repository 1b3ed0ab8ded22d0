/**
 * Sends the bridge messages of messages.ts to the host app, one typed function per message.
 *
 * Transport, chosen per message: Android's injected object (window.LoanBridge.<name>(json)), else
 * iOS's WKWebView handler (window.webkit.messageHandlers.<name>.postMessage(payload)), else — a plain
 * browser, e.g. development or a link opened outside the app — a fallback that does the nearest
 * sensible thing and logs. A bridge failure never reaches the page: it is logged, except for
 * startBank/endBank, whose errors are swallowed silently (spec section 8).
 */
import { ANDROID_BRIDGE_OBJECT, type BridgeMessageName, type BridgeMessages } from './messages.ts';
import { browserNavigation } from './browser-navigation.ts';
import { JUMP_REFUSED_MESSAGE, checkJumpUrl } from '../navigation/jump-url.ts';
import { showFailure } from '../ui/toast.ts';

export type Transport = 'android' | 'ios' | 'browser';

type AndroidBridge = Partial<Record<string, (json: string) => unknown>>;
type IosHandlers = Partial<Record<string, { postMessage: (payload: unknown) => unknown }>>;
interface HostWindow {
  [ANDROID_BRIDGE_OBJECT]?: AndroidBridge;
  webkit?: { messageHandlers?: IosHandlers };
}

const host = () => window as unknown as HostWindow;
const SILENT_FAILURES: ReadonlySet<BridgeMessageName> = new Set(['startBank', 'endBank']);

/** The messages the host listed in its hello (host-channel.ts); null while it has not said (version 1). */
let hostCapabilities: ReadonlySet<string> | null = null;
export function setHostCapabilities(names: readonly string[] | null): void {
  hostCapabilities = names && new Set(names);
}

/** Which transport would carry this message right now: a message the host said it lacks gets the browser fallback. */
export function transportFor(name: BridgeMessageName): Transport {
  if (typeof window === 'undefined' || hostCapabilities?.has(name) === false) return 'browser';
  if (typeof host()[ANDROID_BRIDGE_OBJECT]?.[name] === 'function') return 'android';
  if (typeof host().webkit?.messageHandlers?.[name]?.postMessage === 'function') return 'ios';
  return 'browser';
}

/** True inside the iOS app (its webview exposes WebKit message handlers). */
export function isIosApp(): boolean {
  return typeof window !== 'undefined' && host().webkit?.messageHandlers !== undefined && host()[ANDROID_BRIDGE_OBJECT] === undefined;
}

/** Sends one message; returns the transport used. Never throws. */
export function sendBridgeMessage<N extends BridgeMessageName>(name: N, payload: BridgeMessages[N]): Transport {
  const transport = transportFor(name);
  // Both platforms get the same plain JSON data (undefined fields dropped).
  const json = JSON.stringify(payload ?? {});
  try {
    if (transport === 'android') {
      // Called as a method: Android's injected interface needs its object as `this`.
      host()[ANDROID_BRIDGE_OBJECT]![name]!(json);
    } else if (transport === 'ios') {
      host().webkit!.messageHandlers![name]!.postMessage(JSON.parse(json));
    } else {
      browserFallback(name, JSON.parse(json) as BridgeMessages[N]);
    }
  } catch (error) {
    if (!SILENT_FAILURES.has(name)) console.error(`[bridge] ${name} failed (${transport})`, error);
  }
  return transport;
}

function browserFallback<N extends BridgeMessageName>(name: N, payload: BridgeMessages[N]): void {
  console.info(`[bridge] no native bridge for ${name}; browser fallback`, payload);
  const p = payload as Partial<{ url: string; phone: string }>;
  switch (name) {
    case 'closeWebview':
      browserNavigation.back();
      return;
    case 'callPhone': {
      const number = telNumber(p.phone);
      if (number) browserNavigation.assign(`tel:${number}`);
      return;
    }
    case 'openPage':
    case 'toProductDetail':
      if (p.url) browserNavigation.assign(p.url);
      return;
    case 'openPageReplace':
      if (p.url) browserNavigation.replace(p.url);
      return;
    case 'toHome':
      browserNavigation.assign('/');
      return;
    default:
      // toMine, toLogin, toRate, trackEvent, startBank, endBank: nothing a browser can do. openUpiApp:
      // a upi: link is never opened by the page itself (the QR beside the button serves a browser).
      // saveFile: save-file.ts downloads the bytes itself before a message is ever built.
      return;
  }
}

/** The dialable part of a phone number for a tel: link (digits, a leading +, * and #, encoded). */
export function telNumber(phone: string | undefined): string {
  const cleaned = (phone ?? '').trim().replace(/[^\d+*#]/g, '');
  const dialable = cleaned.replace(/(?!^)\+/g, '');
  return dialable.replace(/#/g, '%23');
}

// ---- one function per message -------------------------------------------------------------------

/** Open a host-app page (by key) or a URL in a new webview. */
export const openPage = (payload: BridgeMessages['openPage']) => sendBridgeMessage('openPage', payload);
/** Close this webview. */
export const closeWebview = () => sendBridgeMessage('closeWebview', {});
/** Open a page in place of this webview. */
export const openPageReplace = (payload: BridgeMessages['openPageReplace']) => sendBridgeMessage('openPageReplace', payload);
/** Go to a product's detail page (Borrow Again, recommendations). */
export const toProductDetail = (payload: BridgeMessages['toProductDetail']) => sendBridgeMessage('toProductDetail', payload);
export const toHome = () => sendBridgeMessage('toHome', {});
export const toMine = () => sendBridgeMessage('toMine', {});
export const toLogin = () => sendBridgeMessage('toLogin', {});
/** Dial a number. */
export const callPhone = (payload: BridgeMessages['callPhone']) => sendBridgeMessage('callPhone', payload);
/** Open the store rating flow. */
export const toRate = () => sendBridgeMessage('toRate', {});
/** Confirm a tracking event to the host app. */
export const trackEvent = (payload: BridgeMessages['trackEvent']) => sendBridgeMessage('trackEvent', payload);
/** The bank-binding step started (native errors are swallowed). */
export const startBank = () => sendBridgeMessage('startBank', {});
/** The bank-binding step ended (native errors are swallowed). */
export const endBank = (payload: BridgeMessages['endBank']) => sendBridgeMessage('endBank', payload);

/** A UPI payment link: upi://pay with a query, nothing else (no other scheme, host or trick characters). */
export const UPI_PAY_LINK = /^upi:\/\/pay\?[A-Za-z0-9\-._~%!$&'()*+,;=:@/?]+$/i;

/**
 * Hands a UPI payment link to the host app, which opens the borrower's UPI app (an Android intent,
 * an iOS app chooser). Only a upi://pay link is sent; the page never opens it itself, and the
 * browser fallback only logs. Returns the transport, or 'refused' for anything else.
 */
export function openUpiApp(url: string): Transport | 'refused' {
  if (!UPI_PAY_LINK.test(url)) {
    console.warn('[bridge] not a UPI payment link; not sent');
    return 'refused';
  }
  return sendBridgeMessage('openUpiApp', { url });
}

/**
 * Opens a jump URL from the server (spec section 7) after the check of navigation/jump-url.ts: a
 * path of this site or an allowed http(s) page opens directly in this webview; the app's deep link
 * is handed to the native side as openPage {url}; anything else opens nothing and the borrower is
 * told. Returns 'direct', the transport used, 'refused', or 'ignored' for an empty URL.
 */
export function openJumpUrl(url: string | null | undefined): 'direct' | Transport | 'ignored' | 'refused' {
  if (!(url ?? '').trim()) {
    console.info('[bridge] empty jump URL ignored');
    return 'ignored';
  }
  const target = checkJumpUrl(url);
  if (target.kind === 'refused') {
    refuseJump();
    return 'refused';
  }
  if (target.kind === 'app') return openPage({ url: target.url });
  try {
    browserNavigation.assign(target.url);
  } catch (error) {
    console.error('[bridge] opening the jump URL failed', error);
  }
  return 'direct';
}

/** A refused jump: nothing opens, the borrower sees why. */
export function refuseJump(): void {
  // Not the URL itself: it may carry page parameters, which the logs do not keep.
  console.warn('[bridge] jump URL refused');
  showFailure(JUMP_REFUSED_MESSAGE);
}
