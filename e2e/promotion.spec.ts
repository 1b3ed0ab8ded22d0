/**
 * The promotion landing (promo.html#/downloadTemplate, #/agreementTemplate) against the real
 * server: a whole sign-up reading the image code and the SMS code through the dev back office (the
 * words of what registering agrees to shown before Register), the 60 s resend countdown, a wrong
 * image code refreshing the image (on get-sms and on register), the already-registered prompt, the
 * agreement, the visit and click counts stored per template and source, a failed load with its
 * retry, and the layout on a 320 px phone.
 */
import { randomInt } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { CONSENT_TEXTS, SIGN_UP_CONSENT_PURPOSES } from '@cashloan/contract';
import { test, expect, type OpsClient } from './fixtures.ts';

const DOWNLOAD_URL = 'https://pesonow.example/app';
const WRONG_CAPTCHA = 'The image code is wrong or has expired. Please enter the new image code.';
const ALREADY_REGISTERED = 'This mobile number is already registered. Please download the app and log in.';

/** A number under the spec's rule (template 1): 11 digits, 1 then 3-9. */
const specPhone = () => `1${randomInt(3, 10)}${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
/** A Philippine number (template 2): 09 then 9 digits. */
const phPhone = () => `09${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
/** Each test counts under a source of its own. */
const uniqueSource = (name: string) => `e2e-${name}-${randomInt(0, 1_000_000_000)}`;

const landingUrl = (query: Record<string, string>) => `/promo.html#/downloadTemplate?${new URLSearchParams(query)}`;

interface TrackCount {
  templateId: number;
  page: string;
  source: string;
  kind: 'visit' | 'click';
  day: string;
  count: number;
}

const fields = (page: Page) => ({
  phone: page.getByRole('textbox', { name: 'Mobile number' }),
  capcode: page.getByRole('textbox', { name: 'Image code' }),
  smsCode: page.getByRole('textbox', { name: 'SMS code' }),
  image: page.getByRole('button', { name: 'New image code' }).locator('img'),
});

/** The sid and answer of the image on screen, once it has loaded (each load draws a new answer). */
async function shownCaptcha(ops: OpsClient, image: Locator): Promise<{ sid: string; src: string; answer: string }> {
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const src = (await image.getAttribute('src'))!;
  const sid = new URL(src, 'http://x').searchParams.get('sid')!;
  const { answer } = await ops.request<{ answer: string }>('GET', `/captchas/${sid}`);
  return { sid, src, answer };
}


const counts = (ops: OpsClient, source: string) =>
  ops.request<{ items: TrackCount[] }>('GET', `/landing-stats?source=${encodeURIComponent(source)}`).then((r) =>
    r.items.map(({ templateId, page, kind, count }) => ({ templateId, page, kind, count })),
  );

test.describe('Promotion landing', () => {
  test('signs up: phone, image code and SMS code from the back office, then the download step; the attribution is stored', async ({ page, ops }) => {
    const source = uniqueSource('signup');
    const phone = specPhone();
    await page.goto(landingUrl({ templateId: '1', source, invite_code: 'FRIEND42', user_from: 'fb-ads', app_from: 'h5', utm_tag: 'nov-payday' }));
    await expect(page).toHaveTitle('PesoNow');
    await expect(page.getByRole('heading', { level: 1, name: 'Cash in minutes, right on your phone' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'A phone showing an approved cash loan, with coins beside it' })).toBeVisible();
    await expect(page.getByText('11 digits, starting with 1')).toBeVisible();

    const f = fields(page);
    const { answer } = await shownCaptcha(ops, f.image);
    await f.phone.fill(phone);
    await f.capcode.fill(answer.toLowerCase());
    await page.getByRole('button', { name: 'Get code' }).tap();
    await expect(page.getByText('Code sent. Please check your text messages.')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Resend in \d+ s$/ })).toBeVisible();
    await expect(f.smsCode).toBeFocused();

    await f.smsCode.fill(await ops.latestSmsCode(phone));

    // Before Register, the words and version of each purpose registering agrees to: the contract's
    // texts, which the consent ledger records with the sign-up (the server's promotion test). The
    // marketing box stays apart and unticked.
    const agreed = page.getByRole('list', { name: 'What you agree to by registering' });
    await expect(agreed.getByRole('listitem')).toHaveText(
      SIGN_UP_CONSENT_PURPOSES.map((p) => `${CONSENT_TEXTS[p].title} (version ${CONSENT_TEXTS[p].version}): ${CONSENT_TEXTS[p].text}`),
    );
    const register = page.getByRole('button', { name: 'Register now' });
    await expect(register).toHaveAccessibleDescription(/^By registering you agree that we use your details for:/);
    expect((await agreed.boundingBox())!.y).toBeLessThan((await register.boundingBox())!.y);
    await expect(page.getByRole('checkbox', { name: 'Send me offers and news by SMS' })).not.toBeChecked();
    await expect(page.getByText(CONSENT_TEXTS.marketing.text)).toBeVisible();

    await register.tap();

    await expect(page.getByRole('heading', { name: 'Registration successful' })).toBeFocused();
    await expect(page).toHaveURL(/#\/downloadTemplate\?.*step=download/);
    await expect(page.getByRole('link', { name: 'Download PesoNow' })).toHaveAttribute('href', DOWNLOAD_URL);

    const { items } = await ops.request<{ items: Array<Record<string, unknown>> }>('GET', `/registrations?phone=${phone}`);
    expect(items).toEqual([
      expect.objectContaining({ mobilePhone: phone, merchantNumber: 'M0001', templateId: 1, inviteCode: 'FRIEND42', userFrom: 'fb-ads', appFrom: 'h5', utmTag: 'nov-payday', appName: 'PesoNow' }),
    ]);
    // One visit of the landing and one tap on Register, under this source and template.
    expect(await counts(ops, source)).toEqual(
      expect.arrayContaining([
        { templateId: 1, page: 'downloadTemplate', kind: 'visit', count: 1 },
        { templateId: 1, page: 'downloadTemplate', kind: 'click', count: 1 },
      ]),
    );
    expect(await counts(ops, source)).toHaveLength(2);
  });

  test('counts down 60 s before another code, saying not to resend meanwhile; the server holds the 60 s too', async ({ page, ops }) => {
    await page.clock.install();
    await page.goto(landingUrl({ templateId: '1', source: uniqueSource('countdown') }));
    const f = fields(page);
    const { answer } = await shownCaptcha(ops, f.image);
    await f.phone.fill(specPhone());
    await f.capcode.fill(answer);
    await page.getByRole('button', { name: 'Get code' }).tap();
    const waiting = page.getByRole('button', { name: /^Resend in \d+ s$/ });
    await expect(waiting).toHaveText(/^Resend in (5\d|60) s$/);

    // Jump 20 s ahead on the page's clock (it keeps running, so the toasts draw as usual; on a loaded
    // machine some real seconds pass too, hence a range rather than one figure).
    await page.clock.fastForward(20_000);
    await expect(waiting).toHaveText(/^Resend in (3\d|40) s$/);
    await waiting.tap();
    await expect(page.getByText(/^The code has been sent\. Please do not resend it: you can ask again in (2\d|3\d|40) s\.$/)).toBeVisible();

    await page.clock.fastForward(41_000);
    const resend = page.getByRole('button', { name: 'Resend code' });
    await expect(resend).toBeVisible();
    // The page's clock was moved on, the server's was not: the server refuses, and says why.
    await resend.tap();
    await expect(page.getByText(/^Please do not resend: a new code can be sent in \d+ s\.$/)).toBeVisible();
  });

  test('a wrong image code gets a new image and the message, on Get code and on Register; the image needs a phone first', async ({ page, ops }) => {
    const phone = specPhone();
    await page.goto(landingUrl({ templateId: '1', source: uniqueSource('captcha') }));
    const f = fields(page);
    const first = await shownCaptcha(ops, f.image);

    // Tapping the image without a phone number asks for one and keeps the image.
    await page.getByRole('button', { name: 'New image code' }).tap();
    await expect(page.getByText('Please enter your mobile number first').first()).toBeVisible();
    await expect(f.phone).toBeFocused();
    expect(await f.image.getAttribute('src')).toBe(first.src);

    await f.phone.fill(phone);
    await f.capcode.fill(first.answer === 'AAAA' ? 'CCCC' : 'AAAA');
    await page.getByRole('button', { name: 'Get code' }).tap();
    await expect(page.getByText(WRONG_CAPTCHA)).toBeVisible();
    await expect(f.capcode).toHaveValue('');
    await expect(f.capcode).toBeFocused();
    await expect(f.image).not.toHaveAttribute('src', first.src);
    const second = await shownCaptcha(ops, f.image);
    expect(second.sid).toBe(first.sid);

    await f.capcode.fill(second.answer);
    await page.getByRole('button', { name: 'Get code' }).tap();
    await expect(page.getByText('Code sent. Please check your text messages.')).toBeVisible();
    await f.smsCode.fill(await ops.latestSmsCode(phone));

    // Register with a wrong image code: -1, a new image, the message; the new code then registers.
    await f.capcode.fill(second.answer === 'AAAA' ? 'CCCC' : 'AAAA');
    await page.getByRole('button', { name: 'Register now' }).tap();
    await expect(page.getByText(WRONG_CAPTCHA)).toBeVisible();
    await expect(f.image).not.toHaveAttribute('src', second.src);
    const third = await shownCaptcha(ops, f.image);
    await f.capcode.fill(third.answer);
    await page.getByRole('button', { name: 'Register now' }).tap();
    await expect(page.getByRole('heading', { name: 'Registration successful' })).toBeVisible();
  });

  test('asks for a correct phone, image code and SMS code before calling the server', async ({ page, ops }) => {
    await page.goto(landingUrl({ templateId: '1', source: uniqueSource('rules') }));
    const f = fields(page);
    await shownCaptcha(ops, f.image);
    await page.getByRole('button', { name: 'Register now' }).tap();
    await expect(page.getByText('Please enter a correct mobile number')).toBeVisible();
    await expect(page.getByText('Please enter the correct image code')).toBeVisible();
    await expect(page.getByText('Please enter the correct SMS code')).toBeVisible();
    await expect(f.phone).toBeFocused();
    // Digits only, at most 11 (a pasted "0917-123 4567" keeps all its digits); a number starting 12 breaks the spec's rule.
    await f.phone.fill('12a3-4567 89012');
    await expect(f.phone).toHaveValue('12345678901');
    await f.phone.pressSequentially('9');
    await expect(f.phone).toHaveValue('12345678901');
    await page.getByRole('button', { name: 'Get code' }).tap();
    await expect(f.phone).toHaveAttribute('aria-invalid', 'true');
    await f.capcode.fill('ab cde');
    await expect(f.capcode).toHaveValue('abcd');
    await f.smsCode.fill('12 34 567');
    await expect(f.smsCode).toHaveValue('123456');
  });

  test('an already registered number is asked to download the app and log in, then taken to the download step', async ({ page, ops }) => {
    const phone = specPhone();
    await ops.createBorrower({ mobilePhone: phone, merchantNumber: 'M0001' });
    await page.goto(landingUrl({ templateId: '1', source: uniqueSource('existing') }));
    const f = fields(page);
    const { answer } = await shownCaptcha(ops, f.image);
    await f.phone.fill(phone);
    await f.capcode.fill(answer);
    await page.getByRole('button', { name: 'Get code' }).tap();

    const prompt = page.getByRole('alertdialog', { name: 'Already registered' });
    await expect(prompt).toBeVisible();
    await expect(prompt).toContainText(ALREADY_REGISTERED);
    await expect(prompt.getByRole('button', { name: 'Download PesoNow' })).toBeFocused();
    // Left alone, the prompt takes the visitor on by itself.
    await expect(page.getByRole('heading', { name: 'You already have an account' })).toBeVisible({ timeout: 6_000 });
    await expect(page).toHaveURL(/step=download&account=existing/);
    await expect(page.getByRole('link', { name: 'Download PesoNow' })).toHaveAttribute('href', DOWNLOAD_URL);
    const { items } = await ops.request<{ items: Array<{ body: string }> }>('GET', `/sms-outbox?phone=${phone}`);
    expect(items).toEqual([]);
  });

  test('shows the agreement of the template, readable on a phone, and counts its visit', async ({ page, ops }) => {
    const source = uniqueSource('agreement');
    await page.goto(landingUrl({ templateId: '2', source }));
    await page.getByRole('link', { name: 'Registration Agreement' }).tap();
    await expect(page).toHaveURL(new RegExp(`#/agreementTemplate\\?templateId=2&source=${source}$`));
    await expect(page).toHaveTitle('Registration Agreement');
    await expect(page.getByRole('heading', { level: 1, name: 'Registration Agreement' })).toBeVisible();
    const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
    expect(headings).toEqual(['About this agreement', 'Your mobile number', 'Your account', 'Your information', 'Messages from us', 'Closing your account', 'Questions']);
    await expect(page.getByText(/^Never tell the code to anyone/)).toBeVisible();
    const bodySize = await page.getByText(/^Never tell the code to anyone/).evaluate((p) => parseFloat(getComputedStyle(p).fontSize));
    expect(bodySize).toBeGreaterThanOrEqual(16);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await page.getByRole('link', { name: 'Back to registration' }).tap();
    await expect(page.getByRole('heading', { level: 1, name: 'Borrow up to ₱20,000 today' })).toBeVisible();
    expect(await counts(ops, source)).toEqual(
      expect.arrayContaining([
        { templateId: 2, page: 'agreementTemplate', kind: 'visit', count: 1 },
        { templateId: 2, page: 'downloadTemplate', kind: 'visit', count: 1 },
      ]),
    );
  });

  test('a landing that fails to load says why and loads on Retry', async ({ page }) => {
    let fail = true;
    await page.route('**/api/v2/youmi/service/channel/channel-template**', (route) => (fail ? route.abort('internetdisconnected') : route.continue()));
    await page.goto(landingUrl({ templateId: '1', source: uniqueSource('retry') }));
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Could not load this page');
    await expect(alert).toContainText('Network error. Please check your connection and try again.');
    fail = false;
    await alert.getByRole('button', { name: 'Retry' }).tap();
    await expect(page.getByRole('heading', { level: 1, name: 'Cash in minutes, right on your phone' })).toBeVisible();
  });

  test('fits a 320 px phone with 44 px touch targets, in the Philippine template and its phone rule', async ({ page, ops }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    const phone = phPhone();
    await page.goto(landingUrl({ templateId: '2', source: uniqueSource('narrow') }));
    const f = fields(page);
    await shownCaptcha(ops, f.image);
    await expect(page.getByText('11 digits, starting with 09')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const primary = await page.getByRole('button', { name: 'Get my loan' }).evaluate((b) => getComputedStyle(b).backgroundColor);
    expect(primary).toBe('rgb(29, 78, 216)');

    const targets = [
      f.phone,
      f.capcode,
      f.smsCode,
      page.getByRole('button', { name: 'New image code' }),
      page.getByRole('button', { name: 'Get code' }),
      page.getByRole('button', { name: 'Get my loan' }),
      page.getByRole('link', { name: 'Registration Agreement' }),
    ];
    for (const target of targets) {
      const box = (await target.boundingBox())!;
      expect(box.height, await target.evaluate((e) => e.outerHTML.slice(0, 60))).toBeGreaterThanOrEqual(44);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(320);
    }

    // The spec's number is refused on the Philippine landing; a 09 number gets its code.
    await f.phone.fill('13912345678');
    await page.getByRole('button', { name: 'Get code' }).tap();
    await expect(page.getByText('Please enter a correct mobile number')).toBeVisible();
    await f.phone.fill(phone);
    await f.capcode.fill((await shownCaptcha(ops, f.image)).answer);
    await page.getByRole('button', { name: 'Get code' }).tap();
    await expect(page.getByText('Code sent. Please check your text messages.')).toBeVisible();
    expect(await ops.latestSmsCode(phone)).toMatch(/^\d{6}$/);
  });
});
