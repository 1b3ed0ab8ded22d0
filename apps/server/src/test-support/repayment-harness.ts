/** What the repayment tests share: a test app with the catalogue, calls as the browser sends them, and the ops moves a provider would make. */
import { callUrlPath, loanDetailConfirmRoute, loanDetailPushRoute, type Route, type SessionParams } from '@cashloan/contract';
import { createTestApp, form, FORM_HEADERS, query, type TestApp } from './test-app.ts';
import { seedCatalog } from '../seed/demo.ts';
import { createOrder } from '../domain/orders/service.ts';
import { findProduct, loadOrder, type OrderFlags, type OrderRow } from '../domain/orders/service.ts';
import type { OrderStatus } from '../loan-terms/status.ts';
import type { RepaymentCard } from '../domain/bank-cards/service.ts';
import { addRepaymentCard } from '../domain/bank-cards/card-on-file.ts';

/** An envelope as the test reads it (JSON.parse's type: any field may be asked for). */
type Json = ReturnType<typeof JSON.parse>;

export interface Harness {
  t: TestApp;
  productIds: number[];
  call(route: Route, session: Partial<SessionParams> & { real?: string; lang?: string }, payload: Record<string, string | number>): Promise<{ status: number; body: Json }>;
  /**
   * Confirms a product's offer as the borrower does (the confirmation screen, then Confirm) and
   * answers the new order's id; a refusal of either call fails with its envelope.
   */
  confirmLoan(session: Partial<SessionParams> & { real?: string; lang?: string }, productId: number, terms: { amount: string; periods: string }): Promise<number>;
  order(borrowerId: number, status: OrderStatus, opts?: { product?: number; dueInDays?: number; disbursedDaysAgo?: number; flags?: Partial<OrderFlags> }): Promise<OrderRow>;
  reload(orderId: number): Promise<OrderRow>;
  card(borrowerId: number, cardNo?: string): Promise<RepaymentCard>;
  /** What the provider's "paid" notification does: the ops endpoint. */
  markPaid(code: string, providerRef?: string): Promise<{ status: number; body: Json }>;
  paymentsOf(orderId: number): Promise<Array<{ id: number; amount_minor: number; provider_ref: string }>>;
  /** The newest messages the dev SMS outbox holds for a phone. */
  outbox(phone: string): Promise<string[]>;
  /** The verification code of the newest message to a phone. */
  latestCode(phone: string): Promise<string>;
  advance(ms: number): Promise<void>;
}

/** `given`: a test app of the test's own (e.g. with a counting payment provider); by default a fresh one. */
export async function createHarness(given?: TestApp): Promise<Harness> {
  // Sessions outlive the clock moves of the tests.
  const t = given ?? (await createTestApp({ SESSION_TTL_DAYS: 3650 }));
  const productIds = await t.db.transaction((tx) => seedCatalog(tx));
  const auth = { authorization: `Bearer ${t.config.OPS_TOKEN}` };
  const outbox = async (phone: string) =>
    (await t.db.query<{ body: string }>('SELECT body FROM sms_outbox WHERE phone = $1 ORDER BY id DESC', [phone])).rows.map((r) => r.body);
  const call: Harness['call'] = async (route, session, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${callUrlPath(route)}?${query(session as Record<string, string>)}`,
      headers: FORM_HEADERS,
      payload: form(payload),
    });
    return { status: res.statusCode, body: res.json() };
  };
  return {
    t,
    productIds,
    call,
    async order(borrowerId, status, opts = {}) {
      const product = (await findProduct(t.db, productIds[opts.product ?? 0]!))!;
      return t.db.transaction((tx) =>
        createOrder(
          tx,
          { borrower: { id: borrowerId, isRepeat: false }, product, status, dueInDays: opts.dueInDays, disbursedDaysAgo: opts.disbursedDaysAgo, flags: opts.flags },
          t.clock.now(),
        ),
      );
    },
    async confirmLoan(session, productId, terms) {
      const shown = await call(loanDetailConfirmRoute, session, { productId });
      if (shown.body.code !== 0) throw new Error(`loan-detail-confirm refused: ${JSON.stringify(shown.body)}`);
      const pushed = await call(loanDetailPushRoute, session, { ...terms, termUnit: '1', productId, extraNumber: '1' });
      if (pushed.body.code !== 0) throw new Error(`loan-detail/push refused: ${JSON.stringify(pushed.body)}`);
      return Number(new URLSearchParams(String(pushed.body.data.lendDetailsUrl).split('?')[1]).get('orderId'));
    },
    reload: async (orderId) => (await loadOrder(t.db, orderId))!,
    card: async (borrowerId, cardNo = '4000123412344821') =>
      (await addRepaymentCard(t.db, t.cardData, { borrowerId, bankName: 'BDO Unibank', bankCode: 'BDO', cardNo, now: t.clock.now() })).card,
    async markPaid(code, providerRef) {
      const res = await t.app.inject({ method: 'POST', url: `/ops/pay-codes/${code}/paid`, headers: auth, payload: providerRef ? { providerRef } : {} });
      return { status: res.statusCode, body: res.json() };
    },
    paymentsOf: async (orderId) =>
      (
        await t.db.query<{ id: number; amount_minor: number; provider_ref: string }>(
          'SELECT pm.id, pm.amount_minor, pm.provider_ref FROM payments pm JOIN pay_codes pc ON pc.id = pm.pay_code_id WHERE pc.order_id = $1',
          [orderId],
        )
      ).rows.map((r) => ({ ...r, id: Number(r.id), amount_minor: Number(r.amount_minor) })),
    outbox,
    async latestCode(phone) {
      const body = (await outbox(phone))[0] ?? '';
      const code = /\b(\d{6})\b/.exec(body)?.[1];
      if (!code) throw new Error(`no verification code sent to ${phone}`);
      return code;
    },
    advance: async (ms) => {
      await t.clock.advance(ms);
    },
  };
}
