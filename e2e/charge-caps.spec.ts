/**
 * The SEC caps as a borrower reads them on the order screen (docs/loan-terms.md): a capped overdue
 * order shows its charges beside the most the law allows, and stops growing at the cap. Orders are
 * made overdue through the ops API (dueInDays), never by moving the clock the other workers share.
 */
import type { Page } from '@playwright/test';
import { test, expect, type Borrower, type OpsClient } from './fixtures.ts';

interface CreatedOrder {
  orderId: number;
  path: string;
}
/** The seeded catalogue: 1 is PesoNow Cash (₱5,000, 91 days, inside the caps' scope), 3 PesoNow Installment (180 days, outside). */
const CASH = 1;
const INSTALLMENT = 3;

const overdueOrder = (ops: OpsClient, borrower: Borrower, productId: number, dueInDays: number) =>
  ops.request<CreatedOrder>('POST', '/orders', { borrowerId: borrower.borrowerId, productId, status: 180, dueInDays });

/** The value the order screen shows beside a detail row's name. */
const detail = (page: Page, name: string) => page.locator(`xpath=//dt[normalize-space()="${name}"]/following-sibling::dd[1]`);

async function open(page: Page, order: CreatedOrder, product: string) {
  await page.goto(order.path);
  await expect(page.getByRole('heading', { level: 1, name: 'Order Details' })).toBeVisible();
  await expect(page.getByRole('heading', { name: product })).toBeVisible();
}

test.describe('Charge caps on the order screen', () => {
  test('120 days overdue: PesoNow Cash shows ₱1,726.00 of at most ₱5,000.00 charged', async ({ page, ops, borrower }) => {
    await open(page, await overdueOrder(ops, borrower, CASH, -120), 'PesoNow Cash');
    await expect(detail(page, 'Days overdue')).toHaveText('120');
    // ₱5,605.00 overdue × 120 days × 5% / 30 = ₱1,121.00 of late charges, with ₱455.00 interest and ₱150.00 fee.
    await expect(detail(page, 'Late penalty')).toHaveText('₱1,000.00');
    await expect(detail(page, 'Overdue interest')).toHaveText('₱121.00');
    await expect(detail(page, 'Charges so far')).toBeVisible();
    await expect(detail(page, 'Charges so far')).toHaveText('₱1,726.00 of at most ₱5,000.00');
    await expect(detail(page, 'Amount due')).toHaveText('₱6,726.00');
  });

  test('a capped overdue order stops growing at the cap: 500 and 600 days overdue owe the same', async ({ page, ops, borrower }) => {
    for (const days of [500, 600]) {
      await open(page, await overdueOrder(ops, borrower, CASH, -days), 'PesoNow Cash');
      await expect(detail(page, 'Days overdue')).toHaveText(String(days));
      await expect(detail(page, 'Charges so far')).toHaveText('₱5,000.00 of at most ₱5,000.00');
      await expect(detail(page, 'Amount due')).toHaveText('₱10,000.00');
      await expect(page.getByText('Please repay ₱10,000.00 today')).toBeVisible();
    }
  });

  test('a 180-day loan is outside the caps: the seed charges, no cap row', async ({ page, ops, borrower }) => {
    await open(page, await overdueOrder(ops, borrower, INSTALLMENT, -6), 'PesoNow Installment');
    await expect(detail(page, 'Late penalty')).toHaveText('₱1,000.00');
    // 5% a day for 6 days on the first instalment of ₱7,433.33.
    await expect(detail(page, 'Overdue interest')).toHaveText('₱2,230.00');
    await expect(detail(page, 'Charges so far')).toHaveCount(0);
  });
});
