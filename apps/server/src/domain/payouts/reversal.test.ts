/**
 * A payout the bank sends back after it arrived (a reversal), told by the provider's signed webhook:
 * the Xendit adapter against its stand-in. The order is not moved back: the payout is finance's to
 * resolve (the Payouts list shows it first), and the borrower is told. The books have the money back
 * at Xendit, and Xendit's report of the day (its transactions list) matches the payout and its return.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanDetailsRoute, type OrderDetails, type ReconciliationItem, type StaffPayout } from '@cashloan/contract';
import { createHarness, type Harness } from '../../test-support/repayment-harness.ts';
import { createTestApp } from '../../test-support/test-app.ts';
import { signInAgain, signedInStaff, type TestStaff } from '../../test-support/staff.ts';
import { bookDayOf } from '../books/journal.ts';
import { seedDemoPayoutAccounts } from '../../modules/bind-bank/seed.ts';
import { payoutNotificationUrl } from '../../modules/provider-notifications/payout-routes.ts';
import { createXenditPayoutProvider } from '../../providers/payouts/xendit.ts';
import { createSandboxPayoutProvider } from '../../providers/payouts/sandbox.ts';
import { createFixedClock } from '../../platform/clock/clock.ts';
import { openTestDb } from '../../test-support/test-app.ts';
import { ORDER_STATUS } from '../../loan-terms/status.ts';
import { startXenditStandin, type XenditStandin } from '../../../../../test/support/xendit-standin.ts';

let h: Harness;
let xendit: XenditStandin;
let base: string;
let finance: TestStaff;
beforeAll(async () => {
  xendit = await startXenditStandin();
  const db = await openTestDb();
  const payouts = [
    createXenditPayoutProvider({ secretKey: xendit.secretKey, callbackToken: xendit.callbackToken, baseUrl: xendit.baseUrl, timeoutMs: 5_000 }),
    createSandboxPayoutProvider({ db, clock: createFixedClock(new Date()) }, { name: 'sandbox-inr', currency: 'INR', secret: 'unused' }),
  ];
  h = await createHarness(await createTestApp({ SESSION_TTL_DAYS: 3650 }, undefined, { db, payouts }));
  base = await h.t.app.listen({ port: 0, host: '127.0.0.1' });
  finance = await signedInStaff(h.t, ['finance']);
});
afterAll(async () => {
  await h.t.close();
  await xendit.close();
});

describe('a payout returned by the bank after it arrived', () => {
  it('is an exception on the Payouts list, the order stays repaying, and the borrower is told', async () => {
    const borrower = await h.t.newBorrower({ name: 'Maria Santos' });
    const order = await h.order(borrower.borrowerId, ORDER_STATUS.disbursing);
    await h.t.db.transaction((tx) =>
      seedDemoPayoutAccounts(tx, h.t.cardData, { id: borrower.borrowerId, name: 'Maria Santos' }, [{ productId: order.productId, orderIds: [order.id], bankCode: 'BDO', accountNumber: '1234567890' }], h.t.clock.now()),
    );
    const released = await finance.call('POST', `/orders/${order.id}/release`, {});
    expect(released.statusCode, released.body).toBe(200);
    expect((released.json().data.payout as StaffPayout).status).toBe('processing');
    const reference = `PO-${order.orderNo}-1`;
    // Xendit made it under our reference, with the account's number and the name on the account.
    expect(xendit.payouts.get(reference)).toMatchObject({ channel_code: 'PH_BDO', amount: 5000, channel_properties: { account_number: '1234567890', account_holder_name: 'Maria Santos' } });

    xendit.complete(reference, 'SUCCEEDED');
    expect((await xendit.notify(`${base}${payoutNotificationUrl('xendit')}`, reference)).status).toBe(200);
    expect((await h.reload(order.id)).status).toBe(ORDER_STATUS.repaying);
    // A webhook with the wrong verification token is refused and changes nothing.
    xendit.complete(reference, 'REVERSED');
    expect((await xendit.notify(`${base}${payoutNotificationUrl('xendit')}`, reference, { token: 'not-the-token' })).status).toBe(403);
    expect((await finance.call('GET', '/payouts')).json().data.total).toBe(0);

    expect((await xendit.notify(`${base}${payoutNotificationUrl('xendit')}`, reference)).status).toBe(200);
    const after = await h.reload(order.id);
    expect(after.status).toBe(ORDER_STATUS.repaying);
    const list = (await finance.call('GET', '/payouts')).json().data as { items: StaffPayout[]; total: number };
    expect(list.items.map((p) => [p.reference, p.status])).toEqual([[reference, 'reversed']]);
    expect(list.items[0]!.paidAt).not.toBeNull();
    expect(list.items[0]!.reversedAt).not.toBeNull();
    const shown = (await h.call(loanDetailsRoute, borrower.session, { productId: order.productId, orderId: order.id })).body.data as OrderDetails;
    expect(shown.payoutProblemText).toBe('Your bank returned the ₱5,000.00 we sent to your account ending 7890. We will contact you.');
    // Nothing can be released again by itself: finance resolves it with the borrower.
    expect((await finance.call('POST', `/orders/${order.id}/release`, {})).statusCode).toBe(409);

    // The books: the payout and its return, each matched with Xendit's report of the day (fetched through the adapter).
    const day = bookDayOf(h.t.clock.now(), 'PHP');
    xendit.payouts.get(reference)!.created = h.t.clock.now().toISOString();
    await h.advance(86_400_000);
    finance = await signInAgain(h.t, finance);
    const fetched = await finance.call('POST', '/books/reports/fetch', { provider: 'xendit', day });
    expect(fetched.statusCode, fetched.body).toBe(200);
    expect(fetched.json().data).toMatchObject({ provider: 'xendit', lineCount: 2, matched: 2, open: 0 });
    const items = (await finance.call('GET', `/books/reports/${fetched.json().data.id}`)).json().data.items as ReconciliationItem[];
    expect(items.map((i) => [i.reference, i.type, i.state, i.reportAmountMinor, i.reportFeeMinor])).toEqual(
      expect.arrayContaining([
        [reference, 'payout', 'matched', 500_000, 1000],
        [reference, 'payout_return', 'matched', 500_000, 0],
      ]),
    );
  });
});
