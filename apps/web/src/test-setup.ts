import { afterEach, beforeEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { clearPagePolicy } from './shared/navigation/test-policy.ts';

// A findBy or waitFor waits for what the user waits for, however long a loaded machine takes: Testing
// Library's own 1 s failed screens under load. Its bound is the test's own time-out (vitest.config.ts,
// or the test's), less a second so that a wait that never ends fails with Testing Library's message
// (what it looked for, and the DOM) rather than a bare "Test timed out".
beforeEach(({ task }) => {
  configure({ asyncUtilTimeout: task.timeout > 0 ? Math.max(task.timeout - 1000, task.timeout / 2) : 2 ** 31 - 1 });
});

afterEach(() => {
  // The server renderer's tests run without a window (@vitest-environment node).
  if (typeof window === 'undefined') return;
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  clearPagePolicy();
});
