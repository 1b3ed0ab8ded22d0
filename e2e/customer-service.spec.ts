/** /beSeats against the real server: the configured contacts, links that open the phone's apps, failures that end visibly. */
import { test, expect, openRenderedByBrowser } from './fixtures.ts';
import { E2E_SERVICE } from './server.ts';

const CONTACT_CALL = '**/h5api/v3/personal-center/contact-kf-info**';
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test.describe('Customer service', () => {
  test('shows the messaging contact and the e-mail the server is configured with', async ({ page, borrower }) => {
    const call = page.waitForRequest((r) => r.url().includes('/contact-kf-info'));
    await openRenderedByBrowser(page, borrower.url('/beSeats'));

    // The call carries the spec's overall=30 and the borrower's session.
    const request = await call;
    expect(request.method()).toBe('POST');
    expect(new URLSearchParams(request.postData() ?? '').get('overall')).toBe('30');
    expect(new URL(request.url()).searchParams.get('sessionId')).toBe(borrower.session.sessionId);

    await expect(page).toHaveTitle('Customer service');
    await expect(page.getByRole('heading', { level: 1, name: 'Customer service' })).toBeVisible();

    const mail = page.getByRole('link', { name: new RegExp(`^E-mail ${escapeRegExp(E2E_SERVICE.email)}`) });
    await expect(mail).toBeVisible();
    await expect(mail).toHaveAttribute('href', `mailto:${E2E_SERVICE.email}`);

    const chat = page.getByRole('link', { name: new RegExp(`^Online service ${escapeRegExp(E2E_SERVICE.smWa)}`) });
    await expect(chat).toBeVisible();
    // WhatsApp wants the number's digits only, country code first.
    await expect(chat).toHaveAttribute('href', 'https://wa.me/639175550101');

    for (const link of [mail, chat]) {
      const box = await link.boundingBox();
      expect(box?.height ?? 0, 'touch target height').toBeGreaterThanOrEqual(44);
    }
  });

  test('tapping the e-mail hands a mail draft to the phone and the page stays', async ({ page, borrower }) => {
    await page.goto(borrower.url('/beSeats'));
    const mail = page.getByRole('link', { name: /^E-mail / });
    await expect(mail).toHaveAttribute('href', `mailto:${E2E_SERVICE.email}`);
    // The browser hands mailto: to the mail app; nothing navigates this webview away.
    await mail.tap();
    await expect(page).toHaveURL(/\/beSeats\?/);
    await expect(page.getByText(E2E_SERVICE.email)).toBeVisible();
  });

  test('without a session it shows why and a Retry that asks the server again', async ({ page }) => {
    await page.goto('/beSeats');
    const failure = page.getByRole('alert');
    await expect(failure).toContainText('Could not load this page');
    await expect(failure).toContainText('Please log in again: the session parameters are missing.');
    await expect(page.getByRole('link', { name: /^E-mail/ })).toHaveCount(0);

    const again = page.waitForRequest((r) => r.url().includes('/contact-kf-info'));
    await page.getByRole('button', { name: 'Retry' }).tap();
    await again;
    // Still refused, and still said so on the page: the wait never ends in a blank screen.
    await expect(failure).toContainText('Please log in again: the session parameters are missing.');
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  test('an expired or foreign session shows the server message', async ({ page, borrower }) => {
    await page.goto(borrower.url('/beSeats', { sessionId: 'f'.repeat(64) }));
    await expect(page.getByRole('alert')).toContainText('Your session has expired. Please log in again.');
  });

  test('a dropped connection shows the network message; Retry then loads the contacts', async ({ page, borrower }) => {
    let attempts = 0;
    await page.route(CONTACT_CALL, async (route) => {
      attempts += 1;
      // Simulates the phone losing its connection once; the second attempt reaches the real server.
      if (attempts === 1) await route.abort('internetdisconnected');
      else await route.continue();
    });
    await openRenderedByBrowser(page, borrower.url('/beSeats'));
    await expect(page.getByRole('alert')).toContainText('Network error. Please check your connection and try again.');

    await page.getByRole('button', { name: 'Retry' }).tap();
    await expect(page.getByRole('link', { name: /^E-mail / })).toHaveAttribute('href', `mailto:${E2E_SERVICE.email}`);
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(attempts).toBe(2);
  });

  test('a request that never answers ends after the 60 s time-out with a message and Retry', async ({ page, borrower }) => {
    await page.clock.install();
    let answer = false;
    await page.route(CONTACT_CALL, async (route) => {
      // The first request hangs like a dead network; after Retry the real server answers.
      if (answer) await route.continue();
    });
    await openRenderedByBrowser(page, borrower.url('/beSeats'));
    await expect(page.getByRole('status')).toContainText('Loading contact details');

    // The page's clock also runs at the real pace until runFor: on a loaded machine some real seconds
    // pass between the request and here, so "still waiting" is judged 10 s before the time-out.
    await page.clock.runFor(50_000);
    await expect(page.getByRole('status')).toContainText('Loading contact details');
    await page.clock.runFor(11_000);
    await expect(page.getByRole('alert')).toContainText('The request timed out. Please try again.');

    answer = true;
    await page.getByRole('button', { name: 'Retry' }).tap();
    await expect(page.getByRole('link', { name: /^Online service / })).toContainText(E2E_SERVICE.smWa);
  });
});

test.describe('Customer service on a 320 px wide phone', () => {
  test.use({ viewport: { width: 320, height: 568 } });

  test('fits the width without horizontal scrolling and keeps its targets tappable', async ({ page, borrower }) => {
    await page.goto(borrower.url('/beSeats'));
    const mail = page.getByRole('link', { name: /^E-mail / });
    const chat = page.getByRole('link', { name: /^Online service / });
    await expect(mail).toBeVisible();
    await expect(chat).toBeVisible();
    const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(width.scroll).toBeLessThanOrEqual(width.client);
    for (const link of [mail, chat]) {
      const box = (await link.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(320);
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
    await expect(page.getByText(E2E_SERVICE.email)).toBeInViewport();
  });
});
