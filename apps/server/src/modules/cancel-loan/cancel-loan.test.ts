/**
 * Cancelling in the cooling-off period on the real app: the window's last moment per market, the
 * exact exit amount, refusals (after the window, another borrower's order), the pay code through the
 * repayment flow, the order closing as cancelled exactly once when the paid notification comes twice,
 * a late cancel payment applied as a repayment, and what the records show.
 */
import { dateTextIn } from '../../loan-terms/date-text.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callUrlPath,
  cancelPayCodeRoute,
  coolingOffRoute,
  documentsRoute,
  loanDetailsRoute,
  paymentHistoryRoute,
  recordPdfRoute,
  type SessionParams,
} from '@cashloan/contract';
import { createHarness, type Harness } from '../../test-support/repayment-harness.ts';
import { FORM_HEADERS, form, query } from '../../test-support/test-app.ts';
import { createOrder, findProduct, viewOrder, type OrderRow } from '../../domain/orders/service.ts';
import { coolingOffWindow, interestForDays } from '../../loan-terms/cooling-off.ts';
import { ORDER_STATUS } from '../../loan-terms/status.ts';
import { ORDER_NOT_FOUND } from '../order-details/service.ts';
import { CERTIFICATE_CANCELLED, paymentFacts } from '../records/service.ts';
import { statementLines } from '../records/pdf/statement.ts';
import { CANCEL_MESSAGES } from './service.ts';

const DAY = 86_400_000;

describe('cancelling a loan in its cooling-off period', () => {
  let h: Harness;
  let session: SessionParams;
  let borrowerId: number;
  let stranger: SessionParams;

  beforeAll(async () => {
    h = await createHarness();
    ({ session, borrowerId } = await h.t.newBorrower({ name: 'Maria Santos' }));
    ({ session: stranger } = await h.t.newBorrower({ name: 'Someone Else' }));
  });
  afterAll(() => h.t.close());

  /** An order disbursed `daysAgo` days ago in `market`. */
  async function disbursed(daysAgo: number, market: 'PH' | 'IN' = 'PH'): Promise<OrderRow> {
    const product = (await findProduct(h.t.db, h.productIds[0]!))!;
    return h.t.db.transaction((tx) =>
      createOrder(tx, { borrower: { id: borrowerId, isRepeat: false }, product, status: ORDER_STATUS.repaying, disbursedDaysAgo: daysAgo, market }, h.t.clock.now()),
    );
  }
  const info = (order: OrderRow, s: SessionParams = session, real?: string) => h.call(coolingOffRoute, real ? { ...s, real } : s, { orderId: order.id });
  const details = (order: OrderRow, s: SessionParams = session) => h.call(loanDetailsRoute, s, { productId: order.productId, orderId: order.id });
  const firstChannel = async (order: OrderRow) => (await info(order)).body.data.channels[0].channelNumber as string;
  const issue = async (order: OrderRow, amount: number, channelNumber: string, s: SessionParams = session) =>
    h.call(cancelPayCodeRoute, s, { orderId: order.id, amount, channelNumber });
  const codeOf = (payUrl: string) => new URLSearchParams(payUrl.split('?')[1]).get('payCode')!;

  it('answers the last day and the exact exit amount: principal + interest for 1 day, no fee', async () => {
    const order = await disbursed(0);
    const { window, interest } = { window: coolingOffWindow(order.disbursedAt!, 'PH'), interest: interestForDays(order.interestMinor, 1, order.termDays) };
    const res = await info(order);
    expect(res.body.code).toBe(0);
    const data = res.body.data;
    expect(data).toMatchObject({ orderNo: order.orderNo, lastDay: window.lastDate, principal: order.principalMinor, interest, interestDays: 1, fee: 0, paid: 0 });
    expect(data.exitAmount).toBe(order.principalMinor + interest);
    expect(data.rows.map((r: { text: string }) => r.text)).toEqual(['Loan amount', 'Interest for 1 day', 'Service fee', 'Total to pay']);
    expect(data.rows[2].value).toBe('Waived (₱0.00)');
    expect(data.exitAmountText).toBe(data.rows[3].value);
    // Order details offers it with the last day.
    expect((await details(order)).body.data.coolingOffText).toBe(`Cooling-off: you can cancel until ${window.lastDate}`);
  });

  it('refuses another borrower with the words order details uses', async () => {
    const order = await disbursed(0);
    const theirs = await info(order, stranger);
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe(ORDER_NOT_FOUND);
    expect((await details(order, stranger)).body.message).toBe(ORDER_NOT_FOUND);
    const code = await issue(order, 1, await firstChannel(order), stranger);
    expect(code.body.message).toBe(ORDER_NOT_FOUND);
  });

  it('refuses after the window with the day it ended, and order details offers nothing', async () => {
    const order = await disbursed(5);
    const lastDate = coolingOffWindow(order.disbursedAt!, 'PH').lastDate;
    const res = await info(order);
    expect(res.body.code).not.toBe(0);
    expect(res.body.message).toBe(CANCEL_MESSAGES.ended(lastDate));
    expect(res.body.message).toMatch(/^The cooling-off period for this loan ended on \d{4}-\d{2}-\d{2}\. You can still repay it early or on time\.$/);
    expect((await issue(order, order.principalMinor, 'X')).body.message).toBe(CANCEL_MESSAGES.ended(lastDate));
    expect((await details(order)).body.data.coolingOffText).toBe('');
  });

  it('is open through the last millisecond of the window on each market calendar and closed one millisecond later', async () => {
    for (const market of ['PH', 'IN'] as const) {
      const order = await disbursed(0, market);
      const { endsAt, lastDate } = coolingOffWindow(order.disbursedAt!, market);
      expect(lastDate).toBe(new Date(order.disbursedAt!.getTime() + (market === 'PH' ? 3 : 1) * DAY + (market === 'PH' ? 8 : 5.5) * 3_600_000).toISOString().slice(0, 10));
      const start = h.t.clock.now().getTime();
      await h.advance(endsAt.getTime() - start);
      const last = await info(order, session, market === 'IN' ? '1' : undefined);
      expect(last.body.code).toBe(0);
      expect(last.body.data.interestDays).toBe(market === 'PH' ? 3 : 1);
      await h.advance(1);
      expect((await info(order)).body.message).toBe(CANCEL_MESSAGES.ended(lastDate));
      // Back to where the other tests' orders are made.
      await h.advance(start - h.t.clock.now().getTime());
    }
  });

  it('issues the pay code like generate-vcode; paid (twice) it closes the order as cancelled exactly once', async () => {
    const order = await disbursed(1);
    const exit = (await info(order)).body.data;
    const channel = exit.channels[0].channelNumber as string;
    const stale = await issue(order, exit.exitAmount - 1, channel);
    expect(stale.body.message).toBe(CANCEL_MESSAGES.staleAmount(exit.exitAmountText));
    const first = await issue(order, exit.exitAmount, channel);
    expect(first.body.code).toBe(0);
    expect(first.body.data.payUrl).toMatch(/^\/repaymentOfCode\?showType=\d&payCode=/);
    expect(new URLSearchParams(first.body.data.payUrl.split('?')[1]).get('repayAmount')).toBe(String(exit.exitAmount));
    const again = await issue(order, exit.exitAmount, channel);
    expect(codeOf(again.body.data.payUrl)).toBe(codeOf(first.body.data.payUrl));

    const code = codeOf(first.body.data.payUrl);
    const paid = await h.markPaid(code);
    expect(paid.body.code).toBe(0);
    expect(paid.body.data).toMatchObject({ purpose: 'cancel', outcome: 'cancelled', balanceAfterMinor: 0 });
    expect((await h.markPaid(code)).body.message).toBe('already applied');
    expect(await h.paymentsOf(order.id)).toHaveLength(1);

    const closed = await h.reload(order.id);
    expect(closed.status).toBe(ORDER_STATUS.settled);
    expect(closed.cancellation).toMatchObject({ keptInterestMinor: exit.interest });
    expect(closed.paidMinor).toBe(exit.exitAmount);
    expect(closed.plan.every((p) => p.settledAt !== null)).toBe(true);

    const shown = (await details(order)).body.data;
    expect(shown).toMatchObject({ orderStatus: 200, noticeStatusText: 'Cancelled', coolingOffText: '' });
    expect(shown.noticeDesText).toBe(`You cancelled this loan in its cooling-off period and repaid ${exit.exitAmountText}. Nothing more is owed.`);
    expect(shown.userOrderDetail.detail.map((r: { text: string }) => r.text)).toContain('Cancelled on');
    expect((await info(order)).body.message).toBe(CANCEL_MESSAGES.settled);

    const history = (await h.call(paymentHistoryRoute, session, { orderId: order.id })).body.data;
    expect(history).toMatchObject({ nextDueDate: '', nextDueAmount: 0 });
    expect(history.payments).toEqual([
      expect.objectContaining({ status: 'paid', paidFor: 'Cooling-off cancellation', amount: exit.exitAmount, reference: code }),
    ]);
    expect(history.payments[0].allocation).toEqual({ lateCharges: 0, interest: exit.interest, serviceFee: 0, principal: exit.principal, unapplied: 0 });
    const docs = (await h.call(documentsRoute, session, { orderId: order.id })).body.data.documents.map((d: { document: string }) => d.document);
    expect(docs).not.toContain('certificate');
    const certificate = await h.t.app.inject({
      method: 'GET',
      url: `${callUrlPath(recordPdfRoute)}?${query({ ...(session as unknown as Record<string, string>), orderId: String(order.id), document: 'certificate' })}`,
    });
    expect(certificate.json().message).toBe(CERTIFICATE_CANCELLED);
    // The statement of account balances to zero: the unused interest and the fee are waived on it.
    const dates = dateTextIn('₱');
    const lines = statementLines(closed, viewOrder(closed, h.t.clock.now()), await paymentFacts(h.t.db, closed, dates), dates);
    expect(lines.reduce((balance, l) => balance + l.charge - l.payment, 0)).toBe(0);
    expect(lines.at(-1)!.text).toMatch(/^Cancelled in the cooling-off period/);
  });

  it('honours Idempotency-Key like the other pay-code calls: the same key answers the same code, once', async () => {
    const order = await disbursed(0);
    const exit = (await info(order)).body.data;
    const payload = { orderId: order.id, amount: exit.exitAmount, channelNumber: exit.channels[0].channelNumber };
    const send = () =>
      h.t.app.inject({
        method: 'POST',
        url: `${callUrlPath(cancelPayCodeRoute)}?${query(session as unknown as Record<string, string>)}`,
        headers: { ...FORM_HEADERS, 'idempotency-key': `cancel-${order.id}` },
        payload: form(payload),
      });
    // Two at once: one issues, the other is told it is still running (or replays the first).
    const twins = await Promise.all([send(), send()]);
    const issued = twins.find((r) => r.json().code === 0)!;
    expect(issued).toBeDefined();
    const again = await send();
    expect(again.headers['idempotent-replayed']).toBeDefined();
    expect(again.body).toBe(issued.body);
    const codes = await h.t.db.query('SELECT 1 FROM pay_codes WHERE order_id = $1', [order.id]);
    expect(codes.rows).toHaveLength(1);
  });

  it('applies a cancel payment that arrives after the window as a repayment', async () => {
    const order = await disbursed(3);
    const exit = (await info(order)).body.data;
    const first = await issue(order, exit.exitAmount, exit.channels[0].channelNumber);
    const code = codeOf(first.body.data.payUrl);
    const start = h.t.clock.now().getTime();
    await h.advance(coolingOffWindow(order.disbursedAt!, 'PH').endsAt.getTime() + 1 - start);
    const paid = await h.markPaid(code);
    expect(paid.body.data).toMatchObject({ purpose: 'cancel', outcome: 'partial' });
    const after = await h.reload(order.id);
    expect(after.cancellation).toBeNull();
    expect(after.status).toBe(ORDER_STATUS.repaying);
    const history = (await h.call(paymentHistoryRoute, session, { orderId: order.id })).body.data;
    expect(history.payments[0].paidFor).toBe('Repayment');
    await h.advance(start - h.t.clock.now().getTime());
  });
});
