/**
 * The collections desk in Chromium (issue 38), on a server of its own (the test moves its clock to
 * 22:30 Manila; the shared server's clock stays where it is): the lead assigns an overdue order from
 * the queue and reassigns it; the collector works it (a call asked of the contact guard and its
 * outcome, a promise to pay, an approved template sent by SMS) and is refused at 22:30 Manila with
 * the next allowed time shown; the borrower's order details show who handles the loan; axe on every
 * new screen.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { startServer } from '../../test/support/server-process.ts';
import { checkAxeAtRest } from '../a11y-checks.ts';
import { REPO_ROOT } from '../server.ts';
import { test, expect, opsRequestOf, type CreatedBorrower, type CreatedOrder, type OpsClient } from '../fixtures.ts';
import { createStaff, desktop, signIn, type Staff } from './staff.ts';

const DAY_MS = 86_400_000;
const MANILA_MS = 8 * 3_600_000;

/** Moves the server's clock to hh:mm Manila on its current Manila day, or the next one when that has passed. */
async function moveToManila(request: OpsClient['request'], hour: number, minute: number): Promise<Date> {
  const { now } = await request<{ now: string }>('GET', '/clock');
  const at = new Date(now).getTime();
  const manilaMidnight = Math.floor((at + MANILA_MS) / DAY_MS) * DAY_MS - MANILA_MS;
  let target = manilaMidnight + (hour * 60 + minute) * 60_000;
  if (target < at) target += DAY_MS;
  const moved = await request<{ now: string }>('POST', '/clock/advance', { days: (target - at) / DAY_MS });
  return new Date(moved.now);
}

const manilaDay = (at: Date, plusDays = 0) => new Date(at.getTime() + MANILA_MS + plusDays * DAY_MS).toISOString().slice(0, 10);

async function staffPage(browser: Browser, url: string, ops: OpsClient, staff: Staff): Promise<Page> {
  const context = await browser.newContext({ ...desktop, baseURL: url, locale: 'en-PH', timezoneId: 'Asia/Manila' });
  const page = await context.newPage();
  await signIn(page, ops, staff);
  return page;
}

test('a collector works an overdue order from the queue, inside the law; the lead reassigns; the borrower sees who handles it', async ({ ops: sharedOps }, testInfo) => {
  // Its own server, three sign-ins with a second factor, axe on four screens: about a minute on a quiet 2-core machine.
  testInfo.setTimeout(300_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'cashloan-e2e-collections-'));
  // The demo catalogue (and its own overdue orders) is seeded; the reminders stay off, so the day's count is the test's.
  const server = await startServer({ dataDir, webDist: process.env.E2E_WEB_DIST || join(REPO_ROOT, 'apps/web/dist'), env: { PAYMENT_REMINDERS: '0' } });
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const request = opsRequestOf(server.url, server.opsToken);
    const ops: OpsClient = { ...sharedOps, request };
    // 10:00 Manila: inside the Philippines' contact hours.
    const morning = await moveToManila(request, 10, 0);
    const borrower = await request<CreatedBorrower>('POST', '/borrowers', { mobilePhone: '09171230038', name: 'Rosa Dela Cruz' });
    const order = await request<CreatedOrder>('POST', '/orders', { borrowerId: borrower.borrowerId, status: 180, dueInDays: -5 });

    const lead = await createStaff(ops, ['collections_lead'], { name: 'Liza Lead' });
    const first = await createStaff(ops, ['collector'], { name: 'Marco Uno' });
    const collector = await createStaff(ops, ['collector'], { name: 'Tess Dos' });
    const admin = await createStaff(ops, ['admin'], { name: 'Andrea Admin' });

    // The lead: the queue, assign to one collector, then reassign to another.
    const leadPage = await staffPage(browser, server.url, ops, lead);
    await leadPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Collections' }).click();
    await expect(leadPage.getByRole('heading', { level: 1, name: 'Collections' })).toBeVisible();
    const row = leadPage.getByRole('row').filter({ hasText: order.orderNo });
    await expect(row).toContainText('Unassigned');
    await expect(row).toContainText('1-7');
    await checkAxeAtRest(leadPage, 'collections queue (lead)');
    for (const to of ['Marco Uno', 'Tess Dos']) {
      await row.getByRole('checkbox', { name: `Select order ${order.orderNo}` }).check();
      await leadPage.getByLabel('Assign to').click();
      // antd's listbox for screen readers holds only the active option: the visible item is clicked.
      await leadPage.locator('.ant-select-item-option', { hasText: `${to} (` }).click();
      await leadPage.getByRole('button', { name: 'Assign selected' }).click();
      await expect(leadPage.getByText('Assigned 1 order.').last()).toBeVisible();
      await expect(row).toContainText(to);
    }
    await expect(row).not.toContainText('Marco Uno');
    expect(first.email).toContain('collector');
    // The portfolio's health on the lead's dashboard.
    await leadPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(leadPage.getByRole('heading', { name: 'Portfolio health' })).toBeVisible();
    await expect(leadPage.getByText('PAR 1', { exact: false }).first()).toBeVisible();
    await checkAxeAtRest(leadPage, 'dashboard with portfolio health');

    // The collector: the order from their queue.
    const page = await staffPage(browser, server.url, ops, collector);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Collections' }).click();
    await page.getByRole('link', { name: order.orderNo }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Collections: order ${order.orderNo}` })).toBeVisible();

    // A call, asked of the guard before dialling, then its outcome.
    const call = page.getByRole('region', { name: 'Call' });
    await call.getByRole('button', { name: 'Ask to call' }).click();
    await expect(call.getByText('Allowed: dial 09171230038 now')).toBeVisible();
    await call.getByRole('radio', { name: 'Reached' }).check();
    await call.getByRole('button', { name: 'Save outcome' }).click();
    await expect(page.getByText('Outcome saved: Reached.')).toBeVisible();

    // A promise to pay, two days on.
    const promise = page.getByRole('region', { name: 'Promise to pay' });
    const promisedOn = manilaDay(morning, 2);
    await promise.getByLabel('Day').click();
    await promise.getByLabel('Day').fill(promisedOn);
    await promise.getByLabel('Day').press('Enter');
    await promise.getByLabel('Amount (pesos)').fill('500');
    await promise.getByRole('button', { name: 'Record promise' }).click();
    await expect(page.getByText(`Promise recorded: ₱500.00 by ${promisedOn}.`)).toBeVisible();
    await expect(promise.getByRole('row').filter({ hasText: promisedOn })).toContainText('Open');

    // An approved template, filled by the server, sent by SMS (no box for free text anywhere).
    const template = page.getByRole('region', { name: 'Send a template' });
    await template.getByRole('radio', { name: /Payment reminder/ }).check();
    await template.getByRole('button', { name: 'Send SMS' }).click();
    await expect(template.getByText('Sent.', { exact: true })).toBeVisible();
    const outbox = await request<{ items: Array<{ body: string }> }>('GET', '/sms-outbox?phone=09171230038');
    expect(outbox.items[0]!.body).toContain(`${order.orderNo}`);
    expect(outbox.items[0]!.body).toContain('Tess Dos');
    await expect(page.getByRole('region', { name: 'Contact history' }).getByRole('row')).toHaveCount(3);
    await checkAxeAtRest(page, 'collections order page');

    // The borrower's order details: who handles the overdue loan.
    const h5 = await browser.newContext({ baseURL: server.url, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, locale: 'en-PH', timezoneId: 'Asia/Manila' });
    const borrowerPage = await h5.newPage();
    await borrowerPage.goto(order.path);
    const handled = borrowerPage.getByRole('region', { name: 'Handled by' });
    await expect(handled).toContainText('Tess Dos');
    await expect(handled.getByRole('link', { name: '+63 2 8888 0150' })).toHaveAttribute('href', 'tel:+63288880150');
    await expect(handled.getByRole('link', { name: 'I dispute this amount' })).toBeVisible();
    await h5.close();

    // 22:30 Manila: the guard refuses, and says when the hours open again.
    await moveToManila(request, 22, 30);
    const night = await staffPage(browser, server.url, ops, collector);
    await night.goto(`/backoffice/collections/orders/${order.orderId}`);
    const nightCall = night.getByRole('region', { name: 'Call' });
    await nightCall.getByRole('button', { name: 'Ask to call' }).click();
    const refusal = nightCall.getByRole('alert');
    await expect(refusal).toContainText('Contact about a debt only between 06:00 and 22:00 Manila time.');
    await expect(refusal).toContainText(/Next allowed: \d{1,2} \w{3} \d{4}, 06:00 Manila time/);
    await expect(night.getByRole('region', { name: 'Contact history' })).toContainText('Refused');

    // The templates screen, for the admin who keeps them.
    const adminPage = await staffPage(browser, server.url, ops, admin);
    await adminPage.goto('/backoffice/collection-templates');
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Collection templates' })).toBeVisible();
    await checkAxeAtRest(adminPage, 'collection templates');
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
