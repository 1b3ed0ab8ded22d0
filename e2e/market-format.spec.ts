/**
 * Money and dates as the borrowers of each market read them (issue 23): amounts grouped in the
 * market's convention (₱8,286.50; ₹1,23,456.00 in lakh grouping for real=1) and dates on the lender's
 * calendar of the page's market (Asia/Manila; Asia/Kolkata for real=1). Orders come from the ops API;
 * the shared server clock is never moved.
 */
import type { Page } from '@playwright/test';
import { test, expect, newOrder, withQuery } from './fixtures.ts';

interface OrderView {
  position: { currentDueAt: string; currentDueMinor: number };
}

/** 'YYYY-MM-DD' of an instant on a fixed-offset calendar (neither Manila nor Kolkata has daylight saving). */
function calendarDate(instant: string, offsetMinutes: number): string {
  return new Date(Date.parse(instant) + offsetMinutes * 60_000).toISOString().slice(0, 10);
}
const MANILA = 8 * 60;
const KOLKATA = 5 * 60 + 30;

/** Opens order details and answers the value of each detail row by its label. */
async function detailRows(page: Page, path: string): Promise<Record<string, string>> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Order Details' })).toBeVisible();
  await expect(page.getByRole('term').filter({ hasText: /^Loan amount$/ })).toBeVisible();
  const terms = await page.getByRole('term').allInnerTexts();
  const values = await page.getByRole('definition').allInnerTexts();
  return Object.fromEntries(terms.map((t, i) => [t.trim(), (values[i] ?? '').trim()]));
}

test.describe('Amounts and dates in the market of the page', () => {
  test('a peso order: grouped pesos and Manila dates; the same order with real=1: grouped rupees and Kolkata dates', async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 174, dueInDays: 1, amount: 828_650 });
    const view = await ops.request<OrderView>('GET', `/orders/${order.orderId}`);
    // ₱8,286.50 lent; interest and fee (12.1 % in all, each rounded to the centavo) on top: ₱9,289.17 due.
    expect(view.position.currentDueMinor).toBe(928_917);

    const pesos = await detailRows(page, order.path);
    expect(pesos['Loan amount']).toBe('₱8,286.50');
    expect(pesos['Amount due']).toBe('₱9,289.17');
    expect(pesos['Due date']).toBe(calendarDate(view.position.currentDueAt, MANILA));

    const rupees = await detailRows(page, withQuery(order.path, { real: 1 }));
    expect(rupees['Loan amount']).toBe('₹8,286.50');
    expect(rupees['Amount due']).toBe('₹9,289.17');
    expect(rupees['Due date']).toBe(calendarDate(view.position.currentDueAt, KOLKATA));
  });

  test('a large Indian order reads in lakhs with real=1, on order details and the repayment plan', async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 174, dueInDays: 1, amount: 12_345_600, market: 'IN' });
    const view = await ops.request<OrderView>('GET', `/orders/${order.orderId}`);
    expect(view.position.currentDueMinor).toBe(13_839_418);

    const rows = await detailRows(page, withQuery(order.path, { real: 1 }));
    expect(rows['Loan amount']).toBe('₹1,23,456.00');
    expect(rows['Amount due']).toBe('₹1,38,394.18');
    expect(rows['Due date']).toBe(calendarDate(view.position.currentDueAt, KOLKATA));

    // The repayment plan screen: what to repay, grouped, and its rows.
    await page.goto(borrower.url('/allowedAlso', { productId: order.productId, orderId: order.orderId, real: 1 }));
    await expect(page).toHaveTitle('Repayment');
    await expect(page.getByRole('region', { name: 'Amount to repay' }).getByText('₹1,38,394.18', { exact: true })).toBeVisible();
    const dueRow = page.locator('div').filter({ has: page.getByRole('term').filter({ hasText: /^Due date$/ }) }).last();
    await expect(dueRow.getByRole('definition')).toHaveText(calendarDate(view.position.currentDueAt, KOLKATA));

    // Payment history: the web formats the server's date on the page's (Kolkata) calendar too.
    await page.goto(borrower.url('/paymentHistory', { productId: order.productId, orderId: order.orderId, real: 1 }));
    await expect(page.getByText(`Your next payment of ₹1,38,394.18 is due on ${calendarDate(view.position.currentDueAt, KOLKATA)}.`)).toBeVisible();
  });

  test('the repayment plan of a peso order shows the grouped amount to repay', async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 174, dueInDays: 1, amount: 828_650 });
    await page.goto(borrower.url('/allowedAlso', { productId: order.productId, orderId: order.orderId }));
    await expect(page).toHaveTitle('Repayment');
    await expect(page.getByRole('region', { name: 'Amount to repay' }).getByText('₱9,289.17', { exact: true })).toBeVisible();
    await expect(page.getByRole('term').filter({ hasText: /^Amount due$/ })).toBeVisible();
    const amountDue = page.locator('div').filter({ has: page.getByRole('term').filter({ hasText: /^Amount due$/ }) }).last();
    await expect(amountDue.getByRole('definition')).toHaveText('₱9,289.17');
  });
});
