/**
 * Every back-office screen, with real data, checked by axe (no serious or critical finding) and for
 * images without text, at 1280 px; and at 768 px wide the page itself never scrolls sideways (wide
 * tables scroll inside their own box).
 */
import { checkAxe, checkImageText } from '../a11y-checks.ts';
import { test, expect } from '../fixtures.ts';
import { createStaff, desktop, fileComplaint, signIn, staffApi } from './staff.ts';

test.use(desktop);

test('every back-office screen passes axe at 1280 px and fits 768 px', async ({ page, ops, borrower }) => {
  // Twenty-three screens, each checked by axe twice over: about a minute on a quiet 2-core machine.
  test.setTimeout(240_000);
  // ₱20,000.00 lent: a posting of more than ₱10,000.00 on it waits for a second finance user (its row on the order and the postings screen).
  const order = await ops.request<{ orderId: number }>('POST', '/orders', { borrowerId: borrower.borrowerId, status: 180, amount: 2_000_000 });
  const complaintId = await fileComplaint(borrower, 'The app shows a payment I did not make.');
  // A code for the whole loan paid after part of it was paid: what was owed is applied, the rest is a
  // payment exception on finance's screen (Paid more than owed), and the settling payment voids the
  // order's other open code; the order's page shows the held credit and the voided code.
  const payer = await ops.createBorrower();
  const closing = await ops.request<{ orderId: number }>('POST', '/orders', { borrowerId: payer.borrowerId, status: 180 });
  const whole = await ops.request<{ code: string }>('POST', '/pay-codes', { orderId: closing.orderId, purpose: 'repay', channelNumber: '90007' });
  const part = await ops.request<{ code: string }>('POST', '/pay-codes', { orderId: closing.orderId, purpose: 'repay', channelNumber: '90006', amount: 50_000 });
  await ops.request('POST', `/pay-codes/${part.code}/paid`);
  const spare = await ops.request<{ code: string }>('POST', '/pay-codes', { orderId: closing.orderId, purpose: 'repay', channelNumber: '90006' });
  expect(await ops.request<{ outcome: string; unappliedMinor: number }>('POST', `/pay-codes/${whole.code}/paid`)).toMatchObject({ outcome: 'settled', unappliedMinor: 50_000 });
  await expect(ops.request('POST', `/pay-codes/${spare.code}/paid`)).rejects.toThrow(/was voided/);

  await page.goto('/backoffice/sign-in');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await checkAxe(page, 'sign-in');

  const everyone = await createStaff(ops, ['agent', 'finance', 'admin']);
  await signIn(page, ops, everyone);
  const held = await staffApi(page, 'POST', `/orders/${order.orderId}/payments`, { amountMinor: 1_500_000, method: 'bank-transfer', reference: `A11Y-${order.orderId}` });
  expect(held.status, JSON.stringify(held.body)).toBe(200);
  // Money out: an approved order whose payout the bank refused (its Payouts section with Release offered again).
  const refused = await ops.request<{ orderId: number }>('POST', '/orders', { borrowerId: payer.borrowerId, status: 110 });
  await ops.request('POST', '/payout-accounts', { orderId: refused.orderId, bankCode: 'BDO', accountNumber: '1234560000', accountName: 'Ana Reyes' });
  const released = await staffApi(page, 'POST', `/orders/${refused.orderId}/release`, {});
  expect(released.status, JSON.stringify(released.body)).toBe(200);

  // The books: a rupee payout provider's report of a day long past, with a line the books never booked (an open item).
  const report = await staffApi(page, 'POST', '/books/reports', {
    provider: 'sandbox-payouts-inr',
    fileName: 'a11y.csv',
    content: `provider,report_day,reference,type,currency,amount_minor,fee_minor\nsandbox-payouts-inr,2026-01-05,PO-A11Y-${order.orderId},payout,INR,250000,500`,
  });
  expect(report.status, JSON.stringify(report.body)).toBe(200);
  const reportId = (report.body.data as { id: number }).id;
  // The breach register: a breach found an hour ago (on the server's clock), not yet notified.
  const { now } = await ops.request<{ now: string }>('GET', '/clock');
  const breach = await staffApi(page, 'POST', '/breaches', {
    whatHappened: 'A list of bound accounts was emailed to a wrong address',
    dataInvolved: 'your name and the last 4 digits of your account',
    measuresTaken: 'The recipient deleted it',
    borrowerCanDo: 'Watch for messages asking for your PIN or OTP',
    contact: 'dpo@pesonow.example',
    discoveredAt: new Date(new Date(now).getTime() - 3_600_000).toISOString(),
    query: { kind: 'orders-in-market', market: 'PH' },
  });
  expect(breach.status, JSON.stringify(breach.body)).toBe(200);
  const breachId = (breach.body.data as { id: number }).id;

  const screens: Array<[path: string, heading: string | RegExp]> = [
    ['/backoffice/', 'Dashboard'],
    ['/backoffice/complaints', 'Complaints'],
    [`/backoffice/complaints/${complaintId}`, `Complaint #${complaintId}`],
    ['/backoffice/orders', 'Orders'],
    [`/backoffice/orders/${order.orderId}`, /^Order PN/],
    [`/backoffice/orders/${closing.orderId}`, /^Order PN/],
    [`/backoffice/orders/${refused.orderId}`, /^Order PN/],
    ['/backoffice/postings', 'Postings to approve'],
    ['/backoffice/payouts', 'Payouts'],
    ['/backoffice/payouts?status=failed', 'Payouts'],
    ['/backoffice/payment-exceptions', 'Payment exceptions'],
    ['/backoffice/books', 'Books'],
    ['/backoffice/reconciliation', 'Reconciliation'],
    [`/backoffice/reconciliation/reports/${reportId}`, "sandbox-payouts-inr's report of 2026-01-05"],
    ['/backoffice/borrowers', 'Borrowers'],
    [`/backoffice/borrowers/${borrower.borrowerId}`, /^Borrower /],
    ['/backoffice/breaches', 'Breach register'],
    [`/backoffice/breaches/${breachId}`, /^Breach BR-/],
    ['/backoffice/accounts', 'Staff accounts'],
    ['/backoffice/audit', 'Audit log'],
    ['/backoffice/settings', 'Settings'],
    ['/backoffice/account/password', 'Change password'],
    ['/backoffice/account/second-factor', 'Second factor'],
  ];
  for (const [path, heading] of screens) {
    await page.setViewportSize(desktop.viewport);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
    // The screen's data has arrived: no spinner is left.
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    await checkAxe(page, path);
    await checkImageText(page, path);

    await page.setViewportSize({ width: 768, height: 1024 });
    // Once the layout has settled (the side menu folds away at this width), the page fits.
    const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await expect.poll(sideways, { message: `${path} scrolls sideways at 768 px`, timeout: 5_000 }).toBeLessThanOrEqual(0);
  }
});
