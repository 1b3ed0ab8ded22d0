/**
 * Loan confirmation against the real server: V3 (/smpSystem) and the second variant (/manyVoting) —
 * the figures, the agreement box gating the push, the agreement links and the loan agreement page
 * (/toIs) with the borrower's real figures, the popups' show rules, the push creating the order once
 * and leading to it with the carried parameters, and the bridge messages the host app receives.
 */
import type { Page, Request } from '@playwright/test';
import { test, expect, holdCode, isHydrated, openRenderedByBrowser, withQuery, type Borrower, type OpsClient } from './fixtures.ts';

/** The demo catalogue seeded into the fresh e2e database: PesoNow Cash is the first product. */
const CASH = { productId: 1, name: 'PesoNow Cash', amount: '₱5,000.00', total: '₱5,605.00' };
const INSTALMENT_PRODUCT = 3;

const PUSH = '/h5api/v3/loan-confirm/loan-detail-push';
const DEPUSH = '/h5api/gopia/goya/depush';
const CONTRACT = '**/h5api/v3/contract/contract?**';
const SATIRE = '**/h5api/gopia/goya/satire**';

/** A borrower of our own: a name on file, and whether the Loan Agreement modal greets them (first loan). */
async function newBorrower(ops: OpsClient, input: { name?: string; isRepeat?: boolean } = {}): Promise<Borrower> {
  const created = await ops.createBorrower({ name: 'Ana Reyes', isRepeat: true, ...input });
  return { ...created, url: (path, extra = {}) => withQuery(path, { ...created.session, ...extra }) };
}

async function openConfirm(
  page: Page,
  borrower: Borrower,
  route: '/smpSystem' | '/manyVoting',
  extra: Record<string, string | number> = {},
  open: (page: Page, url: string) => Promise<unknown> = (p, url) => p.goto(url),
) {
  await open(page, borrower.url(route, { productId: CASH.productId, ...extra }));
  await expect(page.getByRole('heading', { level: 1, name: 'Loan confirmation' })).toBeVisible();
  await expect(page.getByText(CASH.amount, { exact: true }).first()).toBeVisible();
}

/** Counts the pushes the page sends. */
function countRequests(page: Page, path: string): () => number {
  let n = 0;
  page.on('request', (r: Request) => {
    if (new URL(r.url()).pathname === path) n += 1;
  });
  return () => n;
}

function expectCarried(url: string, borrower: Borrower) {
  const query = new URL(url).searchParams;
  // The session id stays in sessionStorage (same origin): never in the address of a later page.
  for (const [key, value] of Object.entries(borrower.session)) expect(query.get(key), key).toBe(key === 'sessionId' ? null : value);
}

test.describe('Loan confirmation V3 (/smpSystem)', () => {
  test('shows the offer and its true cost, computed by the server', async ({ page, ops }) => {
    const borrower = await newBorrower(ops);
    await openConfirm(page, borrower, '/smpSystem');
    await expect(page).toHaveTitle('Loan confirmation');
    await expect(page.getByRole('img', { name: CASH.name })).toBeVisible();
    await expect(page.getByText('91 days', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Daily interest 0.10%')).toBeVisible();
    const details = page.getByRole('region', { name: 'Loan details' });
    await expect(details).toContainText('Total to repay');
    await expect(details).toContainText(CASH.total);
    const plan = page.getByRole('list', { name: 'Plan' });
    await expect(plan.getByRole('listitem')).toHaveCount(1);
    await expect(plan).toContainText('Period 1');
    const disclosure = page.getByRole('region', { name: 'Disclosure Statement' });
    await expect(disclosure).toContainText('Net proceeds (what you receive)₱5,000.00');
    await expect(disclosure).toContainText('Total finance charge₱605.00');
    await expect(disclosure).toContainText('3.89% per month (58.11% per year)');
    await expect(disclosure).not.toContainText('Annual percentage rate');
  });

  test("in rupees with the Key Fact Statement's APR when real=1", async ({ page, ops }) => {
    const borrower = await newBorrower(ops);
    await page.goto(borrower.url('/smpSystem', { productId: CASH.productId, real: 1 }));
    const kfs = page.getByRole('region', { name: 'Key Fact Statement' });
    await expect(kfs).toContainText('Annual percentage rate (APR)45.84%');
    await expect(page.getByText('₹5,000.00', { exact: true }).first()).toBeVisible();
  });

  test("the agreement box starts ticked; unticked, 'Next' is disabled and grey", async ({ page, ops }) => {
    const borrower = await newBorrower(ops);
    await openConfirm(page, borrower, '/smpSystem');
    const box = page.getByRole('checkbox', { name: 'I have read and agree to' });
    const next = page.getByRole('button', { name: 'Next' });
    await expect(box).toBeChecked();
    await expect(next).toBeEnabled();
    const teal = await next.evaluate((el) => getComputedStyle(el).backgroundColor);
    await box.tap();
    await expect(box).not.toBeChecked();
    await expect(next).toBeDisabled();
    const grey = await next.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(grey).toBe('rgb(199, 204, 209)');
    expect(grey).not.toBe(teal);
    await box.tap();
    await expect(next).toBeEnabled();
    for (const title of ['Loan Agreement', 'Disclosure Statement']) await expect(page.getByRole('button', { name: title })).toBeVisible();
  });

  test('Next pushes once, tells the app, and opens the new order with the carried parameters and from=confirm', async ({ page, ops, bridge }) => {
    const borrower = await newBorrower(ops);
    const pushes = countRequests(page, PUSH);
    await openConfirm(page, borrower, '/smpSystem');
    const next = page.getByRole('button', { name: 'Next' });
    // A double tap: the second lands while the first push runs.
    await next.evaluate((el: HTMLButtonElement) => {
      el.click();
      el.click();
    });
    await expect(page).toHaveURL(/\/allIt\?/);
    await expect(page.getByRole('heading', { level: 2, name: 'Under review' })).toBeVisible();
    await expect(page.getByText(CASH.name).first()).toBeVisible();
    expect(pushes()).toBe(1);
    const url = new URL(page.url());
    expect(url.searchParams.get('from')).toBe('confirm');
    expect(url.searchParams.get('productId')).toBe(String(CASH.productId));
    expectCarried(page.url(), borrower);
    const orderId = Number(url.searchParams.get('orderId'));
    const order = await ops.request<{ order: { status: number; borrowerId: number; principalMinor: number; offerKey: string } }>('GET', `/orders/${orderId}`);
    expect(order.order).toMatchObject({ status: 21, borrowerId: borrower.borrowerId, principalMinor: 500000 });
    expect(await bridge.calls()).toEqual([{ name: 'trackEvent', payload: { event: 'loan_push', data: { productId: String(CASH.productId), screen: 'smpSystem' } } }]);

    // Back on the confirmation screen, Next leads to the same order: the push is made once per offer.
    await page.goto(borrower.url('/smpSystem', { productId: CASH.productId }));
    await page.getByRole('button', { name: 'Next' }).tap();
    await expect(page).toHaveURL(/\/allIt\?/);
    expect(Number(new URL(page.url()).searchParams.get('orderId'))).toBe(orderId);
  });

  test("an agreement link opens the loan agreement page with the borrower's and the loan's real figures", async ({ page, ops }) => {
    const borrower = await newBorrower(ops, { name: 'Ana Reyes' });
    await openConfirm(page, borrower, '/smpSystem');
    await page.getByRole('button', { name: 'Loan Agreement' }).tap();
    await expect(page).toHaveURL(/\/toIs\?/);
    expect(new URL(page.url()).searchParams.get('position')).toBe('1');
    expectCarried(page.url(), borrower);
    await expect(page).toHaveTitle('Loan Agreement');
    const article = page.getByRole('article', { name: 'Loan Agreement' });
    await expect(article).toContainText(`and Ana Reyes, mobile number ${borrower.session.mobilePhone} ("the Borrower")`);
    await expect(article).toContainText('The Lender lends the Borrower PHP 5,000.00 under the product PesoNow Cash for a term of 91 calendar days.');
    await expect(article).toContainText('The Borrower repays PHP 5,605.00, made of the principal, interest of PHP 455.00 and a service fee of PHP 150.00');
    await expect(article).not.toContainText('{');

    await page.goBack();
    await page.getByRole('button', { name: 'Disclosure Statement' }).tap();
    await expect(page.getByRole('article', { name: 'Disclosure Statement' })).toContainText('2. Finance charges: interest PHP 455.00; service fee PHP 150.00.');
  });

  test('the agreement row is hidden when there are no agreements, and Next works', async ({ page, ops }) => {
    const borrower = await newBorrower(ops);
    await page.route(CONTRACT, (route) => route.fulfill({ json: { code: 0, message: 'success', data: { data: [] } } }));
    await openConfirm(page, borrower, '/smpSystem', {}, openRenderedByBrowser);
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Agreements to accept' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Next' }).tap();
    await expect(page).toHaveURL(/\/allIt\?.*from=confirm/);
  });

  test("a first loan opens the loan-agreement modal with the agreement inside; Cancel closes the webview", async ({ page, ops, bridge }) => {
    const borrower = await newBorrower(ops, { isRepeat: false, name: 'Jose Rizal' });
    await openConfirm(page, borrower, '/smpSystem');
    const modal = page.getByRole('dialog', { name: 'Loan Agreement' });
    await expect(modal).toBeVisible();
    const frame = page.frameLocator('iframe[title="The loan agreement"]');
    await expect(frame.getByRole('article', { name: 'Loan Agreement' })).toContainText('and Jose Rizal, mobile number');
    await modal.getByRole('button', { name: 'Cancel' }).tap();
    await expect.poll(() => bridge.calls()).toEqual([{ name: 'closeWebview', payload: {} }]);
  });

  test('Agree dismisses the loan-agreement modal and the screen is there', async ({ page, ops }) => {
    const borrower = await newBorrower(ops, { isRepeat: false });
    await openConfirm(page, borrower, '/smpSystem');
    const modal = page.getByRole('dialog', { name: 'Loan Agreement' });
    await modal.getByRole('button', { name: 'Agree' }).tap();
    await expect(modal).toBeHidden();
    await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  test('a repeat borrower gets no modal, and the back action on Android leaves at once', async ({ page, ops, bridge }) => {
    const borrower = await newBorrower(ops);
    await openConfirm(page, borrower, '/smpSystem');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('button', { name: 'Back' }).tap();
    await expect(page.getByRole('dialog', { name: 'Point out' })).toHaveCount(0);
    await expect.poll(() => bridge.calls()).toEqual([{ name: 'closeWebview', payload: {} }]);
  });

  test('a refused push is not toasted on V3: it is told under Next, which can be tapped again', async ({ page, ops }) => {
    const borrower = await newBorrower(ops);
    let refused = false;
    await page.route(`**${PUSH}**`, async (route) => {
      if (refused) return route.continue();
      refused = true;
      await route.fulfill({ status: 409, json: { code: 409, message: 'You already have a loan of PesoNow Cash in progress.', data: null } });
    });
    await openConfirm(page, borrower, '/smpSystem');
    await page.getByRole('button', { name: 'Next' }).tap();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Your loan was not submitted: You already have a loan of PesoNow Cash in progress.');
    // The message is on the page once; no toast repeats it.
    await expect(page.getByText('You already have a loan of PesoNow Cash in progress.', { exact: true })).toHaveCount(0);
    await expect(page).toHaveURL(/\/smpSystem\?/);
    await alert.getByRole('button', { name: 'Try again' }).tap();
    await expect(page).toHaveURL(/\/allIt\?/);
  });

  test('a dropped connection shows the message with a Retry that loads the offer', async ({ page, ops }) => {
    const borrower = await newBorrower(ops);
    let attempts = 0;
    await page.route('**/h5api/v3/loan-confirm/loan-detail-confirm**', async (route) => {
      attempts += 1;
      if (attempts === 1) await route.abort('internetdisconnected');
      else await route.continue();
    });
    await openRenderedByBrowser(page, borrower.url('/smpSystem', { productId: CASH.productId }));
    await expect(page.getByRole('alert')).toContainText('Network error. Please check your connection and try again.');
    await page.getByRole('button', { name: 'Retry' }).tap();
    await expect(page.getByRole('button', { name: 'Next' })).toBeVisible();
  });

  test('an instalment loan lists each instalment in the Plan', async ({ page, ops }) => {
    const borrower = await newBorrower(ops);
    await page.goto(borrower.url('/smpSystem', { productId: INSTALMENT_PRODUCT }));
    const plan = page.getByRole('list', { name: 'Plan' });
    await expect(plan.getByRole('listitem')).toHaveCount(3);
    await expect(plan).toContainText('Instalment 3 of 3');
    await expect(page.getByText('180 days', { exact: true }).first()).toBeVisible();
  });

  test('is readable at 320 px, with touch targets of at least 44 px', async ({ page, ops }) => {
    const borrower = await newBorrower(ops);
    await page.setViewportSize({ width: 320, height: 640 });
    await openConfirm(page, borrower, '/smpSystem');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    const targets = [
      page.getByRole('button', { name: 'Back' }),
      page.locator('label', { has: page.getByRole('checkbox') }),
      page.getByRole('button', { name: 'Loan Agreement' }),
      page.getByRole('button', { name: 'Next' }),
    ];
    for (const target of targets) {
      const box = (await target.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
  });
});

test.describe('Loan confirmation V3 on iOS', () => {
  test.use({ bridgePlatform: 'ios' });

  test("the back action opens 'Point out' with the server's title and content: Cancel stays, Agree leaves", async ({ page, ops, bridge }) => {
    const borrower = await newBorrower(ops);
    await openConfirm(page, borrower, '/smpSystem');
    await page.getByRole('button', { name: 'Back' }).tap();
    const pointOut = page.getByRole('dialog', { name: 'Point out' });
    await expect(pointOut).toContainText('Your loan is almost ready');
    await expect(pointOut).toContainText('Only one step is left to apply for ₱5,000.00. If you leave now, your application is not sent. Leave anyway?');
    await pointOut.getByRole('button', { name: 'Cancel' }).tap();
    await expect(pointOut).toBeHidden();
    expect(await bridge.calls()).toEqual([]);
    await page.getByRole('button', { name: 'Back' }).tap();
    await pointOut.getByRole('button', { name: 'Agree' }).tap();
    await expect.poll(() => bridge.calls()).toEqual([{ name: 'closeWebview', payload: {} }]);
  });

  test("after the push there is nothing to lose: isPopType is 0 and back leaves without 'Point out'", async ({ page, ops, bridge }) => {
    const borrower = await newBorrower(ops);
    await openConfirm(page, borrower, '/smpSystem');
    await page.getByRole('button', { name: 'Next' }).tap();
    await expect(page).toHaveURL(/\/allIt\?/);
    await bridge.clear();
    await openConfirm(page, borrower, '/smpSystem');
    await page.getByRole('button', { name: 'Back' }).tap();
    await expect.poll(() => bridge.calls()).toEqual([{ name: 'closeWebview', payload: {} }]);
    await expect(page.getByRole('dialog', { name: 'Point out' })).toHaveCount(0);
  });
});

test.describe('Loan confirmation, second variant (/manyVoting)', () => {
  test('greets with the promotional popup: close icon, top image, the server message, confirm button and a moving pointer', async ({ page, ops }) => {
    const borrower = await newBorrower(ops);
    await page.goto(borrower.url('/manyVoting', { productId: CASH.productId }));
    const popup = page.getByRole('dialog', { name: 'Your loan offer' });
    await expect(popup).toContainText(
      'Only one step is left: confirm to apply for ₱5,000.00. You have our decision within 1 day, and the money reaches your account 1 to 3 days after approval.',
    );
    const image = popup.getByTestId('promo-image');
    await expect(image).toBeVisible();
    expect(await image.evaluate((el) => getComputedStyle(el).backgroundImage)).toMatch(/^url\("data:image\/svg\+xml,/);
    await expect(popup.getByRole('button', { name: 'Close' })).toBeVisible();
    const pointer = popup.getByTestId('promo-pointer');
    expect(await pointer.evaluate((el) => getComputedStyle(el).animationName)).not.toBe('none');
    await popup.getByRole('button', { name: 'Close' }).tap();
    await expect(popup).toBeHidden();

    await expect(page.getByRole('heading', { name: CASH.name })).toBeVisible();
    await expect(page.getByText(CASH.amount, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Detailed list' })).toBeVisible();
    await expect(page.getByText('Repayment date')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Plan' }).getByRole('listitem')).toHaveCount(1);
  });

  test('keeps the pointer still for borrowers who ask for reduced motion', async ({ page, ops }) => {
    const borrower = await newBorrower(ops);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(borrower.url('/manyVoting', { productId: CASH.productId }));
    const pointer = page.getByRole('dialog', { name: 'Your loan offer' }).getByTestId('promo-pointer');
    await expect(pointer).toBeVisible();
    expect(await pointer.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
  });

  test("gates the server-labelled confirm button by 'I have read and agreed to the above', then submits once and opens the order", async ({ page, ops, bridge }) => {
    const borrower = await newBorrower(ops);
    const pushes = countRequests(page, DEPUSH);
    await page.goto(borrower.url('/manyVoting', { productId: CASH.productId }));
    const popup = page.getByRole('dialog', { name: 'Your loan offer' });
    await popup.getByRole('button', { name: 'Confirm' }).tap();
    await expect(popup).toBeHidden();
    const confirm = page.getByRole('button', { name: 'Apply for ₱5,000.00 now' });
    await expect(confirm).toBeFocused();
    const box = page.getByRole('checkbox', { name: 'I have read and agreed to the above' });
    await expect(box).toBeChecked();
    await box.tap();
    await expect(confirm).toBeDisabled();
    await box.tap();
    await confirm.evaluate((el: HTMLButtonElement) => {
      el.click();
      el.click();
    });
    await expect(page).toHaveURL(/\/allIt\?.*from=confirm/);
    await expect(page.getByRole('heading', { level: 2, name: 'Under review' })).toBeVisible();
    expectCarried(page.url(), borrower);
    expect(pushes()).toBe(1);
    expect(await bridge.calls()).toEqual([{ name: 'trackEvent', payload: { event: 'loan_push', data: { productId: String(CASH.productId), screen: 'manyVoting' } } }]);
  });

  test('hides the Plan list when the server sends none', async ({ page, ops }) => {
    const borrower = await newBorrower(ops);
    await page.route(SATIRE, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { repay_plans: unknown[]; NewPopMsg: string } };
      body.data.repay_plans = [];
      body.data.NewPopMsg = '';
      await route.fulfill({ response, json: body });
    });
    await openRenderedByBrowser(page, borrower.url('/manyVoting', { productId: CASH.productId }));
    await expect(page.getByRole('heading', { name: 'Detailed list' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Plan', exact: true })).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test("toasts the server's message when a goya call answers a code other than '00'", async ({ page, ops }) => {
    const borrower = await newBorrower(ops);
    await page.route(`**${DEPUSH}**`, (route) =>
      route.fulfill({ status: 409, json: { code: '409', message: 'Please open the loan confirmation again and review the terms before you confirm.', data: null } }),
    );
    await page.goto(borrower.url('/manyVoting', { productId: CASH.productId }));
    await page.getByRole('dialog', { name: 'Your loan offer' }).getByRole('button', { name: 'Close' }).tap();
    await page.getByRole('button', { name: 'Apply for ₱5,000.00 now' }).tap();
    // The toast, and the same reason under the button with a way to try again.
    await expect(page.getByText('Please open the loan confirmation again and review the terms before you confirm.', { exact: true })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Your loan was not submitted');
    await expect(page).toHaveURL(/\/manyVoting\?/);
  });

  test('opens an agreement through misunderstood, and a first loan is greeted by the agreement before the promotion', async ({ page, ops }) => {
    const borrower = await newBorrower(ops, { isRepeat: false });
    await page.goto(borrower.url('/manyVoting', { productId: CASH.productId }));
    const modal = page.getByRole('dialog', { name: 'Loan Agreement' });
    await expect(modal).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Your loan offer' })).toHaveCount(0);
    await modal.getByRole('button', { name: 'Agree' }).tap();
    const popup = page.getByRole('dialog', { name: 'Your loan offer' });
    await expect(popup).toBeVisible();
    await popup.getByRole('button', { name: 'Close' }).tap();
    const jump = page.waitForRequest((r) => r.url().includes('/gopia/goya/misunderstood'));
    await page.getByRole('button', { name: 'Disclosure Statement' }).tap();
    expect(new URL((await jump).url()).searchParams.get('position')).toBe('2');
    await expect(page).toHaveURL(/\/toIs\?/);
    await expect(page.getByRole('article', { name: 'Disclosure Statement' })).toContainText('Product: PesoNow Cash.');
  });
});

test.describe('Taps before the page’s code has run', () => {
  /** V3 opened as the server rendered it, its code held back until `release()`; `pushes` counts the loan pushes. */
  async function openWithCodeHeld(page: Page, ops: OpsClient) {
    const borrower = await newBorrower(ops);
    const pushes = countRequests(page, PUSH);
    const release = await holdCode(page);
    await openConfirm(page, borrower, '/smpSystem', {}, (p, url) => p.goto(url, { waitUntil: 'commit' }));
    return { pushes, release };
  }

  test('Next tapped three times while the code is on its way: kept, then one push, and the order opens', async ({ page, ops }) => {
    const { pushes, release } = await openWithCodeHeld(page, ops);
    const next = page.getByRole('button', { name: 'Next' });
    expect(await isHydrated(next)).toBe(false);
    for (let i = 0; i < 3; i += 1) await next.tap();
    // Nothing yet: no push, no native form submission, the same page.
    expect(pushes()).toBe(0);
    await expect(page).toHaveURL(/\/smpSystem\?/);
    release();
    await expect(page).toHaveURL(/\/allIt\?.*from=confirm/);
    await expect(page.getByRole('heading', { level: 2, name: 'Under review' })).toBeVisible();
    expect(pushes()).toBe(1);
  });

  test('the second variant’s popup comes painted with the page, and its Confirm tapped before the code ran is taken once it has', async ({ page, ops }) => {
    const borrower = await newBorrower(ops);
    const release = await holdCode(page);
    await page.goto(borrower.url('/manyVoting', { productId: CASH.productId }), { waitUntil: 'commit' });
    const popup = page.getByRole('dialog', { name: 'Your loan offer' });
    await expect(popup).toContainText('Only one step is left: confirm to apply for ₱5,000.00.');
    const confirm = popup.getByRole('button', { name: 'Confirm' });
    expect(await isHydrated(confirm)).toBe(false);
    await confirm.tap();
    await expect(popup).toBeVisible();
    release();
    await expect(popup).toBeHidden();
    await expect(page.getByRole('button', { name: 'Apply for ₱5,000.00 now' })).toBeFocused();
  });

  test('the agreement box unticked before the code ran stays unticked, and Next is disabled once it has', async ({ page, ops }) => {
    const { pushes, release } = await openWithCodeHeld(page, ops);
    const box = page.getByRole('checkbox', { name: 'I have read and agree to' });
    await expect(box).toBeChecked();
    await box.tap();
    release();
    await expect.poll(() => isHydrated(page.getByRole('button', { name: 'Next' }))).toBe(true);
    await expect(box).not.toBeChecked();
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(pushes()).toBe(0);
  });
});
