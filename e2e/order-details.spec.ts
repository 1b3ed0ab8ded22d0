/**
 * Order details (/allIt, /anFrom) and the joint-login failure page (/wherePlurality) against the real
 * server: each status's icon and buttons, the redirect rule, every popup's show rule and the bridge
 * messages they send, pull-to-refresh, and the failure page's recommendations.
 */
import type { Page, Route } from '@playwright/test';
import { callUrlPath } from '@cashloan/contract/common';
import { goyaFailureInfoRoute } from '@cashloan/contract/routes';
import { test, expect, codeHasRun, openRenderedByBrowser, type Borrower, type OpsClient } from './fixtures.ts';

interface CreatedOrder {
  orderId: number;
  orderNo: string;
  productId: number;
  status: number;
  shownStatus: number;
  path: string;
}

const ORDER_CALL = '**/h5api/v3/loan-details/loan-details**';
/** The e2e server runs with the default SERVICE_PHONE and SCHEME_URL. */
const SERVICE_PHONE = '+63 2 8888 0000';
const SCHEME_URL = 'pesonow://app';

async function newOrder(ops: OpsClient, borrower: Borrower, body: Record<string, unknown>): Promise<CreatedOrder> {
  return ops.request<CreatedOrder>('POST', '/orders', { borrowerId: borrower.borrowerId, ...body });
}

/** Opens the order screen and waits until the order is on it. */
async function openOrder(
  page: Page,
  order: CreatedOrder,
  route: '/allIt' | '/anFrom' = '/allIt',
  open: (page: Page, url: string) => Promise<unknown> = (p, url) => p.goto(url),
) {
  await open(page, order.path.replace('/allIt', route));
  await expect(page.getByRole('heading', { level: 1, name: 'Order Details' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'PesoNow Cash' })).toBeVisible();
}

/** The status action buttons shown (the phone link is not one of them). */
async function actionLabels(page: Page): Promise<string[]> {
  const names = await page.getByRole('main').getByRole('button').allInnerTexts();
  return names.map((n) => n.trim()).filter((n) => !n.startsWith('Call '));
}

/** The page's URL carries the order and the borrower's session. */
function expectCarried(url: string, order: CreatedOrder, borrower: Borrower) {
  const query = new URL(url).searchParams;
  expect(query.get('productId')).toBe(String(order.productId));
  expect(query.get('orderId')).toBe(String(order.orderId));
  // The session id stays in sessionStorage (same origin): never in the address of a later page.
  for (const [key, value] of Object.entries(borrower.session)) expect(query.get(key), key).toBe(key === 'sessionId' ? null : value);
}

const form = (body: string | null) => new URLSearchParams(body ?? '');

test.describe('Order details: each status', () => {
  const CASES = [
    { status: 21, notice: 'Under review', icon: 'Status: in review', buttons: [] },
    { status: 110, notice: 'Disbursing', icon: 'Status: disbursing', buttons: [] },
    { status: 151, notice: 'Not approved', icon: 'Status: not approved', buttons: [] },
    { status: 170, notice: 'Repaying', icon: 'Status: repaying', buttons: ['Repayment'] },
    { status: 174, notice: 'Repayment due', icon: 'Status: repayment due', buttons: ['Repayment'] },
    { status: 174, isDelay: '1', notice: 'Repayment due', icon: 'Status: repayment due', buttons: ['REPAY', 'Rollover Repayment'] },
    { status: 180, notice: 'Overdue', icon: 'Status: overdue', buttons: ['Repayment'] },
    { status: 180, isDelay: '1', notice: 'Overdue', icon: 'Status: overdue', buttons: ['REPAY', 'Rollover Repayment'] },
    { status: 200, notice: 'Settled', icon: 'Status: settled', buttons: ['Borrow Again'] },
  ] as const;

  for (const [index, c] of CASES.entries()) {
    const isDelay = 'isDelay' in c ? c.isDelay : '0';
    // Every other case opens the /anFrom alias of the same screen.
    const route = index % 2 === 0 ? '/allIt' : '/anFrom';
    test(`${c.status}${isDelay === '1' ? ' with rollover' : ''} on ${route}: icon, notice and buttons`, async ({ page, ops, borrower }) => {
      const order = await newOrder(ops, borrower, { status: c.status, isDelay });
      await openOrder(page, order, route);
      await expect(page).toHaveTitle('Order Details');
      await expect(page.getByRole('img', { name: c.icon })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: c.notice })).toBeVisible();
      await expect(page.getByRole('definition').first()).toBeVisible();
      await expect(page.getByText(order.orderNo, { exact: true })).toBeVisible();
      expect(await actionLabels(page)).toEqual(c.buttons);
      if (isDelay === '1') {
        await expect(page.getByText('Short of money?')).toBeVisible();
        await expect(page.getByRole('button', { name: 'Rollover Repayment' })).toHaveAccessibleDescription('Short of money?');
      }
      // The server asked for no popup.
      await expect(page.getByRole('dialog')).toHaveCount(0);
      // Recommendations are hidden as built; the buttons show instead.
      await expect(page.getByText('Click to view more products')).toHaveCount(0);
      await expect(page.getByRole('list', { name: 'Recommended products' })).toHaveCount(0);
    });
  }

  test('an unknown status shows the 200 icon and no buttons', async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 110 });
    await page.route(ORDER_CALL, async (route) => {
      // The real server only knows the seven statuses: its answer is changed on the way.
      const response = await route.fetch();
      const body = (await response.json()) as { data: { orderStatus: number; noticeStatusText: string } };
      body.data.orderStatus = 999;
      body.data.noticeStatusText = 'Being checked';
      await route.fulfill({ response, json: body });
    });
    await openOrder(page, order, '/allIt', openRenderedByBrowser);
    await expect(page.getByRole('heading', { name: 'Being checked' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Status: settled' })).toHaveAttribute('data-icon-status', '200');
    expect(await actionLabels(page)).toEqual([]);
  });

  test("another borrower's order is not shown: the server's message and a Retry", async ({ page, ops, borrower }) => {
    const owner = await ops.createBorrower();
    const order = await ops.request<CreatedOrder>('POST', '/orders', { borrowerId: owner.borrowerId, status: 180 });
    await page.goto(borrower.url('/allIt', { productId: order.productId, orderId: order.orderId }));
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('This order was not found. Please check your orders and try again.');
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page.getByRole('img', { name: /^Status:/ })).toHaveCount(0);
  });

  test('a dropped connection shows the network message; Retry loads the order', async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 170 });
    let attempts = 0;
    await page.route(ORDER_CALL, async (route) => {
      attempts += 1;
      if (attempts === 1) await route.abort('internetdisconnected');
      else await route.continue();
    });
    await openRenderedByBrowser(page, order.path);
    await expect(page.getByRole('alert')).toContainText('Network error. Please check your connection and try again.');
    await page.getByRole('button', { name: 'Retry' }).tap();
    await expect(page.getByRole('heading', { name: 'Repaying' })).toBeVisible();
    expect(attempts).toBe(2);
  });
});

test.describe('Order details: where the buttons lead', () => {
  test('Repayment goes to the configured repay page with the carried parameters', async ({ page, ops, borrower, bridge }) => {
    const order = await newOrder(ops, borrower, { status: 170 });
    await openOrder(page, order);
    await page.getByRole('button', { name: 'Repayment', exact: true }).tap();
    await expect(page).toHaveURL(/\/allowedAlso\?/);
    expectCarried(page.url(), order, borrower);
    expect(await bridge.calls()).toEqual([]);
  });

  test("Repayment goes to the order's own h5Url", async ({ page, ops, borrower, baseURL }) => {
    const order = await newOrder(ops, borrower, { status: 174, h5Url: `${baseURL}/beSeats?channel=h5` });
    await openOrder(page, order);
    await page.getByRole('button', { name: 'Repayment', exact: true }).tap();
    await expect(page).toHaveURL(/\/beSeats\?channel=h5&/);
    expectCarried(page.url(), order, borrower);
  });

  test('REPAY repays; Rollover Repayment goes straight to the rollover screen without a rollover message', async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 174, isDelay: '1' });
    await openOrder(page, order);
    await page.getByRole('button', { name: 'Rollover Repayment' }).tap();
    await expect(page).toHaveURL(/\/votingCandidates\?/);
    expectCarried(page.url(), order, borrower);
    await page.goBack();
    await page.getByRole('button', { name: 'REPAY', exact: true }).tap();
    await expect(page).toHaveURL(/\/allowedAlso\?/);
  });

  test('Rollover Repayment first shows the rollover prompt; Cancel stays, Continue goes on', async ({ page, ops, borrower, bridge }) => {
    const message = 'Pay the extension fee and your due date moves on by one term.';
    const order = await newOrder(ops, borrower, { status: 180, isDelay: '1', reyMsg: message });
    await openOrder(page, order);
    await page.getByRole('button', { name: 'Rollover Repayment' }).tap();
    const prompt = page.getByRole('dialog', { name: 'Rollover Repayment' });
    await expect(prompt).toContainText(message);
    await prompt.getByRole('button', { name: 'Cancel' }).tap();
    await expect(prompt).toBeHidden();
    await expect(page).toHaveURL(/\/allIt\?/);

    await page.getByRole('button', { name: 'Rollover Repayment' }).tap();
    await prompt.getByRole('button', { name: 'Continue' }).tap();
    await expect(page).toHaveURL(/\/votingCandidates\?/);
    expectCarried(page.url(), order, borrower);
    expect(await bridge.calls()).toEqual([]);
  });

  test('Borrow Again tracks module 30, then opens the product through the bridge', async ({ page, ops, borrower, bridge }) => {
    const order = await newOrder(ops, borrower, { status: 200 });
    await openOrder(page, order);
    const tracked = page.waitForRequest((r) => r.url().includes('/service/event/save'));
    await page.getByRole('button', { name: 'Borrow Again' }).tap();
    const body = form((await tracked).postData());
    expect(Object.fromEntries(body)).toEqual({ productId: String(order.productId), moduleId: '30', positionId: '1' });
    await expect.poll(() => bridge.calls()).toEqual([{ name: 'toProductDetail', payload: { productId: String(order.productId) } }]);
  });

  test('Borrow Again still opens the product when tracking fails, and says so', async ({ page, ops, borrower, bridge }) => {
    const order = await newOrder(ops, borrower, { status: 200 });
    await page.route('**/service/event/save**', (route) => route.abort('internetdisconnected'));
    await openOrder(page, order);
    await page.getByRole('button', { name: 'Borrow Again' }).tap();
    await expect(page.getByText('Network error. Please check your connection and try again.')).toBeVisible();
    await expect.poll(() => bridge.calls()).toEqual([{ name: 'toProductDetail', payload: { productId: String(order.productId) } }]);
  });

  test('the service phone is called through the bridge', async ({ page, ops, borrower, bridge }) => {
    const order = await newOrder(ops, borrower, { status: 21 });
    await openOrder(page, order);
    await page.getByRole('button', { name: `Call ${SERVICE_PHONE}` }).tap();
    await expect.poll(() => bridge.calls()).toEqual([{ name: 'callPhone', payload: { phone: SERVICE_PHONE } }]);
  });
});

test.describe('Order details: the redirect rule', () => {
  test('a status other than 21 with playeduL goes there at once, with the carried parameters', async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 170, playeduL: '/beSeats' });
    await page.goto(order.path);
    await expect(page).toHaveURL(/\/beSeats\?/);
    expectCarried(page.url(), order, borrower);
    await expect(page.getByRole('heading', { level: 1, name: 'Customer service' })).toBeVisible();
  });

  test('an http playeduL replaces the page', async ({ page, ops, borrower, baseURL }) => {
    const order = await newOrder(ops, borrower, { status: 151, playeduL: `${baseURL}/beSeats?from=partner` });
    await page.goto(order.path);
    await expect(page).toHaveURL(/\/beSeats\?from=partner&/);
    expectCarried(page.url(), order, borrower);
  });

  test('status 21 never redirects', async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 21, playeduL: '/beSeats' });
    await openOrder(page, order);
    await expect(page.getByRole('heading', { name: 'Under review' })).toBeVisible();
    await expect(page).toHaveURL(/\/allIt\?/);
  });
});

test.describe('Order details: popups', () => {
  test('Kind tips shows until the borrower goes to repay in this session; its text is plain text', async ({ page, ops, borrower, bridge }) => {
    const tip = '<b>Keep</b> your e-wallet active so your repayment is recorded.';
    const order = await newOrder(ops, borrower, { status: 170, KindTipsMsg: tip });
    await openOrder(page, order);
    const tips = page.getByRole('dialog', { name: 'Kind tips' });
    await expect(tips).toContainText(tip);
    await tips.getByRole('button', { name: 'Got it' }).tap();
    await expect(tips).toBeHidden();

    // Closing it records nothing: it comes back on the next visit.
    await page.reload();
    await expect(tips).toBeVisible();
    await tips.getByRole('button', { name: 'Got it' }).tap();

    await page.getByRole('button', { name: 'Repayment', exact: true }).tap();
    await expect(page).toHaveURL(/\/allowedAlso\?/);
    expect(await page.evaluate(() => sessionStorage.getItem('bankTipShown'))).toBe('1');
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Repaying' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await bridge.calls()).toEqual([]);
  });

  test('the bank-card dialog comes first, then Kind tips; Bind card opens the bank screen from the order', async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, {
      status: 180,
      cardNeedPop: 1,
      cardPopTitle: 'Check your payment account',
      cardPopMsg: 'Make sure your payment account details are correct.',
      KindTipsMsg: 'Repay today to stop late charges.',
    });
    await openOrder(page, order);
    const card = page.getByRole('dialog', { name: 'Check your payment account' });
    await expect(card).toContainText('Make sure your payment account details are correct.');
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await card.getByRole('button', { name: 'Not now' }).tap();
    const tips = page.getByRole('dialog', { name: 'Kind tips' });
    await expect(tips).toContainText('Repay today to stop late charges.');
    await tips.getByRole('button', { name: 'Got it' }).tap();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.reload();
    await card.getByRole('button', { name: 'Bind card' }).tap();
    await expect(page).toHaveURL(/\/candidateWhile\?/);
    expectCarried(page.url(), order, borrower);
    expect(new URL(page.url()).searchParams.get('source')).toBe('loanDetail');
  });

  test('rating: a star is required; fewer than 4 stars submits 5 and shows the result; the server stops asking', async ({ page, ops, borrower, bridge }) => {
    const order = await newOrder(ops, borrower, { status: 200, isScore: '1' });
    await openOrder(page, order);
    const rating = page.getByRole('dialog', { name: 'Rate us' });
    await expect(rating).toBeVisible();
    await rating.getByRole('button', { name: 'Submit' }).tap();
    await expect(page.getByText('Silakan pilih')).toBeVisible();
    await expect(rating).toBeVisible();

    await rating.getByRole('button', { name: '3 stars' }).tap();
    await expect(rating.getByRole('button', { name: '3 stars' })).toHaveAttribute('aria-pressed', 'true');
    await expect(rating.getByRole('button', { name: '4 stars' })).toHaveAttribute('aria-pressed', 'false');
    const scored = page.waitForRequest((r) => r.url().includes('/v3/loan-details/google-score'));
    await rating.getByRole('button', { name: 'Submit' }).tap();
    expect(form((await scored).postData()).get('score')).toBe('5');
    const result = page.getByRole('dialog', { name: 'Thank you for your feedback' });
    await expect(result).toBeVisible();
    await result.getByRole('button', { name: 'OK' }).tap();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await bridge.calls()).toEqual([]);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Settled' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('rating: 4 stars or more submits 5 and opens the native rating', async ({ page, ops, borrower, bridge }) => {
    const order = await newOrder(ops, borrower, { status: 200, isScore: '1' });
    await openOrder(page, order);
    const rating = page.getByRole('dialog', { name: 'Rate us' });
    await rating.getByRole('button', { name: '4 stars' }).tap();
    await rating.getByRole('button', { name: 'Submit' }).tap();
    await expect.poll(() => bridge.calls()).toEqual([{ name: 'toRate', payload: {} }]);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('rating: a refused score shows the server message and keeps the popup for another try', async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 200, isScore: '1' });
    let refuse = true;
    await page.route('**/v3/loan-details/google-score**', async (route) => {
      if (refuse) await route.fulfill({ json: { code: 409, message: 'Ratings are closed for maintenance.', data: null } });
      else await route.continue();
    });
    await openOrder(page, order);
    const rating = page.getByRole('dialog', { name: 'Rate us' });
    await rating.getByRole('button', { name: '2 stars' }).tap();
    await rating.getByRole('button', { name: 'Submit' }).tap();
    await expect(page.getByText('Ratings are closed for maintenance.')).toBeVisible();
    await expect(rating).toBeVisible();
    refuse = false;
    await rating.getByRole('button', { name: 'Submit' }).tap();
    await expect(page.getByRole('dialog', { name: 'Thank you for your feedback' })).toBeVisible();
  });
});

test.describe('Order details: pull to refresh', () => {
  /** Drags a finger down the page from the status card by `distances` px, then lifts it. */
  async function pull(page: Page, distances: number[], onStep?: (distance: number) => Promise<void>) {
    // A drag made before the page's code has run is not kept (only taps and typing are).
    await codeHasRun(page);
    const cdp = await page.context().newCDPSession(page);
    const box = (await page.getByRole('img', { name: /^Status:/ }).boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    for (const d of distances) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y + d }] });
      await onStep?.(d);
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }
  const pullState = (page: Page) => page.locator('[data-pull-state]');

  test('a payment the partner has not confirmed yet is said so, and the order settles once it is', async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 174, dueInDays: 0 });
    const payCode = await ops.request<{ code: string }>('POST', '/pay-codes', { orderId: order.orderId, purpose: 'repay' });
    // The provider reports the payment as pending (P): nothing is applied yet.
    await ops.request('POST', `/pay-codes/${payCode.code}/paid`, { status: 'P' });
    await openOrder(page, order);
    await expect(page.getByRole('heading', { name: 'Repayment due' })).toBeVisible();
    await expect(page.getByText('We are waiting for the payment partner to confirm your payment')).toBeVisible();
    await ops.request('POST', `/pay-codes/${payCode.code}/paid`, {});
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Settled' })).toBeVisible();
    await expect(page.getByText('We are waiting for the payment partner to confirm your payment')).toHaveCount(0);
  });

  test('pulling past 25 px (scaled 0.6) and releasing reloads the order in place', async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 174, dueInDays: 0 });
    await openOrder(page, order);
    await expect(page.getByRole('heading', { name: 'Repayment due' })).toBeVisible();
    // Meanwhile the borrower paid at a store: the order is settled on the server.
    const payCode = await ops.request<{ code: string }>('POST', '/pay-codes', { orderId: order.orderId, purpose: 'repay' });
    await ops.request('POST', `/pay-codes/${payCode.code}/paid`, {});

    const reloads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/v3/loan-details/loan-details')) reloads.push(r.url());
    });
    await pull(page, [20, 40, 100], async (d) => {
      // 40 px of finger is 24 px of pull: still below the 25 px distance.
      if (d === 40) await expect(pullState(page)).toHaveAttribute('data-pull-state', 'deactivate');
      if (d === 40) await expect(page.getByRole('status')).toHaveText('Pull down to refresh');
      if (d === 100) await expect(pullState(page)).toHaveAttribute('data-pull-state', 'activate');
      if (d === 100) await expect(page.getByRole('status')).toHaveText('Release to refresh');
    });
    await expect(page.getByRole('heading', { name: 'Settled' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Status: settled' })).toBeVisible();
    expect(await actionLabels(page)).toEqual(['Borrow Again']);
    await expect(pullState(page)).toHaveAttribute('data-pull-state', 'deactivate');
    expect(reloads).toHaveLength(1);
  });

  test('a short pull does not reload', async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 170 });
    await openOrder(page, order);
    let reloads = 0;
    page.on('request', (r) => {
      if (r.url().includes('/v3/loan-details/loan-details')) reloads += 1;
    });
    await pull(page, [15, 30]);
    await expect(pullState(page)).toHaveAttribute('data-pull-state', 'deactivate');
    expect(reloads).toBe(0);
  });

  test('the indicator finishes after the 1 s fallback while the reload still runs; the order updates when it answers', async ({ page, ops, borrower }) => {
    await page.clock.install();
    const order = await newOrder(ops, borrower, { status: 174, dueInDays: 0 });
    const held: { route?: Route } = {};
    await openOrder(page, order);
    // The order on screen came with the page (server rendering): the pull's reload is the page's first call.
    let calls = 0;
    await page.route(ORDER_CALL, async (route) => {
      calls += 1;
      if (calls === 1) held.route = route;
      else await route.continue();
    });
    const payCode = await ops.request<{ code: string }>('POST', '/pay-codes', { orderId: order.orderId, purpose: 'repay' });
    await ops.request('POST', `/pay-codes/${payCode.code}/paid`, {});

    // From here on the page's timers only run when the test says so (once the code has taken over on its own).
    await codeHasRun(page);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await pull(page, [120]);
    await expect(pullState(page)).toHaveAttribute('data-pull-state', 'release');
    await expect(page.getByRole('status')).toHaveText('Refreshing…');
    await expect.poll(() => held.route !== undefined).toBe(true);
    await page.clock.runFor(999);
    await expect(pullState(page)).toHaveAttribute('data-pull-state', 'release');
    await page.clock.runFor(1);
    await expect(pullState(page)).toHaveAttribute('data-pull-state', 'finish');
    await expect(page.getByRole('status')).toHaveText('Refreshed');
    await page.clock.runFor(500);
    await expect(pullState(page)).toHaveAttribute('data-pull-state', 'deactivate');
    // The old order stays on screen until the reload answers.
    await expect(page.getByRole('heading', { name: 'Repayment due' })).toBeVisible();
    await held.route!.continue();
    await expect(page.getByRole('heading', { name: 'Settled' })).toBeVisible();
  });

  test('a failed reload keeps the order, says why and offers Retry', async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 170 });
    await openOrder(page, order);
    // The order on screen came with the page (server rendering): the pull's reload is the page's first call.
    let calls = 0;
    await page.route(ORDER_CALL, async (route) => {
      calls += 1;
      if (calls === 1) await route.abort('internetdisconnected');
      else await route.continue();
    });
    await pull(page, [120]);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Could not refresh: Network error. Please check your connection and try again.');
    await expect(page.getByRole('heading', { name: 'Repaying' })).toBeVisible();
    await alert.getByRole('button', { name: 'Retry' }).tap();
    await expect(alert).toHaveCount(0);
    expect(calls).toBe(2);
  });
});

test.describe('Joint-login failure page', () => {
  test('shows the messages, the icon and the recommendations: tags on the first two, grey while a loan runs', async ({ page, ops, borrower, bridge, baseURL }) => {
    // A running loan of the first product makes its card grey.
    await newOrder(ops, borrower, { status: 170 });
    await page.goto(borrower.url('/wherePlurality'));
    // The page's own call is made by the server (server rendering): the same call, made here, gives the products' ids.
    const res = await fetch(`${baseURL}${callUrlPath(goyaFailureInfoRoute)}?${new URLSearchParams({ ...borrower.session })}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    const answer = (await res.json()) as { data: { recProducts: Array<{ productId: number; name: string }> } };
    await expect(page).toHaveTitle('Order Details');
    await expect(page.getByRole('heading', { level: 2, name: 'We could not sign you in.' })).toBeVisible();
    await expect(page.getByText('The joint login did not go through. Please try again later, or choose one of the products below.')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Status: not approved' })).toBeVisible();

    const list = page.getByRole('list', { name: 'Recommended products' });
    await expect(list.getByRole('heading', { level: 3 })).toHaveText(['PesoNow Cash', 'PesoNow Plus', 'PesoNow Installment', 'PesoNow Salary Loan']);
    const grey = page.getByRole('button', { name: 'Loan in progress: PesoNow Cash' });
    await expect(grey).toBeDisabled();
    await expect(grey).toHaveCSS('background-color', 'rgb(209, 213, 219)');
    await expect(page.getByRole('button', { name: 'Apply now: PesoNow Plus' })).toBeEnabled();
    await expect(page.getByText('₱2,000 - ₱10,000')).toBeVisible();
    await expect(page.getByText('Daily interest 0.08%')).toBeVisible();
    await expect(page.getByText('A bigger loan for repeat borrowers, repaid in 120 days.')).toBeVisible();
    // Tags on the first two cards only.
    await expect(page.getByRole('list', { name: 'PesoNow Cash highlights' })).toContainText('Fast approval');
    await expect(page.getByRole('list', { name: 'PesoNow Plus highlights' })).toContainText('Higher amount');
    await expect(page.getByRole('list', { name: 'PesoNow Installment highlights' })).toHaveCount(0);
    await expect(page.getByText('3 instalments')).toHaveCount(0);

    // Tapping an enabled product tracks module 18 at its position, then opens its jump URL.
    const plus = answer.data.recProducts[1]!;
    const tracked = page.waitForRequest((r) => r.url().includes('/gopia/goya/because'));
    const jumped = page.waitForRequest((r) => r.url().includes('/gopia/goya/define'));
    await page.getByRole('button', { name: 'Apply now: PesoNow Plus' }).tap();
    expect(Object.fromEntries(form((await tracked).postData()))).toEqual({ productId: String(plus.productId), moduleId: '18', positionId: '1' });
    expect(form((await jumped).postData()).get('productId')).toBe(String(plus.productId));
    // The jump URL is an app deep link, not http: it goes to the host app.
    await expect
      .poll(() => bridge.calls())
      .toEqual([{ name: 'openPage', payload: { url: `${SCHEME_URL}/productDetail?productId=${plus.productId}` } }]);

    await grey.tap({ force: true });
    expect(await bridge.calls()).toHaveLength(1);
  });

  test("names the failed product, shows its order's status and leaves it out of the recommendations", async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 180 });
    await page.goto(borrower.url('/wherePlurality', { productId: order.productId, orderId: order.orderId }));
    await expect(page.getByRole('heading', { name: 'We could not sign you in to PesoNow Cash.' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Status: overdue' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Recommended products' }).getByRole('heading', { level: 3 })).toHaveText([
      'PesoNow Plus',
      'PesoNow Installment',
      'PesoNow Salary Loan',
    ]);
  });

  test('a product that cannot be opened says why; Try again opens it', async ({ page, borrower, bridge }) => {
    let refuse = true;
    await page.route('**/gopia/goya/define**', async (route) => {
      if (refuse) await route.fulfill({ json: { code: '409', message: 'This product is paused today.', data: null } });
      else await route.continue();
    });
    await page.goto(borrower.url('/wherePlurality'));
    await page.getByRole('button', { name: 'Apply now: PesoNow Installment' }).tap();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Could not open PesoNow Installment: This product is paused today.');
    expect(await bridge.calls()).toEqual([]);
    refuse = false;
    await alert.getByRole('button', { name: 'Try again' }).tap();
    await expect.poll(async () => (await bridge.calls()).map((c) => c.name)).toEqual(['openPage']);
    await expect(alert).toHaveCount(0);
  });

  test('without a session it shows why, with a Retry', async ({ page }) => {
    await page.goto('/wherePlurality');
    await expect(page.getByRole('alert')).toContainText('Please log in again: the session parameters are missing.');
    const again = page.waitForRequest((r) => r.url().includes('/gopia/goya/drowns'));
    await page.getByRole('button', { name: 'Retry' }).tap();
    await again;
  });
});

test.describe('On a 320 px wide phone', () => {
  test.use({ viewport: { width: 320, height: 568 } });

  async function expectFits(page: Page) {
    const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(width.scroll).toBeLessThanOrEqual(width.client);
    for (const button of await page.getByRole('main').getByRole('button').all()) {
      const box = (await button.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(320);
      expect(box.height, await button.innerText()).toBeGreaterThanOrEqual(44);
    }
  }

  test('the order screen fits and keeps its buttons tappable', async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 180, isDelay: '1' });
    await openOrder(page, order);
    await expect(page.getByRole('button', { name: 'Rollover Repayment' })).toBeVisible();
    await expectFits(page);
  });

  test('the failure page fits and keeps its buttons tappable', async ({ page, borrower }) => {
    await page.goto(borrower.url('/wherePlurality'));
    await expect(page.getByRole('list', { name: 'Recommended products' })).toBeVisible();
    await expectFits(page);
  });
});
