/**
 * The books' demo day (docs/books.md, "The demo"): yesterday (Manila), five borrowers' loans were repaid
 * at the sandbox's counter. Three reached the books the usual way (the sandbox's word, then the
 * payment); one the books applied with no word from the sandbox (booked, not in its report); and one
 * the sandbox took but whose notification never arrived (in its report, not booked). So the
 * sandbox's report of yesterday, fetched in the back office, matches all but two: finance resolves
 * them and closes the day.
 */
import type { Db } from '../platform/db/client.ts';
import type { Config } from '../config.ts';
import type { PaymentProvider } from '../providers/payments/payment-provider.ts';
import { DAY_MS } from '../platform/clock/clock.ts';
import { createBorrowerWithSession, DEFAULT_MERCHANT } from '../domain/borrowers/service.ts';
import { createOrder, findProduct, listProducts } from '../domain/orders/service.ts';
import { issuePayCode } from '../domain/payments/pay-codes.ts';
import { applyPaidPayCode } from '../domain/payments/payments.ts';
import { settleProviderTransaction } from '../domain/payments/provider-settlement.ts';
import { ORDER_STATUS } from '../loan-terms/status.ts';

export const DEMO_BOOKS_BORROWERS = [
  { userId: 'DEMO0101', mobilePhone: '9171230101', name: 'Maria Clara Santos', deviceId: 'demo-books-1' },
  { userId: 'DEMO0102', mobilePhone: '9171230102', name: 'Jose Rizal Mercado', deviceId: 'demo-books-2' },
  { userId: 'DEMO0103', mobilePhone: '9171230103', name: 'Andres Bonifacio Cruz', deviceId: 'demo-books-3' },
  { userId: 'DEMO0104', mobilePhone: '9171230104', name: 'Gabriela Silang Reyes', deviceId: 'demo-books-4' },
  { userId: 'DEMO0105', mobilePhone: '9171230105', name: 'Apolinario Mabini Diaz', deviceId: 'demo-books-5' },
] as const;

type Arrival = 'reported' | 'booked-only' | 'reported-only';
const ARRIVALS: readonly Arrival[] = ['reported', 'reported', 'reported', 'booked-only', 'reported-only'];

export async function seedDemoBooksDay(db: Db, now: Date, config: Config, payments: PaymentProvider): Promise<void> {
  if (!payments.recordCounterPayment) return;
  const yesterday = new Date(now.getTime() - DAY_MS);
  const products = await listProducts(db);
  for (const [i, borrower] of DEMO_BOOKS_BORROWERS.entries()) {
    const arrival = ARRIVALS[i]!;
    const { borrowerId } = await createBorrowerWithSession(db, { ...borrower, merchantNumber: DEFAULT_MERCHANT }, yesterday, config.SESSION_TTL_DAYS);
    const product = (await findProduct(db, products[i % products.length]!.id))!;
    // Due yesterday, so yesterday's repayment of all of it was open.
    const order = await db.transaction((tx) => createOrder(tx, { borrower: { id: borrowerId, isRepeat: false }, product, status: ORDER_STATUS.due, dueInDays: 0 }, yesterday));
    const at = new Date(yesterday.getTime() + i * 60_000);
    const code = await issuePayCode({ db, payments }, { orderId: order.id, purpose: 'repay', now: at });
    if (arrival === 'booked-only') {
      await applyPaidPayCode({ db, payments }, { code: code.code, now: at, source: 'seed' });
      continue;
    }
    const refNo = `code:${code.code}`;
    await payments.recordCounterPayment({ txnId: code.txnId, refNo, status: 'S', amountMinor: code.amountMinor, now: at });
    if (arrival === 'reported') await settleProviderTransaction({ db, payments }, payments.name, { txnId: code.txnId, refNo, status: 'S', amountMinor: code.amountMinor }, at);
  }
}
