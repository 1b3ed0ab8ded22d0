/**
 * The API's OpenAPI viewer (/openapi, docs/deploy.md "The API's description") in a real browser:
 * Swagger UI served by the server itself draws every call of /openapi.json under the page's strict
 * CSP, with no script or style refused and no request leaving the server.
 */
import { test, expect } from './fixtures.ts';
import { serverUrl } from './server.ts';

test('the viewer draws every call of /openapi.json, under its CSP, from this server only', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(serverUrl()) && !request.url().startsWith('data:')) elsewhere.push(request.url());
  });

  const document = (await (await page.request.get(`${serverUrl()}/openapi.json`)).json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
  expect(document.openapi).toMatch(/^3\.1\./);
  const operations = Object.values(document.paths).reduce((sum, methods) => sum + Object.keys(methods).filter((m) => m !== 'parameters').length, 0);
  expect(operations).toBeGreaterThan(60);

  await page.goto(`${serverUrl()}/openapi`);
  // Swagger UI draws one block per operation, each with its method and path.
  await expect(page.locator('.opblock')).toHaveCount(operations, { timeout: 20_000 });
  await expect(page.locator('.opblock-summary-path').filter({ hasText: '/h5api/v3/loan-details/loan-details' }).first()).toBeVisible();
  await expect(page.locator('.opblock-summary-path').filter({ hasText: '/staff/api/' }).first()).toBeAttached();
  expect(refused).toEqual([]);
  expect(elsewhere).toEqual([]);
});
