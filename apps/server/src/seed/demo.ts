/**
 * Demo data for `npm start`: the product catalogue (products, payment channels, agreements, the
 * bank form) and a demo borrower with one order in every status. Runs on an empty database only.
 */
import { SANDBOX_CLOSED_ACCOUNT } from '../providers/payouts/sandbox.ts';
import { currencySymbolFor, type SessionParams } from '@cashloan/contract';
import type { Db, Queryable } from '../platform/db/client.ts';
import type { Config } from '../config.ts';
import type { CardData } from '../providers/card-data/card-data.ts';
import type { PaymentProvider } from '../providers/payments/payment-provider.ts';
import { applyPaidPayCode } from '../domain/payments/payments.ts';
import { issuePayCode } from '../domain/payments/pay-codes.ts';
import { createBorrowerWithSession, DEFAULT_MERCHANT, findBorrower, hasBorrowers, latestSession } from '../domain/borrowers/service.ts';
import { createSession } from '../domain/borrowers/session.ts';
import { ORDER_STATUS, ORDER_STATUSES, STATUS_MEANING, type OrderStatus } from '../loan-terms/status.ts';
import { createOrder, findProduct, hasProducts, type OrderFlags } from '../domain/orders/service.ts';
import { seedProducts } from '../domain/orders/seed.ts';
import { seedPaymentChannels } from '../domain/payments/seed.ts';
import { seedAgreements } from '../modules/loan-confirmation/seed.ts';
import { storeConfirmedDocuments } from '../modules/loan-confirmation/confirmed-documents.ts';
import { orderDetailsPath, orderPageQuery } from '../domain/orders/page-links.ts';
import { seedDemoComplaints } from '../modules/complaints/seed.ts';
import { seedRecommendedProducts } from '../modules/order-details/seed.ts';
import { seedDemoRepaymentCard } from '../modules/card-repayment/seed.ts';
import { seedLandingTemplates } from '../modules/promotion/seed.ts';
import { DEMO_BANK_FORM_ITEMS, seedBankForm, seedDemoPayoutAccounts } from '../modules/bind-bank/seed.ts';
import { seedDemoBooksDay } from './demo-books.ts';

export interface DemoLinks {
  previewPath: string;
  orders: Array<{ status: number; meaning: string; path: string }>;
}

/** app_settings key whose presence means the demo has been seeded (and what it created). */
export const DEMO_MARKER_KEY = 'demo_seed';
interface DemoMarker {
  userId: string;
  previewOrderId: number;
  orders: Array<{ status: OrderStatus; orderId: number; productId: number }>;
}

/** The demo borrower's good payout account (a sandbox number: no real account). */
export const DEMO_PAYOUT_ACCOUNT = '1234567890';

export const DEMO_BORROWER = { userId: 'DEMO0001', mobilePhone: '9171234567', name: 'Juan Dela Cruz', deviceId: 'demo-device' } as const;

// ---- catalogue ---------------------------------------------------------------------------------

/**
 * The bank (payment account) form of merchant M0001 as card-init sends it; the stored definition
 * (with the server's field rules) is DEMO_BANK_FORM in modules/bind-card/seed.ts, docs/bind-bank.md.
 */
export const BANK_FORM_ITEMS = DEMO_BANK_FORM_ITEMS;

/** Products, payment channels, agreements and the bank form. Returns the product ids in order. */
export async function seedCatalog(db: Queryable): Promise<number[]> {
  const productIds = await seedProducts(db);
  await seedPaymentChannels(db);
  await seedAgreements(db);
  await seedBankForm(db, DEFAULT_MERCHANT);
  await seedRecommendedProducts(db, productIds);
  await seedLandingTemplates(db);
  return productIds;
}

// ---- demo borrower and orders ---------------------------------------------------------------------

/** One demo order per status: which product, and the prompts that make each screen worth a look. */
const DEMO_ORDERS: Array<{ status: OrderStatus; product: number; flags?: Partial<OrderFlags> }> = [
  { status: ORDER_STATUS.inReview, product: 0 },
  { status: ORDER_STATUS.disbursing, product: 1 },
  { status: ORDER_STATUS.rejected, product: 0 },
  {
    status: ORDER_STATUS.repaying,
    product: 2,
    flags: { kindTipsMsg: 'Please keep your e-wallet or bank account active so your repayment is recorded on time.' },
  },
  { status: ORDER_STATUS.due, product: 0, flags: { isDelay: '1', reyMsg: 'Short of money? Extend your due date by paying the extension fee.' } },
  {
    status: ORDER_STATUS.overdue,
    product: 0,
    flags: {
      isDelay: '1',
      cardNeedPop: 1,
      cardPopTitle: 'Check your payment account',
      cardPopMsg: 'Your loan is overdue. Make sure your payment account details are correct.',
    },
  },
  // Made due today, then repaid in full through a real pay code once the seed has committed, so its
  // payment history, receipt and statement show the payment that settled it.
  { status: ORDER_STATUS.settled, product: 1, flags: { isScore: '1' } },
];

async function isEmpty(db: Queryable): Promise<boolean> {
  return !(await hasProducts(db)) && !(await hasBorrowers(db));
}

/**
 * Seeds the demo into an empty database and returns its links (with the demo session, which lives
 * SESSION_TTL_DAYS like any other). Idempotent: once the demo marker exists it seeds nothing and
 * answers null, as it does for a database holding other data; demoLinks gives the links then.
 */
export async function seedDemo(db: Db, now: Date, config: Config, cardData: CardData, payments: PaymentProvider): Promise<DemoLinks | null> {
  const seeded = await db.transaction(async (tx): Promise<DemoMarker | null> => {
    if ((await readMarker(tx)) || !(await isEmpty(tx))) return null;
    const productIds = await seedCatalog(tx);
    const { borrowerId } = await createBorrowerWithSession(tx, { ...DEMO_BORROWER, merchantNumber: DEFAULT_MERCHANT }, now, config.SESSION_TTL_DAYS);
    const orders: DemoMarker['orders'] = [];
    for (const demo of DEMO_ORDERS) {
      const product = (await findProduct(tx, productIds[demo.product]!))!;
      const repaidBySeed = demo.status === ORDER_STATUS.settled;
      const status = repaidBySeed ? ORDER_STATUS.due : demo.status;
      const order = await createOrder(tx, { borrower: { id: borrowerId, isRepeat: false }, product, status, dueInDays: repaidBySeed ? 0 : undefined, flags: demo.flags }, now);
      // What the demo borrower confirmed: on the product's terms, when the loan was paid out (so the
      // disclosure's schedule is the order's plan), or today for an order not paid out.
      const terms = { principalMinor: order.principalMinor, termDays: order.termDays, periods: order.periods, interestBp: product.interestBp, serviceFeeBp: product.serviceFeeBp };
      await storeConfirmedDocuments(config, tx, { order, borrower: DEMO_BORROWER, terms, currency: currencySymbolFor(undefined), lang: 'en', confirmedAt: order.disbursedAt ?? now });
      orders.push({ status: demo.status, orderId: order.id, productId: order.productId });
    }
    // The approved order pays out to the sandbox's closed account (its release is refused, then corrected); the one in review to a good one.
    const orderOf = (status: OrderStatus) => orders.find((o) => o.status === status)!;
    await seedDemoPayoutAccounts(
      tx,
      cardData,
      { id: borrowerId, name: DEMO_BORROWER.name },
      [
        { productId: orderOf(ORDER_STATUS.disbursing).productId, orderIds: [orderOf(ORDER_STATUS.disbursing).orderId], bankCode: 'BDO', accountNumber: SANDBOX_CLOSED_ACCOUNT },
        { productId: orderOf(ORDER_STATUS.inReview).productId, orderIds: [orderOf(ORDER_STATUS.inReview).orderId], bankCode: 'BPI', accountNumber: DEMO_PAYOUT_ACCOUNT },
      ],
      now,
    );
    await seedDemoComplaints(tx, borrowerId, orders, now);
    await seedDemoRepaymentCard(tx, cardData, borrowerId, now);
    const marker: DemoMarker = {
      userId: DEMO_BORROWER.userId,
      previewOrderId: orders.find((o) => o.status === ORDER_STATUS.repaying)!.orderId,
      orders,
    };
    // The marker's key is unique: a second seeder running at the same moment fails here and rolls back.
    await tx.query(`INSERT INTO app_settings (key, value) VALUES ($1, $2::jsonb)`, [DEMO_MARKER_KEY, JSON.stringify(marker)]);
    return marker;
  });
  if (!seeded) return null;
  // The settled demo order is paid at the payment provider's counter, the way any borrower's is.
  const settled = seeded.orders.find((o) => o.status === ORDER_STATUS.settled)!;
  const payCode = await issuePayCode({ db, payments }, { orderId: settled.orderId, purpose: 'repay', now });
  await applyPaidPayCode({ db, payments }, { code: payCode.code, now, source: 'seed' });
  // Yesterday's payments at the sandbox's counter, for finance's reconciliation and day-end.
  await seedDemoBooksDay(db, now, config, payments);
  return demoLinks(db, config);
}

async function readMarker(db: Queryable): Promise<DemoMarker | null> {
  const { rows } = await db.query<{ value: DemoMarker }>('SELECT value FROM app_settings WHERE key = $1', [DEMO_MARKER_KEY]);
  return rows[0]?.value ?? null;
}

/**
 * The demo's page links (relative paths; main.ts prefixes the public base URL), with the demo
 * borrower's newest session, or with a new one when `newSessionAt` is given (the ops API's
 * /ops/demo-links: the links are printed only on the start that seeds the demo).
 */
export async function demoLinks(db: Db, config: Config, options: { newSessionAt?: Date } = {}): Promise<DemoLinks | null> {
  const marker = await readMarker(db);
  if (!marker) return null;
  const borrower = await findBorrower(db, { userId: marker.userId });
  if (!borrower) return null;
  if (options.newSessionAt) await createSession(db, borrower.id, DEMO_BORROWER.deviceId, options.newSessionAt, config.SESSION_TTL_DAYS);
  const session: SessionParams | null = await latestSession(db, borrower.id);
  if (!session) return null;
  const preview = marker.orders.find((o) => o.orderId === marker.previewOrderId) ?? marker.orders[0]!;
  const byStatus = [...marker.orders].sort((a, b) => ORDER_STATUSES.indexOf(a.status) - ORDER_STATUSES.indexOf(b.status));
  return {
    previewPath: `/testPreview?${orderPageQuery(session, { productId: preview.productId, orderId: preview.orderId })}`,
    orders: byStatus.map((o) => ({ status: o.status, meaning: STATUS_MEANING[o.status], path: orderDetailsPath(session, o) })),
  };
}
