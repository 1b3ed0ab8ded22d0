/**
 * A seconds countdown (the 60 s wait before a code may be sent again), counted from the clock rather
 * than from the ticks, so a webview paused in the background or a slow phone shows the right number.
 */
import { useCallback, useEffect, useState } from 'react';

/** `start` (re)starts it at `seconds`; `secondsLeft` is 0 before the first start and once it is over. */
export function useCountdown(seconds: number): { secondsLeft: number; start: () => void } {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      // Over: the interval stops with the effect's clean-up until the next start.
      if (current >= endsAt) setEndsAt(null);
    }, 1000);
    return () => clearInterval(timer);
  }, [endsAt]);
  const start = useCallback(() => {
    const current = Date.now();
    setNow(current);
    setEndsAt(current + seconds * 1000);
  }, [seconds]);
  const secondsLeft = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
  return { secondsLeft, start };
}
