/**
 * How soon the borrower's calls see a change made behind the app's back (a DBA in psql, another
 * process): the cached reads of issue 42 promise within a second. `watch` sends the call again and
 * again from the moment the change committed, and answers when the first request that saw it was
 * sent, and whether any request sent FRESH_MS (half a second) or more after the commit still showed
 * the old state: none may, however slow the machine, so a change is seen within a second. When the
 * first request saw it is reported, not asserted (on a loaded machine one answer may take long).
 */
import { FRESH_MS } from '../platform/db/cached-read.ts';

export interface Freshness {
  /** From the commit to the sending of the first request that saw the change. */
  firstSeenAfterMs: number;
  /** Requests sent at least FRESH_MS after the commit that did not see it (none, when the promise holds). */
  staleAfterFreshMs: number;
  /** Requests sent at least FRESH_MS after the commit (one at least: the promise was put to the test). */
  sentAfterFreshMs: number;
  requests: number;
}

/** Calls `ask` until `seen` holds for a request sent FRESH_MS after the commit (asking for at most `limitMs`); `committedAt` is performance.now() right after the commit. */
export async function watch<T>(committedAt: number, ask: () => Promise<T>, seen: (answer: T) => boolean, limitMs = 5_000): Promise<Freshness> {
  let firstSeenAfterMs = Infinity;
  let staleAfterFreshMs = 0;
  let requests = 0;
  let sentAfterFreshMs = 0;
  for (;;) {
    const sentAfter = performance.now() - committedAt;
    const answer = await ask();
    requests++;
    if (sentAfter >= FRESH_MS) sentAfterFreshMs++;
    if (seen(answer)) {
      firstSeenAfterMs = Math.min(firstSeenAfterMs, sentAfter);
      // Keep asking past the window once: every later request must see it too.
      if (sentAfter >= FRESH_MS) return { firstSeenAfterMs, staleAfterFreshMs, sentAfterFreshMs, requests };
    } else if (sentAfter >= FRESH_MS) staleAfterFreshMs++;
    if (sentAfter > limitMs) return { firstSeenAfterMs, staleAfterFreshMs, sentAfterFreshMs, requests };
    // A request in flight at a time, as a borrower's screen would ask; a short pause so the loop does not starve the server it asks.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
