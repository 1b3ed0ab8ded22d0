/**
 * Erasure end to end in Chromium (issue 39): a borrower whose loan is settled downloads their data
 * (the JSON holds the order and the complaint; the PDF reads back), asks on "My data" to be erased;
 * the data-protection officer approves it in the back office. Then, with the server stopped, no
 * column of any table of its database and no file of its upload store holds the borrower's name or
 * phone, while the journal still balances. Its own server: the database is read once it has stopped.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { PGlite } from '@electric-sql/pglite';
import { startServer } from '../test/support/server-process.ts';
import { borrowerUpload, borrowerCall } from '../test/support/api.ts';
import { COMPLAINT_IMAGE_FIELD, myDataCall, problemSaveCall, uploadProblemImgCall } from '@cashloan/contract';
import { checkAxeAtRest } from './a11y-checks.ts';
import { REPO_ROOT } from './server.ts';
import { test, expect, opsRequestOf, withQuery, type CreatedBorrower, type CreatedOrder, type OpsClient } from './fixtures.ts';
import { createStaff, desktop, PNG, signIn } from './backoffice/staff.ts';

const NAME = 'Marisol Evangelista-Tan';
const PHONE = '09178880139';
const COMPLAINT = 'Erasure test: my payment of last week is not shown.';


async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const parts: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) for (const item of (await (await doc.getPage(i)).getTextContent()).items) if ('str' in item) parts.push(item.str);
  await doc.destroy();
  return parts.join(' ').replace(/\s+/g, ' ');
}


const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Every column of every table holding one of the texts (case-insensitive; the phone also by its digits without the leading 0). */
async function columnsHolding(db: PGlite, texts: string[]): Promise<string[]> {
  const { rows: columns } = await db.query<{ table_name: string; column_name: string; data_type: string }>(
    `SELECT c.table_name, c.column_name, c.data_type FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
      WHERE c.table_schema = 'public'`,
  );
  const found: string[] = [];
  for (const c of columns) {
    const value = c.data_type === 'bytea' ? `encode(${quote(c.column_name)}, 'escape')` : `${quote(c.column_name)}::text`;
    for (const text of texts) {
      const { rows } = await db.query(`SELECT 1 FROM ${quote(c.table_name)} WHERE strpos(lower(${value}), lower($1)) > 0 LIMIT 1`, [text]);
      if (rows.length > 0) found.push(`${c.table_name}.${c.column_name} holds ${text}`);
    }
  }
  return found;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

test('a settled borrower takes their data, asks to be erased, the officer approves: no table and no stored file holds their name or phone, and the journal balances', async ({ ops: sharedOps }, testInfo) => {
  // Its own server, a download, a sign-in with a second factor and the database read after: about a minute on a quiet 2-core machine.
  testInfo.setTimeout(300_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'cashloan-e2e-erasure-'));
  const server = await startServer({ dataDir, webDist: process.env.E2E_WEB_DIST || join(REPO_ROOT, 'apps/web/dist'), env: { PAYMENT_REMINDERS: '0' } });
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  let stopped = false;
  let borrower: CreatedBorrower;
  let order: CreatedOrder;
  let photoFiles: string[];
  try {
    const request = opsRequestOf(server.url, server.opsToken);
    const ops: OpsClient = { ...sharedOps, request };
    borrower = await request<CreatedBorrower>('POST', '/borrowers', { mobilePhone: PHONE, name: NAME });
    // A loan due tomorrow, paid in full at the counter: settled, booked in the journal.
    order = await request<CreatedOrder>('POST', '/orders', { borrowerId: borrower.borrowerId, status: 174, dueInDays: 1 });
    const payCode = await request<{ code: string }>('POST', '/pay-codes', { orderId: order.orderId, purpose: 'repay' });
    await request('POST', `/pay-codes/${payCode.code}/paid`, {});
    const target = { url: server.url, opsToken: server.opsToken };
    const { url: photo } = await borrowerUpload<{ url: string }>(target, borrower.session, uploadProblemImgCall, COMPLAINT_IMAGE_FIELD, { name: 'receipt.png', type: 'image/png', bytes: PNG });
    await borrowerCall(target, borrower.session, problemSaveCall, { problemType: '2', problemDetail: COMPLAINT, problemImage: photo });
    // The photo's file in the upload store (its name is the last part of its URL).
    photoFiles = filesUnder(join(dataDir, 'uploads')).filter((f) => f.endsWith(photo.split('/').pop()!));
    expect(photoFiles).toHaveLength(1);

    // The borrower, on their phone: their data, then the request to erase it.
    const phone = await browser.newPage({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, locale: 'en-PH', timezoneId: 'Asia/Manila' });
    await phone.goto(withQuery(`${server.url}/myData`, { ...borrower.session, productId: order.productId, orderId: order.orderId }));
    await expect(phone.getByRole('heading', { level: 1, name: 'My data' })).toBeVisible();
    const json = phone.waitForEvent('download');
    await phone.getByRole('button', { name: 'Download as JSON' }).click();
    const exported = JSON.parse(readFileSync((await (await json).path())!, 'utf8')) as { parts: Array<{ key: string; rows: Array<Record<string, unknown>> }> };
    const part = (key: string) => exported.parts.find((p) => p.key === key)!.rows;
    expect(part('orders')).toEqual([expect.objectContaining({ orderNo: order.orderNo, status: expect.stringMatching(/settled/i) })]);
    expect(part('complaints').map((c) => c.detail)).toEqual([COMPLAINT]);
    const pdf = phone.waitForEvent('download');
    await phone.getByRole('button', { name: 'Download as PDF' }).click();
    const text = await pdfText(readFileSync((await (await pdf).path())!));
    expect(text).toContain(order.orderNo);
    expect(text).toContain(COMPLAINT);

    await phone.getByRole('button', { name: 'Ask to erase my data' }).click();
    await phone.getByRole('dialog').getByRole('button', { name: 'Yes, ask to erase' }).click();
    const sent = phone.getByText(/^Sent\. Your reference is (DR-\d{8}-\d{4}); we answer by /);
    await expect(sent).toBeVisible();
    const refNo = /(DR-\d{8}-\d{4})/.exec((await sent.textContent())!)![1]!;

    // The data-protection officer: the queue, the request, the approval.
    const dpo = await createStaff(ops, ['dpo'], { name: 'Dina Officer' });
    const context = await browser.newContext({ ...desktop, baseURL: server.url, locale: 'en-PH', timezoneId: 'Asia/Manila' });
    const desk = await context.newPage();
    await signIn(desk, ops, dpo);
    await desk.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Data requests' }).click();
    const row = desk.getByRole('row').filter({ hasText: refNo });
    await expect(row).toContainText(NAME);
    await checkAxeAtRest(desk, 'data requests queue');
    await row.getByRole('link', { name: refNo }).click();
    await expect(desk.getByText("Approving erases the borrower's data")).toBeVisible();
    await checkAxeAtRest(desk, 'an erasure request');
    await desk.getByRole('radio', { name: 'Approve' }).check();
    await desk.getByRole('button', { name: 'Send the answer' }).click();
    await expect(desk.getByText("Done: the borrower's data is erased.")).toBeVisible();
    await expect(desk.getByRole('region', { name: 'The request' })).toContainText('Done');
    await expect(desk.getByRole('region', { name: 'The request' })).toContainText('Your data is erased. Your loan and payment records are kept, with your name and phone sealed, until');
    await expect(desk.getByRole('region', { name: 'The request' })).not.toContainText(NAME);

    // The old session opens nothing of theirs any more: the server has ended it.
    await expect(borrowerCall(target, borrower.session, myDataCall, {})).rejects.toThrow('Your session has expired. Please log in again.');

    await server.stop();
    stopped = true;
  } finally {
    await browser.close();
    if (!stopped) await server.stop();
  }

  // No column of any table holds the name or the phone (whole, its last ten digits, a part of the name).
  const db = new PGlite(dataDir);
  try {
    expect(await columnsHolding(db, [NAME, 'Evangelista', PHONE, PHONE.slice(1)])).toEqual([]);
    const { rows } = await db.query<{ currency: string; debit: string; credit: string }>(
      `SELECT e.currency, sum(l.debit_minor)::text AS debit, sum(l.credit_minor)::text AS credit FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id GROUP BY e.currency`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.debit, `the ${r.currency} journal balances`).toBe(r.credit);
    const { rows: kept } = await db.query<{ status: number; borrower_id: number }>('SELECT status, borrower_id FROM orders WHERE order_no = $1', [order.orderNo]);
    expect(kept).toEqual([{ status: 200, borrower_id: borrower.borrowerId }]);
  } finally {
    await db.close();
  }
  // And the upload store: the complaint's photo is gone, and no file left holds the name or phone.
  const stored = filesUnder(join(dataDir, 'uploads'));
  expect(stored.filter((f) => photoFiles.includes(f))).toEqual([]);
  for (const file of stored) for (const text of [NAME, PHONE]) expect(readFileSync(file).includes(text), `${file} holds ${text}`).toBe(false);
  rmSync(dataDir, { recursive: true, force: true });
});
