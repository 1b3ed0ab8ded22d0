/**
 * Money out (issue 36) against the real server and the sandbox payout provider: one finance user
 * approves, the Release button refuses them and a second finance user releases; the borrower's order
 * details (a phone) show the money arriving and the loan repaying. And the bank's refusal: a payout to
 * the sandbox's closed account is refused on both sides, the borrower corrects the account from the
 * order page, and a second release arrives.
 */
import type { Browser, Page } from '@playwright/test';
import { test, expect, newOrder, type Borrower, type OpsClient } from '../fixtures.ts';
import { choose } from '../bank-form.ts';
import { confirmInPopover, createStaff, desktop, signIn, type Staff } from './staff.ts';

test.use(desktop);

const phoneContext = (browser: Browser) =>
  browser.newContext({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true, locale: 'en-PH', timezoneId: 'Asia/Manila' });

async function openOrder(page: Page, orderId: number, orderNo: string) {
  await page.goto(`/backoffice/orders/${orderId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${orderNo}` })).toBeVisible();
}

/** A finance user signed in, on a page of its own (a second browser context). */
async function financePage(browser: Browser, base: string, ops: OpsClient, staff: Staff): Promise<Page> {
  const page = await (await browser.newContext({ ...desktop, baseURL: base })).newPage();
  await signIn(page, ops, staff);
  return page;
}

/** Release, confirmed in its dialog (which names the amount and the account). */
async function release(page: Page, confirmText: RegExp) {
  await page.getByRole('button', { name: 'Release', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(confirmText);
  await dialog.getByRole('button', { name: 'Send the money' }).click();
  await expect(dialog).toHaveCount(0);
}

const payoutRow = (page: Page, reference: string) => page.getByRole('row').filter({ hasText: reference });

async function newOrderWithAccount(ops: OpsClient, borrower: Borrower, status: 21 | 110, accountNumber: string) {
  const order = await newOrder(ops, borrower, { status });
  await ops.request('POST', '/payout-accounts', { orderId: order.orderId, bankCode: 'BDO', accountNumber, accountName: 'Juan Dela Cruz' });
  return order;
}

test('one finance user approves, a second releases; the borrower sees the money arrive and the loan start', async ({ page, ops, borrower, browser }) => {
  // Two sign-ins with second factors and a phone: see orders.spec.ts for why the bound is wide.
  test.setTimeout(180_000);
  const order = await newOrderWithAccount(ops, borrower, 21, '1234567890');
  const approver = await createStaff(ops, ['finance'], { name: 'Ana Approver' });
  const releaser = await createStaff(ops, ['finance'], { name: 'Rey Releaser' });

  await signIn(page, ops, approver);
  await openOrder(page, order.orderId, order.orderNo);
  await page.getByRole('button', { name: 'Approve' }).click();
  await confirmInPopover(page, 'Approve');
  // The approver may not release it: the button says why, and the server would refuse it too.
  await expect(page.getByRole('button', { name: 'Release', exact: true })).toBeDisabled();
  await expect(page.getByText(`You approved order ${order.orderNo}, so another finance user must release it.`, { exact: false })).toBeVisible();

  // The borrower, meanwhile: the money is on its way.
  const phone = await phoneContext(browser);
  try {
    const h5 = await phone.newPage();
    const orderUrl = borrower.url('/allIt', { productId: order.productId, orderId: order.orderId });
    await h5.goto(orderUrl);
    await expect(h5.getByText('Sending ₱5,000.00 to your account ending 7890')).toBeVisible();

    const second = await financePage(browser, new URL(page.url()).origin, ops, releaser);
    await openOrder(second, order.orderId, order.orderNo);
    await release(second, /₱5,000\.00.*BDO Unibank.*7890/);
    const row = payoutRow(second, `PO-${order.orderNo}-1`);
    await expect(row).toContainText('Arrived');
    await expect(row).toContainText('Rey Releaser');
    await expect(row).toContainText('Ana Approver');

    await h5.reload();
    await expect(h5.getByRole('heading', { level: 2, name: 'Repaying' })).toBeVisible();
    await expect(h5.getByText(/^₱5,000\.00 arrived in your account ending 7890 on \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)).toBeVisible();
    await expect(h5.getByRole('button', { name: 'Repayment' })).toBeVisible();
  } finally {
    await phone.close();
  }
});

test('the bank refuses a payout: both sides see it, the borrower corrects the account, and a second release arrives', async ({ page, ops, borrower, browser }) => {
  test.setTimeout(180_000);
  // Approved through the dev API (no approver recorded): any finance user may release it.
  const order = await newOrderWithAccount(ops, borrower, 110, '1234560000');
  const finance = await createStaff(ops, ['finance'], { name: 'Rey Releaser' });
  await signIn(page, ops, finance);
  await openOrder(page, order.orderId, order.orderNo);
  await release(page, /₱5,000\.00.*BDO Unibank.*0000/);
  const first = payoutRow(page, `PO-${order.orderNo}-1`);
  await expect(first).toContainText('Refused');
  await expect(first).toContainText(/closed/i);

  const phone = await phoneContext(browser);
  try {
    const h5 = await phone.newPage();
    await h5.goto(borrower.url('/allIt', { productId: order.productId, orderId: order.orderId }));
    const money = h5.getByRole('navigation', { name: 'Your loan money' });
    await expect(money.getByRole('alert')).toHaveText(
      'We could not send ₱5,000.00 to your account ending 0000: your bank says this account is closed. Please correct your account details so we can send it again.',
    );
    await money.getByRole('link', { name: 'Correct your account' }).tap();
    await expect(h5).toHaveURL(/\/candidateWhile\?.*source=loanDetail/);
    await expect(h5.getByRole('heading', { level: 1, name: 'Payment account information' })).toBeVisible();
    await choose(h5, 'Bank', 'Metrobank');
    await h5.getByLabel('Account number', { exact: true }).fill('5556667778');
    await h5.getByLabel('Account name', { exact: true }).fill('Juan Dela Cruz');
    await choose(h5, 'City / Municipality', 'Davao City');
    await h5.getByRole('button', { name: 'Next' }).tap();
    // Back on the order page: the money will go to the corrected account.
    await expect(h5).toHaveURL(/\/allIt\?/);
    await expect(h5.getByText('Sending ₱5,000.00 to your account ending 7778')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: `Order ${order.orderNo}` })).toBeVisible();
    await release(page, /₱5,000\.00.*Metrobank.*7778/);
    await expect(payoutRow(page, `PO-${order.orderNo}-2`)).toContainText('Arrived');

    await h5.reload();
    await expect(h5.getByText(/^₱5,000\.00 arrived in your account ending 7778 on /)).toBeVisible();
    await expect(h5.getByRole('navigation', { name: 'Your loan money' })).toHaveCount(0);
  } finally {
    await phone.close();
  }
});
