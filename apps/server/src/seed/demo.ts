/**
 * Demo data for `npm start`: the product catalogue (products, payment channels, agreements, the
 * bank form) and a demo borrower with one order in every status. Runs on an empty database only.
 */
import type { SessionParams } from '@cashloan/contract';
import type { Db, Queryable } from '../platform/db/client.ts';
import type { Config } from '../config.ts';
import type { CardData } from '../providers/card-data/card-data.ts';
import { createBorrowerWithSession, DEFAULT_MERCHANT, findBorrower, latestSession } from '../domain/borrowers/store.ts';
import { createSession } from '../domain/borrowers/session.ts';
import { DUE_WINDOW_DAYS, LATE_PENALTY_MINOR, OVERDUE_TIERS, PREPAYMENT_MIN_DAYS, TERM_DAYS } from '../loan-terms/rules.ts';
import { ORDER_STATUS, ORDER_STATUSES, STATUS_MEANING, type OrderStatus } from '../loan-terms/status.ts';
import { createOrder } from '../domain/orders/service.ts';
import { findProduct, type OrderFlags } from '../domain/orders/store.ts';
import { orderDetailsPath, orderPageQuery } from '../domain/orders/page-links.ts';
import { seedDemoComplaints } from '../modules/complaints/seed.ts';
import { seedRecommendedProducts } from '../modules/order-details/seed.ts';
import { seedDemoRepaymentCard } from '../modules/repayment/seed.ts';
import { seedLandingTemplates } from '../modules/promotion/seed.ts';
import { DEMO_BANK_FORM, DEMO_BANK_FORM_ITEMS } from '../modules/bind-bank/seed.ts';

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

export const DEMO_BORROWER = { userId: 'DEMO0001', mobilePhone: '9171234567', name: 'Juan Dela Cruz', deviceId: 'demo-device' } as const;

// ---- catalogue ---------------------------------------------------------------------------------

/** Cash-loan products; amounts in minor units (centavos), rates per 10 000 of principal. */
const PRODUCTS = [
  { name: 'PesoNow Cash', logo: '/logos/pesonow-cash.svg', rateDesc: 'Daily interest 0.10%', amountMinor: 500_000, termDays: 91, periods: 1, interestBp: 910, serviceFeeBp: 300, rolloverFeeBp: 1_500 },
  { name: 'PesoNow Plus', logo: '/logos/pesonow-plus.svg', rateDesc: 'Daily interest 0.08%', amountMinor: 1_000_000, termDays: 120, periods: 1, interestBp: 960, serviceFeeBp: 300, rolloverFeeBp: 1_200 },
  { name: 'PesoNow Installment', logo: '/logos/pesonow-installment.svg', rateDesc: 'Monthly interest 1.5%, 3 instalments', amountMinor: 2_000_000, termDays: 180, periods: 3, interestBp: 900, serviceFeeBp: 250, rolloverFeeBp: 1_000 },
  { name: 'PesoNow Salary Loan', logo: '/logos/pesonow-salary.svg', rateDesc: 'Monthly interest 1.2%, 12 instalments', amountMinor: 3_000_000, termDays: 365, periods: 12, interestBp: 1_440, serviceFeeBp: 200, rolloverFeeBp: 800 },
] as const;

type Notice = Record<string, Array<{ name: string; steps: string[] }>>;
const REFERENCE_STEP = 'Enter your Contract No. as the reference number and the exact total payment.';
const KEEP_RECEIPT = 'Keep the receipt: your loan is updated within 15 minutes of payment.';

/** Repayment channels; the first (90006) is preselected on the repayment screens. */
const CHANNELS: Array<{ channelNumber: string; name: string; logo: string; kind: 'code' | 'qr'; payNotice: Notice }> = [
  {
    channelNumber: '90006',
    name: 'Online Banking',
    logo: '/logos/channel-online-banking.svg',
    kind: 'code',
    payNotice: {
      'Mobile banking app': [
        { name: 'BDO, BPI, Metrobank, UnionBank and others', steps: ['Log in to your bank app and open Pay Bills.', 'Choose the biller "PesoNow Lending".', REFERENCE_STEP, 'Confirm the payment.'] },
      ],
      'Bank branch': [{ name: 'Over the counter', steps: ['Fill in a bills payment slip for "PesoNow Lending".', REFERENCE_STEP, KEEP_RECEIPT] }],
    },
  },
  {
    channelNumber: '90007',
    name: '7-Eleven',
    logo: '/logos/channel-7eleven.svg',
    kind: 'code',
    payNotice: {
      'CLiQQ kiosk': [
        { name: 'At the kiosk', steps: ['Tap Bills Payment, then Loans.', 'Choose "PesoNow Lending".', REFERENCE_STEP, 'Pay the printed slip at the cashier within 1 hour.'] },
      ],
      'At the cashier': [{ name: 'Without the kiosk', steps: ['Tell the cashier you are paying a PesoNow loan.', 'Show your Contract No. and pay the total.', KEEP_RECEIPT] }],
    },
  },
  {
    channelNumber: '90008',
    name: 'GCash',
    logo: '/logos/channel-gcash.svg',
    kind: 'code',
    payNotice: {
      'GCash app': [{ name: 'Bills payment', steps: ['Open GCash and tap Bills, then Loans.', 'Choose "PesoNow Lending".', REFERENCE_STEP, 'Tap Confirm and keep the confirmation message.'] }],
    },
  },
  {
    channelNumber: '90009',
    name: 'Maya',
    logo: '/logos/channel-maya.svg',
    kind: 'code',
    payNotice: {
      'Maya app': [{ name: 'Pay bills', steps: ['Open Maya and tap Bills.', 'Search for "PesoNow Lending".', REFERENCE_STEP, 'Tap Pay and keep the receipt.'] }],
    },
  },
  {
    channelNumber: '90010',
    name: 'Cebuana Lhuillier',
    logo: '/logos/channel-cebuana.svg',
    kind: 'code',
    payNotice: {
      'Branch payment': [
        { name: 'Any Cebuana Lhuillier branch', steps: ['Ask for a bills payment form for "PesoNow Lending".', REFERENCE_STEP, 'Present a valid ID and pay in cash.', KEEP_RECEIPT] },
      ],
    },
  },
];

const major = (minor: number) => (minor / 100).toFixed(2);
const tierText = OVERDUE_TIERS.map((t) =>
  Number.isFinite(t.lastDay) ? `${t.dailyBp / 100}% per day for overdue days ${t.firstDay} to ${t.lastDay}` : `${t.dailyBp / 100}% per day from overdue day ${t.firstDay}`,
).join(', ');

/**
 * Agreement bodies. {placeholders} are filled from the borrower and the loan when rendered:
 * lenderName, appName, borrowerName, mobilePhone, orderNo, productName, principal, interest,
 * serviceFee, totalRepayment, termDays, disbursementDate, dueDate, serviceEmail, servicePhone.
 * The late-charge figures come from loan-terms, so the text cannot disagree with the ledger.
 */
const AGREEMENTS = [
  {
    position: 1,
    title: 'Loan Agreement',
    body: [
      'LOAN AGREEMENT No. {orderNo}',
      'This agreement is made between {lenderName} ("the Lender") and {borrowerName}, mobile number {mobilePhone} ("the Borrower"), through the {appName} application.',
      `1. The loan. The Lender lends the Borrower PHP {principal} under the product {productName} for a term of {termDays} calendar days. Loan terms run from ${TERM_DAYS.min} to ${TERM_DAYS.max} calendar days. The loan decision is made within 1 day of the application, and the funds are credited to the Borrower's payment account within 1 to 3 days of approval.`,
      '2. Repayment. The Borrower repays PHP {totalRepayment}, made of the principal, interest of PHP {interest} and a service fee of PHP {serviceFee}, by {dueDate} according to the repayment plan shown in the application.',
      `3. Early repayment. The Borrower may repay the whole loan early once half of the term has passed, and never earlier than ${PREPAYMENT_MIN_DAYS} days after disbursement.`,
      `4. Late payment. An amount not paid on its due date is overdue from the next calendar day. Overdue amounts bear daily interest of ${tierText}. A one-time late penalty of PHP ${major(LATE_PENALTY_MINOR.newBorrower)} (first loan) or PHP ${major(LATE_PENALTY_MINOR.repeatBorrower)} (repeat borrower) is charged once, when the loan first becomes overdue.`,
      '5. Extension. Where the application offers it, the Borrower may extend the due date by paying the extension fee and any late charges before or after the due date.',
      '6. Changes and assignment. The Lender notifies the Borrower of any change to these terms at least 3 days before it takes effect, and of any assignment of this loan at least 7 business days in advance.',
      '7. Eligibility. The Borrower confirms being a Filipino citizen over 18 years of age and that the information given in the application is true.',
      '8. Contact. Questions and complaints: {serviceEmail} or {servicePhone}.',
    ].join('\n\n'),
  },
  {
    position: 2,
    title: 'Disclosure Statement',
    body: [
      'DISCLOSURE STATEMENT ON LOAN TRANSACTION — {orderNo}',
      'Lender: {lenderName}. Borrower: {borrowerName} ({mobilePhone}). Product: {productName}.',
      '1. Amount of loan: PHP {principal}.',
      '2. Finance charges: interest PHP {interest}; service fee PHP {serviceFee}.',
      '3. Total amount to be repaid: PHP {totalRepayment}.',
      '4. Term: {termDays} days, from {disbursementDate} to {dueDate}.',
      `5. Charges on late payment: daily interest of ${tierText} on the overdue amount, and a one-time penalty of PHP ${major(LATE_PENALTY_MINOR.newBorrower)} (PHP ${major(LATE_PENALTY_MINOR.repeatBorrower)} for repeat borrowers).`,
      `6. Reminders: the loan is shown as due from ${DUE_WINDOW_DAYS} days before the due date.`,
      'I acknowledge that I received and understood this statement before the loan was granted.',
    ].join('\n\n'),
  },
];

/**
 * The bank (payment account) form of merchant M0001 as card-init sends it; the stored definition
 * (with the server's field rules) is DEMO_BANK_FORM in modules/bind-card/seed.ts, docs/bind-bank.md.
 */
export const BANK_FORM_ITEMS = DEMO_BANK_FORM_ITEMS;

/** Products, payment channels, agreements and the bank form. Returns the product ids in order. */
export async function seedCatalog(db: Queryable): Promise<number[]> {
  const productIds: number[] = [];
  for (const [sort, p] of PRODUCTS.entries()) {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO products (name, logo, rate_desc, amount_minor, term_days, periods, interest_bp, service_fee_bp, rollover_fee_bp, sort)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [p.name, p.logo, p.rateDesc, p.amountMinor, p.termDays, p.periods, p.interestBp, p.serviceFeeBp, p.rolloverFeeBp, sort],
    );
    productIds.push(Number(rows[0]!.id));
  }
  for (const [sort, c] of CHANNELS.entries()) {
    await db.query(
      `INSERT INTO payment_channels (channel_number, name, logo, kind, pay_notice, sort) VALUES ($1, $2, $3, $4, $5::json, $6)
       ON CONFLICT (channel_number) DO NOTHING`,
      [c.channelNumber, c.name, c.logo, c.kind, JSON.stringify(c.payNotice), sort],
    );
  }
  for (const a of AGREEMENTS) {
    await db.query(`INSERT INTO agreements (product_id, scene, position, title, body) VALUES (NULL, 3, $1, $2, $3)`, [a.position, a.title, a.body]);
  }
  await db.query(`INSERT INTO bank_forms (merchant_number, items) VALUES ($1, $2::jsonb) ON CONFLICT (merchant_number) DO NOTHING`, [
    DEFAULT_MERCHANT,
    JSON.stringify(DEMO_BANK_FORM),
  ]);
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
  { status: ORDER_STATUS.settled, product: 1, flags: { isScore: '1' } },
];

async function isEmpty(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>(`SELECT (SELECT count(*) FROM products) + (SELECT count(*) FROM borrowers) AS n`);
  return Number(rows[0]!.n) === 0;
}

/**
 * Seeds the demo into an empty database and returns its links (with the demo session, which lives
 * SESSION_TTL_DAYS like any other). Idempotent: once the demo marker exists it seeds nothing and
 * answers null, as it does for a database holding other data; demoLinks gives the links then.
 */
export async function seedDemo(db: Db, now: Date, config: Config, cardData: CardData): Promise<DemoLinks | null> {
  const seeded = await db.transaction(async (tx) => {
    if ((await readMarker(tx)) || !(await isEmpty(tx))) return false;
    const productIds = await seedCatalog(tx);
    const { borrowerId } = await createBorrowerWithSession(tx, { ...DEMO_BORROWER, merchantNumber: DEFAULT_MERCHANT }, now, config.SESSION_TTL_DAYS);
    const orders: DemoMarker['orders'] = [];
    for (const demo of DEMO_ORDERS) {
      const product = (await findProduct(tx, productIds[demo.product]!))!;
      const order = await createOrder(tx, { borrower: { id: borrowerId, isRepeat: false }, product, status: demo.status, flags: demo.flags }, now);
      orders.push({ status: demo.status, orderId: order.id, productId: order.productId });
    }
    await seedDemoComplaints(tx, borrowerId, orders, now);
    await seedDemoRepaymentCard(tx, cardData, borrowerId, now);
    const marker: DemoMarker = {
      userId: DEMO_BORROWER.userId,
      previewOrderId: orders.find((o) => o.status === ORDER_STATUS.repaying)!.orderId,
      orders,
    };
    // The marker's key is unique: a second seeder running at the same moment fails here and rolls back.
    await tx.query(`INSERT INTO app_settings (key, value) VALUES ($1, $2::jsonb)`, [DEMO_MARKER_KEY, JSON.stringify(marker)]);
    return true;
  });
  return seeded ? demoLinks(db, config) : null;
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
