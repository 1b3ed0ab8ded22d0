/**
 * Maker-checker on finance's postings against the real server (issue 34): a finance user posts more
 * than ₱10,000.00 received by bank transfer; nothing is applied and the screen says it waits; the
 * server refuses that same user's approval; a second finance user finds it from the dashboard's card,
 * approves it on the order's screen, and the order is settled with both names shown.
 */
import { test, expect } from '../fixtures.ts';
import { confirmInPopover, createStaff, desktop, signIn, staffApi } from './staff.ts';

test.use(desktop);

interface CreatedOrder {
  orderId: number;
  orderNo: string;
}

test('a posting above ₱10,000.00 waits for a second finance user, who approves it; its maker cannot', async ({ page, ops, borrower, browser }) => {
  // Two members of staff each sign in with a second factor and open the order: more than one's 30 s on a loaded 2-core machine.
  test.setTimeout(90_000);
  // ₱20,000.00 lent and overdue: it owes more than the approval amount.
  const order = await ops.request<CreatedOrder>('POST', '/orders', { borrowerId: borrower.borrowerId, status: 180, amount: 2_000_000, dueInDays: -2 });
  const reference = `BT-${order.orderId}`;
  const maker = await createStaff(ops, ['finance'], { name: 'Mara Maker' });
  const checker = await createStaff(ops, ['finance'], { name: 'Chen Checker' });

  await signIn(page, ops, maker);
  await page.goto(`/backoffice/orders/${order.orderId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.orderNo}` })).toBeVisible();
  await expect(page.getByText('Above ₱10,000.00 a second finance user must approve a posting before it is applied.')).toBeVisible();

  const owedText = (await page.getByText(/^Owed now: /).textContent())!;
  const owed = owedText.replace(/^Owed now: ₱/, '').replace(/,/g, '');
  await page.getByLabel('Amount received (pesos)').fill(owed);
  await expect(page.getByText('Above ₱10,000.00: this posting will be held, and nothing applied, until another finance user approves it.')).toBeVisible();
  await page.getByRole('radio', { name: 'Bank transfer' }).check();
  await page.getByLabel('Reference (receipt or transfer number)').fill(reference);
  await page.getByRole('button', { name: 'Post the payment' }).click();
  await expect(page.getByText(/^Posting held: ₱[\d,.]+ awaits a second finance user's approval\.$/)).toBeVisible();

  // Nothing applied: the order still owes it all, and the posting waits with no buttons for its maker.
  await expect(page.getByTestId('order-status')).toContainText('180');
  const postings = page.locator('.ant-card').filter({ has: page.getByRole('heading', { level: 2, name: 'Postings for a second approval' }) });
  const row = postings.getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText('Awaiting approval');
  await expect(row).toContainText(`Mara Maker (${maker.email})`);
  await expect(row).toContainText('You posted this, so another finance user must approve or reject it.');
  await expect(postings.getByRole('button', { name: /Approve|Reject/ })).toHaveCount(0);

  // The screen hiding the button is not the check: the server refuses the maker's own approval.
  const detail = await staffApi(page, 'GET', `/orders/${order.orderId}`);
  const held = (detail.body.data as { postings: { items: Array<{ id: number; reference: string }> } }).postings.items.find((p) => p.reference === reference)!;
  const own = await staffApi(page, 'POST', `/orders/${order.orderId}/postings/${held.id}/approve`, {});
  expect(own.status).toBe(403);
  expect(own.body.message).toBe('You posted this payment, so you cannot approve it: another finance user must (maker-checker).');

  // A second finance user: the dashboard's card, the list, the order, Approve.
  const second = await (await browser.newContext({ ...desktop, baseURL: new URL(page.url()).origin })).newPage();
  try {
    await signIn(second, ops, checker);
    const card = second.locator('.ant-card').filter({ has: second.getByRole('heading', { level: 2, name: 'Postings to approve' }) });
    await card.getByRole('link', { name: 'Open the list' }).click();
    await expect(second.getByRole('heading', { level: 1, name: 'Postings to approve' })).toBeVisible();
    await second.getByRole('row').filter({ hasText: reference }).getByRole('link', { name: order.orderNo }).click();
    await expect(second.getByRole('heading', { level: 1, name: `Order ${order.orderNo}` })).toBeVisible();

    await second.getByRole('button', { name: `Approve posting ${reference}` }).click();
    await confirmInPopover(second, 'Approve');
    await expect(second.getByText('Posting approved and applied: settled')).toBeVisible();
    await expect(second.getByTestId('order-status')).toContainText('200 Settled');
    const approved = second.getByRole('row').filter({ hasText: reference }).filter({ hasText: 'Approved and applied' });
    await expect(approved).toContainText(`Mara Maker (${maker.email})`);
    await expect(approved).toContainText(`Chen Checker (${checker.email})`);
    await expect(second.getByRole('table').filter({ hasText: 'How it was applied' })).toContainText(`posted:${reference}`);

    // Approving it again: already decided, nothing more applied.
    const again = await staffApi(second, 'POST', `/orders/${order.orderId}/postings/${held.id}/approve`, {});
    expect(again.status).toBe(409);
  } finally {
    await second.context().close();
  }
});
