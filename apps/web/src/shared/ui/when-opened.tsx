/**
 * A dialog whose code loads when it first opens, not with the page (docs/performance.md). Like Modal,
 * it renders nothing on the server nor while the browser hydrates, so the server's HTML and the
 * first screen never wait for it; it opens once its code is in (a small chunk, one round trip), and
 * stays mounted afterwards so it closes as a static dialog does.
 */
import { Suspense, lazy, useState, type ComponentType } from 'react';
import { useHydrated } from './use-hydrated.ts';

export function whenOpened<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  return function LazyDialog(props: P) {
    const canOpen = useHydrated();
    const [opened, setOpened] = useState(false);
    if (props.open && canOpen && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
