/** Where the e2e server lives and how to reach it; shared by global setup, teardown and fixtures. */
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));
export const OPS_TOKEN_DEFAULT = 'e2e-ops-token-of-the-browser-tests';

/**
 * The contact details the e2e server is configured with, so specs can check the page shows what
 * the server was told, not a demo default.
 */
export const E2E_SERVICE = { email: 'care@e2e-lender.example', smWa: '+63 917 555 0101' } as const;

/** Set by global-setup (the workers inherit the runner's environment). */
export function serverUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the tests through `npx playwright test` (global-setup starts the server).');
  return url;
}
export function opsToken(): string {
  return process.env.E2E_OPS_TOKEN ?? OPS_TOKEN_DEFAULT;
}
