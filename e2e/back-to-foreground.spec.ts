/**
 * Back to the foreground: the borrower leaves the webview to pay (GCash, a bank app), the payment
 * lands on the server behind the page's back, and the screen shows it once the webview is visible
 * again — without a reload of the page, a spinner or a toast.
 *
 * Headless Chromium keeps every page visible (another tab in front, a minimised window and
 * Page.setWebLifecycleState frozen/active were tried: none fires visibilitychange), so the page's
 * document.visibilityState is set and the real event dispatched on the document, as the webview does.
 */
import type { Page, Request, Route } from '@playwright/test';
import { test, expect, codeHasRun, newOrder, type CreatedOrder, type OpsClient } from './fixtures.ts';

const ORDER_CALL = '**/h5api/v3/loan-details/loan-details**';

/** The borrower pays the whole amount at a counter; the provider's notification settles the order. */
async function payBehindThePage(ops: OpsClient, order: CreatedOrder): Promise<void> {
  const payCode = await ops.request<{ code: string }>('POST', '/pay-codes', { orderId: order.orderId, purpose: 'repay' });
  const paid = await ops.request<{ order: { status: number } }>('POST', `/pay-codes/${payCode.code}/paid`, {});
  expect(paid.order.status).toBe(200);
}

async function setVisibility(page: Page, state: 'hidden' | 'visible'): Promise<void> {
  // The page listens once its code has run; a flip before that is the webview's own business.
  await codeHasRun(page);
  await page.evaluate((visibility) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

/** The calls to `path` the page makes from now on. */
function callsTo(page: Page, path: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (r.url().includes(path)) seen.push(r);
  });
  return seen;
}

test.describe('Back to the foreground', () => {
  test('order details: a loan paid in another app shows Settled once the webview is visible again', async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 174, dueInDays: 0 });
    const held: { route?: Route } = {};
    await page.goto(order.path);
    await expect(page.getByRole('heading', { level: 2, name: 'Repayment due' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Repayment' })).toBeVisible();
    // The order on screen came with the page (server rendering): the page's own calls start here.
    let orderCalls = 0;
    await page.route(ORDER_CALL, async (route) => {
      orderCalls += 1;
      // The reload on return is held, to look at the screen while it runs.
      if (orderCalls === 1) held.route = route;
      else await route.continue();
    });
    // A mark on this document: it must survive, the page is not reloaded.
    await page.evaluate(() => ((window as unknown as { __stay?: boolean }).__stay = true));

    await setVisibility(page, 'hidden');
    await payBehindThePage(ops, order);
    expect(orderCalls).toBe(0);

    await setVisibility(page, 'visible');
    await expect.poll(() => held.route !== undefined).toBe(true);
    // The old figures stay while the reload runs: no spinner, no loading toast.
    await expect(page.getByRole('heading', { level: 2, name: 'Repayment due' })).toBeVisible();
    await expect(page.getByText('Loading your order…')).toHaveCount(0);
    await expect(page.getByText('loading...')).toHaveCount(0);
    await held.route!.continue();

    await expect(page.getByRole('heading', { level: 2, name: 'Settled' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Status: settled' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Borrow Again' })).toBeVisible();
    await expect(page.getByRole('term').filter({ hasText: /^Settled on$/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Repayment' })).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __stay?: boolean }).__stay)).toBe(true);
    expect(orderCalls).toBe(1);
  });

  test('repayment plan: a loan paid in another app shows the server saying so instead of the old amount', async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 174, dueInDays: 0 });
    await page.goto(borrower.url('/allowedAlso', { productId: order.productId, orderId: order.orderId }));
    await expect(page.getByRole('region', { name: 'Amount to repay' }).getByText('₱5,605.00', { exact: true })).toBeVisible();
    const planCalls = callsTo(page, '/v3/installment/loan-play-detail');

    await setVisibility(page, 'hidden');
    await payBehindThePage(ops, order);
    expect(planCalls).toHaveLength(0);
    await setVisibility(page, 'visible');

    await expect(page.getByRole('alert')).toContainText('You have repaid this loan in full. Thank you!');
    await expect(page.getByRole('region', { name: 'Amount to repay' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Payment', exact: true })).toHaveCount(0);
  });
});
