/** /testPreview: parameters carried from the URL into every screen link, and the device features. */
import { test, expect, holdCode, isHydrated, withQuery } from './fixtures.ts';
import { E2E_SERVICE } from './server.ts';

const PARAMS = {
  deviceId: 'dev-e2e-1',
  userId: 'U-E2E',
  sessionId: 'sess-e2e',
  merchantNumber: 'M0001',
  mobilePhone: '09171234567',
  productId: '7',
  orderId: '42',
  position: '3',
  real: '1',
  source: 'loanDetail',
} as const;

/** Every screen of the spec's section 2 the preview must link to: link name → target. */
const SCREENS: ReadonlyArray<[name: string, target: string]> = [
  ['Loan confirmation', '/smpSystem'],
  ['New loan confirmation', '/manyVoting'],
  ['Loan detail', '/allIt'],
  ['Order', '/anFrom'],
  ['Loan agreement', '/toIs'],
  ['Joint-login failure', '/wherePlurality'],
  ['Repayment by period', '/allowedAlso'],
  ['Repay', '/byAs'],
  ['Extension (rollover)', '/votingCandidates'],
  ['Repayment instructions', '/dragonpayPaymentInstructions'],
  ['Repayment by code', '/repaymentOfCode'],
  ['Repayment code', '/repaymentOfCode2'],
  ['Bind bank', '/candidateWhile'],
  ['Customer service', '/beSeats'],
  ['Complaint entry', '/numberWill'],
  ['Complaint start', '/complainPage'],
  ['My complaints', '/complaintList'],
  ['About us', '/pluralityCounting'],
  ['Privacy policy', '/maySimilar'],
  ['Official site', '/'],
  ['Borrow detail', '/pay.html#/borrowDetail'],
  ['Add bank card', '/pay.html#/addnormalcard'],
  ['Repay by card', '/pay.html#/alipayrepayment'],
  ['Download template', '/promo.html#/downloadTemplate'],
  ['Agreement template', '/promo.html#/agreementTemplate'],
];

/** Splits a link into its target (path, plus `#/route` for the hash apps) and its query. */
function parseLink(href: string): { target: string; query: URLSearchParams } {
  const url = new URL(href, 'http://preview.test');
  if (url.hash.startsWith('#/')) {
    const [route, search = ''] = url.hash.split('?', 2) as [string, string?];
    return { target: `${url.pathname}${route}`, query: new URLSearchParams(search) };
  }
  return { target: url.pathname, query: url.searchParams };
}

test.describe('Test preview', () => {
  test('prefills every parameter field from the page URL', async ({ page }) => {
    await page.goto(withQuery('/testPreview', PARAMS));
    await expect(page).toHaveTitle('Test preview');
    for (const [name, value] of Object.entries(PARAMS)) {
      await expect(page.getByLabel(name, { exact: true }), name).toHaveValue(value);
    }
  });

  test('reads product_id as productId', async ({ page }) => {
    await page.goto('/testPreview?product_id=19&orderId=5');
    await expect(page.getByLabel('productId', { exact: true })).toHaveValue('19');
    await expect(page.getByRole('link', { name: 'Loan detail', exact: true })).toHaveAttribute('href', '/allIt?productId=19&orderId=5');
  });

  test('links to every screen, each carrying the parameters', async ({ page }) => {
    await page.goto(withQuery('/testPreview', PARAMS));
    for (const [name, target] of SCREENS) {
      const link = page.getByRole('link', { name, exact: true });
      await expect(link, name).toHaveCount(1);
      const parsed = parseLink((await link.getAttribute('href')) ?? '');
      expect(parsed.target, name).toBe(target);
      expect(Object.fromEntries(parsed.query), name).toEqual(PARAMS);
      const box = await link.boundingBox();
      expect(box?.height ?? 0, `${name} touch target`).toBeGreaterThanOrEqual(44);
    }
  });

  test('editing orderId changes the links; a cleared field is left out', async ({ page }) => {
    await page.goto(withQuery('/testPreview', PARAMS));
    const orderId = page.getByLabel('orderId', { exact: true });
    // The links follow the fields once the page's code has come (polled: it may still be on its way).
    const query = async (name: string) => parseLink((await page.getByRole('link', { name, exact: true }).getAttribute('href')) ?? '').query;
    await orderId.fill('9001');
    for (const [name] of SCREENS) await expect.poll(async () => (await query(name)).get('orderId'), { message: name }).toBe('9001');
    await orderId.fill('');
    await expect.poll(async () => (await query('Loan detail')).has('orderId')).toBe(false);
    expect((await query('Loan detail')).get('productId')).toBe('7');
  });

  test('the customer service link opens /beSeats, which loads with the carried session', async ({ page, borrower }) => {
    await page.goto(borrower.url('/testPreview', { orderId: '42' }));
    await page.getByRole('link', { name: 'Customer service', exact: true }).tap();
    // The link carries the session; the page keeps it in sessionStorage and takes it out of the address bar.
    await expect(page).toHaveURL((url) => url.pathname === '/beSeats' && url.searchParams.get('userId') === borrower.session.userId && !url.searchParams.has('sessionId'));
    expect(new URL(page.url()).searchParams.get('orderId')).toBe('42');
    await expect(page).toHaveTitle('Customer service');
    await expect(page.getByRole('link', { name: /^E-mail / })).toHaveAttribute('href', `mailto:${E2E_SERVICE.email}`);
  });

  test('an edited session parameter is the one the next screen uses', async ({ page, borrower }) => {
    await page.goto(borrower.url('/testPreview'));
    // Someone else's user id with this session: the server must refuse, and the page must say so.
    await page.getByLabel('userId', { exact: true }).fill('SOMEONE-ELSE');
    await page.getByRole('link', { name: 'Customer service', exact: true }).tap();
    await expect(page).toHaveURL(/\/beSeats\?/);
    await expect(page.getByRole('alert')).toContainText('Your session does not match this account. Please log in again.');
  });

  test('a link tapped after an edit, both while the page’s code is on its way, carries the edit', async ({ page, borrower }) => {
    const release = await holdCode(page);
    await page.goto(borrower.url('/testPreview'), { waitUntil: 'commit' });
    const userId = page.getByLabel('userId', { exact: true });
    expect(await isHydrated(userId)).toBe(false);
    await userId.fill('SOMEONE-ELSE');
    await page.getByRole('link', { name: 'Customer service', exact: true }).tap();
    // Kept, not followed with the address the server wrote before the edit.
    await expect(page).toHaveURL(/\/testPreview\?/);
    release();
    await expect(page).toHaveURL(/\/beSeats\?/);
    expect(new URL(page.url()).searchParams.get('userId')).toBe('SOMEONE-ELSE');
    await expect(page.getByRole('alert')).toContainText('Your session does not match this account. Please log in again.');
  });

  test('Get location shows the coordinates when location is allowed', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['geolocation'], { origin: baseURL! });
    await context.setGeolocation({ latitude: 14.554729, longitude: 121.024445, accuracy: 20 });
    await page.goto('/testPreview');
    await page.getByRole('button', { name: 'Get location' }).tap();
    await expect(page.getByText(/^Latitude /)).toHaveText('Latitude 14.554729, longitude 121.024445 (accuracy ±20 m)');
  });

  test('Get location says so clearly when location is denied', async ({ page, context }) => {
    await context.clearPermissions();
    await page.goto('/testPreview');
    await page.getByRole('button', { name: 'Get location' }).tap();
    await expect(page.getByRole('alert')).toHaveText(
      'Location permission denied. Allow location access for this app in the phone settings and try again.',
    );
    await expect(page.getByText(/^Latitude /)).toHaveCount(0);
  });

  test('the camera input takes a photo and shows its name and a preview', async ({ page }) => {
    await page.goto('/testPreview');
    const camera = page.getByLabel('Take a photo');
    await expect(camera).toHaveAttribute('type', 'file');
    await expect(camera).toHaveAttribute('accept', 'image/*');
    await expect(camera).toHaveAttribute('capture', 'environment');
    await camera.setInputFiles({ name: 'id-card.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    await expect(page.getByText('Chosen photo: id-card.png')).toBeVisible();
    const preview = page.getByRole('img', { name: 'Preview of id-card.png' });
    await expect(preview).toBeVisible();
    expect(await preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  });

  test('a photo taken while the page’s code is on its way is shown once it has come', async ({ page }) => {
    const release = await holdCode(page);
    await page.goto('/testPreview', { waitUntil: 'commit' });
    const camera = page.getByLabel('Take a photo');
    expect(await isHydrated(camera)).toBe(false);
    await camera.setInputFiles({ name: 'id-card.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    release();
    await expect(page.getByText('Chosen photo: id-card.png')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Preview of id-card.png' })).toBeVisible();
  });

  test('the contact field takes a typed number where there is no contact picker', async ({ page }) => {
    await page.goto('/testPreview');
    const contact = page.getByLabel('Contact phone number');
    await expect(contact).toHaveAttribute('type', 'tel');
    await expect(page.getByText('This browser has no contact picker: type the number.')).toBeVisible();
    await contact.fill('0917 765 4321');
    await expect(contact).toHaveValue('0917 765 4321');
  });

  test('the contact field fills from the phone contact picker where there is one', async ({ page }) => {
    // Chrome on Android exposes navigator.contacts; this stands in for the phone's picker sheet.
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'contacts', {
        value: { select: async () => [{ name: ['Ana Cruz'], tel: ['+63 917 765 4321'] }] },
      });
    });
    await page.goto('/testPreview');
    await page.getByRole('button', { name: 'Choose from contacts' }).tap();
    await expect(page.getByLabel('Contact phone number')).toHaveValue('+63 917 765 4321');
    await expect(page.getByText('Picked Ana Cruz.')).toBeVisible();
  });
});

test.describe('Test preview on a 320 px wide phone', () => {
  test.use({ viewport: { width: 320, height: 568 } });

  test('fits the width without horizontal scrolling and keeps its controls tappable', async ({ page }) => {
    await page.goto(withQuery('/testPreview', PARAMS));
    await expect(page.getByRole('link', { name: 'Customer service', exact: true })).toBeVisible();
    const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(width.scroll).toBeLessThanOrEqual(width.client);
    const controls = page.locator('main').locator('a, button, input');
    const count = await controls.count();
    expect(count).toBeGreaterThan(30);
    for (let i = 0; i < count; i += 1) {
      const box = (await controls.nth(i).boundingBox())!;
      expect(box.x, `control ${i} left edge`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `control ${i} right edge`).toBeLessThanOrEqual(320);
      expect(box.height, `control ${i} height`).toBeGreaterThanOrEqual(44);
    }
  });
});

/** A valid 1×1 PNG, as a phone camera would hand over (only much smaller). */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
