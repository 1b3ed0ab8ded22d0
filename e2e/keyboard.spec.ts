/**
 * The dialogs by keyboard (shared/ui/Modal), against the real server: opened from their button with
 * Enter or Space, focus moves into the dialog, Tab and Shift+Tab cycle inside it, Escape closes only
 * the dialogs that may be dismissed, and on close focus is back on the button that opened it. The
 * rating stars (aria-pressed toggle buttons) are chosen with the keyboard.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect, type Borrower, type OpsClient } from './fixtures.ts';

interface CreatedOrder {
  orderId: number;
  productId: number;
  path: string;
}

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

const newOrder = (ops: OpsClient, borrower: Borrower, body: Record<string, unknown>) => ops.request<CreatedOrder>('POST', '/orders', { borrowerId: borrower.borrowerId, ...body });
const stars = (n: number) => (n === 1 ? '1 star' : `${n} stars`);

/**
 * Presses Tab (or Shift+Tab) `times` times and returns the name of each element focused (its
 * aria-label, else its text); a focus outside `dialog` fails the test at once.
 */
async function tabNames(page: Page, dialog: Locator, times: number, shift = false): Promise<string[]> {
  const names: string[] = [];
  for (let i = 0; i < times; i += 1) {
    await page.keyboard.press(shift ? 'Shift+Tab' : 'Tab');
    const focused = await dialog.evaluate((panel) => {
      const el = document.activeElement;
      return { inside: el !== null && panel.contains(el), name: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim() };
    });
    expect(focused.inside, `focus after ${i + 1} × ${shift ? 'Shift+Tab' : 'Tab'}: "${focused.name}"`).toBe(true);
    names.push(focused.name);
  }
  return names;
}

/** Tab walks `stops` in order and wraps to the first; Shift+Tab walks back and wraps to the last. */
async function expectTabCycle(page: Page, dialog: Locator, stops: string[]): Promise<void> {
  const first = stops[0]!;
  const last = stops[stops.length - 1]!;
  expect(await tabNames(page, dialog, stops.length + 1)).toEqual([...stops, first]);
  expect(await tabNames(page, dialog, stops.length, true)).toEqual([last, ...stops.slice(0, -1).reverse()]);
}

test.describe('Dialogs by keyboard', () => {
  test('order details: the rating dialog cycles Tab inside, ignores Escape, and its stars work with Space and Enter', async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 200, isScore: '1' });
    await page.goto(order.path);
    const rating = page.getByRole('dialog', { name: 'Rate us' });
    // Opened on load: the dialog itself has focus, so its name and text are read first.
    await expect(rating).toBeFocused();
    await expect(page.locator('#root')).toHaveAttribute('inert', '');

    await expectTabCycle(page, rating, ['1 star', '2 stars', '3 stars', '4 stars', '5 stars', 'Not now', 'Submit']);
    // Not dismissible: only its buttons close it.
    await page.keyboard.press('Escape');
    await expect(rating).toBeVisible();

    await rating.getByRole('button', { name: '3 stars' }).focus();
    await page.keyboard.press('Space');
    for (const n of [1, 2, 3, 4, 5]) await expect(rating.getByRole('button', { name: stars(n) })).toHaveAttribute('aria-pressed', String(n <= 3));
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    for (const n of [1, 2, 3, 4, 5]) await expect(rating.getByRole('button', { name: stars(n) })).toHaveAttribute('aria-pressed', String(n <= 2));

    // Submit by keyboard: fewer than 4 stars leads to the result dialog, which takes focus in turn.
    await rating.getByRole('button', { name: 'Submit' }).focus();
    await page.keyboard.press('Enter');
    const result = page.getByRole('dialog', { name: 'Thank you for your feedback' });
    await expect(result).toBeFocused();
    await expectTabCycle(page, result, ['OK']);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
  });

  test('order details: the rollover prompt opens with Enter, keeps focus inside, and gives it back to its button', async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 180, isDelay: '1', reyMsg: 'Pay the extension fee and your due date moves on.' });
    await page.goto(order.path);
    const opener = page.getByRole('button', { name: 'Rollover Repayment' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const prompt = page.getByRole('dialog', { name: 'Rollover Repayment' });
    await expect(prompt).toBeFocused();
    await expect(prompt).toHaveAccessibleDescription('Pay the extension fee and your due date moves on.');
    await expectTabCycle(page, prompt, ['Cancel', 'Continue']);
    await page.keyboard.press('Escape');
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: 'Cancel' }).focus();
    await page.keyboard.press('Enter');
    await expect(prompt).toHaveCount(0);
    await expect(opener).toBeFocused();
    await expect(page).toHaveURL(/\/allIt\?/);
  });

  test('repayment: the Payment Method sheet cycles Tab inside, closes with Escape, and a channel is chosen by keyboard', async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 174, dueInDays: 1 });
    await page.goto(borrower.url('/allowedAlso', { productId: order.productId, orderId: order.orderId }));
    const opener = page.getByRole('button', { name: /^Payment Method/ });
    await opener.focus();
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'Payment Method' });
    await expect(sheet).toBeFocused();
    const channels = (await sheet.getByRole('radio').allInnerTexts()).map((name) => name.trim());
    expect(channels.length).toBeGreaterThan(1);
    await expectTabCycle(page, sheet, ['Close', ...channels]);

    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);
    await expect(opener).toBeFocused();
    await expect(opener).toContainText(channels[0]!);

    await page.keyboard.press('Space');
    await expect(sheet).toBeFocused();
    await sheet.getByRole('radio', { name: channels[1]! }).focus();
    await page.keyboard.press('Enter');
    await expect(sheet).toHaveCount(0);
    await expect(opener).toBeFocused();
    await expect(opener).toContainText(channels[1]!);
  });

  test('complaints: the image viewer and the rating dialog by keyboard', async ({ page, ops, borrower }) => {
    // The image viewer: opened from its thumbnail, closed with Escape, focus back on the thumbnail.
    await page.goto(borrower.url('/complainPageNext', { problemType: '5' }));
    await page.getByRole('textbox', { name: 'Description' }).fill('The app closes when I open my loan.');
    await page.getByLabel('Add image').setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: PNG });
    const thumbnail = page.getByRole('button', { name: 'Attached images: image 1 of 1, open full size' });
    await thumbnail.focus();
    await page.keyboard.press('Enter');
    const viewer = page.getByRole('dialog', { name: 'Image 1 of 1' });
    await expect(viewer).toBeFocused();
    await expectTabCycle(page, viewer, ['Close']);
    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
    await expect(thumbnail).toBeFocused();

    // 'Complaint sent' has no button: Tab keeps focus on the dialog until it leaves by itself.
    await page.getByRole('button', { name: 'Send' }).focus();
    await page.keyboard.press('Enter');
    const sent = page.getByRole('dialog', { name: 'Complaint sent' });
    await expect(sent).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(sent).toBeFocused();
    await expect(page).toHaveURL(/\/complainPage\?/);

    // The rating dialog of the details, once the agent has answered.
    const { items } = await ops.request<{ items: Array<{ id: number }> }>('GET', `/complaints?borrowerId=${borrower.borrowerId}`);
    const problemId = items[items.length - 1]!.id;
    await ops.request('POST', `/complaints/${problemId}/reply`, { disposeDetail: 'Fixed in the next version.', disposeImages: [], isNeedScore: 1 });
    await page.goto(borrower.url('/complainDetails', { problemId }));
    const rating = page.getByRole('dialog', { name: 'How did we handle your complaint?' });
    await expect(rating).toBeFocused({ timeout: 8_000 });
    await expectTabCycle(page, rating, ['1 star', '2 stars', '3 stars', '4 stars', '5 stars', 'Cancel', 'Send']);
    await page.keyboard.press('Escape');
    await expect(rating).toBeVisible();
    await rating.getByRole('button', { name: '4 stars' }).focus();
    await page.keyboard.press('Space');
    for (const n of [1, 2, 3, 4, 5]) await expect(rating.getByRole('button', { name: stars(n) })).toHaveAttribute('aria-pressed', String(n <= 4));
    await expect(rating.getByText('4 of 5 stars')).toBeVisible();
    await rating.getByRole('button', { name: 'Send' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Successful demonstration！')).toBeVisible();
    await expect(rating).toHaveCount(0);
    expect(await ops.request<{ score: number | null }>('GET', `/complaints/${problemId}`)).toMatchObject({ score: 4 });
  });
});
