import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { clearPagePolicy } from './shared/navigation/test-policy.ts';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  clearPagePolicy();
});
