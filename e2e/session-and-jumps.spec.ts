/**
 * Issue 11, sessions and redirects, against the real server: the session id leaves the address bar
 * as soon as the H5 has stored it (and the page still works), later pages of the site go without it,
 * and a jump URL the allow-list refuses opens nothing and says so. docs/security.md.
 */
import type { Page } from '@playwright/test';
import { test, expect, newOrder } from './fixtures.ts';

const REFUSED = 'This link cannot be opened.';

/** Fails the test if any script: URL or dialog runs, whatever the page did. */
async function watchForScripts(page: Page): Promise<() => Promise<boolean>> {
  page.on('dialog', (dialog) => {
    throw new Error(`a dialog opened: ${dialog.message()}`);
  });
  await page.addInitScript(() => {
    (window as unknown as { __ran: boolean }).__ran = false;
  });
  return () => page.evaluate(() => (window as unknown as { __ran: boolean }).__ran);
}

test.describe('Session parameters out of the address bar', () => {
  test('the first URL’s sessionId is taken out of the address bar; the page loads, and so does the next page, without it', async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 170 });
    await page.goto(borrower.url('/allIt', { productId: order.productId, orderId: order.orderId }));

    // The address keeps the path and the other parameters, not the session id.
    await expect.poll(() => new URL(page.url()).searchParams.has('sessionId')).toBe(false);
    const address = new URL(page.url());
    expect(address.pathname).toBe('/allIt');
    expect(address.searchParams.get('orderId')).toBe(String(order.orderId));
    expect(address.searchParams.get('userId')).toBe(borrower.session.userId);
    expect(await page.evaluate(() => window.location.href)).not.toContain(borrower.session.sessionId);

    // The order is on screen (its call made by the server for the first URL's session).
    await expect(page.getByRole('heading', { level: 1, name: 'Order Details' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'PesoNow Cash' })).toBeVisible();

    // An in-app move: the next page's URL has no session id, and it loads its data; the API still
    // gets the session (from sessionStorage).
    const planCall = page.waitForRequest((r) => r.url().includes('/installment/loan-play-detail'));
    await page.getByRole('button', { name: 'Repayment', exact: true }).tap();
    expect(new URL((await planCall).url()).searchParams.get('sessionId')).toBe(borrower.session.sessionId);
    await expect(page).toHaveURL((url) => url.pathname === '/allowedAlso');
    expect(new URL(page.url()).searchParams.has('sessionId')).toBe(false);
    expect(new URL(page.url()).searchParams.get('orderId')).toBe(String(order.orderId));
    await expect(page.getByRole('region', { name: 'Amount to repay' })).toBeVisible();

    // A reload (same tab, same sessionStorage) still has the session.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Amount to repay' })).toBeVisible();
  });

  test('a #/ app (pay.html) drops sessionId from the query after the hash and still loads', async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 174, dueInDays: 1 });
    await page.goto(borrower.url('/pay.html#/alipayrepayment', { orderId: order.orderId, productId: order.productId }));
    await expect.poll(() => page.url()).not.toContain('sessionId=');
    expect(new URL(page.url()).hash).toMatch(/^#\/alipayrepayment\?.*orderId=/);
    await expect(page.getByRole('region', { name: 'Amount to repay' })).toBeVisible();
  });

  test('the page names its allow-list and app scheme in <meta> tags, not in a script', async ({ page, borrower }) => {
    await page.goto(borrower.url('/beSeats'));
    expect(await page.locator('meta[name="trusted-hosts"]').getAttribute('content')).toBe(new URL(page.url()).host);
    expect(await page.locator('meta[name="app-scheme"]').getAttribute('content')).toBe('pesonow');
  });
});

test.describe('Refused jump URLs', () => {
  for (const playeduL of ['javascript:window.__ran=true', 'https://evil.example/steal', '//evil.example/x', 'https://localhost@evil.example/']) {
    test(`a playeduL of ${playeduL} opens nothing: the order stays and the borrower is told`, async ({ page, ops, borrower }) => {
      const ran = await watchForScripts(page);
      const order = await newOrder(ops, borrower, { status: 170, playeduL });
      const requests: string[] = [];
      page.on('request', (r) => requests.push(new URL(r.url()).host));
      await page.goto(order.path);
      await expect(page.getByText(REFUSED)).toBeVisible();
      await expect(page.getByRole('heading', { name: 'PesoNow Cash' })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe('/allIt');
      expect(requests.filter((host) => host.includes('evil'))).toEqual([]);
      expect(await ran()).toBe(false);
    });
  }

  test('a refused h5Url: Repayment opens nothing and says so', async ({ page, ops, borrower }) => {
    const ran = await watchForScripts(page);
    const order = await newOrder(ops, borrower, { status: 170, h5Url: 'data:text/html,<script>window.__ran=true</script>' });
    await page.goto(order.path);
    await expect(page.getByRole('heading', { name: 'PesoNow Cash' })).toBeVisible();
    await page.getByRole('button', { name: 'Repayment', exact: true }).tap();
    await expect(page.getByText(REFUSED)).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/allIt');
    expect(await ran()).toBe(false);
  });
});
