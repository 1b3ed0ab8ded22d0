/** The agent's complaints inbox against the real server: a reply with text and an image reaches the borrower's /complainDetails. */
import { test, expect } from '../fixtures.ts';
import { createStaff, desktop, fileComplaint, PNG, signIn } from './staff.ts';

test.use(desktop);
// A sign-in's password hash took 9-12 s on a loaded 2-core CI run, besides the borrower's screens.
test.describe.configure({ timeout: 90_000 });

test('an agent answers a complaint with text and an image, and the borrower reads it as the Process Result', async ({ page, ops, borrower, browser }) => {
  const words = `My second payment was not counted (${Date.now()}).`;
  const complaintId = await fileComplaint(borrower, words);
  const agent = await createStaff(ops, ['agent']);
  await signIn(page, ops, agent);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Complaints' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Complaints' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  // Oldest first: the new complaint is on the last page, so open it by its address.
  await page.goto(`/backoffice/complaints/${complaintId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Complaint #${complaintId}` })).toBeVisible();
  await expect(page.getByText(words)).toBeVisible();
  const borrowerImage = page.getByRole('img', { name: "Borrower's image 1 of 1" });
  await expect.poll(() => borrowerImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

  const reply = 'We found the second payment and applied it. Sorry for the trouble.';
  await page.getByLabel('Reply to the borrower').fill(reply);
  await expect(page.getByText(`${reply.length} / 2000`)).toBeVisible();
  await page.locator('input[type=file]').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
  await page.getByRole('checkbox', { name: 'Ask the borrower to rate the answer' }).check();
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('sent-reply')).toHaveText(reply);
  await expect(page.getByRole('img', { name: 'Reply image 1 of 1' })).toBeVisible();
  await expect(page.getByText('Rating asked')).toBeVisible();

  // The borrower's H5 (a phone) shows the reply and its image.
  const phone = await browser.newContext({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true, locale: 'en-PH', timezoneId: 'Asia/Manila' });
  try {
    const h5 = await phone.newPage();
    await h5.goto(borrower.url('/complainDetails', { problemId: complaintId }));
    await expect(h5.getByRole('heading', { name: 'Process Result' })).toBeVisible();
    await expect(h5.getByText(reply)).toBeVisible();
    await expect(h5.getByRole('button', { name: /^Reply images: image 1 of 1/ })).toBeVisible();
  } finally {
    await phone.close();
  }
});
