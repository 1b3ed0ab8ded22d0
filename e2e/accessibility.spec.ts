/**
 * Accessibility and small screens on every route of spec section 2 (main app, pay.html#/… and
 * promo.html#/…), with seeded borrowers and orders in a suitable state:
 * - axe-core (WCAG 2.0/2.1 A and AA) on the route and on its meaningful open states (popups,
 *   dialogs, pickers): no violation of impact serious or critical, except the entries of
 *   e2e/a11y-exceptions.ts;
 * - at 320×568, and with the root font at 200% at 320×568 and 375×667, no horizontal scrolling (a
 *   320 px screenshot of each route is attached to the report); touch targets of at least 44×44 px;
 * - at 320×568 with Android's text zoom at 200% (every font size doubled, px ones too): no
 *   horizontal scrolling and no text cut off or split mid-word, on the routes and in the dialogs;
 * - every image has a text alternative (an empty alt only when marked decorative), the status icons
 *   theirs.
 * The checks themselves are in e2e/a11y-checks.ts. Each finding is a soft failure, so one run lists
 * every route that fails. The dialogs opened by a control (Point out, the verification code,
 * 'Already registered', the image viewers, the rating result) are checked in e2e/keyboard.spec.ts,
 * where they are opened by keyboard.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect, orderIds, withQuery, type CreatedOrder, type OpsClient } from './fixtures.ts';
import { checkAxe, checkDialogNarrow, checkImageText, checkNarrow, checkTextZoom } from './a11y-checks.ts';

interface Person {
  borrowerId: number;
  url(path: string, extra?: Record<string, string | number | undefined>): string;
}
/** One repeat borrower with an order in each state the routes need, and a first-loan borrower. */
interface Shared {
  repeat: Person;
  firstLoan: Person;
  repaying: CreatedOrder;
  due: CreatedOrder;
  rollover: CreatedOrder;
  cardPopup: CreatedOrder;
  rating: CreatedOrder;
  /** A due order with one payment of a pay code (the records screens, issue 22). */
  paid: CreatedOrder & { paymentId: number };
  /** An order paid out today, in its cooling-off period (the cancel screen, issue 23). */
  cooling: CreatedOrder;
}

const PRODUCT_ID = 1;

// One set per worker: every test of the worker reuses it.
let shared: Promise<Shared> | undefined;
function sharedData(ops: OpsClient): Promise<Shared> {
  shared ??= (async () => {
    const person = async (isRepeat: boolean): Promise<Person> => {
      const created = await ops.createBorrower({ name: 'Ana Reyes', isRepeat });
      return { borrowerId: created.borrowerId, url: (path, extra = {}) => withQuery(path, { ...created.session, ...extra }) };
    };
    const repeat = await person(true);
    const firstLoan = await person(false);
    const order = (body: Record<string, unknown>) => ops.request<CreatedOrder>('POST', '/orders', { borrowerId: repeat.borrowerId, ...body });
    const repaying = await order({ status: 170 });
    const due = await order({ status: 174, dueInDays: 1 });
    const rollover = await order({ status: 180, dueInDays: -5, isDelay: '1', reyMsg: 'Pay the extension fee and your due date moves on.' });
    const cardPopup = await order({
      status: 180,
      cardNeedPop: 1,
      cardPopTitle: 'Check your payment account',
      cardPopMsg: 'Make sure your payment account details are correct.',
      KindTipsMsg: 'Repay today to stop late charges.',
    });
    const rating = await order({ status: 200, isScore: '1' });
    await ops.request('POST', '/pay-codes', { orderId: due.orderId, purpose: 'repay' });
    await ops.request('POST', '/bank-cards', { borrowerId: repeat.borrowerId, bankName: 'BDO Unibank', bankCode: 'BDO', cardNo: '4000123412344821' });
    // Part of what is due, paid with a pay code: the order stays open, with a payment and a next due date.
    const paidOrder = await order({ status: 174, dueInDays: 1 });
    const payCode = await ops.request<{ code: string }>('POST', '/pay-codes', { orderId: paidOrder.orderId, purpose: 'repay', amount: 100_000 });
    const { paymentId } = await ops.request<{ paymentId: number }>('POST', `/pay-codes/${payCode.code}/paid`);
    const paid = { ...paidOrder, paymentId };
    const cooling = await order({ status: 170, disbursedDaysAgo: 0 });
    return { repeat, firstLoan, repaying, due, rollover, cardPopup, rating, paid, cooling };
  })();
  return shared;
}

interface RouteCase {
  route: string;
  url(s: Shared): string;
  /** Something that shows the route has loaded. */
  ready(page: Page): Locator;
  /** Further states on the same page load: each opens its state and returns where axe should look. */
  states?: Array<{ name: string; open(page: Page): Promise<void> }>;
  /** The order-status icon's text equivalent, on the screens that show one. */
  statusIcon?: string;
}

const heading = (name: string | RegExp, level = 1) => (page: Page) => page.getByRole('heading', { level, name });
const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });

const ROUTES: RouteCase[] = [
  { route: '/', url: () => '/', ready: (page) => page.getByRole('tab', { name: 'Home' }) },
  // No order named: the failure page shows the 'not approved' status.
  { route: '/wherePlurality', url: (s) => s.repeat.url('/wherePlurality'), ready: heading('Order Details'), statusIcon: 'Status: not approved' },
  {
    route: '/allIt',
    url: (s) => s.rollover.path,
    ready: heading('Order Details'),
    statusIcon: 'Status: overdue',
    states: [
      {
        name: 'rollover prompt',
        open: async (page) => {
          await page.getByRole('button', { name: 'Rollover Repayment' }).tap();
          await expect(dialog(page, 'Rollover Repayment')).toBeVisible();
        },
      },
    ],
  },
  { route: '/anFrom', url: (s) => s.repaying.path.replace('/allIt', '/anFrom'), ready: heading('Order Details'), statusIcon: 'Status: repaying' },
  { route: '/smpSystem', url: (s) => s.repeat.url('/smpSystem', { productId: PRODUCT_ID }), ready: heading('Loan confirmation') },
  {
    route: '/manyVoting',
    url: (s) => s.repeat.url('/manyVoting', { productId: PRODUCT_ID }),
    // On load the screen greets with the promotional popup, which opens once the page's code has run
    // (and its own, when first opened): checked with it open, so axe never meets it half faded in.
    ready: (page) => dialog(page, 'Your loan offer'),
  },
  {
    route: '/allowedAlso',
    url: (s) => s.repeat.url('/allowedAlso', orderIds(s.due)),
    ready: (page) => page.getByRole('region', { name: 'Your pay code' }),
    states: [
      {
        name: 'Payment Method popup',
        open: async (page) => {
          await page.getByRole('button', { name: /Payment Method/ }).tap();
          await expect(dialog(page, 'Payment Method')).toBeVisible();
        },
      },
    ],
  },
  { route: '/byAs', url: (s) => s.repeat.url('/byAs', orderIds(s.repaying)), ready: (page) => page.getByRole('region', { name: 'Amount to repay' }) },
  { route: '/beSeats', url: (s) => s.repeat.url('/beSeats'), ready: (page) => page.getByRole('main') },
  { route: '/toIs', url: (s) => s.repeat.url('/toIs', { productId: PRODUCT_ID, position: 1 }), ready: (page) => page.getByRole('article', { name: 'Loan Agreement' }) },
  { route: '/pluralityCounting', url: (s) => s.repeat.url('/pluralityCounting'), ready: (page) => page.getByRole('main') },
  { route: '/maySimilar', url: () => '/maySimilar', ready: (page) => page.getByRole('main') },
  {
    route: '/votingCandidates',
    url: (s) => s.repeat.url('/votingCandidates', orderIds(s.rollover)),
    ready: heading('Extend your loan by 91 days'),
    states: [
      {
        name: 'Payment Method popup',
        open: async (page) => {
          await page.getByRole('button', { name: /Payment Method/ }).tap();
          await expect(dialog(page, 'Payment Method')).toBeVisible();
        },
      },
    ],
  },
  { route: '/numberWill', url: (s) => s.repeat.url('/numberWill', { orderId: s.rollover.orderId }), ready: (page) => page.getByRole('button', { name: 'Collection' }) },
  {
    route: '/candidateWhile',
    url: (s) => s.repeat.url('/candidateWhile', { productId: PRODUCT_ID }),
    ready: heading('Payment account information'),
    states: [
      {
        name: 'picker open',
        open: async (page) => {
          await page.getByRole('tabpanel').getByRole('button').first().tap();
          await expect(page.getByRole('dialog')).toBeVisible();
        },
      },
    ],
  },
  { route: '/dragonpayPaymentInstructions', url: (s) => s.repeat.url('/dragonpayPaymentInstructions'), ready: heading('Gcash Bills', 2) },
  {
    route: '/repaymentOfCode',
    url: (s) => s.repeat.url('/repaymentOfCode', { showType: 1, payCode: '123456789012', repayAmount: '5605.00' }),
    ready: (page) => page.getByText('123456789012', { exact: true }),
  },
  {
    route: '/repaymentOfCode2',
    // The screen reads what the repayment screen stored: reached from its pay-code card.
    url: (s) => s.repeat.url('/allowedAlso', orderIds(s.due)),
    ready: (page) => page.getByText('Contract No.', { exact: true }),
  },
  { route: '/testPreview', url: (s) => s.repeat.url('/testPreview', { orderId: 42 }), ready: (page) => page.getByRole('main') },
  { route: '/complainPage', url: (s) => s.repeat.url('/complainPage'), ready: (page) => page.getByRole('button', { name: 'Collection' }) },
  {
    route: '/complainPageNext',
    // A collection complaint about an order that does not allow one: the Spanish message shows.
    url: (s) => s.repeat.url('/complainPageNext', { problemType: '1', problemSonType: '11', orderNo: s.repaying.orderNo }),
    ready: (page) => page.getByRole('textbox', { name: 'Description' }),
    states: [
      {
        name: 'refused by the server',
        open: async (page) => {
          await page.getByRole('textbox', { name: 'Description' }).fill('They called me at night.');
          await page.getByRole('button', { name: 'Send' }).tap();
          await expect(page.getByRole('alert').locator('[lang="es"]')).toHaveText('El pedido seleccionado no admite el envío de tipo de colección.');
        },
      },
    ],
  },
  { route: '/complaintList', url: (s) => s.repeat.url('/complaintList'), ready: (page) => page.getByRole('main') },
  // Ours (issue 22): the records of an order with a payment.
  { route: '/paymentHistory', url: (s) => s.repeat.url('/paymentHistory', orderIds(s.paid)), ready: (page) => page.getByRole('link', { name: /^View receipt/ }) },
  {
    route: '/paymentReceipt',
    url: (s) => s.repeat.url('/paymentReceipt', { ...orderIds(s.paid), paymentId: s.paid.paymentId }),
    ready: (page) => page.getByRole('button', { name: 'Download PDF of this receipt' }),
  },
  { route: '/loanDocuments', url: (s) => s.repeat.url('/loanDocuments', orderIds(s.paid)), ready: (page) => page.getByRole('list', { name: 'Documents' }) },
  // Ours (issue 39): the borrower's data rights.
  // Ready once the correction's photo picker, loaded after the first screen, is in.
  { route: '/myData', url: (s) => s.repeat.url('/myData'), ready: (page) => page.getByText('Add photo', { exact: true }) },
  // Ours (issue 23): cancelling a loan in its cooling-off period, and the order screen that links to it.
  { route: '/cancelLoan', url: (s) => s.repeat.url('/cancelLoan', orderIds(s.cooling)), ready: (page) => page.getByRole('button', { name: 'Get the pay code' }) },
  { route: '/anFrom (cooling-off)', url: (s) => s.repeat.url('/anFrom', orderIds(s.cooling)), ready: (page) => page.getByRole('link', { name: 'Cancel this loan' }) },
  { route: 'pay.html#/borrowDetail', url: (s) => s.repeat.url('/pay.html#/borrowDetail', orderIds(s.due)), ready: (page) => page.getByRole('main') },
  { route: 'pay.html#/addnormalcard', url: (s) => s.repeat.url('/pay.html#/addnormalcard', orderIds(s.due)), ready: (page) => page.getByRole('radio', { name: /BDO Unibank/ }) },
  { route: 'pay.html#/alipayrepayment', url: (s) => s.repeat.url('/pay.html#/alipayrepayment', orderIds(s.due)), ready: (page) => page.getByRole('button', { name: 'Confirm repayment' }) },
  {
    route: 'promo.html#/downloadTemplate',
    url: () => `/promo.html#/downloadTemplate?templateId=1&source=e2e-a11y`,
    ready: (page) => page.getByRole('textbox', { name: 'Mobile number' }),
  },
  { route: 'promo.html#/agreementTemplate', url: () => `/promo.html#/agreementTemplate?templateId=2&source=e2e-a11y`, ready: (page) => page.getByRole('main') },
];

test.describe('Accessibility: every route', () => {
  for (const c of ROUTES) {
    test(`${c.route}: axe and 320 px`, async ({ page, ops }, testInfo) => {
      const s = await sharedData(ops);
      await page.goto(c.url(s));
      if (c.route === '/repaymentOfCode2') {
        await page.getByRole('region', { name: 'Your pay code' }).getByRole('link', { name: /^Copy the pay code/ }).tap();
        await expect(page).toHaveURL(/\/repaymentOfCode2\?/);
      }
      await expect(c.ready(page).first()).toBeVisible();
      await checkAxe(page, c.route);
      await checkImageText(page, c.route);
      if (c.statusIcon) await expect.soft(page.getByRole('img', { name: c.statusIcon }), `${c.route}: the status icon's text`).toBeVisible();
      await checkNarrow(page, c.route, testInfo);
      await checkTextZoom(page, c.route, testInfo);
      for (const state of c.states ?? []) {
        await state.open(page);
        await checkAxe(page, `${c.route} (${state.name})`);
        if (await page.getByRole('dialog').count()) await checkDialogNarrow(page, `${c.route} (${state.name})`);
      }
    });
  }

  test('/complainDetails: axe and 320 px, with the sent dialog before and the rating dialog', async ({ page, ops }, testInfo) => {
    const s = await sharedData(ops);
    // A complaint of this borrower's own, sent through step two.
    await page.goto(s.repeat.url('/complainPageNext', { problemType: '3' }));
    await page.getByRole('textbox', { name: 'Description' }).fill('The app shows an old due date.');
    await page.getByRole('button', { name: 'Send' }).tap();
    await expect(dialog(page, 'Complaint sent')).toBeVisible();
    await checkAxe(page, '/complainPageNext (sent dialog)');
    const { items } = await ops.request<{ items: Array<{ id: number }> }>('GET', `/complaints?borrowerId=${s.repeat.borrowerId}`);
    const problemId = items[items.length - 1]!.id;
    await ops.request('POST', `/complaints/${problemId}/reply`, { disposeDetail: 'We have checked it.', disposeImages: [], isNeedScore: 1 });

    await page.goto(s.repeat.url('/complainDetails', { problemId }));
    await expect(page.getByRole('heading', { name: 'Process Result' })).toBeVisible();
    await checkAxe(page, '/complainDetails');
    await checkImageText(page, '/complainDetails');
    await checkNarrow(page, '/complainDetails', testInfo);
    await checkTextZoom(page, '/complainDetails', testInfo);
    const rating = dialog(page, 'How did we handle your complaint?');
    await expect(rating).toBeVisible({ timeout: 8_000 });
    await checkAxe(page, '/complainDetails (rating dialog)');
    await checkDialogNarrow(page, '/complainDetails (rating dialog)');
    // Submitting without a star shows the Indonesian prompt, marked as such.
    await rating.getByRole('button', { name: 'Send' }).tap();
    await expect(page.locator('[lang="id"]', { hasText: 'Silakan pilih' })).toBeVisible();
  });

  test('order-details popups: bank-card dialog, Kind tips and rating', async ({ page, ops }) => {
    const s = await sharedData(ops);
    await page.goto(s.cardPopup.path);
    await expect(dialog(page, 'Check your payment account')).toBeVisible();
    await checkAxe(page, '/allIt (bank-card dialog)');
    await checkDialogNarrow(page, '/allIt (bank-card dialog)');
    await dialog(page, 'Check your payment account').getByRole('button', { name: 'Not now' }).tap();
    await expect(dialog(page, 'Kind tips')).toBeVisible();
    await checkAxe(page, '/allIt (Kind tips)');
    await checkDialogNarrow(page, '/allIt (Kind tips)');

    await page.goto(s.rating.path);
    const rating = dialog(page, 'Rate us');
    await expect(rating).toBeVisible();
    await checkAxe(page, '/allIt (rating popup)');
    await checkDialogNarrow(page, '/allIt (rating popup)');
    await rating.getByRole('button', { name: 'Submit' }).tap();
    await expect(page.locator('[lang="id"]', { hasText: 'Silakan pilih' })).toBeVisible();
  });

  test('loan confirmation: the loan-agreement modal of a first loan', async ({ page, ops }) => {
    const s = await sharedData(ops);
    await page.goto(s.firstLoan.url('/smpSystem', { productId: PRODUCT_ID }));
    const modal = dialog(page, 'Loan Agreement');
    await expect(modal).toBeVisible();
    await expect(page.frameLocator('iframe[title="The loan agreement"]').getByRole('article', { name: 'Loan Agreement' })).toBeVisible();
    await checkAxe(page, '/smpSystem (loan-agreement modal)');
    await checkDialogNarrow(page, '/smpSystem (loan-agreement modal)');
  });

  test('the Spanish message is marked lang="es"', async ({ page, ops }) => {
    const s = await sharedData(ops);
    // The entry opened for a repaying order, which does not allow a collection complaint.
    await page.goto(s.repeat.url('/numberWill', { orderId: s.repaying.orderId }));
    await page.getByRole('button', { name: 'Collection' }).tap();
    await expect(page.locator('[lang="es"]', { hasText: 'El pedido seleccionado no admite el envío de tipo de colección.' }).first()).toBeVisible();
  });
});
