import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { clearPagePolicy } from './shared/navigation/test-policy.ts';

afterEach(() => {
  // The server renderer's tests run without a window (@vitest-environment node).
  if (typeof window === 'undefined') return;
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  clearPagePolicy();
});
