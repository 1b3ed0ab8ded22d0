/**
 * The breach register in Chromium (issue 39), on a server of its own with the demo seeded: the demo
 * admin (admin@demo.test, with the password and TOTP secret its first start prints) records a breach
 * of the accounts bound today, counts the borrowers it touched, sees the 72-hour countdown, notifies
 * them (the SMS in the dev outbox, once however often Notify is pressed), exports the report and reads
 * it; the demo borrower reads the notice on "My data"; axe on every new screen.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Download } from '@playwright/test';
import { demoOrderIn, startServer } from '../../test/support/server-process.ts';
import { checkAxe, checkAxeAtRest } from '../a11y-checks.ts';
import { REPO_ROOT } from '../server.ts';
import { test, expect, opsRequestOf, type OpsClient } from '../fixtures.ts';
import { confirmInPopover, desktop, signIn, type Staff } from './staff.ts';

const MANILA_MS = 8 * 3_600_000;
const DEMO_PHONE = '9171234567';

/** A moment as Manila's wall clock: 'YYYY-MM-DD HH:mm'. */
const manilaWallClock = (at: Date) => new Date(at.getTime() + MANILA_MS).toISOString().slice(0, 16).replace('T', ' ');

/** The demo admin as the server's first start printed it. */
function demoAdminIn(output: string): Staff {
  const line = /admin\s+admin@demo\.test\s+password (\S+)\s+TOTP secret (\S+)/.exec(output);
  if (!line) throw new Error(`no demo admin in the server output:\n${output}`);
  return { email: 'admin@demo.test', password: line[1]!, roles: ['admin'], totpSecret: line[2]! };
}

const WORDS = {
  whatHappened: 'A list of bound accounts was emailed to a wrong address',
  dataInvolved: 'your name and the last 4 digits of your account',
  measuresTaken: 'The recipient deleted it; we now check every address',
  borrowerCanDo: 'Watch for messages asking for your PIN or OTP: we never ask',
  contact: 'dpo@pesonow.example, +63 2 8888 0199',
};

test('the demo admin records a breach, sees its countdown, notifies its borrowers once and exports its report; the borrower reads the notice', async ({ ops: sharedOps }, testInfo) => {
  // Its own server (the demo staff's passwords are printed by the start that makes them), a sign-in
  // with a second factor, axe on four screens: about a minute on a quiet 2-core machine.
  testInfo.setTimeout(300_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'cashloan-e2e-breaches-'));
  const server = await startServer({ dataDir, webDist: process.env.E2E_WEB_DIST || join(REPO_ROOT, 'apps/web/dist'), env: { PAYMENT_REMINDERS: '0' } });
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const request = opsRequestOf(server.url, server.opsToken);
    const ops: OpsClient = { ...sharedOps, request };
    const { now } = await request<{ now: string }>('GET', '/clock');
    const today = manilaWallClock(new Date(now)).slice(0, 10);
    const found = manilaWallClock(new Date(new Date(now).getTime() - 2 * 3_600_000));

    const context = await browser.newContext({ ...desktop, baseURL: server.url, locale: 'en-PH', timezoneId: 'Asia/Manila' });
    const page = await context.newPage();
    await signIn(page, ops, demoAdminIn(server.output()));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Breach register' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Breach register' })).toBeVisible();
    await expect(page.getByText('No breach recorded.')).toBeVisible();

    // Recorded: what happened, found two hours ago, the words of the notice, the accounts bound today (the demo's).
    const form = page.getByRole('region', { name: 'Record a breach' });
    await form.getByLabel('What happened').fill(WORDS.whatHappened);
    await form.getByLabel('When it was found (Manila)').click();
    await form.getByLabel('When it was found (Manila)').fill(found);
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(form.getByLabel('When it was found (Manila)')).toHaveValue(found);
    await form.getByLabel('Personal data involved').fill(WORDS.dataInvolved);
    await form.getByLabel('What we did').fill(WORDS.measuresTaken);
    await form.getByLabel('What the borrower can do').fill(WORDS.borrowerCanDo);
    await form.getByLabel('Whom to contact').fill(WORDS.contact);
    await form.getByLabel('Details for the report (optional)').fill('Sent at 08:12 by a support agent; the recipient confirmed the deletion at 09:40.');
    await expect(form.getByRole('radio', { name: 'Bound a payment account between two days' })).toBeChecked();
    for (const label of ['From (Manila)', 'To (Manila)']) {
      await form.getByLabel(label).click();
      await form.getByLabel(label).fill(today);
      await form.getByLabel(label).press('Tab');
      await expect(form.getByLabel(label)).toHaveValue(today);
    }
    await form.getByRole('button', { name: 'Count the borrowers' }).click();
    const counted = form.getByText(/^(\d+) borrowers? match/);
    await expect(counted).toContainText(`Every borrower who bound a payment account from ${today} to ${today} (Manila).`);
    const affected = Number(/^(\d+)/.exec((await counted.textContent()) ?? '')![1]);
    expect(affected).toBeGreaterThan(0);
    await checkAxeAtRest(page, 'breach register with the record form');
    await form.getByRole('button', { name: 'Record breach' }).click();

    // Its page: the countdown from discovery, about 70 hours left.
    const heading = page.getByRole('heading', { level: 1, name: /^Breach BR-\d{8}-\d{4}$/ });
    await expect(heading).toBeVisible();
    const refNo = (await heading.textContent())!.replace('Breach ', '');
    const facts = page.getByRole('region', { name: 'The breach' });
    await expect(facts.getByText(/^(69|70) hours left$/)).toBeVisible();
    const notify = page.getByRole('region', { name: 'Affected borrowers' });
    await expect(notify).toContainText('Nobody yet');
    await expect(notify).toContainText(`${affected} borrower`);
    await checkAxeAtRest(page, 'one breach');

    // Notified: each borrower told in the app and by SMS; the demo borrower's SMS is in the outbox.
    await notify.getByRole('button', { name: 'Notify the affected borrowers' }).click();
    await confirmInPopover(page, 'Notify');
    const plural = (n: number) => `${n} ${n === 1 ? 'borrower' : 'borrowers'}`;
    await expect(page.getByText(`Notified: ${plural(affected)} newly told, ${affected} SMS sent.`)).toBeVisible();
    await expect(notify).toContainText(`${plural(affected)}, from`);
    const breachSms = async () => (await request<{ items: Array<{ body: string }> }>('GET', `/sms-outbox?phone=${DEMO_PHONE}`)).items.filter((m) => m.body.includes(refNo));
    const [sms] = await breachSms();
    expect(sms!.body).toContain(`personal data breach ${refNo}. What happened: ${WORDS.whatHappened}. Data involved: ${WORDS.dataInvolved}.`);
    expect(sms!.body).toContain(`What we did: ${WORDS.measuresTaken}. What you can do: ${WORDS.borrowerCanDo}. Contact: ${WORDS.contact}.`);

    // Notify again: nobody new, nothing sent twice.
    await notify.getByRole('button', { name: 'Notify the affected borrowers' }).click();
    await confirmInPopover(page, 'Notify');
    await expect(page.getByText('Notified: 0 borrowers newly told, 0 SMS sent.')).toBeVisible();
    expect(await breachSms()).toHaveLength(1);

    // The report, as JSON and as text, read back.
    const report = page.getByRole('region', { name: 'Report to the authority' });
    const save = async (name: string): Promise<Download> => {
      const download = page.waitForEvent('download');
      await report.getByRole('button', { name }).click();
      return download;
    };
    const json = await save('Export report (JSON)');
    expect(json.suggestedFilename()).toBe(`breach-report-${refNo}.json`);
    const exported = JSON.parse(readFileSync((await json.path())!, 'utf8')) as Record<string, unknown>;
    expect(exported).toMatchObject({
      reference: refNo,
      contact: WORDS.contact,
      natureOfTheBreach: { whatHappened: WORDS.whatHappened, discoveredAt: new Date(`${found.replace(' ', 'T')}:00+08:00`).toISOString() },
      personalDataInvolved: WORDS.dataInvolved,
      personsAffected: { count: affected, notified: affected },
      measuresTaken: WORDS.measuresTaken,
      notification: { deadlineHours: 72, personsNotifiedInTime: true, reportedInTime: true, notices: { total: affected, smsSent: affected } },
    });
    await expect(report).toContainText('First exported');
    const text = await save('Export report (text)');
    expect(text.suggestedFilename()).toBe(`breach-report-${refNo}.txt`);
    const readable = readFileSync((await text.path())!, 'utf8');
    for (const line of ['PERSONAL DATA BREACH NOTIFICATION', '1. Nature of the breach', `What happened: ${WORDS.whatHappened}`, `Number: ${affected}`, '4. Measures taken', ', within the 72 hours']) {
      expect(readable).toContain(line);
    }

    // The register: both steps done within the 72 hours.
    await page.getByRole('link', { name: 'Back to the register' }).click();
    const row = page.getByRole('row').filter({ hasText: refNo });
    await expect(row).toContainText('Notified and reported within 72 hours');
    await checkAxeAtRest(page, 'breach register with a breach');

    // The demo borrower reads the notice on "My data", first on the screen.
    const h5 = await browser.newContext({ baseURL: server.url, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, locale: 'en-PH', timezoneId: 'Asia/Manila' });
    const phone = await h5.newPage();
    await phone.goto(`/myData?${demoOrderIn(server.output()).session}`);
    const notices = phone.getByRole('region', { name: 'Notices from us' });
    await expect(notices.getByRole('heading', { level: 3, name: `A breach of your personal data (${refNo})` })).toBeVisible();
    await expect(notices).toContainText(`What happened: ${WORDS.whatHappened}`);
    await expect(notices).toContainText(`Whom to contact: ${WORDS.contact}`);
    await checkAxe(phone, '"My data" with a breach notice');
    await h5.close();
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
