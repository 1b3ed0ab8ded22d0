/** Toasts with the spec's timing rules (section 9): default 3 s, ≤300 ms means 3 s, info and success 2 s. */
import { Toast } from 'antd-mobile';

export const TOAST_DEFAULT_MS = 3000;
export const TOAST_SHORT_MS = 2000;

/** The duration a toast stays up for a requested duration. */
export function toastDuration(requestedMs?: number): number {
  return requestedMs === undefined || requestedMs <= 300 ? TOAST_DEFAULT_MS : requestedMs;
}

export function showToast(content: string, durationMs?: number): void {
  Toast.show({ content, duration: toastDuration(durationMs) });
}
export function showInfo(content: string): void {
  Toast.show({ content, duration: TOAST_SHORT_MS });
}
export function showSuccess(content: string): void {
  Toast.show({ content, icon: 'success', duration: TOAST_SHORT_MS });
}
export function showFailure(content: string): void {
  Toast.show({ content, icon: 'fail', duration: TOAST_SHORT_MS });
}
/** The 'loading...' toast calls show; returns a function that hides it. */
export function showLoading(): () => void {
  const handler = Toast.show({ content: 'loading...', icon: 'loading', duration: 0, maskClickable: true });
  return () => handler.close();
}
