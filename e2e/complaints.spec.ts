/**
 * Complaints against the real server: filing with images, the list, the agent's reply through ops,
 * the details with the rating, and the refusals a borrower can meet on the way.
 */
import type { Page } from '@playwright/test';
import { test, expect, codeHasRun, holdCode, isHydrated, openRenderedByBrowser } from './fixtures.ts';
import { checkAxe, checkTextZoom } from './a11y-checks.ts';

/** A real 1×1 PNG: the server recognises images by their content. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

interface CreatedOrder {
  orderId: number;
  orderNo: string;
}
interface StoredComplaint {
  id: number;
  orderNo: string;
  problemType: string;
  problemSonType: string;
  detail: string;
  images: string[];
  isNeedScore: number;
  score: number | null;
}

/** Stops the page's clock, so the 1.5 s modal and the 3 s rating delay pass only when the test says. */
async function pauseClock(page: Page): Promise<void> {
  // A server-rendered step two takes over on timers of its own: they must have run before time stops.
  await codeHasRun(page);
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
}

test.describe('Complaints', () => {
  test('files a collection complaint with 2 images, finds it in the list, reads the reply and rates it', async ({ page, ops, borrower }) => {
    const order = await ops.request<CreatedOrder>('POST', '/orders', { borrowerId: borrower.borrowerId, status: 180 });
    await page.clock.install();

    // Start: the carried order is preselected; collection unfolds its sub-types.
    await page.goto(borrower.url('/numberWill', { orderId: order.orderId }));
    await expect(page).toHaveTitle('Complaint');
    await expect(page.getByRole('radio', { name: new RegExp(order.orderNo) })).toBeChecked();
    await page.getByRole('button', { name: 'Collection' }).tap();
    await page.getByRole('button', { name: 'Rude or threatening language' }).tap();

    // Step two.
    await expect(page).toHaveURL(/\/complainPageNext\?/);
    const step = new URL(page.url());
    expect(step.searchParams.get('problemType')).toBe('1');
    expect(step.searchParams.get('problemSonType')).toBe('11');
    expect(step.searchParams.get('orderNo')).toBe(order.orderNo);
    await expect(page.getByText('Collection · Rude or threatening language')).toBeVisible();
    const words = 'The collector shouted at me and called me names.';
    await page.getByRole('textbox', { name: 'Description' }).fill(words);
    await expect(page.getByText(`${words.length}/200`)).toBeVisible();
    await expect(page.getByText('We will review your complaint within 3 weekdays.')).toBeVisible();

    for (const [index, name] of ['receipt.png', 'call-log.png'].entries()) {
      await page.getByLabel('Add image').setInputFiles(png(name));
      await expect(page.getByRole('button', { name: `Attached images: image ${index + 1} of ${index + 1}, open full size` })).toBeVisible();
    }
    await expect(page.getByText('Upload succeeded!')).toBeVisible();
    // The thumbnails are the stored images, served back by the server.
    const thumb = page.getByRole('button', { name: /image 2 of 2/ }).locator('img');
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

    await pauseClock(page);
    await page.getByRole('button', { name: 'Send' }).tap();
    await expect(page.getByRole('dialog', { name: 'Complaint sent' })).toContainText('We will review your complaint within 3 weekdays.');
    await page.clock.runFor(1500);
    await expect(page).toHaveURL(/\/complainPage\?/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('complaintDraft'))).toBeNull();

    // The list.
    await page.getByRole('link', { name: 'My complaints' }).tap();
    await expect(page).toHaveTitle('My complaints');
    const item = page.getByRole('link', { name: /Collection/ });
    await expect(item).toContainText(words);
    await expect(item).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    const problemId = Number(new URL((await item.getAttribute('href'))!, page.url()).searchParams.get('problemId'));
    const stored = await ops.request<StoredComplaint>('GET', `/complaints/${problemId}`);
    expect(stored).toMatchObject({ orderNo: order.orderNo, problemType: '1', problemSonType: '11', detail: words, isNeedScore: 0 });
    expect(stored.images).toHaveLength(2);

    // The agent answers; the reply is text, never markup.
    const reply = 'We have warned the agency. <img src=x onerror="document.title=1"> Sorry.';
    await ops.request('POST', `/complaints/${problemId}/reply`, { disposeDetail: reply, disposeImages: [stored.images[0]], isNeedScore: 1 });

    await item.tap();
    await expect(page).toHaveTitle('Online service');
    await expect(page.getByRole('heading', { name: 'Collection · Rude or threatening language' })).toBeVisible();
    await expect(page.getByText(words)).toBeVisible();
    await expect(page.getByText(`${words.length}/200`)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Your images: image \d of 2/ })).toHaveCount(2);
    await expect(page.getByRole('heading', { name: 'Process Result' })).toBeVisible();
    await expect(page.getByText(reply)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Reply images: image 1 of 1/ })).toBeVisible();

    // The rating dialog comes 3 s after the details load.
    const rating = page.getByRole('dialog', { name: 'How did we handle your complaint?' });
    await page.clock.runFor(2500);
    await expect(rating).toHaveCount(0);
    await page.clock.runFor(600);
    await expect(rating).toBeVisible();
    // Time may flow again: the toasts below come and go on their own timers.
    await page.clock.resume();
    await rating.getByRole('button', { name: 'Send' }).tap();
    await expect(page.getByText('Silakan pilih')).toBeVisible();
    await rating.getByRole('button', { name: '4 stars' }).tap();
    for (const n of [1, 2, 3, 4]) await expect(rating.getByRole('button', { name: n === 1 ? '1 star' : `${n} stars` })).toHaveAttribute('aria-pressed', 'true');
    await expect(rating.getByRole('button', { name: '5 stars' })).toHaveAttribute('aria-pressed', 'false');
    await rating.getByRole('button', { name: 'Send' }).tap();
    await expect(page.getByText('Successful demonstration！')).toBeVisible();
    await expect(rating).toHaveCount(0);
    expect(await ops.request<StoredComplaint>('GET', `/complaints/${problemId}`)).toMatchObject({ score: 4, isNeedScore: 0 });
    await expect(page).toHaveTitle('Online service');
  });

  test('collection is refused on an order that does not allow it, on the screen and by the server', async ({ page, ops, borrower }) => {
    const order = await ops.request<CreatedOrder>('POST', '/orders', { borrowerId: borrower.borrowerId, status: 170 });
    await page.goto(borrower.url('/complainPage'));
    await page.getByRole('radio', { name: new RegExp(order.orderNo) }).check();
    await page.getByRole('button', { name: 'Collection' }).tap();
    await expect(page.getByText('El pedido seleccionado no admite el envío de tipo de colección.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Rude or threatening language' })).toHaveCount(0);

    // A hand-made step-two URL meets the same rule on the server; the words stay for another try.
    await page.goto(borrower.url('/complainPageNext', { problemType: '1', problemSonType: '11', orderNo: order.orderNo }));
    await page.getByRole('textbox', { name: 'Description' }).fill('Calls before my due date.');
    await page.getByRole('button', { name: 'Send' }).tap();
    await expect(page.getByRole('alert')).toContainText('El pedido seleccionado no admite el envío de tipo de colección.');
    await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue('Calls before my due date.');
    expect(await ops.request<{ items: unknown[] }>('GET', `/complaints?borrowerId=${borrower.borrowerId}`)).toEqual({ items: [] });
  });

  test('another type goes straight to step two; an empty description and a file that is not an image are refused', async ({ page, ops, borrower }) => {
    await page.goto(borrower.url('/complainPage'));
    await expect(page.getByText('You have no loan orders yet.')).toBeVisible();
    await page.getByRole('button', { name: 'App problem' }).tap();
    await expect(page).toHaveURL(/\/complainPageNext\?.*problemType=5/);
    await expect(page.getByText('App problem', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Send' }).tap();
    await expect(page.getByText('Please fill in your comments and suggestions').last()).toBeVisible();

    await page.getByLabel('Add image').setInputFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: Buffer.from('<html><script>alert(1)</script></html>') });
    const failure = page.getByRole('alert');
    await expect(failure).toContainText('Only JPEG, PNG, WebP or GIF images can be uploaded.');
    await failure.getByRole('button', { name: 'Dismiss' }).tap();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /open full size/ })).toHaveCount(0);

    await page.getByRole('textbox', { name: 'Description' }).fill('The app closes when I open my loan.');
    await page.getByRole('button', { name: 'Send' }).tap();
    await expect(page.getByRole('dialog', { name: 'Complaint sent' })).toBeVisible();
    await expect(page).toHaveURL(/\/complainPage\?/);
    const { items } = await ops.request<{ items: StoredComplaint[] }>('GET', `/complaints?borrowerId=${borrower.borrowerId}`);
    expect(items).toEqual([expect.objectContaining({ problemType: '5', problemSonType: '', orderNo: '', detail: 'The app closes when I open my loan.', images: [] })]);
  });

  test('step two comes rendered by the server, and a draft this phone kept comes back once the code has run', async ({ page, borrower }) => {
    const stepTwo = borrower.url('/complainPageNext', { problemType: '2' });
    const response = await page.goto(stepTwo);
    // The form itself is in the server's HTML (the draft is not: only the phone has it).
    expect(await response!.text()).toContain('Describe your problem');
    const description = page.getByRole('textbox', { name: 'Description' });
    await description.fill('I was charged twice on the same day.');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('complaintDraft'))).toContain('I was charged twice on the same day.');
    // The borrower leaves, and the app opens step two again with the session.
    await page.goto(stepTwo);
    await expect(description).toHaveValue('I was charged twice on the same day.');
    // A reload (the webview's, behind the photo picker): its address has no session, so the browser
    // renders step two itself, and reads the draft at once.
    await page.reload();
    await expect(description).toHaveValue('I was charged twice on the same day.');
  });

  test('words typed on step two before its code has run win over an older draft', async ({ page, borrower }) => {
    const stepTwo = borrower.url('/complainPageNext', { problemType: '2' });
    await page.goto(stepTwo);
    const description = page.getByRole('textbox', { name: 'Description' });
    await description.fill('An older draft.');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('complaintDraft'))).toContain('An older draft.');
    const release = await holdCode(page);
    await page.goto(stepTwo, { waitUntil: 'commit' });
    await expect(description).toHaveValue('');
    expect(await isHydrated(description)).toBe(false);
    await description.fill('What I typed just now.');
    release();
    await expect.poll(() => isHydrated(description)).toBe(true);
    await expect(page.getByText('22/200')).toBeVisible();
    await expect(description).toHaveValue('What I typed just now.');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('complaintDraft'))).toContain('What I typed just now.');
  });

  test("a list that fails to load says why and Retry loads it; another borrower's complaint is not shown", async ({ page, ops, borrower }) => {
    const other = await ops.createBorrower();
    await page.route('**/user-problem/problem-list**', async (route) => route.abort('internetdisconnected'), { times: 1 });
    await openRenderedByBrowser(page, borrower.url('/complaintList'));
    await expect(page.getByRole('alert')).toContainText('Network error. Please check your connection and try again.');
    await page.getByRole('button', { name: 'Retry' }).tap();
    await expect(page.getByRole('tab', { name: 'Processing (0)' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('No complaints here.')).toBeVisible();

    // Someone else's complaint, opened by its id, is refused.
    const otherPage = await page.context().newPage();
    await otherPage.goto(`/complainPage?${new URLSearchParams(other.session)}`);
    await otherPage.getByRole('button', { name: 'Other' }).tap();
    await otherPage.getByRole('textbox', { name: 'Description' }).fill('Please call me.');
    await otherPage.getByRole('button', { name: 'Send' }).tap();
    await expect(otherPage).toHaveURL(/\/complainPage\?/);
    const { items } = await ops.request<{ items: StoredComplaint[] }>('GET', `/complaints?borrowerId=${other.borrowerId}`);
    await page.goto(borrower.url('/complainDetails', { problemId: items[0]!.id }));
    await expect(page.getByRole('alert')).toContainText('Complaint not found.');
    await expect(page.getByText('Please call me.')).toHaveCount(0);
  });
});

test.describe('Complaints on a 320 px wide phone', () => {
  test.use({ viewport: { width: 320, height: 568 } });

  test('step two and the details fit the width and keep their targets tappable', async ({ page, ops, borrower }) => {
    const order = await ops.request<CreatedOrder>('POST', '/orders', { borrowerId: borrower.borrowerId, status: 174 });
    await page.goto(borrower.url('/complainPageNext', { problemType: '1', problemSonType: '14', orderNo: order.orderNo }));
    await page.getByRole('textbox', { name: 'Description' }).fill('They called 5 days before the due date, twice a day.');
    await page.getByLabel('Add image').setInputFiles(png('a.png'));
    await expect(page.getByRole('button', { name: 'Remove image 1' })).toBeVisible();

    const fits = async () => {
      const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      expect(width.scroll).toBeLessThanOrEqual(width.client);
    };
    await fits();
    for (const target of [
      page.getByRole('button', { name: 'Send' }),
      page.getByRole('button', { name: 'Remove image 1' }),
      page.getByRole('button', { name: /open full size/ }),
      page.locator('label', { has: page.getByLabel('Add image') }),
    ]) {
      const box = (await target.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.x + box.width).toBeLessThanOrEqual(320);
    }
    await page.getByRole('button', { name: 'Send' }).tap();
    await expect(page).toHaveURL(/\/complainPage\?/);
    // Measured once the success modal has finished closing (its button shrinks as it goes).
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Collection' })).toBeVisible();
    await fits();
    for (const radio of await page.locator('label:has(input[type=radio])').all()) expect((await radio.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    for (const button of await page.getByRole('button').all()) expect((await button.boundingBox())!.height, await button.innerText()).toBeGreaterThanOrEqual(44);

    const { items } = await ops.request<{ items: StoredComplaint[] }>('GET', `/complaints?borrowerId=${borrower.borrowerId}`);
    await page.goto(borrower.url('/complainDetails', { problemId: items[0]!.id }));
    await expect(page.getByText('They called 5 days before the due date, twice a day.')).toBeVisible();
    await fits();
  });

  test('a complaint has a reference on the success modal, in the list and on details; past the promised date details say where to escalate', async ({ page, ops, borrower }, testInfo) => {
    await page.clock.install();
    await page.goto(borrower.url('/complainPageNext', { problemType: '2' }));
    await page.getByRole('textbox', { name: 'Description' }).fill('The app shows a wrong balance.');
    await pauseClock(page);
    await page.getByRole('button', { name: 'Send' }).tap();
    const modal = page.getByRole('dialog', { name: 'Complaint sent' });
    await expect(modal).toContainText(/Your reference is CMP-\d{8}-\d{4}\./);
    await expect(modal).toContainText(/You will have our answer by \d{1,2} [A-Z][a-z]{2} \d{4}\./);
    const ticketNo = /CMP-\d{8}-\d{4}/.exec((await modal.textContent()) ?? '')![0];
    await page.clock.runFor(1500);
    await expect(page).toHaveURL(/\/complainPage\?/);
    await page.clock.resume();

    // The acknowledgement SMS carries the same reference.
    const phone = borrower.session.mobilePhone;
    const { items } = await ops.request<{ items: Array<{ body: string }> }>('GET', `/sms-outbox?phone=${phone}`);
    expect(items.some((sms) => sms.body.includes(ticketNo))).toBe(true);

    await page.getByRole('link', { name: 'My complaints' }).tap();
    const item = page.getByRole('link', { name: /wrong balance/ });
    await expect(item).toContainText(`Reference ${ticketNo}`);
    await item.tap();
    const facts = page.getByRole('region', { name: 'Your complaint' });
    await expect(facts).toContainText(ticketNo);
    await expect(facts).toContainText(/Status\s*Received|Status\s*In review/);
    await expect(facts).toContainText(/Answer by\s*\d{1,2} [A-Z][a-z]{2} \d{4}/);
    const escalation = page.getByRole('region', { name: 'Not answered yet? You can take it further' });
    await expect(escalation).toHaveCount(0);

    // The complaint is moved 10 days back (past 3 business days, whatever the default holidays), through
    // the ops API: the server's clock, which other workers share, stays where it is.
    const { items: mine } = await ops.request<{ items: StoredComplaint[] }>('GET', `/complaints?borrowerId=${borrower.borrowerId}`);
    await ops.request('POST', `/complaints/${mine[0]!.id}/backdate`, { days: 10 });
    await page.reload();
    await expect(escalation).toBeVisible();
    await expect(escalation).toContainText(ticketNo);
    await expect(escalation).toContainText('Securities and Exchange Commission');
    await expect(escalation.getByRole('link', { name: /Securities and Exchange Commission \(SEC\)/ })).toHaveAttribute('href', 'https://www.sec.gov.ph');
    await expect(escalation.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
    await expect(facts).toContainText(/Status\s*In review/);
    // The page keeps the note (not reloaded): axe, and readable at 320 px with text zoomed to 200%.
    await expect(escalation).toBeVisible();
    await checkAxe(page, '/complainDetails with the escalation note');
    await checkTextZoom(page, '/complainDetails with the escalation note', testInfo);
  });
});
