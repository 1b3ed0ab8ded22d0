import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateVcodeRoute, loanPlayDetailRoute, loanDetailsRoute, rolloverInfoRoute, type SessionParams } from '@cashloan/contract';
import { createHarness, type Harness } from '../../test-support/repayment-harness.ts';
import type { OrderRow } from '../../domain/orders/service.ts';

/** The repayment-code screen's query from a payUrl. */
function payUrlQuery(payUrl: string) {
  const url = new URL(payUrl, 'http://h5.test');
  expect(url.pathname).toBe('/repaymentOfCode');
  return Object.fromEntries(url.searchParams);
}

describe('the repayment screens and their pay codes', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.t.close());

  const ids = (order: OrderRow) => ({ productId: order.productId, orderId: order.id });
  const plan = (session: SessionParams, order: OrderRow, real?: string) => h.call(loanPlayDetailRoute, real ? { ...session, real } : session, ids(order));
  const rollover = (session: SessionParams, order: OrderRow) => h.call(rolloverInfoRoute, session, ids(order));
  const payCode = (session: SessionParams, order: OrderRow, amount: number, channelNumber = '90006', isDelay?: '1') =>
    h.call(generateVcodeRoute, session, { ...ids(order), amount, channelNumber, ...(isDelay ? { isDelay } : {}) });

  describe('loan-play-detail (/allowedAlso)', () => {
    it('answers what is due, the detail rows, the counter channels with the first preselected, and no pay code yet', async () => {
      const { borrowerId, session } = await h.t.newBorrower();
      const order = await h.order(borrowerId, 174, { dueInDays: 2 });
      const { status, body } = await plan(session, order);
      expect(status).toBe(200);
      expect(body.code).toBe(0);
      const data = body.data;
      expect(data).toMatchObject({
        productName: 'PesoNow Cash',
        productLogo: '/logos/pesonow-cash.svg',
        repayAmount: 560_500,
        repayDate: '2026-11-03',
        noticeMsg: 'Please repay ₱5,605.00 by 2026-11-03.',
        isShowReyTop: 1,
      });
      expect(data.detail.slice(0, 3)).toEqual([
        { text: 'Amount due', value: '₱5,605.00' },
        { text: 'Due date', value: '2026-11-03' },
        { text: 'Loan amount', value: '₱5,000.00' },
      ]);
      expect(data.detail).toContainEqual({ text: 'Order No.', value: order.orderNo });
      // The internal card and checkout channels are never offered as counter channels.
      expect(data.repayList.map((c: { channel_number: string }) => c.channel_number)).toEqual(['90006', '90007', '90008', '90009', '90010', '90011']);
      expect(data.repayList[0]).toEqual({ name: 'Online Banking', logo: '/logos/channel-online-banking.svg', channel_number: '90006' });
      expect(data.defDetail).toMatchObject({ payCode: '', title: 'Online Banking', logo: '/logos/channel-online-banking.svg' });
      expect(Object.keys(data.defDetail.payNotice).sort()).toEqual(['Bank branch', 'Mobile banking app']);
      expect(data.defDetail.payNotice['Bank branch'][0].steps.length).toBeGreaterThan(1);
    });

    it('writes amounts in rupees when the page says real=1', async () => {
      const { borrowerId, session } = await h.t.newBorrower();
      const order = await h.order(borrowerId, 174, { dueInDays: 2 });
      const { body } = await plan(session, order, '1');
      expect(body.data.detail[0]).toEqual({ text: 'Amount due', value: '₹5,605.00' });
      expect(body.data.noticeMsg).toBe('Please repay ₹5,605.00 by 2026-11-03.');
      expect(body.data.repayAmount).toBe(560_500);
    });

    it('adds the late charges of an overdue order to what is due', async () => {
      const { borrowerId, session } = await h.t.newBorrower();
      const order = await h.order(borrowerId, 180, { dueInDays: -5 });
      const { body } = await plan(session, order);
      // PesoNow Cash is under the SEC caps: late charges at most 5 % a month of the 5,605.00 due,
      // 5 days: 5605.00 × 5 × 5 % / 30 = 46.70 (rounded down), all of it the first-loan penalty
      // (the seed's terms would have charged 1,401.25 of interest and the 1,000.00 penalty).
      expect(body.data.repayAmount).toBe(560_500 + 4_670);
      expect(body.data.noticeMsg).toBe('Your repayment is 5 days overdue. Please repay ₱5,651.70 today to stop further late charges.');
      expect(body.data.detail).toEqual(
        expect.arrayContaining([
          { text: 'Days overdue', value: '5' },
          { text: 'Overdue interest', value: '₱0.00' },
          { text: 'Late penalty', value: '₱46.70' },
        ]),
      );
    });

    it("refuses another borrower's order, a settled one and one not yet disbursed, each with its reason", async () => {
      const owner = await h.t.newBorrower();
      const other = await h.t.newBorrower();
      const due = await h.order(owner.borrowerId, 174, { dueInDays: 1 });
      expect(await plan(other.session, due)).toMatchObject({ status: 404, body: { code: 404, message: 'This order was not found. Please check your orders and try again.', data: null } });
      const settled = await h.order(owner.borrowerId, 200);
      expect((await plan(owner.session, settled)).body).toMatchObject({ code: 409, message: 'You have repaid this loan in full. Thank you!' });
      const inReview = await h.order(owner.borrowerId, 21);
      expect((await plan(owner.session, inReview)).body.message).toBe('This loan has not been disbursed yet, so there is nothing to repay.');
    });
  });

  describe('generate-vcode', () => {
    it('issues a code through the provider, answers the repayment-code screen, and gives the same live code when asked again', async () => {
      const { borrowerId, session } = await h.t.newBorrower();
      const order = await h.order(borrowerId, 174, { dueInDays: 0 });
      const first = await payCode(session, order, 560_500);
      expect(first.body.code).toBe(0);
      const shown = payUrlQuery(first.body.data.payUrl);
      expect(shown).toMatchObject({ showType: '1', payCodeImg: '', repayAmount: '560500' });
      expect(shown.payCode).toMatch(/^\d{12}$/);
      const again = await payCode(session, order, 560_500);
      expect(payUrlQuery(again.body.data.payUrl).payCode).toBe(shown.payCode);
      // Back on the screen, the default channel's card shows the code the borrower was given.
      expect((await plan(session, order)).body.data.defDetail).toMatchObject({ payCode: shown.payCode, title: 'Online Banking' });

      // Another channel gets its own code, and becomes the card shown.
      const seven = payUrlQuery((await payCode(session, order, 560_500, '90007')).body.data.payUrl);
      expect(seven.payCode).not.toBe(shown.payCode);
      const defDetail = (await plan(session, order)).body.data.defDetail;
      expect(defDetail).toMatchObject({ payCode: seven.payCode, title: '7-Eleven', logo: '/logos/channel-7eleven.svg' });
      expect(Object.keys(defDetail.payNotice).sort()).toEqual(['At the cashier', 'CLiQQ kiosk']);
      const stored = await h.t.db.query('SELECT * FROM pay_codes WHERE order_id = $1', [order.id]);
      expect(stored.rows).toHaveLength(2);
    });

    it('refuses a stale amount, a channel that is not a counter channel, and early repayment with the day it opens', async () => {
      const { borrowerId, session } = await h.t.newBorrower();
      const due = await h.order(borrowerId, 174, { dueInDays: 1 });
      expect((await payCode(session, due, 500_000)).body).toMatchObject({
        code: 409,
        message: 'The amount to pay is now ₱5,605.00. Please reload the page and try again.',
      });
      expect((await payCode(session, due, 560_500, 'CARD')).body).toMatchObject({ code: 400, message: 'channelNumber CARD is not a repayment channel' });

      // Disbursed 10 days ago on a 91-day term: early repayment opens after 46 days.
      const early = await h.order(borrowerId, 170, { disbursedDaysAgo: 10 });
      const refused = await payCode(session, early, 560_500);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(
        'Early repayment opens on 2026-12-07: a loan can be repaid early only after half of its term, and never before 7 days from disbursement. Your repayment is due on 2027-01-21.',
      );
      // The screen still opens and says when.
      expect((await plan(session, early)).body.data.noticeMsg).toBe('Your repayment of ₱5,605.00 is due on 2027-01-21. Early repayment opens on 2026-12-07.');
      const none = await h.t.db.query('SELECT 1 FROM pay_codes WHERE order_id = $1', [early.id]);
      expect(none.rows).toHaveLength(0);
    });
  });

  describe('a paid code', () => {
    it('settles the order once, even when the provider notifies twice', async () => {
      const { borrowerId, session } = await h.t.newBorrower();
      const order = await h.order(borrowerId, 174, { dueInDays: 0 });
      const { payCode: code } = payUrlQuery((await payCode(session, order, 560_500)).body.data.payUrl);
      const first = await h.markPaid(code!, 'DP-1');
      expect(first.body).toMatchObject({ code: 0, message: 'success', data: { outcome: 'settled', amountMinor: 560_500, order: { status: 200 } } });
      const second = await h.markPaid(code!, 'DP-1');
      expect(second.body).toMatchObject({ code: 0, message: 'already applied', data: { paymentId: first.body.data.paymentId } });
      expect(await h.paymentsOf(order.id)).toEqual([expect.objectContaining({ amount_minor: 560_500, provider_ref: 'sandbox:DP-1' })]);
      const after = await h.reload(order.id);
      expect(after).toMatchObject({ status: 200, paidMinor: 560_500 });
      // What the borrower sees now.
      const details = await h.call(loanDetailsRoute, session, ids(order));
      expect(details.body.data).toMatchObject({ orderStatus: 200, noticeStatusText: 'Settled' });
      expect((await plan(session, order)).body.message).toBe('You have repaid this loan in full. Thank you!');
    });

    it('applies two notifications arriving together once', async () => {
      const { borrowerId, session } = await h.t.newBorrower();
      const order = await h.order(borrowerId, 180, { dueInDays: -2 });
      const amount = (await plan(session, order)).body.data.repayAmount as number;
      const { payCode: code } = payUrlQuery((await payCode(session, order, amount)).body.data.payUrl);
      const both = await Promise.all([h.markPaid(code!), h.markPaid(code!)]);
      expect(both.map((r) => r.body.message).sort()).toEqual(['already applied', 'success']);
      expect(await h.paymentsOf(order.id)).toHaveLength(1);
      expect((await h.reload(order.id)).status).toBe(200);
    });

    it('pays the current instalment of an instalment loan and moves the screen on to the next one', async () => {
      const { borrowerId, session } = await h.t.newBorrower();
      const order = await h.order(borrowerId, 174, { product: 2, dueInDays: 0 });
      const before = (await plan(session, order)).body.data;
      expect(before.repayAmount).toBe(order.plan[0]!.amountMinor);
      expect(before.detail).toContainEqual({ text: 'Instalment', value: '1 of 3' });
      const { payCode: code } = payUrlQuery((await payCode(session, order, before.repayAmount)).body.data.payUrl);
      expect((await h.markPaid(code!)).body.data.outcome).toBe('instalment');
      const after = (await plan(session, order)).body.data;
      expect(after.repayAmount).toBe(order.plan[1]!.amountMinor);
      expect(after.repayDate).toBe('2026-12-31');
      expect(after.detail).toContainEqual({ text: 'Instalment', value: '2 of 3' });
      expect(after.defDetail.payCode).toBe('');
    });
  });

  describe('story/inherited and a rollover (/votingCandidates)', () => {
    it('answers the fee, the next payment date and the plan after the rollover; paying it moves the due date once', async () => {
      const { borrowerId, session } = await h.t.newBorrower();
      const order = await h.order(borrowerId, 180, { dueInDays: -5, flags: { isDelay: '1' } });
      const { status, body } = await rollover(session, order);
      expect(status).toBe(200);
      // The fee (15 % of 5000.00) and the late charges the SEC cap allows for 5 days (46.70).
      const delayAmount = 75_000 + 4_670;
      expect(body.data).toMatchObject({
        productName: 'PesoNow Cash',
        delayInfo: { delayAmount, title: 'Extend your loan by 91 days' },
        repayDate: '2027-01-26',
        repayPlan: [{ remark: 'Loan repayment', title: 'Due after the rollover', amount: 560_500, time: '2027-01-26' }],
        noticeMsg:
          'Pay ₱796.70 to move your due date from 2026-10-27 to 2027-01-26. The rollover fee and any late charges are paid now; the loan itself stays to be repaid.',
        isShowReyTop: 1,
      });
      expect(body.data.defDetail.payCode).toBe('');

      const url = (await payCode(session, order, delayAmount, '90008', '1')).body.data.payUrl;
      const { payCode: code } = payUrlQuery(url);
      expect((await rollover(session, order)).body.data.defDetail).toMatchObject({ payCode: code, title: 'GCash' });
      const paid = await h.markPaid(code!);
      expect(paid.body.data).toMatchObject({ outcome: 'rolled_over', order: { status: 170 } });
      expect((await h.markPaid(code!)).body.message).toBe('already applied');
      const after = await h.reload(order.id);
      expect(after).toMatchObject({ status: 170, rolloverCount: 1, paidMinor: delayAmount });
      const details = (await h.call(loanDetailsRoute, session, ids(order))).body.data;
      expect(details.orderStatus).toBe(170);
      expect(details.userOrderDetail.detail).toContainEqual({ text: 'Due date', value: '2027-01-26' });
      // The loan itself is still owed, by the new date.
      expect((await plan(session, order)).body.data).toMatchObject({ repayAmount: 560_500, repayDate: '2027-01-26' });
    });

    it('refuses a rollover the order does not allow, or before it is due', async () => {
      const { borrowerId, session } = await h.t.newBorrower();
      const noDelay = await h.order(borrowerId, 180, { dueInDays: -1 });
      expect((await rollover(session, noDelay)).body).toMatchObject({ code: 409, message: 'This loan cannot be rolled over.' });
      expect((await payCode(session, noDelay, 75_000, '90006', '1')).body.message).toBe('This loan cannot be rolled over.');
      const notDue = await h.order(borrowerId, 170, { dueInDays: 20, flags: { isDelay: '1' } });
      expect((await rollover(session, notDue)).body.message).toBe('You can roll this loan over once it is due, from 3 days before 2026-11-21.');
    });
  });
});
