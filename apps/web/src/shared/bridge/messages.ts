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
