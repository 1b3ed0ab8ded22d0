/**
 * The pull-to-refresh gesture as pure rules (spec sections 4 and 9): the finger's travel is scaled by
 * 0.6 and capped at the damping of 100 px; past the distance of 25 px the indicator is 'activate'
 * (release to refresh), below it 'deactivate'. Releasing while active refreshes ('release') and the
 * indicator ends ('finish') when the reload ends, or after the 1 s fallback at the latest.
 */
export const PULL = { distance: 25, damping: 100, scale: 0.6, fallbackMs: 1000 } as const;
/** How long 'finish' stays on screen before the indicator folds away. */
export const FINISH_HOLD_MS = 500;

export type PullState = 'deactivate' | 'activate' | 'release' | 'finish';

export const PULL_TEXT: Record<PullState, string> = {
  deactivate: 'Pull down to refresh',
  activate: 'Release to refresh',
  release: 'Refreshing…',
  finish: 'Refreshed',
};

/** How far the content moves for a finger travel of `dy` px (never below 0, never past the damping). */
export function pullOffset(dy: number): number {
  if (!Number.isFinite(dy) || dy <= 0) return 0;
  return Math.min(PULL.damping, dy * PULL.scale);
}

/** The indicator's state while the finger is down. */
export function pullingState(offset: number): 'deactivate' | 'activate' {
  return offset >= PULL.distance ? 'activate' : 'deactivate';
}

/** Resolves when `refresh` settles or the fallback passes, whichever is first; never rejects. */
export function refreshWithFallback(refresh: () => Promise<unknown>, fallbackMs: number = PULL.fallbackMs): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const fallback = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, fallbackMs);
  });
  const done = Promise.resolve()
    .then(refresh)
    .then(
      () => undefined,
      () => undefined,
    );
  return Promise.race([done, fallback]).finally(() => clearTimeout(timer));
}
