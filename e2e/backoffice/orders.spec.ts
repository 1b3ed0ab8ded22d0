/**
 * Finance's day against the real server: an order found by its number, approved from its screen (its
 * Release then refused to the approver: release.spec.ts has the payout), paid out, a counter payment
 * posted that settles it (the borrower's H5 shows Settled), the same reference refused, and the admin
 * reading each write in the audit log.
 */
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures.ts';
import { confirmInPopover, createStaff, desktop, signIn } from './staff.ts';

test.use(desktop);

/** Opens the move's confirmation and confirms it (once the popover has finished opening). */
async function confirmMove(page: Page, name: 'Approve') {
  await page.getByRole('button', { name }).click();
  await confirmInPopover(page, name);
}

interface CreatedOrder {
  orderId: number;
  orderNo: string;
  productId: number;
}

test('finance approves and posts the payment that settles an order; the admin reads it in the audit log', async ({ page, ops, borrower, browser }) => {
  // Two sign-ins and three browser contexts: about 25 s on a quiet 2-core machine, 95 s with six busy
  // loops and the unit tests beside it (each sign-in's password hash alone took 9-12 s).
  test.setTimeout(180_000);
  const order = await ops.request<CreatedOrder>('POST', '/orders', { borrowerId: borrower.borrowerId, status: 21 });
  const finance = await createStaff(ops, ['finance'], { name: 'Fina Finance' });
  await signIn(page, ops, finance);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
  await page.getByLabel('Order no').fill(order.orderNo);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: order.orderNo }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.orderNo}` })).toBeVisible();

  await confirmMove(page, 'Approve');
  await expect(page.getByText('No move can be made from this status.')).toBeVisible();
  // The approver is not the one to send the money (release.spec.ts): here the dev API pays it out.
  await expect(page.getByRole('button', { name: 'Release', exact: true })).toBeDisabled();
  await ops.request('POST', `/orders/${order.orderId}/status`, { status: 170 });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.orderNo}` })).toBeVisible();

  // What the borrower owes now, as the screen states it ("Owed now: ₱5,605.00").
  const owedText = (await page.getByText(/^Owed now: /).textContent())!;
  const owed = owedText.replace(/^Owed now: ₱/, '').replace(/,/g, '');
  await page.getByLabel('Amount received (pesos)').fill(owed);
  await page.getByLabel('Reference (receipt or transfer number)').fill(`OR-${order.orderId}`);
  await page.getByRole('button', { name: 'Post the payment' }).click();
  await expect(page.getByText('Payment posted: settled')).toBeVisible();
  const ledger = page.getByRole('table').filter({ hasText: 'How it was applied' });
  await expect(ledger).toContainText(`posted:OR-${order.orderId}`);

  // The same reference again is refused and nothing more is paid.
  await page.getByLabel('Amount received (pesos)').fill('1');
  await page.getByLabel('Reference (receipt or transfer number)').fill(`OR-${order.orderId}`);
  await page.getByRole('button', { name: 'Post the payment' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The server refused' })).toContainText(`reference OR-${order.orderId} was already posted`);

  // The borrower's order details (a phone) show the loan settled.
  const phone = await browser.newContext({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true, locale: 'en-PH', timezoneId: 'Asia/Manila' });
  try {
    const h5 = await phone.newPage();
    await h5.goto(borrower.url('/allIt', { productId: order.productId, orderId: order.orderId }));
    await expect(h5.getByRole('heading', { name: 'Settled' })).toBeVisible();
  } finally {
    await phone.close();
  }

  // The admin reads finance's writes, with the status before and after.
  const admin = await createStaff(ops, ['admin']);
  const adminPage = await (await browser.newContext({ ...desktop, baseURL: new URL(page.url()).origin })).newPage();
  await signIn(adminPage, ops, admin);
  await adminPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit log' }).click();
  await adminPage.getByLabel('Target id').fill(String(order.orderId));
  await adminPage.getByRole('button', { name: 'Show' }).click();
  const rows = adminPage.getByRole('row').filter({ hasText: finance.email });
  await expect(rows.filter({ hasText: 'payment.post' })).toHaveCount(2);
  await expect(rows.filter({ hasText: 'order.move' })).toHaveCount(1);
  await adminPage.context().close();
});
