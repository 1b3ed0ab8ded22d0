/**
 * Reloads a screen's answer quietly when the webview comes back to the foreground: the borrower
 * went to pay in GCash, a bank or a UPI app, and the loan may be paid now.
 */
import { useEffect } from 'react';
import { ERROR_CODES, type AnswerOf, type PayloadOf, type Route } from '@cashloan/contract/common';
import { ApiCallError, callApi } from './client.ts';
import type { LoadState } from './use-api.ts';

/** Dispatched on window when the host app says the webview is in front again (shared/bridge/host-channel.ts). */
export const HOST_RESUME_EVENT = 'loanhost:resume';

/** A webview can fire several visibility events in a row: at most one reload per this many ms. */
export const RETURN_REFRESH_GAP_MS = 2_000;

/** What useApi answers for the screen (its figures, and how to put new ones in place or load again). */
export interface ShownAnswer<T> {
  state: LoadState<T>;
  setData: (data: T) => void;
  retry: () => void;
}

/**
 * While `shown` is ready: on `visibilitychange` to visible, and on a `pageshow` from the back-forward
 * cache, asks `route` again without the loading or failure toasts and puts the answer in place. The
 * figures stay on screen meanwhile, and stay when the call fails (the screen's own Retry or pull
 * still works). A refusal (409) is the server's new word on the loan ("You have repaid this loan in
 * full"), not a failure: the screen is loaded again the ordinary way, so it shows that instead.
 */
export function useRefreshOnReturn<R extends Route>(route: R, payload: PayloadOf<R>, shown: ShownAnswer<AnswerOf<R>>): void {
  const payloadKey = JSON.stringify(payload);
  const { setData, retry } = shown;
  const ready = shown.state.status === 'ready';
  useEffect(() => {
    if (!ready) return;
    let running: AbortController | null = null;
    let lastStart = -Infinity;
    const refresh = () => {
      if (running || Date.now() - lastStart < RETURN_REFRESH_GAP_MS) return;
      lastStart = Date.now();
      const call = new AbortController();
      running = call;
      callApi(route, JSON.parse(payloadKey) as PayloadOf<R>, { onFailure: 'silent', signal: call.signal })
        .then((answer) => {
          if (!call.signal.aborted) setData(answer.data);
        })
        .catch((error: unknown) => {
          if (call.signal.aborted) return;
          if (error instanceof ApiCallError && error.kind === 'server' && Number(error.code) === ERROR_CODES.refused) retry();
        })
        .finally(() => {
          if (running === call) running = null;
        });
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) refresh();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pageshow', onPageShow);
    window.addEventListener(HOST_RESUME_EVENT, refresh);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pageshow', onPageShow);
      window.removeEventListener(HOST_RESUME_EVENT, refresh);
      // Another order on the page, a Retry (useApi's setData changes with its request) or leaving the
      // screen: an answer still coming belongs to none of them.
      running?.abort();
    };
  }, [route, payloadKey, ready, setData, retry]);
}
