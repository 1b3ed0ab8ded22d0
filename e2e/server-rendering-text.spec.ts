/**
 * Issue 34, item 4, in Chromium against the real server: what a borrower or an agent writes holds
 * String.replace's patterns ($&, $`, $', $1, $$), a closing </script>, an HTML comment opener and
 * U+2028/U+2029, and every server-rendered screen that shows it (the agreement with the borrower's
 * name, the bank form with the account name, the pay code in the address, the complaint list and a
 * complaint with the agent's reply) is one page whose text reads exactly as written: with JavaScript
 * off (the server's markup) and on (hydrated, no hydration warning, nothing of the text run).
 * apps/server/src/web/server-render-text.test.ts checks every server-rendered route the same way.
 */
import type { Page } from '@playwright/test';
import { callUrlPath } from '@cashloan/contract/common';
import { bindCardNewRoute, problemSaveRoute } from '@cashloan/contract/routes';
import { test, expect, newOrder, orderIds, withQuery, type Borrower, type OpsClient } from './fixtures.ts';

const HOSTILE = "Ana [$&] [$`] [$'] [$1] [$$] </script><script>self.hit=1</script> <!-- a\u2028b\u2029c";
const NAME = `${HOSTILE} name`;
const ACCOUNT_NAME = `${HOSTILE} acct`;
const COMPLAINT = `${HOSTILE} complaint`;
const REPLY = `${HOSTILE} reply`;
const PAY_CODE = `${HOSTILE} code`;
const INSTAPAY = '90006';
/** React's hydration failures (the production build writes the minified errors' numbers). */
const HYDRATION = /hydrat|did not match|Minified React error #(418|419|423|425)\b/i;

/** A borrower with the name on file, an overdue loan, a bank account and two complaints (one answered). */
async function hostileBorrower(ops: OpsClient, baseURL: string) {
  const created = await ops.createBorrower({ name: NAME });
  const borrower: Borrower = { ...created, url: (path, extra = {}) => withQuery(path, { ...created.session, ...extra }) };
  const order = await newOrder(ops, borrower, { status: 180 });
  const call = async (path: string, body: Record<string, string>) => {
    const res = await fetch(`${baseURL}${path}?${new URLSearchParams({ ...borrower.session })}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body).toString(),
    });
    return (await res.json()) as { code: unknown; message: string; data: unknown };
  };
  const bound = await call(callUrlPath(bindCardNewRoute), {
    product_id: String(order.productId),
    cardType: '1',
    channel: INSTAPAY,
    bankCode: 'BDO',
    cardNo: '001234567890',
    accountName: ACCOUNT_NAME,
    city: 'Quezon City',
    payday: '15',
  });
  expect(bound.message).toBe('success');
  const complaintIds: number[] = [];
  for (const detail of [`${COMPLAINT} waiting`, COMPLAINT]) {
    const filed = await call(callUrlPath(problemSaveRoute), { problemType: '2', problemDetail: detail, problemImage: '' });
    complaintIds.push((filed.data as { problemId: number }).problemId);
  }
  // The agent's reply (the dev API takes it through the same agent service as the back office).
  await ops.request('POST', `/complaints/${complaintIds[1]}/reply`, { disposeDetail: REPLY, isNeedScore: 1 });
  return { borrower, order, answeredComplaint: complaintIds[1]! };
}

interface Screen {
  name: string;
  url: (s: Awaited<ReturnType<typeof hostileBorrower>>) => string;
  /** Texts the screen shows; `field` says one is a text field's value, by its label. */
  shows: Array<{ text: string; field?: string }>;
}

const SCREENS: Screen[] = [
  { name: '/toIs (the borrower’s name in the agreement)', url: (s) => s.borrower.url('/toIs', { productId: s.order.productId, position: 1, orderId: '' }), shows: [{ text: NAME }] },
  { name: '/candidateWhile (the account name on file)', url: (s) => s.borrower.url('/candidateWhile', { product_id: s.order.productId }), shows: [{ text: ACCOUNT_NAME, field: 'Account name' }] },
  {
    name: '/repaymentOfCode (a pay code in the address)',
    url: (s) => s.borrower.url('/repaymentOfCode', { ...orderIds(s.order), showType: 1, payCode: PAY_CODE, repayAmount: 560500 }),
    shows: [{ text: PAY_CODE }],
  },
  { name: '/complaintList (the complaint)', url: (s) => s.borrower.url('/complaintList'), shows: [{ text: `${COMPLAINT} waiting` }] },
  { name: '/complainDetails (the complaint and the agent’s reply)', url: (s) => s.borrower.url('/complainDetails', { problemId: s.answeredComplaint }), shows: [{ text: COMPLAINT }, { text: REPLY }] },
];

/** The screen shows each text as written: in an element's text, or as a field's value. */
async function expectShown(page: Page, shows: Screen['shows']) {
  for (const { text, field } of shows) {
    if (field) {
      await expect(page.getByRole('textbox', { name: field })).toHaveValue(text);
      continue;
    }
    const found = await page.evaluate((wanted) => {
      return Array.from(document.querySelectorAll('#root *')).some((el) => el.textContent?.includes(wanted));
    }, text);
    expect(found, `"${text}" shown as text`).toBe(true);
  }
}

/** The document as the browser parsed it: one doctype and one #root, nothing of the text run. */
async function expectOnePage(page: Page, html: string) {
  expect(html.match(/<!doctype html>/gi)).toHaveLength(1);
  expect(await page.evaluate(() => document.querySelectorAll('#root').length)).toBe(1);
  expect(await page.evaluate(() => document.querySelectorAll('script#preloaded-answers').length)).toBe(1);
  expect(await page.evaluate(() => (window as unknown as { hit?: unknown }).hit)).toBeUndefined();
}

test.describe('JavaScript off: the server’s markup', () => {
  test.use({ javaScriptEnabled: false });
  for (const screen of SCREENS) {
    test(screen.name, async ({ page, ops, baseURL }) => {
      const seeded = await hostileBorrower(ops, baseURL!);
      const response = (await page.goto(screen.url(seeded)))!;
      expect(response.status()).toBe(200);
      await expectOnePage(page, await response.text());
      await expectShown(page, screen.shows);
    });
  }
});

test.describe('JavaScript on: hydrated', () => {
  for (const screen of SCREENS) {
    test(screen.name, async ({ page, ops, baseURL }) => {
      const seeded = await hostileBorrower(ops, baseURL!);
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      // goto returns once the page's code has taken over (e2e/fixtures.ts).
      const response = (await page.goto(screen.url(seeded)))!;
      expect(response.status()).toBe(200);
      await expectOnePage(page, await response.text());
      await expectShown(page, screen.shows);
      expect(problems.filter((text) => HYDRATION.test(text))).toEqual([]);
    });
  }
});
