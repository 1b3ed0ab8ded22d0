/**
 * The official site (/), About us (/pluralityCounting) and the privacy policy (/maySimilar) against
 * the real server: the tabs, the footer's disclosures, the policy frame, every section heading, the
 * loan-terms figures equal to the server's loan-terms values, failures that end visibly, and layouts
 * from a 320 px phone to a 1280 px desktop.
 */
import type { Page, Locator } from '@playwright/test';
import type { SiteConfig } from '@cashloan/contract/site';
import { test, expect } from './fixtures.ts';
import { E2E_SERVICE, serverUrl } from './server.ts';

const SITE_CONFIG_CALL = '**/h5api/v3/site/config**';

/**
 * The page as a server without the prerenderer sends it (no text, no embedded answers), so the
 * browser makes the configuration call itself: how the tests below change or fail that call.
 */
async function clientRendered(page: Page, path: string): Promise<void> {
  await page.route(`**${path.split('?')[0]}*`, async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = (await response.text())
      .replace(/<script type="application\/json" id="preloaded-answers">[\s\S]*?<\/script>/, '')
      .replace(/<div id="root">[\s\S]*<\/div>(\s*<\/body>)/, '<div id="root"></div>$1');
    await route.fulfill({ status: response.status(), contentType: 'text/html; charset=utf-8', body: html });
  });
}
const TAB_LABELS = ['Home', 'About Us', 'PrivacyPolicy', 'Loan Terms And Conditions'];
const PRIVACY_HEADINGS = [
  'Collection of Information',
  'Representation',
  'Use of Technology',
  'Disclosure',
  'Cookies',
  'Device Information',
  'Minors',
  'Password Security',
  'Changes to this Policy',
  'Opt-out',
  // Ours (issue 39), not in the spec's list: the borrower's data rights and the "My data" screen.
  'Your Data Rights',
  'Grievance Officer',
];
/** What the policy's data-rights section names, each right's words in bold. */
const DATA_RIGHTS = [
  'to be informed',
  'to access',
  'to correct',
  'to erase',
  'to object to a use and to withdraw your consent',
  'to data portability',
  'to complain to the regulator',
];
const TERMS_HEADINGS = [
  'Your agreement with us',
  'Who may borrow',
  'Application and decision',
  'Loan amount and term',
  'Disbursement',
  'Interest, fees and the Disclosure Statement',
  'Repayment',
  'Paying early',
  'Late payment',
  'Collection',
  'Assignment',
  'Changes to these terms',
  'Your personal information',
  'Questions and complaints',
  'Governing law',
];
const ABOUT_HEADINGS = ['Our mission', 'Why borrowers choose us', 'Our team', 'Contact us'];

/** What the running server answers, as a visitor's browser would get it. */
async function fetchSiteConfig(): Promise<SiteConfig> {
  const res = await fetch(`${serverUrl()}/h5api/v3/site/config`);
  const body = (await res.json()) as { code: number; data: SiteConfig };
  expect(body.code).toBe(0);
  return body.data;
}

/** The peso amount as the app shows minor units: 100000 → '₱1,000.00'. */
const peso = (minor: number) => `₱${Math.floor(minor / 100).toLocaleString('en-PH')}.${String(minor % 100).padStart(2, '0')}`;
const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
const percent = (bp: number) => `${bp / 100}%`;

/** Every sentence of the terms that carries a figure, built from the server's values. */
function expectedTermsFigures(t: SiteConfig['loanTerms']): string[] {
  expect(t.prepayment.termShare).toEqual({ numerator: 1, denominator: 2 });
  return [
    `${t.termDays.min} to ${t.termDays.max} calendar days`,
    `within ${plural(t.decisionDays, 'day')} of a complete application`,
    `we tell you our decision in the app within ${plural(t.decisionDays, 'day')}`,
    `credited within ${t.creditDays.min} to ${t.creditDays.max} days`,
    `a one-time late penalty of ${peso(t.latePenalty.newBorrower)} if this is your first loan with us, or ${peso(t.latePenalty.repeatBorrower)} if you have borrowed from us before`,
    ...t.overdueInterestTiers.map((tier) =>
      tier.lastDay === null
        ? `${percent(tier.dailyRateBp)} a day from day ${tier.firstDay}`
        : `${percent(tier.dailyRateBp)} a day on days ${tier.firstDay} to ${tier.lastDay}`,
    ),
    `after half of the term has passed, and not before day ${t.prepayment.minDaysFromDisbursement} from disbursement`,
    ...t.prepayment.examples.map((ex) => `a ${ex.termDays}-day loan may be repaid early from day ${ex.opensOnDay}`),
    `if ${peso(t.overdueExample.overdueAmount)} stays overdue for ${plural(t.overdueExample.days, 'day')}, the overdue interest comes to ${peso(t.overdueExample.interest)}`,
    `at least ${plural(t.assignmentNoticeBusinessDays, 'business day')} before the assignment takes effect`,
    `at least ${plural(t.changeNoticeDays, 'day')} before a change takes effect`,
    `${t.applicant.nationality} citizens aged ${t.applicant.minAge} or over`,
    // The SEC caps (docs/loan-terms.md).
    `The caps of SEC ${t.chargeCaps.circular} (as amended) apply to loans of ${peso(t.chargeCaps.maxPrincipal)} or less for ${plural(t.chargeCaps.maxTermDays, 'day')} or less`,
    `interest is at most ${percent(t.chargeCaps.nominalMonthlyBp)} a month`,
    `late charges (the penalty and overdue interest together) are at most ${percent(t.chargeCaps.lateMonthlyBp)} a month of the amount due, counted day by day`,
    `is at most ${percent(t.chargeCaps.totalCostBp)} of the amount borrowed, however long it runs`,
  ];
}

async function noHorizontalScroll(page: Page): Promise<void> {
  const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(width.scroll, 'page width').toBeLessThanOrEqual(width.client);
}

async function expectTappable(locators: Locator[]): Promise<void> {
  for (const locator of locators) {
    const box = await locator.boundingBox();
    expect(box?.height ?? 0, `${await locator.textContent()} height`).toBeGreaterThanOrEqual(44);
  }
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const panel = (page: Page) => page.getByRole('tabpanel');

test.describe('Official site', () => {
  test('opens on Home with four tabs, the registration line and the brand from the server', async ({ page }) => {
    const config = await fetchSiteConfig();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: config.appEnName })).toBeVisible();
    await expect(page).toHaveTitle(`${config.appEnName} | Home`);

    const tablist = page.getByRole('tablist');
    await expect(tablist.getByRole('tab')).toHaveText(TAB_LABELS);
    await expect(tab(page, 'Home')).toHaveAttribute('aria-selected', 'true');
    for (const label of TAB_LABELS.slice(1)) await expect(tab(page, label)).toHaveAttribute('aria-selected', 'false');
    await expect(panel(page)).toHaveAttribute('aria-labelledby', (await tab(page, 'Home').getAttribute('id'))!);

    // The site itself, not only the footer, names the registered lender.
    const { company } = config;
    await expect(page.getByRole('banner')).toContainText(
      `${company.corporateName} · SEC Registration No. ${company.secRegistrationNo} · Certificate of Authority No. ${company.certificateOfAuthorityNo}`,
    );
    await expect(panel(page)).toContainText(`${config.loanTerms.termDays.min} to ${config.loanTerms.termDays.max} days`);
    await expect(panel(page).getByRole('link', { name: `Open the ${config.appEnName} app` })).toHaveAttribute('href', config.schemeUrl);
    await expectTappable(await tablist.getByRole('tab').all());
  });

  test('the footer shows the company, its registrations, its contacts, the grievance officer and the disclosure advisory', async ({ page }) => {
    const { company, grievanceOfficer: officer } = await fetchSiteConfig();
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(company.name);
    const facts = footer.getByRole('definition');
    const terms = footer.getByRole('term');
    await expect(terms).toHaveText([
      'Corporate name',
      'SEC Registration No.',
      'Certificate of Authority No.',
      'Address',
      'E-mail',
      'Telephone',
      'Grievance officer',
      'Grievance officer e-mail',
      'Grievance officer telephone',
    ]);
    await expect(facts).toHaveText([
      company.corporateName,
      company.secRegistrationNo,
      company.certificateOfAuthorityNo,
      company.address,
      company.email,
      company.telephone,
      officer.name,
      officer.email,
      officer.telephone,
    ]);
    await expect(footer.getByRole('link', { name: officer.email })).toHaveAttribute('href', `mailto:${officer.email}`);
    const mail = footer.getByRole('link', { name: company.email });
    await expect(mail).toHaveAttribute('href', `mailto:${company.email}`);
    const phone = footer.getByRole('link', { name: company.telephone });
    await expect(phone).toHaveAttribute('href', `tel:${company.telephone.replace(/[^\d+]/g, '')}`);
    await expect(footer).toContainText('Read the Disclosure Statement before you borrow.');
    await expectTappable([mail, phone]);

    // The footer stays under every tab.
    await tab(page, 'Loan Terms And Conditions').tap();
    await expect(footer).toContainText(company.certificateOfAuthorityNo);
  });

  test('each tab shows its panel, keeps its place in the URL, and the arrow keys move between tabs', async ({ page }) => {
    const config = await fetchSiteConfig();
    await page.goto('/');
    await tab(page, 'About Us').tap();
    await expect(tab(page, 'About Us')).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/\/\?tab=about$/);
    await expect(page).toHaveTitle(`${config.appEnName} | About Us`);
    for (const heading of ABOUT_HEADINGS) await expect(panel(page).getByRole('heading', { name: heading })).toBeVisible();

    await tab(page, 'Loan Terms And Conditions').tap();
    await expect(page).toHaveURL(/\?tab=terms$/);
    await expect(panel(page).getByRole('heading', { level: 2, name: 'Loan Terms And Conditions' })).toBeVisible();
    // Only the selected panel is shown.
    await expect(page.getByRole('heading', { name: 'Our mission' })).toBeHidden();

    // A reload (or a shared link) opens the same tab.
    await page.reload();
    await expect(tab(page, 'Loan Terms And Conditions')).toHaveAttribute('aria-selected', 'true');

    await tab(page, 'Loan Terms And Conditions').focus();
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, 'Home')).toBeFocused();
    await expect(tab(page, 'Home')).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/\/$/);
    await page.keyboard.press('ArrowLeft');
    await expect(tab(page, 'Loan Terms And Conditions')).toBeFocused();
    await page.keyboard.press('Home');
    await expect(tab(page, 'Home')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, 'PrivacyPolicy')).toHaveAttribute('aria-selected', 'true');
    await expect(tab(page, 'PrivacyPolicy')).toBeFocused();
    // One Tab stop: the selected tab, then into its panel.
    await page.keyboard.press('Tab');
    await expect(panel(page)).toBeFocused();
  });

  test('the PrivacyPolicy tab embeds the privacy policy page in a titled frame', async ({ page }) => {
    const config = await fetchSiteConfig();
    await page.goto('/');
    await tab(page, 'PrivacyPolicy').tap();
    const frameElement = page.locator('iframe[title="Privacy policy"]');
    await expect(frameElement).toHaveAttribute('src', '/maySimilar?embedded=1');
    await expect(frameElement).toBeVisible();
    const frame = page.frameLocator('iframe[title="Privacy policy"]');
    await expect(frame.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    for (const heading of PRIVACY_HEADINGS) await expect(frame.getByRole('heading', { level: 2, name: heading, exact: true })).toHaveCount(1);
    await expect(frame.locator('main')).toContainText(config.company.corporateName);
    await expect(panel(page).getByRole('link', { name: 'Open the privacy policy on its own page' })).toHaveAttribute('href', '/maySimilar');
    // "My data" opens as the page itself, not inside the frame.
    await expect(frame.getByRole('region', { name: 'Your Data Rights' }).getByRole('link', { name: 'My data' })).toHaveAttribute('target', '_top');

    // Switching away and back keeps the frame as it was (not reloaded).
    await frame.locator('body').evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await tab(page, 'Home').tap();
    await tab(page, 'PrivacyPolicy').tap();
    expect(await frame.locator('body').evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
  });

  test('the loan terms carry every section and every figure of the server’s loan-terms values', async ({ page }) => {
    const config = await fetchSiteConfig();
    const t = config.loanTerms;
    // The server's values are spec section 9's.
    expect(t.termDays).toEqual({ min: 91, max: 365 });
    expect(t.latePenalty).toEqual({ newBorrower: 100_000, repeatBorrower: 80_000 });
    expect(t.overdueInterestTiers.map((tier) => tier.dailyRateBp)).toEqual([500, 400, 200]);

    await page.goto('/?tab=terms');
    const terms = panel(page);
    for (const heading of TERMS_HEADINGS) await expect(terms.getByRole('heading', { level: 3, name: heading, exact: true })).toHaveCount(1);
    for (const sentence of expectedTermsFigures(t)) await expect(terms, sentence).toContainText(sentence);
    // Spelled out, as a borrower reads them.
    for (const text of [
      '91 to 365 calendar days',
      '₱1,000.00',
      '₱800.00',
      '5% a day on days 1 to 30',
      '4% a day on days 31 to 90',
      '2% a day from day 91',
      'not before day 7',
      'within 1 to 3 days',
      'within 1 day',
      '3 days before',
      '7 business days',
      'Filipino citizens aged 18 or over',
    ]) {
      await expect(terms).toContainText(text);
    }
    await expect(terms.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/maySimilar');

    // The contents jump to their section with plain in-page links.
    const contents = terms.getByRole('navigation', { name: 'Contents' });
    await expect(contents.getByRole('link')).toHaveText(TERMS_HEADINGS);
    await contents.getByRole('link', { name: 'Late payment' }).tap();
    await expect(page).toHaveURL(/\?tab=terms#terms-late$/);
    await expect(terms.getByRole('heading', { name: 'Late payment' })).toBeInViewport();
    await expectTappable((await contents.getByRole('link').all()).slice(0, 3));
  });

  test('the terms text follows the server: other loan-terms values show other figures', async ({ page }) => {
    await page.route(SITE_CONFIG_CALL, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { code: number; message: string; data: SiteConfig };
      const t = body.data.loanTerms;
      t.termDays = { min: 120, max: 240 };
      t.latePenalty = { newBorrower: 123_450, repeatBorrower: 99_900 };
      t.overdueInterestTiers = [
        { firstDay: 1, lastDay: 15, dailyRateBp: 650 },
        { firstDay: 16, lastDay: null, dailyRateBp: 125 },
      ];
      t.decisionDays = 2;
      t.assignmentNoticeBusinessDays = 10;
      await route.fulfill({ response, json: body });
    });
    await clientRendered(page, '/?tab=terms');
    await page.goto('/?tab=terms');
    const terms = panel(page);
    await expect(terms).toContainText('120 to 240 calendar days');
    await expect(terms).toContainText('a one-time late penalty of ₱1,234.50 if this is your first loan with us, or ₱999.00');
    await expect(terms).toContainText('6.5% a day on days 1 to 15; 1.25% a day from day 16');
    await expect(terms).toContainText('within 2 days of a complete application');
    await expect(terms).toContainText('at least 10 business days before the assignment');
    await expect(terms).not.toContainText('91 to 365');
  });

  test('a failed load says why and Retry loads the site', async ({ page }) => {
    let attempts = 0;
    await page.route(SITE_CONFIG_CALL, async (route) => {
      attempts += 1;
      if (attempts === 1) await route.abort('internetdisconnected');
      else await route.continue();
    });
    await clientRendered(page, '/');
    await page.goto('/');
    const failure = page.getByRole('alert');
    await expect(failure).toContainText('Could not load this page');
    await expect(failure).toContainText('Network error. Please check your connection and try again.');
    const retry = page.getByRole('button', { name: 'Retry' });
    await expectTappable([retry]);
    await retry.tap();
    await expect(tab(page, 'Home')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(attempts).toBe(2);
  });
});

test.describe('Privacy policy page', () => {
  test('has the spec title, every section in order, the lender and the grievance contact from configuration', async ({ page }) => {
    const config = await fetchSiteConfig();
    await page.goto('/maySimilar');
    await expect(page).toHaveTitle('General Terms and Conditions');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(['Contents', ...PRIVACY_HEADINGS]);

    const main = page.getByRole('main');
    await expect(main).toContainText(
      `${config.company.corporateName}, a lending company registered in the Philippines (SEC Registration No. ${config.company.secRegistrationNo}, Certificate of Authority No. ${config.company.certificateOfAuthorityNo})`,
    );
    expect(config.privacy.minorsAge).toBe(18);
    await expect(main).toContainText(`We do not lend to anyone under ${config.privacy.minorsAge} years of age`);

    const grievance = main.getByRole('region', { name: 'Grievance Officer' });
    await expect(grievance).toContainText(config.grievanceOfficer.name);
    await expect(grievance.getByRole('link', { name: config.grievanceOfficer.email })).toHaveAttribute('href', `mailto:${config.grievanceOfficer.email}`);
    await expect(grievance.getByRole('link', { name: config.grievanceOfficer.telephone })).toHaveAttribute(
      'href',
      `tel:${config.grievanceOfficer.telephone.replace(/[^\d+]/g, '')}`,
    );
    await expect(grievance).toContainText(config.company.address);
  });

  test('names each data right, what the law keeps, the regulators and the 30-day answer, and links to My data with the page parameters', async ({ page, borrower }) => {
    const config = await fetchSiteConfig();
    expect(config.privacy.requestAnswerDays).toBe(30);
    await page.goto(borrower.url('/maySimilar', { orderId: 7 }));
    const rights = page.getByRole('main').getByRole('region', { name: 'Your Data Rights' });
    await expect(rights.getByRole('list', { name: 'Your rights' }).getByRole('listitem').locator('strong')).toHaveText(DATA_RIGHTS);
    for (const words of [
      'Section 9(b) of the Anti-Money Laundering Act (Republic Act No. 9160, as amended)',
      'Section 12 of the Prevention of Money-laundering Act, 2002',
      'for 5 years after your account closes',
      'loan servicing, payment reminders by SMS, marketing offers and news, and sharing with a credit bureau',
      'the National Privacy Commission',
      'the Data Protection Board of India',
      `at most ${config.privacy.requestAnswerDays} days after you send it`,
    ]) {
      await expect(rights).toContainText(words);
    }

    const link = rights.getByRole('link', { name: 'My data' });
    const href = new URL((await link.getAttribute('href'))!, serverUrl());
    expect(href.pathname).toBe('/myData');
    expect(Object.fromEntries(href.searchParams)).toMatchObject({ userId: borrower.session.userId, orderId: '7' });
    await expectTappable([link]);
    await link.tap();
    await expect(page).toHaveURL(/\/myData\?/);
    // The borrower's own screen, opened with their session.
    await expect(page.getByRole('heading', { level: 1, name: 'My data' })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Payment reminders by SMS' })).toBeVisible();
  });

  test('the contents jump to each section, and a link to a section opens on it', async ({ page }) => {
    await page.goto('/maySimilar');
    const contents = page.getByRole('navigation', { name: 'Contents' });
    await expect(contents.getByRole('link')).toHaveText(PRIVACY_HEADINGS);
    await contents.getByRole('link', { name: 'Cookies' }).tap();
    await expect(page).toHaveURL(/\/maySimilar#privacy-cookies$/);
    await expect(page.getByRole('heading', { name: 'Cookies' })).toBeInViewport();
    await page.getByRole('region', { name: 'Cookies' }).getByRole('link', { name: 'Back to contents' }).tap();
    await expect(contents).toBeInViewport();

    await page.goto('/maySimilar#privacy-grievance');
    await expect(page.getByRole('heading', { name: 'Grievance Officer' })).toBeInViewport();
  });

  test('the server sends the text: it reads and its contents jump with JavaScript switched off', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL!, viewport: { width: 375, height: 667 } });
    const noScript = await context.newPage();
    await noScript.goto('/maySimilar');
    await expect(noScript.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    for (const heading of PRIVACY_HEADINGS) await expect(noScript.getByRole('heading', { level: 2, name: heading, exact: true })).toHaveCount(1);
    await noScript.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: 'Opt-out' }).click();
    await expect(noScript).toHaveURL(/#privacy-opt-out$/);
    await expect(noScript.getByRole('heading', { name: 'Opt-out' })).toBeInViewport();
    // The official site and About us too, with the company's figures from the server's configuration.
    const config = await fetchSiteConfig();
    await noScript.goto('/?tab=terms');
    await expect(noScript.getByRole('heading', { name: 'Loan Terms And Conditions' }).first()).toBeVisible();
    await expect(noScript.getByRole('contentinfo')).toContainText(config.company.secRegistrationNo);
    await noScript.goto('/pluralityCounting');
    await expect(noScript.getByRole('heading', { level: 2 })).toHaveText(ABOUT_HEADINGS);
    await context.close();
  });

  test('the prerendered page becomes interactive without a second call for the configuration', async ({ page }) => {
    const configCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/v3/site/config')) configCalls.push(request.url());
    });
    const hydrationErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') hydrationErrors.push(message.text());
    });
    await page.goto('/');
    await tab(page, 'About Us').tap();
    await expect(tab(page, 'About Us')).toHaveAttribute('aria-selected', 'true');
    expect(configCalls).toEqual([]);
    expect(hydrationErrors).toEqual([]);
  });

  test('a failed load says why and Retry loads the policy', async ({ page }) => {
    let attempts = 0;
    await page.route(SITE_CONFIG_CALL, async (route) => {
      attempts += 1;
      if (attempts === 1) await route.fulfill({ json: { code: 500, message: 'Something went wrong on our side. Please try again.', data: null } });
      else await route.continue();
    });
    await clientRendered(page, '/maySimilar');
    await page.goto('/maySimilar');
    await expect(page.getByRole('alert')).toContainText('Something went wrong on our side. Please try again.');
    await page.getByRole('button', { name: 'Retry' }).tap();
    await expect(page.getByRole('heading', { name: 'Minors' })).toBeVisible();
  });
});

test.describe('About us page', () => {
  test('with a borrower session: mission, advantages, team and the support e-mail from contact-kf-info', async ({ page, borrower }) => {
    const kfInfo = page.waitForResponse((r) => r.url().includes('/contact-kf-info'));
    await page.goto(borrower.url('/pluralityCounting'));
    expect(await (await kfInfo).json()).toMatchObject({ code: 0, data: { email: E2E_SERVICE.email } });
    await expect(page).toHaveTitle('About us');
    await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(ABOUT_HEADINGS);
    const mail = page.getByRole('link', { name: E2E_SERVICE.email });
    await expect(mail).toHaveAttribute('href', `mailto:${E2E_SERVICE.email}`);
  });

  test('shows the address contact-kf-info answers, not another one', async ({ page, borrower }) => {
    await page.route('**/contact-kf-info**', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { email: string } };
      body.data.email = 'borrower-desk@e2e-lender.example';
      await route.fulfill({ response, json: body });
    });
    await page.goto(borrower.url('/pluralityCounting'));
    await expect(page.getByRole('link', { name: 'borrower-desk@e2e-lender.example' })).toHaveAttribute('href', 'mailto:borrower-desk@e2e-lender.example');
  });

  test('without a session it asks no borrower call and shows the public site e-mail', async ({ page }) => {
    const config = await fetchSiteConfig();
    const kfCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/contact-kf-info')) kfCalls.push(r.url());
    });
    await page.goto('/pluralityCounting');
    await expect(page.getByRole('link', { name: config.serviceEmail })).toHaveAttribute('href', `mailto:${config.serviceEmail}`);
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(kfCalls).toEqual([]);
  });

  test('an expired session falls back to the public site e-mail without an error', async ({ page, borrower }) => {
    const config = await fetchSiteConfig();
    const kfInfo = page.waitForResponse((r) => r.url().includes('/contact-kf-info'));
    await page.goto(borrower.url('/pluralityCounting', { sessionId: 'f'.repeat(64) }));
    expect((await (await kfInfo).json()).code).toBe(401);
    await expect(page.getByRole('link', { name: config.serviceEmail })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});

test.describe('On a 1280 px desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

  test('the site keeps a readable width, the tabs sit on one row, nothing scrolls sideways', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('tab')).toHaveCount(4);
    const boxes = await Promise.all((await page.getByRole('tab').all()).map((t) => t.boundingBox()));
    expect(new Set(boxes.map((b) => Math.round(b!.y))).size, 'tabs on one row').toBe(1);
    for (const label of TAB_LABELS) {
      await tab(page, label).click();
      await expect(panel(page)).toBeVisible();
      await noHorizontalScroll(page);
      const width = (await panel(page).boundingBox())!.width;
      expect(width, `${label} panel width`).toBeLessThanOrEqual(960);
    }
    // Long text lines stay short enough to read.
    const paragraph = panel(page).locator('p').first();
    expect((await paragraph.boundingBox())!.width).toBeLessThanOrEqual(760);
    const footer = page.getByRole('contentinfo');
    await expect(footer).toBeVisible();
  });

  test('the privacy policy and About us pages keep a readable width', async ({ page }) => {
    for (const path of ['/maySimilar', '/pluralityCounting']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await noHorizontalScroll(page);
      expect((await page.getByRole('main').boundingBox())!.width).toBeLessThanOrEqual(760);
    }
  });
});

test.describe('On a 320 px phone', () => {
  test.use({ viewport: { width: 320, height: 568 } });

  test('every tab fits the width, with tabs of two columns and tappable targets', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('tab')).toHaveCount(4);
    const boxes = await Promise.all((await page.getByRole('tab').all()).map(async (t) => (await t.boundingBox())!));
    for (const box of boxes) {
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(320);
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
    expect(new Set(boxes.map((b) => Math.round(b.x))).size, 'two columns').toBe(2);
    expect(new Set(boxes.map((b) => Math.round(b.y))).size, 'two rows').toBe(2);
    for (const label of TAB_LABELS) {
      await tab(page, label).tap();
      await expect(panel(page)).toBeVisible();
      await noHorizontalScroll(page);
      if (label === 'PrivacyPolicy') {
        await expect(page.frameLocator('iframe[title="Privacy policy"]').getByRole('heading', { name: 'Cookies' })).toBeAttached();
        const frame = (await page.locator('iframe[title="Privacy policy"]').boundingBox())!;
        expect(frame.x).toBeGreaterThanOrEqual(0);
        expect(frame.x + frame.width).toBeLessThanOrEqual(320);
        // Nothing inside the frame scrolls sideways either.
        const inner = await page.frameLocator('iframe[title="Privacy policy"]').locator('html').evaluate((html) => html.scrollWidth - html.clientWidth);
        expect(inner).toBeLessThanOrEqual(0);
      }
    }
  });

  test('the privacy policy and About us pages fit the width', async ({ page }) => {
    for (const path of ['/maySimilar', '/pluralityCounting']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await noHorizontalScroll(page);
    }
    await page.goto('/maySimilar');
    await expectTappable((await page.getByRole('navigation', { name: 'Contents' }).getByRole('link').all()).slice(0, 3));
  });
});
