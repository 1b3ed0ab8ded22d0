/**
 * Runs an async action at most once at a time: a second tap while the first call runs is ignored,
 * even before React has re-rendered the disabled button (a ref, not state, decides).
 */
import { useCallback, useRef, useState } from 'react';

export function useOnceAtATime<A extends unknown[]>(action: (...args: A) => Promise<void>): { run: (...args: A) => Promise<void>; pending: boolean } {
  const running = useRef(false);
  const [pending, setPending] = useState(false);
  const run = useCallback(
    async (...args: A) => {
      if (running.current) return;
      running.current = true;
      setPending(true);
      try {
        await action(...args);
      } finally {
        running.current = false;
        setPending(false);
      }
    },
    [action],
  );
  return { run, pending };
}
