/**
 * "My data" in Chromium (issue 39): the borrower downloads everything the lender holds as JSON (it
 * holds their order and complaint) and as a PDF, and withdraws the SMS payment reminders with one
 * tap: the ledger keeps the withdrawal and the next reminder pass sends them nothing. A correction
 * carries a document photo through the shared image picker.
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

/** A real 1×1 PNG: the server recognises images by their content. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

test('a correction carries a document photo: the shared picker uploads it, the request sends its URL and the server takes it as the borrower’s own', async ({ page, borrower }) => {
  await page.goto(borrower.url('/myData'));
  const form = page.getByRole('form', { name: 'Ask us to correct your data' });
  const photo = form.getByRole('group', { name: 'Document photo (optional)' });
  await photo.getByLabel('Add photo').setInputFiles({ name: 'id-card.png', mimeType: 'image/png', buffer: PNG });
  const thumb = photo.getByRole('button', { name: 'Document photo: image 1 of 1, open full size' });
  await expect(thumb).toBeVisible();
  await expect(page.getByText('Upload succeeded!')).toBeVisible();
  // The thumbnail is the stored photo, served back by the server (loaded once in view); one photo at most.
  await thumb.scrollIntoViewIfNeeded();
  await expect.poll(() => thumb.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  await expect(photo.getByLabel('Add photo')).toHaveCount(0);
  const photoUrl = (await thumb.locator('img').getAttribute('src'))!;
  expect(photoUrl).toMatch(/^\/uploads\//);

  await form.getByRole('combobox', { name: 'What is wrong' }).selectOption('name');
  await form.getByRole('textbox', { name: 'The correct value' }).fill('Maria Santos Reyes');
  const sent = page.waitForRequest((r) => r.url().includes('/v3/my-data/requests') && r.method() === 'POST');
  const answered = page.waitForResponse((r) => r.url().includes('/v3/my-data/requests'));
  await form.getByRole('button', { name: 'Send correction' }).click();
  expect(Object.fromEntries(new URLSearchParams((await sent).postData() ?? ''))).toEqual({ kind: 'correction', field: 'name', value: 'Maria Santos Reyes', image: photoUrl });
  // The server checked the photo is this borrower's upload, and took the request.
  expect(await (await answered).json()).toMatchObject({ code: 0, data: { kind: 'correction', field: 'name', state: 'open' } });
  await expect(form.getByRole('status')).toHaveText(/^Sent\. Your reference is DR-\d{8}-\d{4}; we answer by \d{4}-\d{2}-\d{2}\.$/);
  await expect(page.getByRole('list', { name: 'Your requests, newest first' }).getByRole('listitem').first().getByRole('heading')).toHaveText('Correction: Name');
  // The form is ready for another: no photo, the picker back.
  await expect(photo.getByRole('list', { name: 'Document photo' })).toHaveCount(0);
  await expect(photo.getByLabel('Add photo')).toBeVisible();
});
