/** Loads one call for a page: data, the failure to show, and a retry. */
import { useCallback, useEffect, useState } from 'react';
import type { AnswerOf, PayloadOf, Route } from '@cashloan/contract/common';
import { ApiCallError, callApi, type CallOptions } from './client.ts';

export type LoadState<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'failed'; error: ApiCallError };

export function useApi<R extends Route>(
  route: R,
  payload: PayloadOf<R>,
  options: CallOptions = {},
): { state: LoadState<AnswerOf<R>>; retry: () => void; setData: (data: AnswerOf<R>) => void } {
  const [state, setState] = useState<LoadState<AnswerOf<R>>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const key = JSON.stringify(payload);
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    callApi(route, JSON.parse(key) as PayloadOf<R>, { ...options, signal: controller.signal })
      .then((answer) => setState({ status: 'ready', data: answer.data }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'failed', error: error instanceof ApiCallError ? error : new ApiCallError('network', String(error)) });
      });
    return () => controller.abort();
    // options are read once per load on purpose; the payload key and attempt drive reloads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [route, key, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const setData = useCallback((data: AnswerOf<R>) => setState({ status: 'ready', data }), []);
  return { state, retry, setData };
}
