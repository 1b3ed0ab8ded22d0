import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'backoffice',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
    // antd renders a lot of DOM per screen; jsdom on 2 cores needs more than the default 5 s now and then.
    testTimeout: 20_000,
  },
});
