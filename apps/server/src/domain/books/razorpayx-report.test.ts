/**
 * India's payout provider's daily report, fetched through the RazorpayX adapter from its stand-in
 * (issue 37, docs/books.md): a rupee payout made through RazorpayX and booked when it arrived is
 * matched, amount and RazorpayX's fee, by our reference; a payout RazorpayX lists that the books never
 * booked is an item for finance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderReport, ReconciliationItem } from '@cashloan/contract';
import { createHarness, type Harness } from '../../test-support/repayment-harness.ts';
import { createTestApp, openTestDb } from '../../test-support/test-app.ts';
import { signInAgain, signedInStaff, type TestStaff } from '../../test-support/staff.ts';
import { seedDemoPayoutAccounts } from '../../modules/bind-bank/seed.ts';
import { createRazorpayxPayoutProvider } from '../../providers/payouts/razorpayx.ts';
import { createSandboxPayoutProvider } from '../../providers/payouts/sandbox.ts';
import { createFixedClock } from '../../platform/clock/clock.ts';
import { ORDER_STATUS } from '../../loan-terms/status.ts';
import { createOrder, findProduct } from '../orders/service.ts';
import { bookDayOf } from './journal.ts';
import { STANDIN_FEES, startRazorpayxStandin, type RazorpayxStandin } from '../../../../../test/support/razorpayx-standin.ts';

let h: Harness;
let razorpayx: RazorpayxStandin;
let finance: TestStaff;
beforeAll(async () => {
  razorpayx = await startRazorpayxStandin({ autoComplete: true });
  const db = await openTestDb();
  const payouts = [
    createSandboxPayoutProvider({ db, clock: createFixedClock(new Date()) }, { name: 'sandbox', currency: 'PHP', secret: 'unused' }),
    createRazorpayxPayoutProvider({
      keyId: razorpayx.keyId,
      keySecret: razorpayx.keySecret,
      webhookSecret: razorpayx.webhookSecret,
      accountNumber: razorpayx.accountNumber,
      baseUrl: razorpayx.baseUrl,
      timeoutMs: 5_000,
    }),
  ];
  h = await createHarness(await createTestApp({ SESSION_TTL_DAYS: 3650 }, undefined, { db, payouts }));
  finance = await signedInStaff(h.t, ['finance']);
});
afterAll(async () => {
  await h.t.close();
  await razorpayx.close();
});

const data = <T>(res: { statusCode: number; body: string; json(): unknown }): T => {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: T }).data;
};

describe("RazorpayX's report of a day, fetched through its adapter", () => {
  it('matches the payout the books booked, amount and fee, and leaves the one they never booked to finance', async () => {
    const borrower = await h.t.newBorrower({ name: 'Asha Verma' });
    const product = (await findProduct(h.t.db, h.productIds[0]!))!;
    const order = await h.t.db.transaction((tx) => createOrder(tx, { borrower: { id: borrower.borrowerId, isRepeat: false }, product, status: ORDER_STATUS.disbursing, market: 'IN' }, h.t.clock.now()));
    await h.t.db.transaction(async (tx) => {
      await seedDemoPayoutAccounts(tx, h.t.cardData, { id: borrower.borrowerId, name: 'Asha Verma' }, [{ productId: order.productId, orderIds: [order.id], bankCode: 'BDO', accountNumber: '50100012345678' }], h.t.clock.now());
      // An Indian account is known by its IFSC (the demo's bank form is the Philippines').
      await tx.query(`UPDATE bank_cards SET bank_code = 'HDFC0001234' WHERE borrower_id = $1`, [borrower.borrowerId]);
    });
    const day = bookDayOf(h.t.clock.now(), 'INR');
    const released = data<{ payout: { reference: string; amountMinor: number; status: string } }>(await finance.call('POST', `/orders/${order.id}/release`, {}));
    // RazorpayX processed it at once: the books have its disbursement, with RazorpayX's fee.
    expect(released.payout.status).toBe('paid');
    const { reference, amountMinor } = released.payout;
    const booked = await h.t.db.query<{ provider: string; provider_ref: string }>(`SELECT provider, provider_ref FROM journal_entries WHERE kind = 'disbursement' AND order_id = $1`, [order.id]);
    expect(booked.rows).toEqual([{ provider: 'razorpayx', provider_ref: reference }]);
    // RazorpayX dates its payouts by its own clock: put them on the books' day.
    const at = Math.floor(h.t.clock.now().getTime() / 1000);
    razorpayx.payouts.get(reference)!.createdAt = at;
    // A payout someone made in the RazorpayX dashboard: in its report, never in our books.
    const stranger = `manual-${order.id}`;
    await h.t.payouts.byName('razorpayx')!.createPayout({
      reference: stranger,
      amountMinor: 12_300,
      currency: 'INR',
      account: { bankCode: 'HDFC0001234', bankName: 'HDFC Bank', accountNumber: '50100099999999', holderName: 'Office supplies' },
      contact: { name: 'Office supplies', phone: '9876500000' },
      narration: 'Not a loan',
    });
    razorpayx.payouts.get(stranger)!.createdAt = at + 60;

    await h.advance(86_400_000);
    finance = await signInAgain(h.t, finance);
    const report = data<ProviderReport>(await finance.call('POST', '/books/reports/fetch', { provider: 'razorpayx', day }));
    expect(report).toMatchObject({ provider: 'razorpayx', reportDay: day, fileName: `razorpayx-${day}.csv`, lineCount: 2, matched: 1, open: 1 });
    const { items } = data<{ items: ReconciliationItem[] }>(await finance.call('GET', `/books/reports/${report.id}`));
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ reference, state: 'matched', currency: 'INR', reportAmountMinor: amountMinor, reportFeeMinor: STANDIN_FEES, bookedFeeMinor: STANDIN_FEES, orderId: order.id }),
        expect.objectContaining({ reference: stranger, state: 'not_booked', reportAmountMinor: 12_300, reportFeeMinor: STANDIN_FEES, orderId: null }),
      ]),
    );
    expect(items).toHaveLength(2);
  });
});
