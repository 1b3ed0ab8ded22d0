/**
 * Keyboard only (Tab, Shift+Tab, Enter, Space, arrows, Home/End), against the real server.
 * - Dialogs (shared/ui/Modal): opened from their button with Enter or Space, focus moves into the
 *   dialog, Tab and Shift+Tab cycle inside it, Escape closes only the dialogs that may be dismissed,
 *   and on close focus is back on the button that opened it. The dialogs opened here by a control
 *   (the rating result, the instructions' image viewer, the verification code, 'Already
 *   registered', 'Point out') also get axe and the 320 px and text-zoom checks of
 *   e2e/a11y-checks.ts, as the open states of e2e/accessibility.spec.ts do.
 * - Controls: the site tabs, the bank screen's tabs and pickers, the complaint order radios, toggle
 *   and question types, the loan agreement check box, the copy buttons and the rating stars are
 *   reached with Tab, work, and tell their state (aria-selected, checked, aria-expanded,
 *   aria-pressed, a name carrying the chosen value, or a message in the polite live region).
 */
import { test, expect, newOrder, withQuery, type Borrower, type OpsClient } from './fixtures.ts';
import { checkAxe, checkDialogNarrow, expectTabCycle, tabTo } from './a11y-checks.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

const stars = (n: number) => (n === 1 ? '1 star' : `${n} stars`);

/** A repeat borrower: the loan confirmation opens without the first loan's agreement modal. */
async function repeatBorrower(ops: OpsClient): Promise<Borrower> {
  const created = await ops.createBorrower({ name: 'Ana Reyes', isRepeat: true });
  return { ...created, url: (path, extra = {}) => withQuery(path, { ...created.session, ...extra }) };
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
    await checkAxe(page, '/allIt (rating result dialog)');
    await checkDialogNarrow(page, '/allIt (rating result dialog)');
    await expectTabCycle(page, result, ['OK']);
    // Only OK closes it.
    await page.keyboard.press('Escape');
    await expect(result).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    // Opened by the page, not by a control: focus starts again from the top of the page, never
    // left on a node that has gone.
    expect(await page.evaluate(() => document.activeElement === document.body || document.getElementById('root')!.contains(document.activeElement))).toBe(true);
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
    // The stars by keyboard only: Tab from the first to the fourth, Enter; Shift+Tab and Space; Tab to Send.
    const pressed = async (score: number) => {
      for (const n of [1, 2, 3, 4, 5]) await expect(rating.getByRole('button', { name: stars(n) })).toHaveAttribute('aria-pressed', String(n <= score));
      // Told in words too, in a polite live region.
      await expect(rating.locator('[aria-live="polite"]')).toHaveText(`${score} of 5 stars`);
    };
    await expect(rating.getByRole('button', { name: '1 star' })).toBeFocused();
    await tabTo(page, rating.getByRole('button', { name: '4 stars' }), 3);
    await page.keyboard.press('Enter');
    await pressed(4);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Space');
    await pressed(3);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await pressed(4);
    await tabTo(page, rating.getByRole('button', { name: 'Send' }), 3);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Successful demonstration！')).toBeVisible();
    await expect(rating).toHaveCount(0);
    expect(await ops.request<{ score: number | null }>('GET', `/complaints/${problemId}`)).toMatchObject({ score: 4 });
  });
  test("repayment instructions: the image viewer opens with Enter or Space, closes with Escape or Close, and gives focus back", async ({ page, borrower }) => {
    await page.goto(borrower.url('/dragonpayPaymentInstructions'));
    const thumbnail = page.getByRole('button', { name: 'Paymaya: where to tap in the Paymaya app: open full size' });
    await tabTo(page, thumbnail);
    await page.keyboard.press('Enter');
    const viewer = page.getByRole('dialog', { name: 'Paymaya: where to tap in the Paymaya app' });
    await expect(viewer).toBeFocused();
    await expect(viewer.getByRole('img', { name: 'Paymaya: where to tap in the Paymaya app' })).toBeVisible();
    await checkAxe(page, '/dragonpayPaymentInstructions (image viewer)');
    await checkDialogNarrow(page, '/dragonpayPaymentInstructions (image viewer)');
    await expectTabCycle(page, viewer, ['Close']);
    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
    await expect(thumbnail).toBeFocused();
    await page.keyboard.press('Space');
    await expect(viewer).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(viewer).toHaveCount(0);
    await expect(thumbnail).toBeFocused();
  });

  test('card repayment: the verification-code dialog keeps focus inside, ignores Escape, and Cancel gives focus back to Confirm repayment', async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 174, dueInDays: 1 });
    await ops.request('POST', '/bank-cards', { borrowerId: borrower.borrowerId, bankName: 'BDO Unibank', bankCode: 'BDO', cardNo: '4000123412344821' });
    // The card is chosen on its own screen, by keyboard too.
    await page.goto(borrower.url('/pay.html#/alipayrepayment', { productId: order.productId, orderId: order.orderId }));
    await tabTo(page, page.getByRole('link', { name: 'Select a bank card' }));
    await page.keyboard.press('Enter');
    const choice = page.getByRole('radio', { name: /BDO Unibank/ });
    await tabTo(page, choice);
    await expect(choice).toHaveAttribute('aria-checked', 'false');
    await page.keyboard.press('Space');
    await expect(page).toHaveTitle('Repay by card');
    await expect(page.getByText('**** **** **** 4821')).toBeVisible();
    const opener = page.getByRole('button', { name: 'Confirm repayment' });
    await tabTo(page, opener);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Enter the verification code' });
    await expect(dialog).toBeFocused();
    await expect(dialog).toHaveAccessibleDescription(/We sent a verification code by SMS/);
    await expect(dialog.getByRole('button', { name: 'Resend (60s)' })).toBeDisabled();
    await checkAxe(page, 'pay.html#/alipayrepayment (verification code)');
    await checkDialogNarrow(page, 'pay.html#/alipayrepayment (verification code)');
    // Resend waits out its countdown (disabled), so it is no Tab stop yet.
    await expectTabCycle(page, dialog, ['Verification code', 'Confirm', 'Cancel']);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await tabTo(page, dialog.getByRole('button', { name: 'Cancel' }), 3);
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  test("promotion: 'Already registered' takes focus on its one button, keeps it there, and leads on to the download step", async ({ page, ops }) => {
    const phone = `1${3 + Math.floor(Math.random() * 7)}${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    await ops.createBorrower({ mobilePhone: phone, merchantNumber: 'M0001' });
    // The prompt leads on by itself after 3 s (AlreadyRegisteredDialog's REDIRECT_AFTER_MS): that
    // timer is stretched so axe and the keys are not raced by it. (Playwright's paused clock would
    // hold axe's own timers too.) Only the toasts also wait exactly 3 s on this page.
    await page.addInitScript(() => {
      const real = window.setTimeout;
      window.setTimeout = ((handler: TimerHandler, ms?: number, ...args: unknown[]) => real(handler, ms === 3000 ? 600_000 : ms, ...args)) as typeof window.setTimeout;
    });
    await page.goto(`/promo.html#/downloadTemplate?templateId=1&source=e2e-keyboard`);
    const image = page.getByRole('button', { name: 'New image code' }).locator('img');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const sid = new URL((await image.getAttribute('src'))!, 'http://x').searchParams.get('sid')!;
    const { answer } = await ops.request<{ answer: string }>('GET', `/captchas/${sid}`);
    await tabTo(page, page.getByRole('textbox', { name: 'Mobile number' }));
    await page.keyboard.type(phone);
    await tabTo(page, page.getByRole('textbox', { name: 'Image code' }), 3);
    await page.keyboard.type(answer);
    await tabTo(page, page.getByRole('button', { name: 'Get code' }));
    await page.keyboard.press('Enter');
    const prompt = page.getByRole('alertdialog', { name: 'Already registered' });
    const button = prompt.getByRole('button', { name: 'Download PesoNow' });
    await expect(button).toBeFocused();
    await checkAxe(page, 'promo.html#/downloadTemplate (Already registered)');
    await checkDialogNarrow(page, 'promo.html#/downloadTemplate (Already registered)');
    await expectTabCycle(page, prompt, ['Download PesoNow']);
    await page.keyboard.press('Escape');
    await expect(prompt).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'You already have an account' })).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });
});

test.describe('Dialogs by keyboard on iOS', () => {
  test.use({ bridgePlatform: 'ios' });

  test("loan confirmation: the back button's 'Point out' dialog keeps focus inside, ignores Escape, and Cancel gives focus back to Back", async ({ page, ops, bridge }) => {
    const borrower = await repeatBorrower(ops);
    await page.goto(borrower.url('/smpSystem', { productId: 1 }));
    // While the offer loads, Back closes the webview at once: wait for the offer first.
    await expect(page.getByRole('region', { name: 'Loan details' })).toBeVisible();
    const back = page.getByRole('button', { name: 'Back' });
    await tabTo(page, back);
    await page.keyboard.press('Enter');
    const pointOut = page.getByRole('dialog', { name: 'Point out' });
    await expect(pointOut).toBeFocused();
    await expect(pointOut).toHaveAccessibleDescription(/Your loan is almost ready/);
    await checkAxe(page, '/smpSystem (Point out)');
    await checkDialogNarrow(page, '/smpSystem (Point out)');
    await expectTabCycle(page, pointOut, ['Cancel', 'Agree']);
    await page.keyboard.press('Escape');
    await expect(pointOut).toBeVisible();
    // Cancel stays on the screen: focus is back on Back, and the app was told nothing.
    await page.keyboard.press('Enter');
    await expect(pointOut).toHaveCount(0);
    await expect(back).toBeFocused();
    expect(await bridge.calls()).toEqual([]);
    // Agree leaves: the webview is closed.
    await page.keyboard.press('Space');
    await expect(pointOut).toBeFocused();
    await tabTo(page, pointOut.getByRole('button', { name: 'Agree' }), 2);
    await page.keyboard.press('Enter');
    await expect.poll(() => bridge.calls()).toEqual([{ name: 'closeWebview', payload: {} }]);
  });
});

/**
 * The controls outside dialogs, by keyboard only (Tab, Shift+Tab, Enter, Space, arrows, Home/End):
 * each is reached with Tab, works, and tells its state the way a screen reader reads it
 * (aria-selected, checked, aria-pressed, aria-expanded, a name that carries the chosen value, or a
 * message in the polite live region).
 */
test.describe('Controls by keyboard', () => {
  test('official site: the tabs are one Tab stop; arrows, Home and End move and select; Tab goes on into the panel', async ({ page }) => {
    await page.goto('/');
    const tab = (name: string) => page.getByRole('tab', { name, exact: true });
    const panel = (name: string) => page.getByRole('tabpanel', { name });
    await tabTo(page, tab('Home'));
    await expect(tab('Home')).toHaveAttribute('aria-selected', 'true');
    // The page is prerendered: the arrow keys work once its script has taken over.
    await expect(async () => {
      if (await tab('Home').evaluate((el) => el === document.activeElement)) await page.keyboard.press('ArrowRight');
      await expect(tab('About Us')).toBeFocused({ timeout: 500 });
    }).toPass();
    await expect(tab('About Us')).toHaveAttribute('aria-selected', 'true');
    await expect(tab('Home')).toHaveAttribute('aria-selected', 'false');
    await expect(panel('About Us')).toBeVisible();
    await page.keyboard.press('End');
    await expect(tab('Loan Terms And Conditions')).toBeFocused();
    await expect(tab('Loan Terms And Conditions')).toHaveAttribute('aria-selected', 'true');
    await expect(panel('Loan Terms And Conditions')).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(tab('Home')).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(tab('Loan Terms And Conditions')).toBeFocused();
    await page.keyboard.press('Home');
    await expect(tab('Home')).toBeFocused();
    await expect(tab('Home')).toHaveAttribute('aria-selected', 'true');
    await expect(panel('Home')).toBeVisible();
    // Only the selected tab is a Tab stop: Tab goes on into its panel, Shift+Tab comes back to it.
    await page.keyboard.press('Tab');
    await expect(panel('Home')).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(tab('Home')).toBeFocused();
    // Enter on a tab (a link) keeps it selected without leaving the page.
    await page.keyboard.press('Enter');
    await expect(tab('Home')).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/\/$/);
  });

  test('bank screen: the account-type tabs and the option pickers', async ({ page, borrower }) => {
    await page.goto(borrower.url('/candidateWhile', { productId: 1 }));
    const bankTab = page.getByRole('tab', { name: 'Bank account' });
    const walletTab = page.getByRole('tab', { name: 'E-wallet' });
    await tabTo(page, bankTab);
    await expect(bankTab).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(walletTab).toBeFocused();
    await expect(walletTab).toHaveAttribute('aria-selected', 'true');
    await expect(bankTab).toHaveAttribute('aria-selected', 'false');
    await page.keyboard.press('Home');
    await expect(bankTab).toBeFocused();
    await expect(bankTab).toHaveAttribute('aria-selected', 'true');

    // A picker tells its value in its name; Enter opens it on the marked option, the arrows mark
    // another (a radio group), Confirm takes it and focus is back on the picker.
    const channel = page.getByRole('button', { name: /^Receiving channel / });
    await tabTo(page, channel, 3);
    await expect(channel).toHaveAttribute('aria-haspopup', 'dialog');
    await expect(channel).toHaveAccessibleName('Receiving channel InstaPay (real time)');
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'Receiving channel' });
    const instaPay = sheet.getByRole('radio', { name: 'InstaPay (real time)' });
    const pesoNet = sheet.getByRole('radio', { name: 'PESONet (same banking day)' });
    await expect(instaPay).toBeFocused();
    await expect(instaPay).toBeChecked();
    await page.keyboard.press('ArrowDown');
    await expect(pesoNet).toBeChecked();
    await expect(instaPay).not.toBeChecked();
    await expectTabCycle(page, sheet, ['Cancel', 'Confirm', 'PESONet (same banking day)']);
    await page.keyboard.press('Tab');
    await expect(sheet.getByRole('button', { name: 'Confirm' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(sheet).toHaveCount(0);
    await expect(channel).toBeFocused();
    await expect(channel).toHaveAccessibleName('Receiving channel PESONet (same banking day)');

    // Space opens the next picker; nothing marked yet, so Confirm waits; Escape cancels and keeps the value.
    const bank = page.getByRole('button', { name: /^Bank / });
    await tabTo(page, bank, 3);
    await expect(bank).toHaveAccessibleName('Bank Select your bank');
    await page.keyboard.press('Space');
    const banks = page.getByRole('dialog', { name: 'Bank' });
    await expect(banks.getByRole('radio').first()).toBeFocused();
    await expect(banks.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await page.keyboard.press('Space');
    await expect(banks.getByRole('radio').first()).toBeChecked();
    await expect(banks.getByRole('button', { name: 'Confirm' })).toBeEnabled();
    await page.keyboard.press('Escape');
    await expect(banks).toHaveCount(0);
    await expect(bank).toBeFocused();
    await expect(bank).toHaveAccessibleName('Bank Select your bank');
  });

  test('complaint start: the order radios, the All toggle and the question types', async ({ page, ops, borrower }) => {
    for (const status of [170, 174]) await newOrder(ops, borrower, { status });
    // Overdue: an order that allows a collection complaint.
    const overdue = await ops.request<{ orderNo: string }>('POST', '/orders', { borrowerId: borrower.borrowerId, status: 180 });
    await page.goto(borrower.url('/complainPage'));
    const radios = page.getByRole('group', { name: 'Order' }).getByRole('radio');
    await expect(radios).toHaveCount(2);
    await tabTo(page, radios.first());
    await expect(radios.first()).not.toBeChecked();
    await page.keyboard.press('Space');
    await expect(radios.first()).toBeChecked();

    const toggle = page.getByRole('button', { name: /^(All \(3 orders\)|Show fewer orders)$/ });
    await page.keyboard.press('Tab');
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(radios).toHaveCount(3);

    // Back into the group on its checked radio; the arrows move the choice to the overdue order.
    await page.keyboard.press('Shift+Tab');
    await expect(radios.first()).toBeFocused();
    const overdueRadio = page.getByRole('radio', { name: new RegExp(overdue.orderNo) });
    for (let i = 0; i < 3 && !(await overdueRadio.isChecked()); i += 1) await page.keyboard.press('ArrowDown');
    await expect(overdueRadio).toBeChecked();
    await expect(overdueRadio).toBeFocused();

    const collection = page.getByRole('button', { name: 'Collection', exact: true });
    await tabTo(page, collection, 4);
    await expect(collection).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await expect(collection).toHaveAttribute('aria-expanded', 'true');
    const subTypes = page.getByRole('list', { name: 'Collection: what happened?' }).getByRole('button');
    await page.keyboard.press('Tab');
    await expect(subTypes.first()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/complainPageNext\?.*problemType=1/);
    expect(new URL(page.url()).searchParams.get('orderNo')).toBe(overdue.orderNo);
  });

  for (const variant of [
    { route: '/smpSystem', box: 'I have read and agree to', submit: 'Next' },
    { route: '/manyVoting', box: 'I have read and agreed to the above', submit: 'Apply for ₱5,000.00 now' },
  ] as const) {
    test(`loan confirmation ${variant.route}: the agreement check box is toggled with Space, and '${variant.submit}' is disabled while it is unticked`, async ({ page, ops }) => {
      const borrower = await repeatBorrower(ops);
      await page.goto(borrower.url(variant.route, { productId: 1 }));
      if (variant.route === '/manyVoting') {
        // The promotional popup greets the borrower; Escape dismisses it.
        await expect(page.getByRole('dialog', { name: 'Your loan offer' })).toBeFocused();
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);
      }
      const box = page.getByRole('checkbox', { name: variant.box });
      const submit = page.getByRole('button', { name: variant.submit });
      await tabTo(page, box);
      await expect(box).toBeChecked();
      if (variant.route === '/smpSystem') await expect(box).toHaveAccessibleDescription('Loan Agreement Disclosure Statement');
      await page.keyboard.press('Space');
      await expect(box).not.toBeChecked();
      await expect(submit).toBeDisabled();
      await page.keyboard.press('Space');
      await expect(box).toBeChecked();
      await expect(submit).toBeEnabled();
      await tabTo(page, submit, 4);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/allIt\?.*from=confirm/);
    });
  }

  test("copy buttons: reached with Tab, they copy with Enter or Space and say 'copy success' in the live region", async ({ page, ops, borrower }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
    const clear = () => page.evaluate(() => navigator.clipboard.writeText(''));
    const told = page.getByRole('status').filter({ hasText: 'copy success' });

    // The repayment code screen's Copy button.
    await page.goto(borrower.url('/repaymentOfCode', { showType: 1, payCode: '123456789012', repayAmount: '5605.00' }));
    const copy = page.getByRole('button', { name: 'Copy the repayment code 123456789012' });
    await tabTo(page, copy);
    await page.keyboard.press('Enter');
    await expect(told).toBeVisible();
    await expect(told).toHaveAttribute('aria-live', 'polite');
    expect(await clipboard()).toBe('123456789012');
    await clear();
    await page.keyboard.press('Space');
    await expect.poll(clipboard).toBe('123456789012');

    // The pay-code card of the repayment screen (a link: Enter copies and opens the code screen),
    // then that screen's 'Click to Copy'.
    const order = await newOrder(ops, borrower, { status: 174, dueInDays: 1 });
    await ops.request('POST', '/pay-codes', { orderId: order.orderId, purpose: 'repay' });
    await page.goto(borrower.url('/allowedAlso', { productId: order.productId, orderId: order.orderId }));
    const link = page.getByRole('region', { name: 'Your pay code' }).getByRole('link', { name: /^Copy the pay code \d+ and see how to pay$/ });
    const code = /(\d+)/.exec((await link.getAttribute('aria-label'))!)![1]!;
    await clear();
    await tabTo(page, link);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/repaymentOfCode2\?/);
    await expect(told).toBeVisible();
    expect(await clipboard()).toBe(code);
    await clear();
    await tabTo(page, page.getByRole('button', { name: `Click to Copy the Contract No. ${code}` }));
    await page.keyboard.press('Space');
    await expect.poll(clipboard).toBe(code);
  });
});
