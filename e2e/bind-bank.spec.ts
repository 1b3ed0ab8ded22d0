/**
 * The bank screen (/candidateWhile) against the real server and the demo lender's form: the card-type
 * tabs and the channel filter, digits-only inputs and their grouping, the exact save payload on the
 * wire, the account the server stored (masked, through the back office), the server's field errors,
 * the bridge messages, and the way back to the order page when opened from it.
 */
import type { Page, Request } from '@playwright/test';
import { test, expect, holdCode, isHydrated, openRenderedByBrowser, type Borrower, type OpsClient } from './fixtures.ts';
import { choose, picker } from './bank-form.ts';

const BIND_NEW = '**/h5api/v3/bind-card/bind-card-new**';
const BIND_CHANGE = '**/h5api/v3/bind-card/bind-card-change**';
const CARD_INIT = '**/h5api/v3/bind-card/card-init**';

interface CreatedOrder {
  orderId: number;
  productId: number;
  path: string;
}
interface StoredAccount {
  cardType: number;
  channelNumber: string;
  bankName: string;
  bankCode: string;
  cardNo: string;
  fields: Record<string, string>;
  boundVia: string;
  current: boolean;
  orderIds: number[];
}

async function newOrder(ops: OpsClient, borrower: Borrower, body: Record<string, unknown> = {}): Promise<CreatedOrder> {
  return ops.request<CreatedOrder>('POST', '/orders', { borrowerId: borrower.borrowerId, status: 180, ...body });
}
async function storedAccounts(ops: OpsClient, borrower: Borrower): Promise<StoredAccount[]> {
  return (await ops.request<{ items: StoredAccount[] }>('GET', `/bank-cards?borrowerId=${borrower.borrowerId}`)).items;
}

/** Opens the bank screen and waits for the form. */
async function openBankScreen(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment account information' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Bank account' })).toBeVisible();
}

/** The titles of the fields on screen, in order (a picker's label, or an input's). */
async function fieldTitles(page: Page): Promise<string[]> {
  return page.getByRole('tabpanel').locator('[id$="-label"]').allInnerTexts();
}


const form = (request: Request) => Object.fromEntries(new URLSearchParams(request.postData() ?? ''));

test.describe('Bind a bank account', () => {
  test('tabs and the channel choose the fields; digits are stripped and grouped; the exact payload is saved once and stored masked; the bridge hears start, end and close', async ({
    page,
    ops,
    borrower,
    bridge,
  }) => {
    const order = await newOrder(ops, borrower);
    // product_id (the alias of productId) names the product.
    await openBankScreen(page, borrower.url('/candidateWhile', { product_id: order.productId }));
    await expect(page).toHaveTitle('Payment account information');
    await expect.poll(async () => (await bridge.calls()).map((c) => c.name)).toEqual(['startBank']);

    // Card type 1 with the default channel 90006 (InstaPay): no PESONet branch, no e-wallet fields.
    await expect(page.getByRole('tab', { name: 'Bank account' })).toHaveAttribute('aria-selected', 'true');
    await expect(picker(page, 'Receiving channel')).toContainText('InstaPay (real time)');
    expect(await fieldTitles(page)).toEqual(['Receiving channel', 'Bank', 'Account number', 'Account name', 'City / Municipality', 'Salary day']);

    await page.getByRole('tab', { name: 'E-wallet' }).tap();
    await expect(page.getByRole('tab', { name: 'E-wallet' })).toHaveAttribute('aria-selected', 'true');
    expect(await fieldTitles(page)).toEqual(['E-wallet', 'E-wallet mobile number', 'Account name', 'City / Municipality', 'Salary day']);
    // Arrow keys move between the tabs too.
    await page.getByRole('tab', { name: 'E-wallet' }).press('ArrowLeft');
    await expect(page.getByRole('tab', { name: 'Bank account' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Bank account' })).toHaveAttribute('aria-selected', 'true');

    // Cancel leaves the channel; Confirm on PESONet shows its branch field.
    await picker(page, 'Receiving channel').tap();
    const channels = page.getByRole('dialog', { name: 'Receiving channel' });
    await expect(channels.getByRole('radio', { name: 'InstaPay (real time)' })).toBeChecked();
    await expect(channels.getByRole('radio', { name: 'InstaPay (real time)' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(channels.getByRole('radio', { name: 'PESONet (same banking day)' })).toBeChecked();
    await channels.getByRole('button', { name: 'Cancel' }).tap();
    await expect(channels).toHaveCount(0);
    await expect(page.getByLabel('Branch', { exact: true })).toHaveCount(0);
    await choose(page, 'Receiving channel', 'PESONet (same banking day)');
    expect(await fieldTitles(page)).toEqual(['Receiving channel', 'Bank', 'Account number', 'Branch', 'Account name', 'City / Municipality', 'Salary day']);

    await choose(page, 'Bank', 'Bank of the Philippine Islands');
    const account = page.getByLabel('Account number', { exact: true });
    await account.pressSequentially('BPI 1234-5678 9012 5678');
    await expect(account).toHaveValue('1234 5678 9012 5678');
    await page.getByLabel('Branch', { exact: true }).fill('Ayala Avenue');
    await page.getByLabel('Account name', { exact: true }).fill('Juan Dela Cruz');
    await choose(page, 'City / Municipality', 'Makati');
    await choose(page, 'Salary day', '15');

    // The first save is held a moment so a second tap lands while it is on its way.
    const saves: Request[] = [];
    await page.route(BIND_NEW, async (route) => {
      saves.push(route.request());
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    const next = page.getByRole('button', { name: 'Next' });
    await next.tap();
    await next.click({ force: true });
    // The page's own confirmation (the toast says it too, without the full stop).
    await expect(page.getByRole('status').filter({ hasText: 'Payment account saved.' })).toBeVisible();
    expect(saves).toHaveLength(1);
    expect(form(saves[0]!)).toEqual({
      channel: '90013',
      bankCode: 'BPI',
      cardNo: '1234567890125678',
      branchName: 'Ayala Avenue',
      accountName: 'Juan Dela Cruz',
      city: 'Makati',
      payday: '15',
      cardType: '1',
      product_id: String(order.productId),
    });
    await expect.poll(async () => (await bridge.calls()).map((c) => c.name)).toEqual(['startBank', 'endBank', 'closeWebview']);
    expect((await bridge.calls())[1]!.payload).toEqual({ success: true });

    const [stored, ...older] = await storedAccounts(ops, borrower);
    expect(older).toEqual([]);
    expect(stored).toMatchObject({
      cardType: 1,
      channelNumber: '90013',
      bankName: 'Bank of the Philippine Islands',
      bankCode: 'BPI',
      cardNo: '**** **** **** 5678',
      boundVia: 'bind-card-new',
      current: true,
    });
    expect(stored!.fields).toEqual({
      channel: '90013',
      bankCode: 'BPI',
      cardNo: '**** **** **** 5678',
      branchName: 'Ayala Avenue',
      accountName: 'Juan Dela Cruz',
      city: 'Makati',
      payday: '15',
    });

    // Opened again, the form shows the saved account, the number only masked.
    await bridge.clear();
    await page.unroute(BIND_NEW);
    await openBankScreen(page, borrower.url('/candidateWhile', { productId: order.productId }));
    await expect(picker(page, 'Receiving channel')).toContainText('PESONet (same banking day)');
    await expect(page.getByLabel('Branch', { exact: true })).toHaveValue('Ayala Avenue');
    await expect(page.getByLabel('Account number', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Account number', { exact: true })).toHaveAccessibleDescription('Saved: **** **** **** 5678. Enter the full number again to keep or change it.');
    await expect(page.getByText('1234567890125678')).toHaveCount(0);
  });

  test('an account number typed while the page’s code is on its way reaches the form: grouped, and saved', async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 170 });
    const release = await holdCode(page);
    await page.goto(borrower.url('/candidateWhile', { productId: order.productId }), { waitUntil: 'commit' });
    const account = page.getByLabel('Account number', { exact: true });
    await expect(account).toBeVisible();
    expect(await isHydrated(account)).toBe(false);
    await account.fill('1234567890');
    release();
    await expect.poll(() => isHydrated(account)).toBe(true);
    // The page's own handler took it: the digits are grouped as they are when typed after hydration.
    await expect(account).toHaveValue('1234 5678 90');
    await choose(page, 'Bank', 'Metrobank');
    await page.getByLabel('Account name', { exact: true }).fill('Ana Reyes');
    await choose(page, 'City / Municipality', 'Davao City');
    await page.getByRole('button', { name: 'Next' }).tap();
    await expect.poll(async () => storedAccounts(ops, borrower)).toMatchObject([{ bankName: 'Metrobank', cardNo: '** **** 7890' }]);
  });

  test('an arrow key pressed on the account-type tabs while the code is on its way moves to the next tab once it has arrived', async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 170 });
    const release = await holdCode(page);
    await page.goto(borrower.url('/candidateWhile', { productId: order.productId }), { waitUntil: 'commit' });
    const bankTab = page.getByRole('tab', { name: 'Bank account' });
    const walletTab = page.getByRole('tab', { name: 'E-wallet' });
    await expect(bankTab).toHaveAttribute('aria-selected', 'true');
    expect(await isHydrated(bankTab)).toBe(false);
    await bankTab.focus();
    await page.keyboard.press('ArrowRight');
    // Kept, not lost, and not acted on before the page can: the bank tab is still the selected one.
    await expect(bankTab).toHaveAttribute('aria-selected', 'true');
    release();
    await expect(walletTab).toBeFocused();
    await expect(walletTab).toHaveAttribute('aria-selected', 'true');
    await expect(bankTab).toHaveAttribute('aria-selected', 'false');
  });

  test("the server's field error is shown and nothing is saved; Next tries again", async ({ page, ops, borrower, bridge }) => {
    const order = await newOrder(ops, borrower, { status: 170 });
    await openBankScreen(page, borrower.url('/candidateWhile', { productId: order.productId }));
    await choose(page, 'Bank', 'Metrobank');
    await page.getByLabel('Account number', { exact: true }).fill('123456789');
    await page.getByLabel('Account name', { exact: true }).fill('Ana Reyes');
    await choose(page, 'City / Municipality', 'Davao City');
    await page.getByRole('button', { name: 'Next' }).tap();
    await expect(page.getByRole('alert')).toHaveText('Not saved: Account number must be 10 to 16 digits. Tap Next to try again.');
    expect(await storedAccounts(ops, borrower)).toEqual([]);
    expect((await bridge.calls()).map((c) => c.name)).toEqual(['startBank']);

    await page.getByLabel('Account number', { exact: true }).press('End');
    await page.getByLabel('Account number', { exact: true }).pressSequentially('0');
    await expect(page.getByLabel('Account number', { exact: true })).toHaveValue('1234 5678 90');
    await page.getByRole('button', { name: 'Next' }).tap();
    await expect.poll(async () => (await bridge.calls()).map((c) => c.name)).toEqual(['startBank', 'endBank', 'closeWebview']);
    expect(await storedAccounts(ops, borrower)).toMatchObject([{ bankName: 'Metrobank', cardNo: '** **** 7890' }]);
  });

  test('a form that fails to load says why, and Retry loads it', async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 170 });
    let attempts = 0;
    await page.route(CARD_INIT, async (route) => {
      attempts += 1;
      if (attempts === 1) await route.abort('internetdisconnected');
      else await route.continue();
    });
    await openRenderedByBrowser(page, borrower.url('/candidateWhile', { productId: order.productId }));
    await expect(page.getByRole('alert')).toContainText('Network error. Please check your connection and try again.');
    await page.getByRole('button', { name: 'Retry' }).tap();
    await expect(page.getByRole('tab', { name: 'Bank account' })).toBeVisible();
  });
});

test.describe('Bind an e-wallet from the order page', () => {
  test('Bind card → e-wallet with the phone digits stripped and grouped 3-4-4 → bind-card-change → back on the order page, which no longer asks', async ({
    page,
    ops,
    borrower,
    bridge,
  }) => {
    const order = await newOrder(ops, borrower, {
      cardNeedPop: 1,
      cardPopTitle: 'Check your payment account',
      cardPopMsg: 'Make sure your payment account details are correct.',
    });
    await page.goto(order.path);
    await page.getByRole('dialog', { name: 'Check your payment account' }).getByRole('button', { name: 'Bind card' }).tap();
    await expect(page).toHaveURL(/\/candidateWhile\?.*source=loanDetail/);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment account information' })).toBeVisible();

    await page.getByRole('tab', { name: 'E-wallet' }).tap();
    await expect(page.getByLabel('Account number', { exact: true })).toHaveCount(0);
    await choose(page, 'E-wallet', 'GCash');
    const phone = page.getByLabel('E-wallet mobile number', { exact: true });
    await phone.pressSequentially('(0917) 123-4567 89');
    await expect(phone).toHaveValue('091 7123 4567');
    await page.getByLabel('Account name', { exact: true }).fill('Maria Santos');
    await choose(page, 'City / Municipality', 'Cebu City');

    const save = page.waitForRequest(BIND_CHANGE);
    await page.getByRole('button', { name: 'Next' }).tap();
    expect(form(await save)).toEqual({
      channel: '90008',
      cardNo: '09171234567',
      accountName: 'Maria Santos',
      city: 'Cebu City',
      cardType: '2',
      product_id: String(order.productId),
    });

    // Back on the order page with the query parameters and source=loanDetail; the dialog is done.
    await expect(page).toHaveURL(/\/allIt\?/);
    const query = new URL(page.url()).searchParams;
    expect(query.get('source')).toBe('loanDetail');
    expect(query.get('productId')).toBe(String(order.productId));
    expect(query.get('orderId')).toBe(String(order.orderId));
    // The session id stays in sessionStorage (same origin): never in the address of a later page.
    for (const [key, value] of Object.entries(borrower.session)) expect(query.get(key), key).toBe(key === 'sessionId' ? null : value);
    await expect(page.getByRole('heading', { level: 1, name: 'Order Details' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Status: overdue' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    const names = (await bridge.calls()).map((c) => c.name);
    expect(names).toEqual(['startBank', 'endBank']);
    expect(await storedAccounts(ops, borrower)).toMatchObject([
      { cardType: 2, channelNumber: '90008', bankName: 'GCash', cardNo: '*** **** 4567', boundVia: 'bind-card-change', current: true, orderIds: [order.orderId] },
    ]);
  });
});

test.describe('The bank screen on a 320 px wide phone', () => {
  test.use({ viewport: { width: 320, height: 568 } });

  test('fits the width, and every control is a labelled real control at least 44 px tall', async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 170 });
    await openBankScreen(page, borrower.url('/candidateWhile', { productId: order.productId }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    const controls = page.locator('main').locator('button, input');
    expect(await controls.count()).toBeGreaterThan(8);
    for (const control of await controls.all()) {
      const box = (await control.boundingBox())!;
      expect(box.height, await control.evaluate((el) => el.outerHTML.slice(0, 80))).toBeGreaterThanOrEqual(44);
      expect(box.x + box.width).toBeLessThanOrEqual(320);
    }
    for (const input of await page.locator('main input').all()) await expect(input).toHaveAccessibleName(/\S/);
    await picker(page, 'Bank').tap();
    const sheet = page.getByRole('dialog', { name: 'Bank' });
    // Measure the sheet once its slide-in has ended: mid-animation boxes come out a fraction short.
    await sheet.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    for (const option of await sheet.locator('label').all()) expect((await option.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    for (const button of await sheet.getByRole('button').all()) expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  });
});
