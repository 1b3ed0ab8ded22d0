/**
 * The borrower's language (issue 41; docs/i18n.md): order details, the loan confirmation with its
 * disclosure, and the repayment plan in Filipino and Hindi, chosen by the page's `lang` parameter,
 * by the webview's Accept-Language, and by the host app's handshake. The server renders the first
 * screen in the language (its own texts included), the page hydrates it without a mismatch, a route
 * opened later in the app fetches its texts, and amounts keep the market's way of writing them.
 * Axe runs on each screen in each language. The expected words are the catalogues' own.
 */
import type { Page } from '@playwright/test';
import { FIL } from '@cashloan/contract/texts/fil';
import { HI } from '@cashloan/contract/texts/hi';
import type { Catalogue } from '@cashloan/contract/i18n';
import { test, expect, codeHasRun, newOrder, orderIds, withQuery } from './fixtures.ts';
import { checkAxe } from './a11y-checks.ts';
import { channelReceived, installHost } from './host-stand-in.ts';

const LANGUAGES = { fil: FIL, hi: HI } as const;
/** The demo lender's own Loan Agreement in each language (apps/server/src/modules/loan-confirmation/seed-languages.ts): its data, not our catalogue. */
const LOAN_AGREEMENT = { fil: { title: 'Kasunduan sa Loan', opens: 'KASUNDUAN SA LOAN Blg.' }, hi: { title: 'लोन समझौता', opens: 'ऋण समझौता सं.' } } as const;

/** React's hydration failures (production builds name them by number: #418, #423, #425). */
function hydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /#41[89]|#42[35]|hydrat/i.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (/#41[89]|#42[35]|hydrat/i.test(error.message)) errors.push(error.message);
  });
  return errors;
}

/** A catalogue's translation of an English text of `part`; a missing one fails here, not as a missing text on screen. */
function word(catalogue: Catalogue, part: string, english: string): string {
  const translation = catalogue[part]?.[english];
  if (translation === undefined) throw new Error(`no translation of ${JSON.stringify(english)} in part ${part}`);
  return translation;
}


for (const [lang, catalogue] of Object.entries(LANGUAGES) as Array<[keyof typeof LANGUAGES, Catalogue]>) {
  test.describe(`In ${lang === 'fil' ? 'Filipino' : 'Hindi'} (lang=${lang})`, () => {
    test('order details: the server renders the screen in the language, the page hydrates it, and the repayment plan opened from it fetches its texts', async ({
      page,
      ops,
      borrower,
    }) => {
      const errors = hydrationErrors(page);
      const textFetches: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/texts') textFetches.push(request.url());
      });
      const order = await newOrder(ops, borrower, { status: 174, dueInDays: 1 });
      await page.goto(withQuery(order.path, { lang }));
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1, name: word(catalogue, 'order-details', 'Order Details') })).toBeVisible();
      // The server's own texts: the status line and the detail rows' labels; the amounts as the market writes them.
      await expect(page.getByRole('heading', { level: 2, name: word(catalogue, 'server', 'Repayment due') })).toBeVisible();
      const loanAmount = page.locator('div').filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${word(catalogue, 'server', 'Loan amount')}$`) }) }).last();
      await expect(loanAmount.getByRole('definition')).toHaveText('₱5,000.00');
      await expect(page.getByRole('term').filter({ hasText: /^Loan amount$/ })).toHaveCount(0);
      await codeHasRun(page);
      await expect(page).toHaveTitle(word(catalogue, 'order-details', 'Order Details'));
      await checkAxe(page, `/allIt?lang=${lang}`);

      // The repay button, in the language; the plan screen comes in it too, its texts fetched once.
      await page.getByRole('button', { name: word(catalogue, 'order-details', 'Repayment'), exact: true }).tap();
      await expect(page).toHaveURL(/\/allowedAlso\?/);
      await expect(page.getByRole('region', { name: word(catalogue, 'repayment', 'Amount to repay') })).toBeVisible();
      await expect(page).toHaveTitle(word(catalogue, 'repayment', 'Repayment'));
      expect(textFetches).toHaveLength(1);
      expect(new URL(textFetches[0]!).searchParams.get('route')).toBe('/allowedAlso');
      await checkAxe(page, `/allowedAlso (opened from /allIt) lang=${lang}`);
      expect(errors, 'hydration errors').toEqual([]);
    });

    test('the repayment plan opened directly: the screen and the server rows in the language', async ({ page, ops, borrower }) => {
      const errors = hydrationErrors(page);
      const order = await newOrder(ops, borrower, { status: 174, dueInDays: 1 });
      await page.goto(borrower.url('/allowedAlso', { ...orderIds(order), lang }));
      const amount = page.getByRole('region', { name: word(catalogue, 'repayment', 'Amount to repay') });
      await expect(amount.getByText('₱5,605.00', { exact: true })).toBeVisible();
      await expect(page.getByRole('term').filter({ hasText: new RegExp(`^${word(catalogue, 'server', 'Amount due')}$`) })).toBeVisible();
      await expect(page.getByRole('button', { name: new RegExp(word(catalogue, 'repayment', 'Payment Method')) })).toBeVisible();
      await codeHasRun(page);
      await checkAxe(page, `/allowedAlso?lang=${lang}`);
      expect(errors, 'hydration errors').toEqual([]);
    });

    test('the loan confirmation with its disclosure, both variants: the Disclosure Statement, then with real=1 the Key Fact Statement', async ({ page, ops }) => {
      const errors = hydrationErrors(page);
      // A repeat borrower: no loan-agreement modal on load, the offer popup on the second variant.
      const created = await ops.createBorrower({ name: 'Ana Reyes', isRepeat: true });
      const borrower = { url: (path: string, extra: Record<string, string | number>) => withQuery(path, { ...created.session, ...extra }) };
      // The Philippine disclosure first (real carries from page to page, as the spec has it).
      await page.goto(borrower.url('/manyVoting', { productId: 1, lang }));
      // The offer popup first, in the language, then the screen under it.
      const offer = page.getByRole('dialog', { name: word(catalogue, 'loan-confirmation', 'Your loan offer') });
      await offer.getByRole('button', { name: word(catalogue, 'loan-confirmation', 'Confirm'), exact: true }).tap();
      await expect(offer).toBeHidden();
      await expect(page.getByRole('heading', { level: 1, name: word(catalogue, 'loan-confirmation', 'Loan confirmation') })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: word(catalogue, 'server', 'Disclosure Statement') })).toBeVisible();
      await expect(page.getByText(word(catalogue, 'loan-confirmation', 'I have read and agreed to the above'))).toBeVisible();
      await codeHasRun(page);
      await checkAxe(page, `/manyVoting?lang=${lang}`);
      await page.goto(borrower.url('/smpSystem', { productId: 1, real: 1, lang }));
      await expect(page.getByRole('heading', { level: 1, name: word(catalogue, 'loan-confirmation', 'Loan confirmation') })).toBeVisible();
      await expect(page.getByText('₹5,000.00', { exact: true }).first()).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: word(catalogue, 'server', 'Key Fact Statement') })).toBeVisible();
      await expect(page.getByRole('term').filter({ hasText: new RegExp(`^${escape(word(catalogue, 'loan-confirmation', 'Amount financed'))}$`) })).toBeVisible();
      await expect(page.getByText(word(catalogue, 'loan-confirmation', 'What this loan costs in total, before you confirm.'))).toBeVisible();
      await expect(page.getByRole('button', { name: word(catalogue, 'loan-confirmation', 'Next'), exact: true })).toBeVisible();
      // The agreements to accept: the list's name is the page's, in the language.
      await expect(page.getByRole('list', { name: word(catalogue, 'loan-confirmation', 'Agreements') })).toBeVisible();
      await codeHasRun(page);
      await checkAxe(page, `/smpSystem?lang=${lang}`);

      // The lender keeps its agreements in the language: listed and read in it, on the agreement page the link opens.
      await page.getByRole('button', { name: LOAN_AGREEMENT[lang].title, exact: true }).tap();
      await expect(page).toHaveURL(new RegExp(`/toIs\\?.*lang=${lang}`));
      const agreement = page.getByRole('article', { name: LOAN_AGREEMENT[lang].title });
      await expect(agreement).toContainText(LOAN_AGREEMENT[lang].opens);
      await expect(agreement).toContainText('Ana Reyes');
      await expect(page).toHaveTitle(LOAN_AGREEMENT[lang].title);
      await codeHasRun(page);
      await checkAxe(page, `/toIs?lang=${lang}`);

      expect(errors, 'hydration errors').toEqual([]);
    });
  });
}

test.describe('More screens: their own texts, and the cancel quote the server writes (the others are next: docs/i18n.md)', () => {
  test('payment history in Filipino; the cancel screen with its quote, and My data, in Hindi', async ({ page, ops, borrower }) => {
    const errors = hydrationErrors(page);
    const order = await newOrder(ops, borrower, { status: 174, dueInDays: 1 });
    await page.goto(borrower.url('/paymentHistory', { ...orderIds(order), lang: 'fil' }));
    await expect(page.getByRole('heading', { level: 1, name: word(FIL, 'records', 'Payment history') })).toBeVisible();
    await expect(page.getByText(word(FIL, 'records', 'Order No. {orderNo}').replace('{orderNo}', order.orderNo))).toBeVisible();
    await codeHasRun(page);
    await checkAxe(page, '/paymentHistory?lang=fil');

    // The cancel screen: its own texts and the server's quote, in Hindi.
    const cooling = await newOrder(ops, borrower, { status: 170, disbursedDaysAgo: 0 });
    await page.goto(borrower.url('/cancelLoan', { orderId: cooling.orderId, lang: 'hi' }));
    const parts = page.getByRole('region', { name: word(HI, 'cancel-loan', 'What you pay') });
    const days = word(HI, 'server', '{n} day').replace('{n}', '1');
    await expect(parts.getByRole('term')).toHaveText(
      ['Loan amount', 'Interest for {days}', 'Service fee', 'Total to pay'].map((english) => word(HI, 'server', english).replace('{days}', days)),
    );
    await expect(parts.getByRole('definition').nth(2)).toHaveText(word(HI, 'server', 'Waived ({amount})').replace('{amount}', '₱0.00'));

    await page.goto(borrower.url('/myData', { lang: 'hi' }));
    await expect(page.getByRole('heading', { level: 1, name: word(HI, 'my-data', 'My data') })).toBeVisible();
    await codeHasRun(page);
    await checkAxe(page, '/myData?lang=hi');
    expect(errors, 'hydration errors').toEqual([]);
  });
});

test.describe("The landing in the borrower's language (lang before the #)", () => {
  test("the marketer's Filipino texts, the page's own and the consents' words in Filipino; Hindi falls back to the template's own", async ({ page }) => {
    await page.goto('/promo.html?lang=fil#/downloadTemplate?templateId=2&source=e2e-language');
    // The demo marketer's Filipino template (promotion/seed-languages.ts): its data, not our catalogue.
    await expect(page.getByRole('heading', { level: 1, name: 'Mag-loan ng hanggang ₱20,000 ngayon' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Kunin ang loan ko' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Teleponong nagpapakita ng naaprubahang cash loan, may mga barya sa tabi nito' })).toBeVisible();
    // The consent notice shows the words the ledger records in Filipino.
    const notice = page.getByRole('list', { name: word(FIL, 'promotion', 'What you agree to by registering') });
    await expect(notice).toContainText(word(FIL, 'promotion', 'Payment reminders by SMS'));
    await expect(notice).toContainText(word(FIL, 'promotion', 'We send SMS reminders before and after a due date to the phone on your account. You can stop them here or by replying STOP.'));
    await codeHasRun(page);
    await checkAxe(page, 'promo.html?lang=fil#/downloadTemplate?templateId=2');

    // A language the marketer has not written template 2 in: its own English texts, the page's own in Hindi.
    await page.goto('/promo.html?lang=hi#/downloadTemplate?templateId=2&source=e2e-language');
    await expect(page.getByRole('heading', { level: 1, name: 'Borrow up to ₱20,000 today' })).toBeVisible();
    await expect(page.getByRole('list', { name: word(HI, 'promotion', 'What you agree to by registering') })).toBeVisible();
  });
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A translation with places as a pattern of the whole text: each place `{name}` matches `places[name]`. */
const filled = (translation: string, places: Record<string, string>) =>
  new RegExp(`^${escape(translation).replace(/\\\{(\w+)\\\}/g, (_, name: string) => places[name] ?? '.+')}$`);

test.describe("The official site in the borrower's language", () => {
  test('the loan terms in Hindi, each figure in its place in the sentence; the privacy policy in its frame keeps the language; About us in Filipino', async ({ page }) => {
    const errors = hydrationErrors(page);
    await page.goto('/?tab=terms&lang=hi');
    await expect(page.getByRole('heading', { level: 2, name: word(HI, 'site', 'Loan Terms And Conditions') })).toBeVisible();
    // The key figures: the server's numbers inside the Hindi words, as Hindi orders them.
    await expect(page.locator(`dt:text-is("${word(HI, 'site', 'Loan term')}") + dd`)).toHaveText(filled(word(HI, 'site', '{min} to {max} calendar days'), { min: '\\d+', max: '\\d+' }));
    await expect(page.locator(`dt:text-is("${word(HI, 'site', 'Decision')}") + dd`)).toHaveText(
      filled(word(HI, 'site', 'within {decision} of a complete application'), { decision: `\\d+ ${escape(word(HI, 'site', '{n} day').replace('{n} ', ''))}` }),
    );
    await expect(page.getByRole('heading', { level: 3, name: word(HI, 'site', 'Late payment') })).toBeVisible();
    await codeHasRun(page);
    await checkAxe(page, '/?tab=terms&lang=hi');

    // The privacy policy's frame carries the page's language.
    await page.getByRole('tab', { name: word(HI, 'site', 'PrivacyPolicy') }).click();
    await expect(page.frameLocator('iframe').getByRole('heading', { level: 1, name: word(HI, 'site', 'Privacy Policy') })).toBeVisible();

    await page.goto('/pluralityCounting?lang=fil');
    await expect(page.getByRole('heading', { level: 1, name: word(FIL, 'site', 'About us') })).toBeVisible();
    const days = `\\d+ ${escape(word(FIL, 'site', '{n} days').replace('{n} ', ''))}`;
    const answers = filled(word(FIL, 'site', 'A decision within {decision} of a complete application, and the money in your account within {credit}.'), {
      decision: days,
      credit: `(${days}|${filled(word(FIL, 'site', '{min} to {max} days'), { min: '\\d+', max: '\\d+' }).source.slice(1, -1)})`,
    });
    await expect(page.getByRole('listitem').filter({ hasText: word(FIL, 'site', 'Fast answers.') })).toHaveText(
      new RegExp(`^${escape(word(FIL, 'site', 'Fast answers.'))} ${answers.source.slice(1)}`),
    );
    await codeHasRun(page);
    await checkAxe(page, '/pluralityCounting?lang=fil');
    expect(errors).toEqual([]);
  });
});

test.describe('Which language', () => {
  test.describe('the webview asks for Hindi (Accept-Language)', () => {
    test.use({ locale: 'hi-IN' });
    test('with no lang parameter the page is in Hindi; lang=en keeps the spec’s English', async ({ page, ops, borrower }) => {
      const order = await newOrder(ops, borrower, { status: 174, dueInDays: 1 });
      await page.goto(order.path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
      await expect(page.getByRole('heading', { level: 1, name: word(HI, 'order-details', 'Order Details') })).toBeVisible();

      await page.goto(withQuery(order.path, { lang: 'en' }));
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByRole('heading', { level: 1, name: 'Order Details' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Repayment due' })).toBeVisible();
    });
  });

  test('a #/ app given lang only after its #: the page loads once more with it before the #, where the server reads it', async ({ page, ops, borrower }) => {
    await page.goto('/promo.html#/downloadTemplate?templateId=2&source=e2e-language&lang=fil');
    await expect(page).toHaveURL(/\/promo\.html\?lang=fil#\/downloadTemplate\?templateId=2&source=e2e-language&lang=fil$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
    await expect(page.getByRole('heading', { level: 1, name: 'Mag-loan ng hanggang ₱20,000 ngayon' })).toBeVisible();

    const order = await newOrder(ops, borrower, { status: 174, dueInDays: 1 });
    await page.goto(borrower.url('/pay.html#/borrowDetail', { ...orderIds(order), lang: 'hi' }));
    await expect(page).toHaveURL(/\/pay\.html\?lang=hi#\/borrowDetail\?/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByRole('main').first()).toContainText(/[\u0900-\u097F]/);
  });

  test("the host app's handshake names Hindi: the page takes it, and the later pages carry it", async ({ page, ops, borrower }) => {
    await installHost(page, { platform: 'android', version: 'new', lang: 'hi' });
    const order = await newOrder(ops, borrower, { status: 174, dueInDays: 1 });
    await page.goto(order.path);
    await expect(page.getByRole('heading', { level: 1, name: word(HI, 'order-details', 'Order Details') })).toBeVisible();
    await expect(page).toHaveURL(/[?&]lang=hi(&|$)/);
    await expect(page.getByRole('heading', { level: 2, name: word(HI, 'server', 'Repayment due') })).toBeVisible();
    // A link of the page carries it.
    await expect(page.getByRole('link', { name: word(HI, 'order-details', 'Payment history') })).toHaveAttribute('href', /[?&]lang=hi(&|$)/);
  });

  test('a page given lang keeps it whatever the handshake says', async ({ page, ops, borrower }) => {
    await installHost(page, { platform: 'ios', version: 'new', lang: 'hi' });
    const order = await newOrder(ops, borrower, { status: 174, dueInDays: 1 });
    await page.goto(withQuery(order.path, { lang: 'fil' }));
    await expect.poll(() => channelReceived(page)).toContainEqual({ type: 'hello', bridge: 2 });
    await codeHasRun(page);
    await expect(page.getByRole('heading', { level: 1, name: word(FIL, 'order-details', 'Order Details') })).toBeVisible();
    expect(new URL(page.url()).searchParams.get('lang')).toBe('fil');
  });
});
