/**
 * The two-way bridge (issue 41, docs/bridge.md "The two-way channel") against a stand-in of the host
 * app on each platform (host-stand-in.ts): the handshake with an old, a new and a silent host and an
 * unknown capability, and each event the host sends (resume, back, networkChanged, result) with
 * what the borrower sees of it. A message posted by a frame or to window is not the host's.
 */
import type { Page } from '@playwright/test';
import { test, expect, codeHasRun, newOrder, orderIds, type Borrower, type FakeBridge, type OpsClient } from './fixtures.ts';
import { ALL_CAPABILITIES, channelReceived, installHost, sendHostEvent, type HostStandIn } from './host-stand-in.ts';

const HELLO = { type: 'hello', bridge: 2 };

/** A settled order's details: Borrow Again sends toProductDetail, the one-way message the handshake may hold back. */
async function openSettledOrder(page: Page, ops: OpsClient, borrower: Borrower) {
  const order = await newOrder(ops, borrower, { status: 200 });
  await page.goto(order.path);
  await expect(page.getByRole('heading', { level: 2, name: 'Settled' })).toBeVisible();
  await codeHasRun(page);
  return order;
}

/** The repayment plan of a due order once the host has answered hello, with its Payment Method sheet open. */
async function openPaymentMethods(page: Page, ops: OpsClient, borrower: Borrower) {
  const order = await newOrder(ops, borrower, { status: 174, dueInDays: 1 });
  await page.goto(borrower.url('/allowedAlso', orderIds(order)));
  await expect.poll(() => channelReceived(page)).toContainEqual(HELLO);
  await page.getByRole('button', { name: /Payment Method/ }).tap();
  const sheet = page.getByRole('dialog', { name: 'Payment Method' });
  await expect(sheet).toBeVisible();
  return sheet;
}

async function borrowAgain(page: Page, bridge: FakeBridge) {
  await bridge.clear();
  await page.getByRole('button', { name: 'Borrow Again' }).tap();
  // The tracking call comes first; the product opens right after it.
  await page.waitForLoadState('networkidle');
  return (await bridge.calls()).map((call) => call.name);
}

for (const platform of ['android', 'ios'] as const) {
  test.describe(`The two-way bridge, ${platform} host`, () => {
    test.use({ bridgePlatform: platform });
    const host = (extra: Partial<HostStandIn> = {}): HostStandIn => ({ platform, version: 'new', ...extra });

    test('a new host answers hello: the page sends only the messages it lists, whatever else the host names', async ({ page, ops, borrower, bridge }) => {
      const capabilities = ALL_CAPABILITIES.filter((name) => name !== 'toProductDetail').concat('teleport');
      await installHost(page, host({ capabilities }));
      await openSettledOrder(page, ops, borrower);
      await expect.poll(() => channelReceived(page)).toContainEqual(HELLO);
      // Not listed: the browser fallback instead (without a URL it only logs), never the host.
      expect(await borrowAgain(page, bridge)).toEqual([]);
      await expect(page.getByRole('heading', { level: 2, name: 'Settled' })).toBeVisible();
    });

    test('with the message listed, it is sent as before', async ({ page, ops, borrower, bridge }) => {
      await installHost(page, host());
      const order = await openSettledOrder(page, ops, borrower);
      await expect.poll(() => channelReceived(page)).toContainEqual(HELLO);
      await bridge.clear();
      await page.getByRole('button', { name: 'Borrow Again' }).tap();
      await expect.poll(() => bridge.calls()).toEqual([{ name: 'toProductDetail', payload: { productId: String(order.productId) } }]);
    });

    test('a silent host: hello goes unanswered, and the page keeps to the one-way messages', async ({ page, ops, borrower, bridge }) => {
      await installHost(page, host({ version: 'silent' }));
      const order = await openSettledOrder(page, ops, borrower);
      await expect.poll(() => channelReceived(page)).toEqual([HELLO]);
      await page.getByRole('button', { name: 'Borrow Again' }).tap();
      await expect.poll(() => bridge.calls()).toEqual([{ name: 'toProductDetail', payload: { productId: String(order.productId) } }]);
      // No listen was opened (iOS) and nothing else was said on the channel.
      expect(await channelReceived(page)).toEqual([HELLO]);
    });

    test('an old host (no channel): the page sends its one-way messages as before', async ({ page, ops, borrower, bridge }) => {
      await installHost(page, host({ version: 'old' }));
      const order = await openSettledOrder(page, ops, borrower);
      expect(await page.evaluate(() => 'LoanHost' in window)).toBe(false);
      await page.getByRole('button', { name: 'Borrow Again' }).tap();
      await expect.poll(() => bridge.calls()).toEqual([{ name: 'toProductDetail', payload: { productId: String(order.productId) } }]);
    });

    test('resume: the screen shows what changed while the borrower was in another app', async ({ page, ops, borrower }) => {
      await installHost(page, host());
      const order = await newOrder(ops, borrower, { status: 174, dueInDays: 0 });
      await page.goto(order.path);
      await expect(page.getByRole('heading', { level: 2, name: 'Repayment due' })).toBeVisible();
      await expect.poll(() => channelReceived(page)).toContainEqual(HELLO);
      const { code } = await ops.request<{ code: string }>('POST', '/pay-codes', { orderId: order.orderId, purpose: 'repay' });
      await ops.request('POST', `/pay-codes/${code}/paid`, {});
      await sendHostEvent(page, { type: 'event', event: 'resume' });
      await expect(page.getByRole('heading', { level: 2, name: 'Settled' })).toBeVisible();
    });

    test('back closes an open dialog first; then the page leaves back to the host', async ({ page, ops, borrower }) => {
      await installHost(page, host());
      const sheet = await openPaymentMethods(page, ops, borrower);
      await sendHostEvent(page, { type: 'event', event: 'back' });
      await expect(sheet).toBeHidden();
      await expect.poll(() => channelReceived(page)).toContainEqual({ type: 'backHandled', handled: true });
      await sendHostEvent(page, { type: 'event', event: 'back' });
      await expect.poll(async () => (await channelReceived(page))?.filter((m) => (m as { type: string }).type === 'backHandled')).toEqual([
        { type: 'backHandled', handled: true },
        { type: 'backHandled', handled: false },
      ]);
      await expect(page.getByRole('region', { name: 'Amount to repay' })).toBeVisible();
    });

    test("back on the loan confirmation acts as its Back button (iOS: the 'Point out' popup first)", async ({ page, ops, bridge }) => {
      await installHost(page, host());
      const created = await ops.createBorrower({ name: 'Ana Reyes', isRepeat: true });
      const query = new URLSearchParams({ ...created.session, productId: '1' });
      await page.goto(`/smpSystem?${query}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Loan confirmation' })).toBeVisible();
      await expect.poll(() => channelReceived(page)).toContainEqual(HELLO);
      await sendHostEvent(page, { type: 'event', event: 'back' });
      await expect.poll(() => channelReceived(page)).toContainEqual({ type: 'backHandled', handled: true });
      if (platform === 'ios') {
        const pointOut = page.getByRole('dialog', { name: 'Point out' });
        await expect(pointOut).toContainText('Your loan is almost ready');
        expect(await bridge.calls()).toEqual([]);
        await pointOut.getByRole('button', { name: 'Agree' }).tap();
      }
      await expect.poll(() => bridge.calls()).toEqual([{ name: 'closeWebview', payload: {} }]);
    });

    test('networkChanged: offline is told; back online the screen refreshes', async ({ page, ops, borrower }) => {
      await installHost(page, host());
      const order = await newOrder(ops, borrower, { status: 174, dueInDays: 0 });
      await page.goto(order.path);
      await expect.poll(() => channelReceived(page)).toContainEqual(HELLO);
      await sendHostEvent(page, { type: 'event', event: 'networkChanged', online: false });
      await expect(page.getByText('You are offline. This screen updates when your connection is back.')).toBeVisible();
      const { code } = await ops.request<{ code: string }>('POST', '/pay-codes', { orderId: order.orderId, purpose: 'repay' });
      await ops.request('POST', `/pay-codes/${code}/paid`, {});
      await sendHostEvent(page, { type: 'event', event: 'networkChanged', online: true });
      await expect(page.getByRole('heading', { level: 2, name: 'Settled' })).toBeVisible();
    });

    test('result: the borrower is told whether the file was saved', async ({ page, ops, borrower, bridge }) => {
      await installHost(page, host());
      const order = await newOrder(ops, borrower, { status: 170 });
      await page.goto(borrower.url('/loanDocuments', orderIds(order)));
      const list = page.getByRole('list', { name: 'Documents' });
      const statement = (await list.getByRole('heading', { level: 2, name: /statement/i }).textContent())!;
      await expect.poll(() => channelReceived(page)).toContainEqual(HELLO);
      await bridge.clear();
      await page.getByRole('button', { name: `Download ${statement} (PDF)` }).tap();
      await expect.poll(async () => (await bridge.calls()).map((call) => call.name)).toEqual(['saveFile']);
      await sendHostEvent(page, { type: 'event', event: 'result', of: 'saveFile', ok: false });
      await expect(page.getByText('The file could not be saved on your phone. Please try again.')).toBeVisible();
      await sendHostEvent(page, { type: 'event', event: 'result', of: 'saveFile', ok: true });
      await expect(page.getByText('Saved on your phone.')).toBeVisible();
    });
  });
}

test.describe('Only the host speaks on the channel', () => {
  test('a frame posting to the page, or to the channel, changes nothing', async ({ page, ops, borrower }) => {
    await installHost(page, { platform: 'android', version: 'new' });
    const sheet = await openPaymentMethods(page, ops, borrower);
    // A frame of this site (a provider's page would be another origin, and see even less).
    await page.evaluate(() => {
      const frame = document.createElement('iframe');
      frame.name = 'other';
      frame.src = '/maySimilar';
      document.body.append(frame);
    });
    await expect.poll(() => page.frame({ name: 'other' })?.url() ?? '').toContain('/maySimilar');
    const frame = page.frame({ name: 'other' })!;
    await frame.waitForLoadState();
    await expect(page.frameLocator('iframe[name=other]').getByRole('heading', { level: 1 })).toBeVisible();
    await frame.evaluate(() => {
      const event = { type: 'event', event: 'back' };
      window.parent.postMessage(event, '*');
      window.parent.postMessage(JSON.stringify(event), '*');
      // The frame's own channel object: the host drops what a frame other than the main one posts.
      (window as unknown as { LoanHost: { postMessage: (json: string) => void } }).LoanHost.postMessage(JSON.stringify({ type: 'backHandled', handled: false }));
    });
    // The page itself posting to window is no event either. A last message of its own, once it
    // arrives, says the window has handled every message posted before it.
    await page.evaluate(
      () =>
        new Promise<void>((handled) => {
          window.addEventListener('message', (event) => event.data === 'after the others' && handled());
          window.postMessage({ type: 'event', event: 'back' }, '*');
          window.postMessage('after the others', '*');
        }),
    );
    await expect(sheet).toBeVisible();
    expect(await channelReceived(page)).toEqual([HELLO]);
    // The host's own back, by contrast, closes the sheet.
    await sendHostEvent(page, { type: 'event', event: 'back' });
    await expect(sheet).toBeHidden();
    expect(await channelReceived(page)).toEqual([HELLO, { type: 'backHandled', handled: true }]);
  });
});
