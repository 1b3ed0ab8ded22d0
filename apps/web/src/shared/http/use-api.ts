/** Loads one call for a page: data, the failure to show, and a retry. */
import { useCallback, useEffect, useState } from 'react';
import type { AnswerOf, PayloadOf, Route } from '@cashloan/contract/common';
import { isSuccess } from '@cashloan/contract/common';
import { ApiCallError, NETWORK_FAILURE_MESSAGE, callApi, type CallOptions } from './client.ts';
import { firstAnswerOf, forgetFirstAnswer, useFirstAnswers } from './first-answers.ts';

export type LoadState<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'failed'; error: ApiCallError };

type Settled<T> = { request: string } & ({ status: 'ready'; data: T } | { status: 'failed'; error: ApiCallError });

export function useApi<R extends Route>(
  route: R,
  payload: PayloadOf<R>,
  options: CallOptions = {},
): { state: LoadState<AnswerOf<R>>; retry: () => void; setData: (data: AnswerOf<R>) => void } {
  const first = useFirstAnswers();
  const [attempt, setAttempt] = useState(0);
  const payloadKey = JSON.stringify(payload);
  // Loading is derived: the last settled answer belongs to another request (payload or attempt).
  const request = `${route.path}|${payloadKey}|${attempt}`;
  // An answer the server put into the page stands for the first request (a refusal as the same
  // failure callApi would give); Retry still calls.
  const [settled, setSettled] = useState<Settled<AnswerOf<R>> | null>(() => {
    const preloaded = firstAnswerOf(first, route, payload as Record<string, unknown>);
    if (preloaded === undefined) return null;
    return isSuccess(route.codeForm, preloaded.code)
      ? { request, status: 'ready', data: preloaded.data as AnswerOf<R> }
      : { request, status: 'failed', error: new ApiCallError('server', preloaded.message || NETWORK_FAILURE_MESSAGE, preloaded.code) };
  });
  useEffect(() => {
    if (settled?.request === request) {
      forgetFirstAnswer(first, route, JSON.parse(payloadKey) as Record<string, unknown>);
      return;
    }
    const controller = new AbortController();
    callApi(route, JSON.parse(payloadKey) as PayloadOf<R>, { ...options, signal: controller.signal })
      .then((answer) => setSettled({ request, status: 'ready', data: answer.data }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const failure = error instanceof ApiCallError ? error : new ApiCallError('network', String(error));
        setSettled({ request, status: 'failed', error: failure });
      });
    return () => controller.abort();
    // options are read once per request on purpose; the request key drives reloads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const setData = useCallback((data: AnswerOf<R>) => setSettled({ request, status: 'ready', data }), [request]);
  const state: LoadState<AnswerOf<R>> =
    settled === null || settled.request !== request
      ? { status: 'loading' }
      : settled.status === 'ready'
        ? { status: 'ready', data: settled.data }
        : { status: 'failed', error: settled.error };
  return { state, retry, setData };
}
