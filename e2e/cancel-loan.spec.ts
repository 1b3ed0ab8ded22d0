/**
 * Cancelling a loan in its cooling-off period against the real server (issue 23): a borrower opens
 * order details of a loan paid out today, taps 'Cancel this loan', sees the exact exit amount, gets
 * the pay code on the repayment-code page, the provider reports it paid (as e2e/records.spec.ts does),
 * and order details then shows the loan closed as cancelled. A loan paid out 5 days ago shows no
 * cancel action, and the server refuses the call with the day the period ended.
 */
import { cancelPayCodeRoute, coolingOffRoute } from '@cashloan/contract/routes';
import { callUrlPath } from '@cashloan/contract/common';
import { test, expect, holdCode, isHydrated, newOrder } from './fixtures.ts';

interface PaidResult {
  purpose: string;
  outcome: string;
  amountMinor: number;
  order: { status: number };
}

/** The exit amount as the screens write it: ₱ and grouped digits. */
const EXIT_TEXT = /^₱\d{1,3}(,\d{3})*\.\d{2}$/;

test.describe('Cancel a loan in its cooling-off period', () => {
  test('from order details to the closed, cancelled order', async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 170, disbursedDaysAgo: 0 });
    await page.goto(order.path);
    const cooling = page.getByRole('navigation', { name: 'Cooling-off' });
    await expect(cooling.getByText(/^Cooling-off: you can cancel until \d{4}-\d{2}-\d{2}$/)).toBeVisible();
    await cooling.getByRole('link', { name: 'Cancel this loan' }).tap();

    await expect(page).toHaveURL(/\/cancelLoan\?/);
    await expect(page.getByRole('heading', { level: 1, name: 'Cancel this loan' })).toBeVisible();
    const hero = page.getByRole('region', { name: 'To cancel, pay' });
    const amountText = (await hero.locator('p').nth(1).textContent())!.trim();
    expect(amountText).toMatch(EXIT_TEXT);
    const parts = page.getByRole('region', { name: 'What you pay' });
    await expect(parts.getByRole('term')).toHaveText(['Loan amount', 'Interest for 1 day', 'Service fee', 'Total to pay']);
    await expect(parts.getByRole('definition').last()).toHaveText(amountText);
    await expect(parts.getByRole('definition').nth(2)).toHaveText('Waived (₱0.00)');

    await page.getByRole('button', { name: 'Get the pay code' }).tap();
    await expect(page).toHaveURL(/\/repaymentOfCode\?showType=1&payCode=\d{12}&/);
    const url = new URL(page.url());
    const code = url.searchParams.get('payCode')!;
    const amountMinor = Number(url.searchParams.get('repayAmount'));
    await expect(page.getByRole('region', { name: 'Amount to pay' })).toContainText(amountText);

    const paid = await ops.request<PaidResult>('POST', `/pay-codes/${code}/paid`, { providerRef: `E2E-${code}` });
    expect(paid).toMatchObject({ purpose: 'cancel', outcome: 'cancelled', amountMinor, order: { status: 200 } });

    await page.goto(order.path);
    await expect(page.getByRole('heading', { level: 2, name: 'Cancelled' })).toBeVisible();
    await expect(page.getByText(`You cancelled this loan in its cooling-off period and repaid ${amountText}. Nothing more is owed.`)).toBeVisible();
    await expect(page.getByRole('term').filter({ hasText: /^Cancelled on$/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cancel this loan' })).toHaveCount(0);
  });

  test('Cancel this loan tapped before the order page’s code has come opens the cancel screen, with the session', async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 170, disbursedDaysAgo: 0 });
    const release = await holdCode(page);
    await page.goto(order.path, { waitUntil: 'commit' });
    const cancel = page.getByRole('navigation', { name: 'Cooling-off' }).getByRole('link', { name: 'Cancel this loan' });
    expect(await isHydrated(cancel)).toBe(false);
    await cancel.tap();
    // Kept: followed without code, the address (which never carries the session) would open the
    // cancel screen without it.
    await expect(page).toHaveURL(/\/allIt\?/);
    release();
    await expect(page).toHaveURL(/\/cancelLoan\?/);
    expect(new URL(page.url()).searchParams.get('orderId')).toBe(String(order.orderId));
    await expect(page.getByRole('region', { name: 'To cancel, pay' })).toContainText(/₱\d/);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test("a payment method chosen while the page's code is on its way is the one the pay code is for", async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 170, disbursedDaysAgo: 0 });
    const issued: Record<string, string>[] = [];
    page.on('request', (r) => {
      if (r.url().includes(callUrlPath(cancelPayCodeRoute))) issued.push(Object.fromEntries(new URLSearchParams(r.postData() ?? '')));
    });
    const release = await holdCode(page);
    await page.goto(order.path.replace(/^\/allIt/, '/cancelLoan'), { waitUntil: 'commit' });
    const method = page.getByRole('combobox', { name: 'Payment method' });
    const options = await method.getByRole('option').evaluateAll((all) => all.map((o) => ({ value: (o as HTMLOptionElement).value, name: o.textContent! })));
    expect(options.length).toBeGreaterThan(1);
    const chosen = options[1]!;
    expect(await isHydrated(method)).toBe(false);
    await method.selectOption(chosen.value);
    await page.getByRole('button', { name: 'Get the pay code' }).tap();
    expect(issued).toHaveLength(0);

    release();
    await expect(page).toHaveURL(/\/repaymentOfCode\?showType=1&payCode=\d{12}&/);
    expect(issued).toHaveLength(1);
    expect(issued[0]!.channelNumber).toBe(chosen.value);
  });

  test('a loan paid out 5 days ago shows no cancel action and the server refuses', async ({ page, ops, borrower, request }) => {
    const order = await newOrder(ops, borrower, { status: 170, disbursedDaysAgo: 5 });
    await page.goto(order.path);
    await expect(page.getByRole('heading', { level: 2, name: 'Repaying' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cancel this loan' })).toHaveCount(0);

    const session = Object.fromEntries(new URL(order.path, 'http://h5.test').searchParams);
    const refused = /^The cooling-off period for this loan ended on \d{4}-\d{2}-\d{2}\. You can still repay it early or on time\.$/;
    for (const route of [coolingOffRoute, cancelPayCodeRoute]) {
      const res = await request.post(`${callUrlPath(route)}?${new URLSearchParams(session)}`, {
        form: { orderId: String(order.orderId), amount: '500500', channelNumber: '90006' },
      });
      const body = (await res.json()) as { code: number; message: string };
      expect(body.code).not.toBe(0);
      expect(body.message).toMatch(refused);
    }

    // Opened anyway, the screen says why, as text.
    await page.goto(order.path.replace(/^\/allIt/, '/cancelLoan'));
    await expect(page.getByRole('alert')).toContainText('This loan cannot be cancelled');
    await expect(page.getByRole('alert').getByText(refused)).toBeVisible();
  });
});
