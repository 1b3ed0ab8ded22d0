/**
 * 20 rapid taps (issue 11): every button that pays, confirms or submits sends its request once,
 * however fast it is tapped. Each button is hit twice over: 20 click events dispatched in one task
 * (faster than any finger: all land before React re-renders), and 20 touch taps while the server's
 * answer is held back 1.5 s (the taps land while the request is in flight). The requests that
 * reach the network for the button's call are counted and must be exactly one.
 * Copy buttons are left out: they do not call the server.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect, newOrder, orderIds, withQuery } from './fixtures.ts';

type Variant = 'burst' | 'slow taps';
const VARIANTS: Variant[] = ['burst', 'slow taps'];
const TAPS = 20;

/** Counts the requests for the call whose path ends with `end`; in 'slow taps' the answer is held back 1.5 s. */
async function watchCall(page: Page, end: string, variant: Variant): Promise<() => number> {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith(end)) count += 1;
  });
  if (variant === 'slow taps') {
    await page.route(
      (url) => url.pathname.endsWith(end),
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      },
    );
  }
  return () => count;
}

/** Hits the button TAPS times as the variant says. */
async function storm(button: Locator, variant: Variant): Promise<void> {
  await expect(button).toBeEnabled();
  // Server rendering shows the button before the page's code has started (a tap then does nothing):
  // the taps begin once React has attached its handlers to it.
  await expect
    .poll(() => button.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps$'))), { message: 'hydrated' })
    .toBe(true);
  if (variant === 'burst') {
    await button.evaluate((el: HTMLElement, taps: number) => {
      for (let i = 0; i < taps; i += 1) el.click();
    }, TAPS);
    return;
  }
  // Taps on a button that has gone (the page moved on) are no taps: they are allowed to fail.
  await Promise.all(Array.from({ length: TAPS }, () => button.tap({ force: true, noWaitAfter: true, timeout: 3000 }).catch(() => undefined)));
}

/** After the outcome is on screen, a moment for any late duplicate to show up, then exactly one request. */
async function expectOne(page: Page, count: () => number, name: string): Promise<void> {
  await page.waitForTimeout(300);
  expect(count(), `${name}: requests sent`).toBe(1);
}

for (const variant of VARIANTS) {
  test.describe(`20 rapid taps (${variant})`, () => {
    test('loan confirmation V3: Next pushes the loan once', async ({ page, ops }) => {
      const created = await ops.createBorrower({ name: 'Ana Reyes', isRepeat: true });
      const count = await watchCall(page, '/v3/loan-confirm/loan-detail-push', variant);
      await page.goto(withQuery('/smpSystem', { ...created.session, productId: 1 }));
      await storm(page.getByRole('button', { name: 'Next' }), variant);
      await expect(page).toHaveURL(/\/allIt\?/);
      await expectOne(page, count, 'loan-detail-push');
    });

    test('loan confirmation second variant: the apply button submits once', async ({ page, ops }) => {
      const created = await ops.createBorrower({ name: 'Ana Reyes', isRepeat: true });
      const count = await watchCall(page, '/gopia/goya/depush', variant);
      await page.goto(withQuery('/manyVoting', { ...created.session, productId: 1 }));
      await page.getByRole('dialog', { name: 'Your loan offer' }).getByRole('button', { name: 'Confirm' }).tap();
      await storm(page.getByRole('button', { name: /^Apply for / }), variant);
      await expect(page).toHaveURL(/\/allIt\?/);
      await expectOne(page, count, 'depush');
    });

    for (const screen of ['/allowedAlso', '/votingCandidates'] as const) {
      test(`${screen}: Payment issues one pay code request`, async ({ page, ops, borrower }) => {
        const order = await newOrder(ops, borrower, screen === '/allowedAlso' ? { status: 174, dueInDays: 1 } : { status: 180, dueInDays: -5, isDelay: '1' });
        const count = await watchCall(page, '/v3/loan-details/generate-vcode', variant);
        await page.goto(borrower.url(screen, orderIds(order)));
        await storm(page.getByRole('button', { name: 'Payment', exact: true }), variant);
        await expect(page).toHaveURL(/\/repaymentOfCode\?/);
        await expectOne(page, count, 'generate-vcode');
      });
    }

    test('card repayment: Confirm repayment commits once, the code Confirm confirms once', async ({ page, ops, borrower }) => {
      const order = await newOrder(ops, borrower, { status: 174, dueInDays: 1 });
      await ops.request('POST', '/bank-cards', { borrowerId: borrower.borrowerId, bankName: 'BDO Unibank', bankCode: 'BDO', cardNo: '4000123412344821' });
      const commits = await watchCall(page, '/repayment-commit', variant);
      const confirms = await watchCall(page, '/repayment-confirm', variant);
      await page.goto(borrower.url('/pay.html#/addnormalcard', orderIds(order)));
      await page.getByRole('radio', { name: /BDO Unibank/ }).tap();
      await storm(page.getByRole('button', { name: 'Confirm repayment' }), variant);
      const dialog = page.getByRole('dialog', { name: 'Enter the verification code' });
      await expect(dialog).toBeVisible();
      await expectOne(page, commits, 'repayment-commit');
      await dialog.getByLabel('Verification code').fill(await ops.latestSmsCode(borrower.session.mobilePhone));
      await storm(dialog.getByRole('button', { name: 'Confirm' }), variant);
      await expect(page).toHaveURL(/#\/borrowDetail\?/);
      await expectOne(page, confirms, 'repayment-confirm');
    });

    test('bind bank: Next saves once', async ({ page, ops, borrower }) => {
      const order = await newOrder(ops, borrower, { status: 180 });
      const count = await watchCall(page, '/v3/bind-card/bind-card-new', variant);
      await page.goto(borrower.url('/candidateWhile', { productId: order.productId }));
      const choose = async (title: string, option: string) => {
        await page.getByRole('button', { name: new RegExp(`^${title.replace(/[()/]/g, '\\$&')} `) }).tap();
        const sheet = page.getByRole('dialog', { name: title });
        await sheet.getByRole('radio', { name: option, exact: true }).check();
        await sheet.getByRole('button', { name: 'Confirm' }).tap();
      };
      await choose('Bank', 'Bank of the Philippine Islands');
      await page.getByLabel('Account number', { exact: true }).fill('001234567890');
      await page.getByLabel('Account name', { exact: true }).fill('Juan Dela Cruz');
      await choose('City / Municipality', 'Makati');
      await choose('Salary day', '15');
      await storm(page.getByRole('button', { name: 'Next' }), variant);
      await expect.poll(count).toBeGreaterThan(0);
      await page.waitForTimeout(variant === 'slow taps' ? 1800 : 300);
      await expectOne(page, count, 'bind-card-new');
    });

    test('complaint: Send files once', async ({ page, borrower }) => {
      const count = await watchCall(page, '/user-problem/problem-save', variant);
      await page.goto(borrower.url('/complainPageNext', { problemType: '2' }));
      await page.getByRole('textbox', { name: 'Description' }).fill('The app shows the wrong due date.');
      await storm(page.getByRole('button', { name: 'Send' }), variant);
      await expect(page.getByRole('dialog', { name: 'Complaint sent' })).toBeVisible();
      await expectOne(page, count, 'problem-save');
    });

    test('complaint rating: Send rates once', async ({ page, ops, borrower }) => {
      const order = await newOrder(ops, borrower, { status: 180 });
      void order;
      await page.goto(borrower.url('/complainPageNext', { problemType: '2' }));
      await page.getByRole('textbox', { name: 'Description' }).fill('The app shows the wrong due date.');
      await page.getByRole('button', { name: 'Send' }).tap();
      await expect(page.getByRole('dialog', { name: 'Complaint sent' })).toBeVisible();
      const [complaint] = (await ops.request<{ items: Array<{ id: number }> }>('GET', `/complaints?borrowerId=${borrower.borrowerId}`)).items;
      await ops.request('POST', `/complaints/${complaint!.id}/reply`, { disposeDetail: 'We corrected the date.', disposeImages: [], isNeedScore: 1 });
      const count = await watchCall(page, '/user-problem/save-score', variant);
      await page.goto(borrower.url('/complainDetails', { problemId: complaint!.id }));
      const rating = page.getByRole('dialog', { name: 'How did we handle your complaint?' });
      await expect(rating).toBeVisible({ timeout: 8000 });
      await rating.getByRole('button', { name: '4 stars' }).tap();
      await storm(rating.getByRole('button', { name: 'Send' }), variant);
      await expect(rating).toHaveCount(0);
      await expectOne(page, count, 'save-score');
    });

    test('Google rating: Submit scores once', async ({ page, ops, borrower }) => {
      const order = await newOrder(ops, borrower, { status: 200, isScore: '1' });
      const count = await watchCall(page, '/v3/loan-details/google-score', variant);
      await page.goto(order.path);
      const rating = page.getByRole('dialog', { name: 'Rate us' });
      await rating.getByRole('button', { name: '3 stars' }).tap();
      await storm(rating.getByRole('button', { name: 'Submit' }), variant);
      await expect(page.getByRole('dialog', { name: 'Thank you for your feedback' })).toBeVisible();
      await expectOne(page, count, 'google-score');
    });

    test('receipt: Download PDF fetches the PDF once and hands it to the app once', async ({ page, ops, borrower, bridge }) => {
      const order = await newOrder(ops, borrower, { status: 174, dueInDays: 1 });
      const payCode = await ops.request<{ code: string }>('POST', '/pay-codes', { orderId: order.orderId, purpose: 'repay', amount: 100_000 });
      const { paymentId } = await ops.request<{ paymentId: number }>('POST', `/pay-codes/${payCode.code}/paid`);
      const count = await watchCall(page, '/v3/records/pdf', variant);
      await page.goto(borrower.url('/paymentReceipt', { ...orderIds(order), paymentId }));
      await storm(page.getByRole('button', { name: 'Download PDF of this receipt' }), variant);
      await expect(page.getByRole('status').filter({ hasText: /^Sent to your phone: / })).toBeVisible();
      await expectOne(page, count, 'record-pdf');
      expect((await bridge.calls()).filter((c) => c.name === 'saveFile')).toHaveLength(1);
    });

    test('Borrow Again tracks once and opens the product once', async ({ page, ops, borrower, bridge }) => {
      const order = await newOrder(ops, borrower, { status: 200 });
      const count = await watchCall(page, '/service/event/save', variant);
      await page.goto(order.path);
      await storm(page.getByRole('button', { name: 'Borrow Again' }), variant);
      await expect.poll(async () => (await bridge.calls()).filter((c) => c.name === 'toProductDetail').length).toBe(1);
      await expectOne(page, count, 'event/save');
      expect((await bridge.calls()).filter((c) => c.name === 'toProductDetail')).toHaveLength(1);
    });

    test('promotion: Get code asks for one SMS, Register now registers once', async ({ page, ops }) => {
      const phone = `1${3 + Math.floor(Math.random() * 7)}${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
      const sms = await watchCall(page, '/get-sms', variant);
      const registers = await watchCall(page, '/register', variant);
      await page.goto(`/promo.html#/downloadTemplate?templateId=1&source=e2e-taps`);
      const image = page.getByRole('button', { name: 'New image code' }).locator('img');
      await page.getByRole('textbox', { name: 'Mobile number' }).fill(phone);
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const sid = new URL((await image.getAttribute('src'))!, 'http://x').searchParams.get('sid')!;
      const { answer } = await ops.request<{ answer: string }>('GET', `/captchas/${sid}`);
      await page.getByRole('textbox', { name: 'Image code' }).fill(answer);
      await storm(page.getByRole('button', { name: 'Get code' }), variant);
      // The countdown shows the code went out (the 'Code sent' toast is short-lived).
      await expect(page.getByRole('button', { name: /^Resend in \d+ s$/ })).toBeVisible();
      await expectOne(page, sms, 'get-sms');
      await page.getByRole('textbox', { name: 'SMS code' }).fill(await ops.latestSmsCode(phone));
      await storm(page.getByRole('button', { name: 'Register now' }), variant);
      await expect(page).toHaveURL(/step=download/);
      await expectOne(page, registers, 'register');
    });
  });
}
