import { defineProject } from 'vitest/config';
import { jsxRuntimeAlias } from './build/jsx-runtime.ts';

export default defineProject({
  resolve: { alias: jsxRuntimeAlias },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
    // Each test is well under 2 s of CPU on a quiet machine; the bound leaves room for a loaded one.
    testTimeout: 20_000,
  },
});
