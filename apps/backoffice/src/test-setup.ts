import { afterEach, vi } from 'vitest';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';

// A screen is a lazily loaded chunk plus antd's first render: more than the default 1 s in jsdom on 2 cores.
configure({ asyncUtilTimeout: 5000 });

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
