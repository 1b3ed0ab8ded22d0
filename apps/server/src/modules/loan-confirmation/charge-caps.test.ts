/** The legal caps at confirmation: offers that break one are withheld; capped offers disclose the cap; India's APR is what is charged. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUrlPath, loanDetailConfirmRoute, loanDetailPushRoute, type Route, type SessionParams } from '@cashloan/contract';
import { createTestApp, form, FORM_HEADERS, query, type TestApp } from '../../test-support/test-app.ts';
import { seedCatalog } from '../../seed/demo.ts';
import { listConfirmedDocuments, loadOrder } from '../../domain/orders/service.ts';
import { lenderDay } from '../../loan-terms/calendar.ts';
import { costFigures } from '../../loan-terms/disclosure.ts';
import { checkCapsAtStart } from './caps-at-start.ts';

describe('charge caps at loan confirmation', () => {
  let t: TestApp;
  let productIds: number[];
  beforeAll(async () => {
    t = await createTestApp();
    productIds = await seedCatalog(t.db);
  });
  afterAll(() => t.close());

  async function call(route: Route, session: Partial<SessionParams> & { real?: string }, payload: Record<string, string | number>) {
    const res = await t.app.inject({ method: 'POST', url: `${callUrlPath(route)}?${query(session as Record<string, string>)}`, headers: FORM_HEADERS, payload: form(payload) });
    return { status: res.statusCode, body: res.json() };
  }
  const rowsOf = (details: Array<{ text: string; value: string }>) => Object.fromEntries(details.map((r) => [r.text, r.value]));

  /** A 91-day ₱5,000 product at 18 % interest and a 25 % fee: 12.51 % a month effective, over the 12 % cap from 2026-04-01. */
  async function costlyProduct(name: string): Promise<number> {
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO products (name, logo, rate_desc, amount_minor, term_days, periods, interest_bp, service_fee_bp, rollover_fee_bp, sort)
       VALUES ($1, '/logos/x.svg', 'n/a', 500000, 91, 1, 1800, 2500, 1500, 99) RETURNING id`,
      [name],
    );
    return Number(rows[0]!.id);
  }

  it('discloses the cap of a capped offer: the most it can ever cost and the late-charge cap', async () => {
    const { session } = await t.newBorrower();
    const { body } = await call(loanDetailConfirmRoute, session, { productId: productIds[0]! });
    expect(rowsOf(body.data.details)).toMatchObject({
      'Most this loan can ever cost': '₱5,000.00 (interest, fees and late charges together; SEC MC 3 s2022)',
      'Late charges': 'At most 5% a month of the amount due, counted day by day',
    });
    expect(body.data.disclosure.costCap).toEqual({ maxTotalCostMinor: 500_000, lateMonthlyBp: 500, law: 'SEC MC 3 s2022' });
    // Outside the scope (180 days) and in India there is no numeric cap to show.
    const instalments = (await call(loanDetailConfirmRoute, session, { productId: productIds[2]! })).body.data;
    expect(rowsOf(instalments.details)).not.toHaveProperty('Most this loan can ever cost');
    expect(instalments.disclosure.costCap).toBeNull();
    const rupees = (await call(loanDetailConfirmRoute, { ...session, real: '1' }, { productId: productIds[0]! })).body.data;
    expect(rupees.disclosure.costCap).toBeNull();
  });

  it('withholds an offer whose own terms break a cap, naming the cap and the figure, on the screen and at the push', async () => {
    const productId = await costlyProduct('PesoNow X');
    const { borrowerId, session } = await t.newBorrower();
    const message = 'PesoNow X cannot be offered: its effective interest rate is 12.51% a month, above the 12.00% the SEC allows (MC 3 s2022 as amended).';
    expect(await call(loanDetailConfirmRoute, session, { productId })).toMatchObject({ status: 409, body: { message, data: null } });
    const pushed = await call(loanDetailPushRoute, session, { amount: '500000', periods: '91', termUnit: '1', productId, extraNumber: '1' });
    expect(pushed.body.code).not.toBe(0);
    const { rows } = await t.db.query('SELECT id FROM orders WHERE borrower_id = $1', [borrowerId]);
    expect(rows).toEqual([]);
    // India has no numeric cap: the same product is offered in rupees.
    expect((await call(loanDetailConfirmRoute, { ...session, real: '1' }, { productId })).body.code).toBe(0);
    await t.db.query('UPDATE products SET active = false WHERE id = $1', [productId]);
  });

  it('logs each active product that would be withheld once at start, and starts', async () => {
    const warnings: Array<{ obj: object; msg: string }> = [];
    const log = { warn: (obj: object, msg: string) => warnings.push({ obj, msg }) };
    expect(await checkCapsAtStart(t.db, t.clock.now(), log)).toEqual([]);
    const productId = await costlyProduct('PesoNow Y');
    const withheld = await checkCapsAtStart(t.db, t.clock.now(), log);
    expect(withheld).toEqual([
      { product: 'PesoNow Y', reason: 'PesoNow Y cannot be offered: its effective interest rate is 12.51% a month, above the 12.00% the SEC allows (MC 3 s2022 as amended).' },
    ]);
    expect(warnings).toEqual([{ obj: withheld[0], msg: 'product withheld: its terms break a legal cap' }]);
    await t.db.query('UPDATE products SET active = false WHERE id = $1', [productId]);
  });

  it("India: the Key Fact Statement's APR is the APR of what the order charges (its stored plan and amounts)", async () => {
    const { session } = await t.newBorrower();
    const productId = productIds[2]!; // three instalments, so the schedule matters
    const shown = (await call(loanDetailConfirmRoute, { ...session, real: '1' }, { productId })).body.data;
    const product = shown.amount as number;
    const pushed = await call(loanDetailPushRoute, { ...session, real: '1' }, { amount: String(product), periods: String(shown.periods), termUnit: '1', productId, extraNumber: '1' });
    expect(pushed.body.code, pushed.body.message).toBe(0);
    const orderId = Number(new URLSearchParams(pushed.body.data.lendDetailsUrl.split('?')[1]).get('orderId'));
    const order = (await loadOrder(t.db, orderId))!;
    expect(order.market).toBe('IN');
    // What the order charges: its principal out on the day it was made, each stored instalment on its due day.
    const start = lenderDay(order.createdAt, 'IN');
    const charged = costFigures({
      principalMinor: order.principalMinor,
      interestMinor: order.interestMinor,
      feeMinor: order.feeMinor,
      totalMinor: order.plan.reduce((sum, p) => sum + p.amountMinor, 0),
      instalments: order.plan.map((p) => ({ seq: p.seq, dueInDays: lenderDay(p.dueAt, 'IN') - start, amountMinor: p.amountMinor })),
    });
    expect(shown.disclosure.title).toBe('Key Fact Statement');
    expect(shown.disclosure.aprBp).toBe(charged.aprBp);
    expect(shown.disclosure.totalOfPayments).toBe(order.principalMinor + order.interestMinor + order.feeMinor);
    const stored = (await listConfirmedDocuments(t.db, orderId)).find((d) => d.kind === 'disclosure')!;
    expect(JSON.parse(stored.body).disclosure.aprBp).toBe(charged.aprBp);
  });
});
