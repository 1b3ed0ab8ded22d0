/**
 * Pull-to-refresh for the order screen with the spec's states and numbers (pull-to-refresh.ts).
 * Touch listeners are native and non-passive so a pull at the top of the page can stop the browser's
 * own overscroll; anywhere below the top the page scrolls as usual.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Spinner } from '../../../shared/ui/Spinner.tsx';
import { FINISH_HOLD_MS, PULL, PULL_TEXT, pullOffset, pullingState, refreshWithFallback, type PullState } from '../pull-to-refresh.ts';
import styles from './PullToRefresh.module.css';

export function PullToRefresh({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ReactNode }) {
  const [state, setState] = useState<PullState>('deactivate');
  const [offset, setOffset] = useState(0);
  const [dragging, setDragging] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  // The latest onRefresh without re-binding the touch listeners on every render.
  const refreshRef = useRef(onRefresh);
  useEffect(() => {
    refreshRef.current = onRefresh;
  }, [onRefresh]);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let startY: number | null = null;
    let current = 0;
    let busy = false;
    let finishTimer: ReturnType<typeof setTimeout> | undefined;
    const atTop = () => (document.scrollingElement?.scrollTop ?? window.scrollY) <= 0;

    const onStart = (event: TouchEvent) => {
      if (busy || event.touches.length !== 1 || !atTop()) return;
      startY = event.touches[0]!.clientY;
      current = 0;
    };
    const onMove = (event: TouchEvent) => {
      if (startY === null) return;
      const touch = event.touches[0];
      if (!touch) return;
      current = pullOffset(touch.clientY - startY);
      if (current > 0 && event.cancelable) event.preventDefault();
      setDragging(current > 0);
      setOffset(current);
      setState(pullingState(current));
    };
    const onEnd = () => {
      if (startY === null) return;
      startY = null;
      setDragging(false);
      if (current < PULL.distance) {
        current = 0;
        setOffset(0);
        setState('deactivate');
        return;
      }
      busy = true;
      setOffset(PULL.distance);
      setState('release');
      void refreshWithFallback(() => refreshRef.current()).then(() => {
        setState('finish');
        finishTimer = setTimeout(() => {
          busy = false;
          current = 0;
          setOffset(0);
          setState('deactivate');
        }, FINISH_HOLD_MS);
      });
    };

    element.addEventListener('touchstart', onStart, { passive: true });
    element.addEventListener('touchmove', onMove, { passive: false });
    element.addEventListener('touchend', onEnd);
    element.addEventListener('touchcancel', onEnd);
    return () => {
      element.removeEventListener('touchstart', onStart);
      element.removeEventListener('touchmove', onMove);
      element.removeEventListener('touchend', onEnd);
      element.removeEventListener('touchcancel', onEnd);
      clearTimeout(finishTimer);
    };
  }, []);

  const showing = offset > 0 || state === 'release' || state === 'finish';
  return (
    <div ref={ref} className={styles.root} data-pull-state={state}>
      <div className={styles.head} style={{ height: offset, transition: dragging ? 'none' : undefined }} aria-hidden={!showing}>
        {/* Announced as it changes, so the pull is not silent for screen-reader users. */}
        <div className={styles.indicator} role="status" aria-live="polite">
          {state === 'release' && <Spinner size={18} />}
          <span>{showing ? PULL_TEXT[state] : ''}</span>
        </div>
      </div>
      {children}
    </div>
  );
}
