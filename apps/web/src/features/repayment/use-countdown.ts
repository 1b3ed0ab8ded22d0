/** A seconds countdown (the 60 s resend of the verification code), counted from the clock so a paused webview catches up. */
import { useCallback, useEffect, useState } from 'react';

export function useCountdown(seconds: number): { remaining: number; start: () => void } {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const remaining = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
  useEffect(() => {
    if (endsAt === null || remaining === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [endsAt, remaining]);
  const start = useCallback(() => {
    const at = Date.now();
    setNow(at);
    setEndsAt(at + seconds * 1000);
  }, [seconds]);
  return { remaining, start };
}
