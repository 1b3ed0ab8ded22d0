/**
 * Hostile text (issue 11): every server-provided text the borrower can see is rendered as text.
 * The payloads of test/fixtures/xss-payloads.txt each try to call alert() and to set
 * window.__xssSentinel to 'pwned'. They reach the pages through the real server where the ops API
 * can set a field (Kind tips, rollover message, bank-card dialog text, the agent's complaint reply,
 * the complaint content) and otherwise through a stub server (harness.ts) that replaces every
 * string of the real answers. Scheme: GROUPS loads per screen, load g puts payload group g into
 * every field, so every field receives every payload once (see harness.ts).
 * Asserted after every load and every opened state: no hook call, the sentinel untouched, no CSP
 * violation (plus the fixtures' console check), the payloads visible as text, and the screen's
 * fields found on it by their tags.
 */
import type { Page } from '@playwright/test';
import { test, expect, newOrder, openRenderedByBrowser, orderIds, withQuery, type Borrower } from './fixtures.ts';
import { serverUrl } from './server.ts';
import { armTraps, fieldNames, GROUPS, PAYLOADS, poisonApi, type Poisoner, type Traps } from './xss/harness.ts';

interface Run {
  page: Page;
  traps: Traps;
  poisoner: Poisoner;
  seen: Set<string>;
  /** Records the fields on screen now, after checking nothing fired and the payloads show as text. */
  check(context: string): Promise<void>;
}

/** Files a complaint through the borrower's own API call (the way the page sends it); resolves with its id. */
async function fileComplaint(borrower: Borrower, words: string): Promise<number> {
  const res = await fetch(`${serverUrl()}/h5api/user-problem/problem-save?${new URLSearchParams(borrower.session)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Requested-With': 'XMLHttpRequest', building: borrower.session.merchantNumber, gather: borrower.session.deviceId },
    body: new URLSearchParams({ problemType: '2', problemDetail: words, problemImage: '' }).toString(),
  });
  const body = (await res.json()) as { code: string; message: string; data: { id?: number; problemId?: number } };
  expect(body.code, body.message).toBe('00');
  return (body.data.problemId ?? body.data.id)!;
}

// The screens are opened with openRenderedByBrowser: the server makes (and renders) the first calls of a
// page opened with its session, and only the browser's own calls pass through the stub.
async function startRun(page: Page): Promise<Run> {
  const traps = await armTraps(page);
  const poisoner = await poisonApi(page);
  const seen = new Set<string>();
  return {
    page,
    traps,
    poisoner,
    seen,
    async check(context) {
      // The page has rendered some poisoned field before anything is judged.
      await expect.poll(async () => (await poisoner.visibleFields()).length, { message: `${context}: a poisoned field on screen` }).toBeGreaterThan(0);
      await traps.expectClean(context);
      await poisoner.expectGroupShownAsText(context);
      for (const field of await poisoner.visibleFields()) seen.add(field);
    },
  };
}

/** Checks and closes (with its own dismiss button) each of the `count` dialogs the screen opens in turn. */
async function drainDialogs(run: Run, context: string, count: number): Promise<void> {
  const dismiss = /^(Close|Not now|Got it|OK|Cancel|I know|I see|Later)$/;
  for (let i = 0; i < count; i += 1) {
    const dialog = run.page.getByRole('dialog').last();
    await expect(dialog).toBeVisible();
    await run.check(`${context}, dialog ${i + 1}`);
    // A click event rather than a tap: the long payloads can push the button under other content.
    await dialog.getByRole('button', { name: dismiss }).first().dispatchEvent('click');
  }
  await expect(run.page.getByRole('dialog')).toHaveCount(0);
}

/** Runs a screen GROUPS times, load g with payload group g, and returns the field names it showed. */
async function eachGroup(run: Run, load: (group: number) => Promise<void>): Promise<string[]> {
  for (let group = 0; group < GROUPS; group += 1) {
    run.poisoner.group = group;
    await load(group);
  }
  await run.traps.expectClean('after every load');
  return fieldNames([...run.seen]);
}

// Each test loads its screens once per group of poisoned fields: 10-20 s on a quiet machine, more
// than the default 30 s on a loaded one.
test.describe.configure({ mode: 'parallel', timeout: 90_000 });

test('the corpus holds at least 50 distinct payloads, each trying a hook and the sentinel', () => {
  expect(new Set(PAYLOADS).size).toBe(PAYLOADS.length);
  expect(PAYLOADS.length).toBeGreaterThanOrEqual(50);
  for (const payload of PAYLOADS) expect(payload, payload).toMatch(/alert\(|confirm\(|prompt\(|print\(|__xssSentinel|attacker\.example/);
});

test('order details: notice texts, detail rows, Kind tips, bank-card dialog, rollover message', async ({ page, ops, borrower }) => {
  const run = await startRun(page);
  const shown = await eachGroup(run, async (group) => {
    const p = run.poisoner;
    const order = await newOrder(ops, borrower, {
      status: 180,
      isDelay: '1',
      cardNeedPop: 1,
      // Stored by the server, then the stub fills it with the whole group (the ops field holds 200 characters).
      cardPopTitle: 'card dialog title',
      KindTipsMsg: p.text('ops KindTipsMsg'),
      cardPopMsg: p.text('ops cardPopMsg'),
      reyMsg: p.text('ops reyMsg'),
    });
    await openRenderedByBrowser(page, order.path);
    await drainDialogs(run, `order details, group ${group}`, 2);
    await run.check(`order details, group ${group}`);
    await page.getByRole('button', { name: 'Rollover Repayment' }).tap();
    await drainDialogs(run, `rollover prompt, group ${group}`, 1);
  });
  expect(shown).toEqual(expect.arrayContaining([
    'ops KindTipsMsg', 'ops cardPopMsg', 'ops reyMsg',
    'loan-details/loan-details.data.cardPopTitle',
    'loan-details/loan-details.data.noticeDesText',
    'loan-details/loan-details.data.noticeStatusText',
    'loan-details/loan-details.data.productName',
    'loan-details/loan-details.data.userOrderDetail.detail[].text',
    'loan-details/loan-details.data.userOrderDetail.detail[].value',
  ]));
});

test('joint-login failure: messages and recommended products (name, button, range, descriptions, rate, tags); a refused product', async ({ page, ops, borrower }) => {
  const run = await startRun(page);
  const order = await newOrder(ops, borrower, { status: 180 });
  run.poisoner.failing.add('/gopia/goya/define');
  const shown = await eachGroup(run, async (group) => {
    await openRenderedByBrowser(page, borrower.url('/wherePlurality', orderIds(order)));
    await run.check(`joint-login failure, group ${group}`);
    await page.getByRole('list', { name: /Recommended products/ }).getByRole('button').first().tap();
    await expect(page.getByRole('alert')).toBeVisible();
    await run.check(`joint-login failure refused product, group ${group}`);
  });
  expect(shown).toEqual(expect.arrayContaining([
    'goya/define.message (failure)',
    'goya/drowns.data.errorMsg',
    'goya/drowns.data.noticeMsg',
    'goya/drowns.data.recProducts[].buttonText',
    'goya/drowns.data.recProducts[].description',
    'goya/drowns.data.recProducts[].name',
    'goya/drowns.data.recProducts[].rangeDesc',
    'goya/drowns.data.recProducts[].rate',
    'goya/drowns.data.recProducts[].tags[]',
  ]));
});

test('loan confirmation V3: details, plans, rates, product, agreement titles', async ({ page, ops }) => {
  const run = await startRun(page);
  const created = await ops.createBorrower({ name: 'Ana Reyes', isRepeat: true });
  const shown = await eachGroup(run, async (group) => {
    await openRenderedByBrowser(page, withQuery('/smpSystem', { ...created.session, productId: 1 }));
    await run.check(`/smpSystem, group ${group}`);
  });
  expect(shown).toEqual(expect.arrayContaining([
    'contract/contract.data.data[].title',
    'loan-confirm/loan-detail-confirm.data.details[].text',
    'loan-confirm/loan-detail-confirm.data.details[].value',
    'loan-confirm/loan-detail-confirm.data.disclosure.financeCharges[].text',
    'loan-confirm/loan-detail-confirm.data.disclosure.title',
    'loan-confirm/loan-detail-confirm.data.pRateDsc',
    'loan-confirm/loan-detail-confirm.data.repay_plans[].description',
    'loan-confirm/loan-detail-confirm.data.repay_plans[].title',
  ]));
});

test.describe('on iOS', () => {
  test.use({ bridgePlatform: 'ios' });
  test("loan confirmation V3: the 'Point out' popup's title and content", async ({ page, ops, bridge }) => {
    void bridge;
    const run = await startRun(page);
    const created = await ops.createBorrower({ name: 'Ana Reyes', isRepeat: true });
    const shown = await eachGroup(run, async (group) => {
      await openRenderedByBrowser(page, withQuery('/smpSystem', { ...created.session, productId: 1 }));
      await run.check(`/smpSystem, group ${group}`);
      await page.getByRole('button', { name: 'Back', exact: true }).tap();
      await drainDialogs(run, `/smpSystem Point out, group ${group}`, 1);
    });
    expect(shown).toEqual(expect.arrayContaining([
    'loan-confirm/loan-detail-confirm.data.popContent', 'loan-confirm/loan-detail-confirm.data.popTitle',
  ]));
  });
});

test('loan confirmation second variant: popup, details, plans, buttons', async ({ page, ops }) => {
  const run = await startRun(page);
  const created = await ops.createBorrower({ name: 'Ana Reyes', isRepeat: true });
  const shown = await eachGroup(run, async (group) => {
    await openRenderedByBrowser(page, withQuery('/manyVoting', { ...created.session, productId: 1 }));
    await drainDialogs(run, `/manyVoting popup, group ${group}`, 1);
    await run.check(`/manyVoting, group ${group}`);
  });
  expect(shown).toEqual(expect.arrayContaining([
    'goya/cultures.data.data[].title',
    'goya/satire.data.NewButtonMsg',
    'goya/satire.data.NewPopMsg',
    'goya/satire.data.comProductName',
    'goya/satire.data.details[].text',
    'goya/satire.data.details[].value',
    'goya/satire.data.disclosure.financeCharges[].text',
    'goya/satire.data.disclosure.title',
    'goya/satire.data.repay_plans[].description',
    'goya/satire.data.repay_plans[].title',
  ]));
});

test('repayment plan: product, notice, detail rows (more), plan, payment methods, pay code, code screens', async ({ page, ops, borrower }) => {
  const run = await startRun(page);
  const order = await newOrder(ops, borrower, { status: 174, dueInDays: 1 });
  await ops.request('POST', '/pay-codes', { orderId: order.orderId, purpose: 'repay' });
  const shown = await eachGroup(run, async (group) => {
    await openRenderedByBrowser(page, borrower.url('/allowedAlso', orderIds(order)));
    await run.check(`/allowedAlso, group ${group}`);
    await page.getByRole('button', { name: 'more' }).tap();
    await run.check(`/allowedAlso more, group ${group}`);
    await page.getByRole('button', { name: /Payment Method/ }).tap();
    await drainDialogs(run, `/allowedAlso methods, group ${group}`, 1);
    await page.getByRole('region', { name: 'Your pay code' }).getByRole('link', { name: /^Copy the pay code/ }).tap();
    await expect(page).toHaveURL(/\/repaymentOfCode2\?/);
    await run.check(`/repaymentOfCode2, group ${group}`);
    await page.goBack();
    await page.getByRole('button', { name: 'Payment', exact: true }).tap();
    await expect(page).toHaveURL(/\/repaymentOfCode\?/);
    // This screen shows the code and the amount the page carried, no server text: only the traps are checked.
    await expect(page.getByText(/^\d{12}$/).first()).toBeVisible();
    await run.traps.expectClean(`/repaymentOfCode, group ${group}`);
  });
  expect(shown).toEqual(expect.arrayContaining([
    'installment/loan-play-detail.data.defDetail.payNotice.Bank branch[].name',
    'installment/loan-play-detail.data.defDetail.payNotice.Bank branch[].steps[]',
    'installment/loan-play-detail.data.defDetail.title',
    'installment/loan-play-detail.data.detail[].text',
    'installment/loan-play-detail.data.detail[].value',
    'installment/loan-play-detail.data.noticeMsg',
    'installment/loan-play-detail.data.productName',
    'installment/loan-play-detail.data.repayList[].name',
  ]));
});

test('rollover: title, fees, plan, and a refused Payment\'s toast', async ({ page, ops, borrower }) => {
  const run = await startRun(page);
  const order = await newOrder(ops, borrower, { status: 180, dueInDays: -5, isDelay: '1' });
  const shown = await eachGroup(run, async (group) => {
    await openRenderedByBrowser(page, borrower.url('/votingCandidates', orderIds(order)));
    await run.check(`/votingCandidates, group ${group}`);
    // A refused pay code: the answer's message is shown in a toast.
    run.poisoner.failing.add('/v3/loan-details/generate-vcode');
    await page.getByRole('button', { name: 'Payment', exact: true }).tap();
    await expect.poll(async () => (await run.poisoner.visibleFields()).some((f) => f.includes('generate-vcode'))).toBe(true);
    await run.check(`/votingCandidates refused pay code toast, group ${group}`);
    run.poisoner.failing.clear();
  });
  expect(shown).toEqual(expect.arrayContaining([
    'story/inherited.data.delayInfo.title',
    'story/inherited.data.noticeMsg',
    'story/inherited.data.productName',
    'story/inherited.data.repayList[].name',
    'story/inherited.data.repayPlan[].remark',
    'story/inherited.data.repayPlan[].title',
    'loan-details/generate-vcode.message (failure)',
  ]));
});

test('card repayment: the amount screen, the card list, the verification dialog and the borrow detail', async ({ page, ops, borrower }) => {
  const run = await startRun(page);
  const order = await newOrder(ops, borrower, { status: 174, dueInDays: 1 });
  await ops.request('POST', '/bank-cards', { borrowerId: borrower.borrowerId, bankName: 'BDO Unibank', bankCode: 'BDO', cardNo: '4000123412344821' });
  const shown = await eachGroup(run, async (group) => {
    await page.goto(borrower.url('/pay.html#/addnormalcard', orderIds(order)));
    await run.check(`#/addnormalcard, group ${group}`);
    await page.getByRole('radio').first().tap();
    await run.check(`#/alipayrepayment, group ${group}`);
    await page.goto(borrower.url('/pay.html#/borrowDetail', orderIds(order)));
    await run.check(`#/borrowDetail, group ${group}`);
  });
  expect(shown).toEqual(expect.arrayContaining([
    'loan-details/loan-details.data.noticeStatusText', 'loan-details/loan-details.data.productName', 'loan/repayment-way.data.bankCards[].bankName',
  ]));
});

test('customer service: e-mail and messaging contact', async ({ page, borrower }) => {
  const run = await startRun(page);
  const shown = await eachGroup(run, async (group) => {
    await openRenderedByBrowser(page, borrower.url('/beSeats'));
    await run.check(`/beSeats, group ${group}`);
  });
  expect(shown).toEqual(expect.arrayContaining([
    'personal-center/contact-kf-info.data.email', 'personal-center/contact-kf-info.data.smWa',
  ]));
});

test('complaints: problem types, orders, content and the agent reply (real server), rating dialog', async ({ page, ops, borrower }) => {
  const run = await startRun(page);
  const order = await newOrder(ops, borrower, { status: 180 });
  // The rating dialog waits 3 s after the details load: the test moves the clock.
  await page.clock.install();
  const shown = await eachGroup(run, async (group) => {
    await openRenderedByBrowser(page, borrower.url('/complainPage', { orderId: order.orderId }));
    await run.check(`/complainPage, group ${group}`);
    await page.getByRole('button').filter({ hasText: '⟦' }).last().tap();
    await expect(page).toHaveURL(/\/complainPageNext\?/);
    await run.check(`/complainPageNext, group ${group}`);
    // The borrower's own words and the agent's reply come from the real server.
    let complaint = 0;
    for (const words of run.poisoner.chunks('real problemDetail', 200)) complaint = await fileComplaint(borrower, words);
    await ops.request('POST', `/complaints/${complaint}/reply`, { disposeDetail: run.poisoner.text('ops disposeDetail'), disposeImages: [], isNeedScore: 1 });
    await openRenderedByBrowser(page, borrower.url('/complaintList'));
    await run.check(`/complaintList, group ${group}`);
    await openRenderedByBrowser(page, borrower.url('/complainDetails', { problemId: complaint }));
    await run.check(`/complainDetails, group ${group}`);
    await page.clock.runFor(3100);
    await drainDialogs(run, `/complainDetails rating, group ${group}`, 1);
  });
  expect(shown).toEqual(expect.arrayContaining([
    'ops disposeDetail',
    'real problemDetail',
    'user-problem/problem-init.data.orderDetail.productName',
    'user-problem/problem-init.data.orderList[].list[].title',
    'user-problem/problem-init.data.orderList[].list[].value',
    'user-problem/problem-init.data.orderList[].productName',
    'user-problem/problem-init.data.problemType[].title',
    'user-problem/problem-list.data.tabs[].title',
  ]));
});

test('bind bank: form titles, subtitles, options', async ({ page, ops, borrower }) => {
  const run = await startRun(page);
  const order = await newOrder(ops, borrower, { status: 180 });
  const shown = await eachGroup(run, async (group) => {
    await openRenderedByBrowser(page, borrower.url('/candidateWhile', { productId: order.productId }));
    await run.check(`/candidateWhile, group ${group}`);
    await page.getByRole('tab', { name: 'E-wallet' }).tap();
    await run.check(`/candidateWhile e-wallet, group ${group}`);
    await page.getByRole('tabpanel').getByRole('button').first().tap();
    await drainDialogs(run, `/candidateWhile picker, group ${group}`, 1);
  });
  expect(shown).toEqual(expect.arrayContaining([
    'bind-card/card-init.data.items[].note[].name', 'bind-card/card-init.data.items[].subtitle', 'bind-card/card-init.data.items[].title',
  ]));
});

test('promotion: template copy on the landing and the agreement', async ({ page }) => {
  const run = await startRun(page);
  const shown = await eachGroup(run, async (group) => {
    await page.goto(`/promo.html#/downloadTemplate?templateId=1&source=e2e-xss`);
    await run.check(`#/downloadTemplate, group ${group}`);
    await page.goto(`/promo.html#/agreementTemplate?templateId=2&source=e2e-xss`);
    await run.check(`#/agreementTemplate, group ${group}`);
  });
  expect(shown).toEqual(expect.arrayContaining([
    'channel/channel-template.data.agreement.sections[].heading',
    'channel/channel-template.data.agreement.sections[].paragraphs[]',
    'channel/channel-template.data.agreement.title',
    'channel/channel-template.data.buttonText',
    'channel/channel-template.data.highlights[]',
    'channel/channel-template.data.subtitle',
    'channel/channel-template.data.title',
  ]));
});
