import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'backoffice',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
    // A screen test is 1-7 s of CPU on a quiet 2-core machine (antd renders a lot of DOM, in jsdom);
    // the bound leaves room for a machine loaded several times over: the longest took 67 s with six
    // busy loops and the e2e suite beside it (docs/backoffice.md, "Tests on a loaded machine").
    testTimeout: 120_000,
  },
});
