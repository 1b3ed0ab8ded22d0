import { afterEach, beforeEach, vi } from 'vitest';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';

// A findBy or waitFor waits for what the user waits for (a screen is a lazily loaded chunk plus antd's
// first render), however long a loaded machine takes: a fixed time of its own (Testing Library's 1 s,
// then 5 s here) failed the first screen of a file under load. Its bound is the test's own time-out
// (vitest.config.ts, or the test's), less a second so that a wait that never ends fails with Testing
// Library's message (what it looked for, and the DOM) rather than a bare "Test timed out".
beforeEach(({ task }) => {
  configure({ asyncUtilTimeout: task.timeout > 0 ? Math.max(task.timeout - 1000, task.timeout / 2) : 2 ** 31 - 1 });
});

// jsdom lacks what antd's responsive parts (Grid, Sider breakpoints, Table) ask the browser for.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
// antd's QRCode draws on a canvas jsdom does not have; the screen's text (the key) is what tests read.
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
vi.stubGlobal('ResizeObserver', NoResizeObserver);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
});
