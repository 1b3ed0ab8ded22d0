/** Toasts with the spec's timing rules (section 9): default 3 s, ≤300 ms means 3 s, info and success 2 s. */
import * as view from './toast-view.ts';
import { messageLang } from '../i18n/message-lang.ts';

export const TOAST_DEFAULT_MS = 3000;
export const TOAST_SHORT_MS = 2000;
export const LOADING_TEXT = 'loading...';

/** The duration a toast stays up for a requested duration. */
export function toastDuration(requestedMs?: number): number {
  return requestedMs === undefined || !Number.isFinite(requestedMs) || requestedMs <= 300 ? TOAST_DEFAULT_MS : requestedMs;
}

// One toast at a time: closing the loading toast must not close a failure toast that replaced it.
// Each show gets a number, and the loading toast is cleared only while it is still the one on screen.
let onScreen = 0;
let loadingShown: number | null = null;
let loadingCalls = 0;

/** A non-English message carries its own lang (the page is lang="en"). */
function show(props: Omit<view.ToastOptions, 'lang'>): number {
  const lang = messageLang(props.content);
  view.show(lang ? { ...props, lang } : props);
  onScreen += 1;
  return onScreen;
}

export function showToast(content: string, durationMs?: number): void {
  show({ content, duration: toastDuration(durationMs) });
}
export function showInfo(content: string): void {
  show({ content, duration: TOAST_SHORT_MS });
}
export function showSuccess(content: string): void {
  show({ content, icon: 'success', duration: TOAST_SHORT_MS });
}
/** A failure, e.g. the server's message on a non-success answer (2 s, spec section 8). */
export function showFailure(content: string): void {
  show({ content, icon: 'fail', duration: TOAST_SHORT_MS });
}

/**
 * The 'loading...' toast calls show; returns a function that hides it. Overlapping calls share one
 * toast, which goes when the last of them ends; a toast shown meanwhile is left alone.
 */
export function showLoading(): () => void {
  loadingCalls += 1;
  if (loadingShown === null || loadingShown !== onScreen) {
    loadingShown = show({ content: LOADING_TEXT, icon: 'loading', duration: 0 });
  }
  let hidden = false;
  return () => {
    if (hidden) return;
    hidden = true;
    loadingCalls -= 1;
    if (loadingCalls > 0) return;
    if (loadingShown === onScreen) view.clear();
    loadingShown = null;
  };
}
