/**
 * "My data" in Chromium (issue 39): the borrower downloads everything the lender holds as JSON (it
 * holds their order and complaint) and as a PDF, and withdraws the SMS payment reminders with one
 * tap: the ledger keeps the withdrawal and the next reminder pass sends them nothing.
 */
import { readFile } from 'node:fs/promises';
import { test, expect, newOrder, orderIds } from './fixtures.ts';
import { fileComplaint } from './backoffice/staff.ts';

test('a borrower downloads their data and withdraws the payment reminders; the next reminder pass sends them nothing', async ({ page, ops, borrower }) => {
  const order = await newOrder(ops, borrower, { status: 174, dueInDays: 1 });
  await fileComplaint(borrower, 'My data test: the app shows a payment twice.');
  await page.goto(borrower.url('/myData', orderIds(order)));
  await expect(page.getByRole('heading', { level: 1, name: 'My data' })).toBeVisible();

  // Everything the lender holds, as JSON: their order and their complaint are in it.
  const json = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download as JSON' }).click();
  const file = await json;
  expect(file.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile((await file.path())!, 'utf8')) as { borrowerId: number; parts: Array<{ key: string; rows: Array<Record<string, unknown>> }> };
  expect(exported.borrowerId).toBe(borrower.borrowerId);
  const part = (key: string) => exported.parts.find((p) => p.key === key)!.rows;
  expect(part('orders').map((o) => o.orderNo)).toContain(order.orderNo);
  expect(part('complaints').map((c) => c.detail)).toContain('My data test: the app shows a payment twice.');

  // And as a PDF.
  const pdf = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download as PDF' }).click();
  const pdfFile = await pdf;
  expect(pdfFile.suggestedFilename()).toMatch(/\.pdf$/);
  expect((await readFile((await pdfFile.path())!)).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // One tap withdraws the reminders.
  const reminders = page.getByRole('switch', { name: 'Payment reminders by SMS' });
  await expect(reminders).toBeChecked();
  await reminders.click();
  await expect(reminders).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Payment reminders by SMS' })).not.toBeChecked();

  // The next pass sends this borrower nothing.
  const pass = await ops.request<{ sent: Array<{ orderId: number }> }>('POST', '/reminders/run');
  expect(pass.sent.map((s) => s.orderId)).not.toContain(order.orderId);
  const outbox = await ops.request<{ items: Array<{ body: string }> }>('GET', `/sms-outbox?phone=${borrower.session.mobilePhone}`);
  expect(outbox.items.filter((m) => m.body.includes(order.orderNo))).toEqual([]);
});
