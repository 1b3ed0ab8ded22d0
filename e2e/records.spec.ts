/**
 * The borrower's records against the real server (issue 22): a borrower pays a pay code, finds the
 * payment in the order's history with how it was applied, opens its receipt and downloads it — the
 * fake host app receives saveFile, whose PDF parses and carries the reference and the amount as the
 * screen shows them; the documents screen lists the schedule and the statement and downloads them
 * (through the bridge, and as a browser download without one); a failed download shows its reason
 * and Retry works.
 */
import type { Page } from '@playwright/test';
import { REMINDERS_STOPPED_TEXT } from '@cashloan/contract/order-details';
import { test, expect, newOrder, orderIds, type Borrower, type CreatedOrder } from './fixtures.ts';

interface PaidResult {
  paymentId: number;
  amountMinor: number;
  order: { status: number };
}
interface SaveFilePayload {
  fileName: string;
  mimeType: string;
  base64: string;
}

/** The text of a PDF, as pdf.js reads it (each page's text items joined). */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: bytes, useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return pages.join('\n');
}

/** Without the spaces pdf.js puts between text runs: '₱5,605.00' reads the same however it was laid out. */
const compact = (text: string) => text.replace(/\s+/g, '');

/** The saveFile messages the fake host app received so far. */
async function savedFiles(bridge: { calls(): Promise<Array<{ name: string; payload: unknown }>> }): Promise<SaveFilePayload[]> {
  return (await bridge.calls()).filter((call) => call.name === 'saveFile').map((call) => call.payload as SaveFilePayload);
}

/** The definition beside a term inside `scope`. */
function valueOf(page: Page, scope: ReturnType<Page['locator']>, term: string) {
  return scope.locator('div').filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }) }).last().getByRole('definition');
}

/** Issues a pay code on the repayment screen (Payment) and returns it. */
async function payCodeFromScreen(page: Page, borrower: Borrower, order: CreatedOrder): Promise<string> {
  await page.goto(borrower.url('/allowedAlso', orderIds(order)));
  await page.getByRole('button', { name: 'Payment', exact: true }).tap();
  await expect(page).toHaveURL(/\/repaymentOfCode\?showType=1&payCode=\d{12}&/);
  return new URL(page.url()).searchParams.get('payCode')!;
}

test.describe('Records', () => {
  test('a borrower pays a code, finds it in the payment history, opens the receipt and downloads it', async ({ page, ops, borrower, bridge }) => {
    const order = await newOrder(ops, borrower, { status: 174, dueInDays: 1 });
    const code = await payCodeFromScreen(page, borrower, order);
    // The pay-code screen leads to the history too.
    await expect(page.getByRole('link', { name: 'Payment history' })).toHaveAttribute('href', /^\/paymentHistory\?/);
    const paid = await ops.request<PaidResult>('POST', `/pay-codes/${code}/paid`, { providerRef: `E2E-${code}` });
    expect(paid).toMatchObject({ amountMinor: 560_500, order: { status: 200 } });

    // Order details → Payment history.
    await page.goto(order.path);
    await expect(page.getByRole('heading', { level: 2, name: 'Settled' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Your records' }).getByRole('link', { name: 'Payment history' }).tap();
    await expect(page).toHaveURL(/\/paymentHistory\?/);
    await expect(page).toHaveTitle('Payment history');
    await expect(page.getByText(`Order No. ${order.orderNo}`)).toBeVisible();
    const payments = page.getByRole('list', { name: 'Payments, newest first' }).getByRole('listitem');
    await expect(payments).toHaveCount(1);
    const payment = payments.first();
    await expect(payment.getByRole('heading', { level: 2 })).toHaveText('₱5,605.00Paid');
    await expect(valueOf(page, payment, 'Reference')).toHaveText(code);
    await expect(valueOf(page, payment, 'Date and time')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await expect(valueOf(page, payment, 'Channel')).not.toHaveText('');
    // How it was applied: the four parts add up to the payment.
    await expect(payment.getByRole('heading', { level: 3, name: 'How it was applied' })).toBeVisible();
    const parts = await Promise.all(['Late charges', 'Interest', 'Service fee', 'Principal'].map((term) => valueOf(page, payment, term).textContent()));
    const minor = parts.map((text) => Math.round(Number((text ?? '').replace(/[₱,]/g, '')) * 100));
    expect(minor.reduce((sum, part) => sum + part, 0)).toBe(560_500);
    await expect(valueOf(page, payment, 'Principal')).toHaveText('₱5,000.00');

    // The receipt.
    await payment.getByRole('link', { name: /^View receipt/ }).tap();
    await expect(page).toHaveURL(new RegExp(`/paymentReceipt\\?.*paymentId=${paid.paymentId}`));
    await expect(page).toHaveTitle('Payment receipt');
    const main = page.getByRole('main');
    await expect(page.getByText(/^SEC Registration No\. \S+/)).toBeVisible();
    await expect(page.getByText(/^Certificate of Authority No\. \S+/)).toBeVisible();
    await expect(valueOf(page, main, 'Reference')).toHaveText(code);
    await expect(valueOf(page, main, 'Order No.')).toHaveText(order.orderNo);
    await expect(valueOf(page, main, 'Received from')).toHaveText(new RegExp(`${borrower.session.mobilePhone.slice(-4)}$`));
    const amountShown = (await valueOf(page, main, 'Amount paid').textContent())!;
    expect(amountShown).toBe('₱5,605.00');
    await expect(valueOf(page, main, 'Balance after this payment')).toHaveText('₱0.00');

    // Download PDF: the host app receives the file.
    await bridge.clear();
    await page.getByRole('button', { name: 'Download PDF of this receipt' }).tap();
    await expect(page.getByRole('status').filter({ hasText: /^Sent to your phone: .+\.pdf$/ })).toBeVisible();
    const [file] = await savedFiles(bridge);
    expect(file!.mimeType).toBe('application/pdf');
    expect(file!.fileName).toMatch(/^[^/\\]+\.pdf$/);
    const bytes = Buffer.from(file!.base64, 'base64');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = compact(await pdfText(new Uint8Array(bytes)));
    expect(text).toContain(code);
    expect(text).toContain(amountShown);
    expect(text).toContain(order.orderNo);
  });

  test('the documents screen lists the schedule and the statement and downloads them, through the bridge and in a browser', async ({ page, ops, borrower, bridge }) => {
    const order = await newOrder(ops, borrower, { status: 170 });
    await page.goto(order.path);
    await page.getByRole('navigation', { name: 'Your records' }).getByRole('link', { name: 'Loan documents' }).tap();
    await expect(page).toHaveURL(/\/loanDocuments\?/);
    await expect(page).toHaveTitle('Loan documents');
    const list = page.getByRole('list', { name: 'Documents' });
    await expect(list.getByRole('heading', { level: 2, name: /schedule/i })).toBeVisible();
    await expect(list.getByRole('heading', { level: 2, name: /statement/i })).toBeVisible();

    const schedule = (await list.getByRole('heading', { level: 2, name: /schedule/i }).textContent())!;
    await bridge.clear();
    await page.getByRole('button', { name: `Download ${schedule} (PDF)` }).tap();
    await expect(page.getByRole('status').filter({ hasText: /^Sent to your phone: / })).toBeVisible();
    const [file] = await savedFiles(bridge);
    expect(file!.mimeType).toBe('application/pdf');
    expect(compact(await pdfText(new Uint8Array(Buffer.from(file!.base64, 'base64'))))).toContain(order.orderNo);

    // A plain browser (no host app): the page downloads the statement itself.
    const browserPage = await page.context().newPage();
    // Its own tab: the session comes in the address, as the app would open it.
    await browserPage.goto(borrower.url('/loanDocuments', orderIds(order)));
    const statement = (await browserPage.getByRole('list', { name: 'Documents' }).getByRole('heading', { level: 2, name: /statement/i }).textContent())!;
    const downloading = browserPage.waitForEvent('download');
    await browserPage.getByRole('button', { name: `Download ${statement} (PDF)` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    const downloaded = new Uint8Array(await readFile(path));
    expect(compact(await pdfText(downloaded))).toContain(order.orderNo);
    await expect(browserPage.getByRole('status').filter({ hasText: /^Downloaded / })).toBeVisible();
    await browserPage.close();
  });

  test('a failed download shows the reason, and Retry downloads it', async ({ page, ops, borrower, bridge }) => {
    const order = await newOrder(ops, borrower, { status: 170 });
    await page.goto(borrower.url('/loanDocuments', orderIds(order)));
    const list = page.getByRole('list', { name: 'Documents' });
    const statement = (await list.getByRole('heading', { level: 2, name: /statement/i }).textContent())!;
    await bridge.clear();
    let failing = true;
    await page.route(
      (url) => url.pathname.endsWith('/v3/records/pdf'),
      async (route) => (failing ? route.abort('failed') : route.continue()),
    );
    await page.getByRole('button', { name: `Download ${statement} (PDF)` }).tap();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Could not download the PDF: Network error. Please check your connection and try again.');
    expect(await savedFiles(bridge)).toEqual([]);

    failing = false;
    await alert.getByRole('button', { name: 'Retry' }).tap();
    await expect(page.getByRole('status').filter({ hasText: /^Sent to your phone: / })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(await savedFiles(bridge)).toHaveLength(1);
  });

  test("an order with no payment yet: 'No payments yet' with the next due date and amount", async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 170 });
    await page.goto(borrower.url('/allowedAlso', orderIds(order)));
    await page.getByRole('link', { name: 'Payment history' }).tap();
    await expect(page).toHaveURL(/\/paymentHistory\?/);
    await expect(page.getByRole('heading', { level: 2, name: 'No payments yet' })).toBeVisible();
    await expect(page.getByText(/^Your next payment of ₱[\d,]+\.\d{2} is due on \d{4}-\d{2}-\d{2}\.$/)).toBeVisible();
  });

  test("a borrower who replied STOP reads on the order that no SMS reminders are sent", async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 170 });
    await page.goto(order.path);
    await expect(page.getByRole('heading', { level: 2, name: 'Repaying' })).toBeVisible();
    await expect(page.getByText(/stop SMS payment reminders/)).toHaveCount(0);
    // The borrower's STOP reply, through the dev ops call that stands in for the inbound SMS.
    await ops.request('POST', '/sms-inbound', { phone: borrower.session.mobilePhone, text: 'STOP' });
    await page.reload();
    const status = page.getByRole('region', { name: 'Repaying' });
    await expect(status.getByText(REMINDERS_STOPPED_TEXT)).toBeVisible();
  });
});
