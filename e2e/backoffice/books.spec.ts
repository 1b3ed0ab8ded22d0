/**
 * The books (issue 37) against the real server and its demo: yesterday's payments at the sandbox's
 * counter, whose report a finance user fetches through the sandbox's adapter in the back office. Three
 * lines match; the payment the sandbox took whose notification never came, and the one the books
 * applied with no word from the sandbox, are the two open items. Finance books the first to suspense,
 * marks the second as the provider's error, and closes the day; the dashboard says so. Then the Books
 * screen: the trial balance sums to zero and the journal exports as CSV.
 */
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures.ts';
import { confirmInPopover, createStaff, desktop, signIn, staffApi } from './staff.ts';

test.use(desktop);

/** The demo's day of counter payments: the first day the sandbox's cash moved in the books. */
async function demoDay(page: Page): Promise<string> {
  const journal = await staffApi(page, 'GET', '/books/journal?from=2000-01-01&to=2100-12-31&pageSize=100');
  expect(journal.status, JSON.stringify(journal.body)).toBe(200);
  const first = (journal.body.data as { items: Array<{ provider: string | null; bookDay: string }> }).items.find((e) => e.provider === 'sandbox');
  expect(first, 'the demo seeds a day of sandbox payments').toBeDefined();
  return first!.bookDay;
}

const providerRow = (page: Page, provider: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: provider, exact: true }) });

test("finance reconciles the demo day's sandbox report, resolves the two open items and closes the day", async ({ page, ops }) => {
  // Two sign-ins' worth of work on a shared 2-core machine: a wide bound, as in orders.spec.ts.
  test.setTimeout(180_000);
  const finance = await createStaff(ops, ['finance'], { name: 'Felipe Reyes' });
  await signIn(page, ops, finance);
  const day = await demoDay(page);

  await page.getByRole('link', { name: 'Reconciliation', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reconciliation' })).toBeVisible();
  const sandbox = providerRow(page, 'sandbox');
  await expect(sandbox).toContainText('never');
  // Its day (yesterday's by default), then Enter: the form fetches the report through the sandbox's adapter.
  await sandbox.getByLabel('Report day').fill(day);
  await sandbox.getByLabel('Report day').press('Enter');
  // The picker's calendar closes, so it covers nothing.
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: new RegExp(`Report of ${day}`) }).click();

  await expect(page.getByRole('heading', { level: 1, name: `sandbox's report of ${day}` })).toBeVisible();
  await expect(page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Matched' }) })).toHaveAccessibleName(/^Matched 3 Open 2 /);
  // The items: every line of the report, and what was booked that day but not in it.
  const items = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Booked amount' }) });
  const rows = items.getByRole('row');
  await expect(rows.filter({ has: page.getByRole('cell', { name: 'Matched', exact: true }) })).toHaveCount(3);
  const notBooked = rows.filter({ hasText: 'In the report, not booked' });
  const notInReport = rows.filter({ hasText: 'Booked, not in the report' });
  await expect(notBooked).toHaveCount(1);
  await expect(notInReport).toHaveCount(1);
  // Each item links to its order where it has one.
  await expect(notInReport.getByRole('link', { name: /^PN/ })).toBeVisible();

  // Not while two items are open: the button says why.
  await expect(page.getByRole('button', { name: 'Close the day' })).toBeDisabled();
  await expect(page.getByText('2 items are open: resolve them first.')).toBeVisible();

  // The lost notification: booked to suspense, with why.
  await notBooked.getByRole('button', { name: /^Resolve / }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel('Booked the difference').check();
  await dialog.getByLabel('Why').fill('Paid at the counter; the notification never came. Tracing the borrower.');
  await dialog.getByRole('button', { name: 'Resolve' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(notBooked).toContainText('Booked the difference');
  await expect(notBooked).toContainText('Felipe Reyes');

  // The payment the sandbox left out: its error.
  await notInReport.getByRole('button', { name: /^Resolve / }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel("The provider's error").check();
  await dialog.getByLabel('Why').fill('The sandbox left it out of its report; ticket raised.');
  await dialog.getByRole('button', { name: 'Resolve' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(notInReport).toContainText("The provider's error");

  await page.getByRole('button', { name: 'Close the day' }).click();
  await confirmInPopover(page, 'Close the day');
  await expect(page.getByText('Closed', { exact: true })).toBeVisible();

  // The dashboard: the sandbox's last closed day, nothing open.
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: /^sandbox:/ })).toHaveText(`sandbox: last closed day ${day}; 0 open items`);
});

test('the Books screen: the trial balance sums to zero, and the journal downloads as CSV', async ({ page, ops }) => {
  test.setTimeout(120_000);
  const finance = await createStaff(ops, ['finance'], { name: 'Fatima Lim' });
  await signIn(page, ops, finance);
  const day = await demoDay(page);
  await page.getByRole('link', { name: 'Books', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Books' })).toBeVisible();
  // The range picker: the first day, then the last (today, as it was).
  const to = page.getByLabel('To', { exact: true });
  const today = await to.inputValue();
  await page.getByLabel('From', { exact: true }).fill(day);
  await page.getByLabel('From', { exact: true }).press('Enter');
  await to.fill(today);
  await to.press('Enter');
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`from=${day}&to=${today}`));
  await expect(page.getByRole('columnheader', { name: `Opening (before ${day})` })).toBeVisible();
  const trial = page.getByRole('region', { name: 'Trial balance' });
  await expect(trial.getByRole('row').filter({ hasText: 'Loans receivable (principal)' })).toBeVisible();
  await expect(trial).toContainText(/debits equal credits/);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^journal-${day}-to-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const text = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  expect(text.split('\r\n')[0]).toBe('JournalNo,JournalDate,Currency,AccountCode,AccountName,Debits,Credits,Description,Order,Payment,Payout,Provider,ProviderReference');
  expect(text).toContain(`,${day},PHP,1100-SANDBOX,`);
});
