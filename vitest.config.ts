import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two files at a time on the 2-core machine (Vitest's default is one fewer than the cores): the
    // fault tests mostly wait on server processes of their own, so the whole run takes about 19
    // minutes instead of 29.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'packages/contract/src/**/*.test.ts'],
          environment: 'node',
          // A bound against a hang, not a timing: the scrypt-heavy sign-in tests (0.25 s a password
          // quiet) took 30 s with two files and a browser build sharing 2 cores, so 90 s.
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The hardening suite of issue 11 (docs/security.md): hostile input corpora in test/fixtures,
        // fault and fuzz runs against the real server; `npm run test:security` runs only these.
        test: {
          name: 'security',
          include: ['test/security/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      'apps/web/vitest.config.ts',
      'apps/backoffice/vitest.config.ts',
    ],
  },
});
