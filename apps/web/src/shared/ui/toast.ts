/**
 * Toasts with the spec's timing rules (section 9): default 3 s, ≤300 ms means 3 s, info and success 2 s.
 * The view (toast-view.ts, its CSS and the non-English messages) loads on the first toast, not with
 * the page: most screens show one only on a failure or an action. Until it has loaded, the toast
 * asked for last waits (one toast at a time), and one hidden meanwhile never appears.
 */
import type * as ToastView from './toast-view.ts';
import type { ToastOptions } from './toast-view.ts';

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

type Request = Omit<ToastOptions, 'lang'>;
let view: typeof ToastView | undefined;
let viewLoading: Promise<void> | undefined;
/** What to do once the view has loaded: the last toast asked for, or null when it was hidden. */
let waiting: Request | null = null;

/** Loads the view (once); the toast asked for meanwhile then appears. Tests await it. */
export function loadToastView(): Promise<void> {
  viewLoading ??= import('./toast-view.ts').then(
    (loaded) => {
      view = loaded;
      if (waiting) view.show(waiting);
      waiting = null;
    },
    (error: unknown) => {
      // A failed load (offline) may be retried by the next toast.
      viewLoading = undefined;
      throw error;
    },
  );
  return viewLoading;
}

// Also loaded once the browser is idle after the first screen, so a failure toast still shows when the
// connection drops later (the view could not be fetched then).
if (typeof window !== 'undefined' && typeof window.requestIdleCallback === 'function') {
  window.requestIdleCallback(() => void loadToastView().catch(() => undefined), { timeout: 5000 });
}

function clearView(): void {
  if (view) view.clear();
  else waiting = null;
}

function show(props: Request): number {
  if (view) view.show(props);
  else {
    waiting = props;
    loadToastView().catch(() => undefined);
  }
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
    if (loadingShown === onScreen) clearView();
    loadingShown = null;
  };
}
