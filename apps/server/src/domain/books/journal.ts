/**
 * The books room's door for the money events (docs/books.md, "Which event writes which lines"): each
 * writes one balanced entry in the event's own transaction, on the market day it is recorded. The
 * journal is append-only (migration 036 refuses an update or delete); a correction is an entry that
 * reverses another (reverseEntry).
 */
import type { Market } from '@cashloan/contract';
import type { Queryable } from '../../platform/db/client.ts';
import { dayToIsoDate, lenderDay } from '../../loan-terms/calendar.ts';
import { splitBasePayment, type PaymentAllocation } from '../../loan-terms/position.ts';
import { loadOrder, toLoanState, type LedgerBooking, type OrderRow } from '../orders/service.ts';
import { ACCOUNTS, cashAccount, payoutBookProvider, paymentSource, type Account } from './accounts.ts';
import { providerFeeMinor } from './fees.ts';
import { findEntry, findEntryOfPayout, findReversalOf, hasOpening, insertEntry, linesOf, markNothingToOpen, ordersWithoutOpening, type Currency, type EntryKind, type LineRow } from './store.ts';

export type { Currency, EntryKind, EntryRow, LineRow } from './store.ts';

export const CURRENCY_OF: Record<Market, Currency> = { PH: 'PHP', IN: 'INR' };
const MARKET_OF: Record<Currency, Market> = { PHP: 'PH', INR: 'IN' };

/** The market day (YYYY-MM-DD) a currency's entry recorded at `at` is booked on. */
export const bookDayOf = (at: Date, currency: Currency) => dayToIsoDate(lenderDay(at, MARKET_OF[currency]));

/** One side of a line: a positive amount on the account's debit or credit side (a negative one goes to the other side). */
export interface Leg {
  account: Account;
  debit?: number;
  credit?: number;
}

export interface NewEntry {
  kind: EntryKind;
  currency: Currency;
  orderId?: number | null;
  paymentId?: number | null;
  payoutId?: number | null;
  provider?: string | null;
  providerRef?: string | null;
  reversesEntryId?: number | null;
  memo: string;
  staffId?: number | null;
  now: Date;
  legs: readonly Leg[];
}

/** Legs folded into one line per account and side; zero amounts dropped. */
function toLines(legs: readonly Leg[]): LineRow[] {
  const sums = new Map<string, number>();
  for (const leg of legs) {
    const amount = (leg.debit ?? 0) - (leg.credit ?? 0);
    if (!Number.isSafeInteger(amount)) throw new RangeError(`journal amounts are whole minor units, got ${amount} on ${leg.account.code}`);
    sums.set(leg.account.code, (sums.get(leg.account.code) ?? 0) + amount);
  }
  return [...sums].filter(([, amount]) => amount !== 0).map(([account, amount]) => ({ account, debitMinor: Math.max(0, amount), creditMinor: Math.max(0, -amount) }));
}

/** Writes one balanced entry; null when every leg was zero (nothing to book). A leg set that does not balance is a bug: it throws. */
export async function bookEntry(tx: Queryable, e: NewEntry): Promise<number | null> {
  const lines = toLines(e.legs);
  if (lines.length === 0) return null;
  const difference = lines.reduce((sum, l) => sum + l.debitMinor - l.creditMinor, 0);
  if (difference !== 0) throw new Error(`journal entry "${e.memo}" does not balance: debits − credits = ${difference}`);
  return insertEntry(
    tx,
    {
      bookDay: bookDayOf(e.now, e.currency),
      kind: e.kind,
      currency: e.currency,
      orderId: e.orderId ?? null,
      paymentId: e.paymentId ?? null,
      payoutId: e.payoutId ?? null,
      provider: e.provider ?? null,
      providerRef: e.providerRef ?? null,
      reversesEntryId: e.reversesEntryId ?? null,
      memo: e.memo,
      createdByStaffId: e.staffId ?? null,
      createdAt: e.now,
    },
    lines,
  );
}

/** What an order's own ledger says is still owed, by receivable account (booked amounts; accrual not yet booked is not owed in the books). */
export function receivablesOf(order: OrderRow): { principalMinor: number; interestMinor: number; feeMinor: number; chargesMinor: number } {
  const state = toLoanState(order);
  const basePaid = state.instalments.reduce((sum, i) => sum + i.paidMinor, 0);
  const paid = splitBasePayment(state, 0, basePaid);
  return {
    principalMinor: state.principalMinor - paid.principalMinor,
    interestMinor: state.interestMinor - paid.interestMinor,
    feeMinor: state.feeMinor - paid.serviceFeeMinor,
    chargesMinor: state.extraChargesMinor - (state.paidMinor - basePaid),
  };
}

/**
 * Opens an order paid out before the books began, or outside a payout provider (the demo, the dev
 * API): what its ledger says is owed now, against opening balances. Every other event on the order
 * calls this first, so its receivables always start from its ledger. Idempotent.
 */
export async function ensureOpened(tx: Queryable, order: OrderRow, now: Date): Promise<boolean> {
  if (!order.disbursedAt || (await hasOpening(tx, order.id))) return false;
  const owed = receivablesOf(order);
  const unearned = owed.interestMinor + owed.feeMinor;
  const booked = await bookEntry(tx, {
    kind: 'opening',
    currency: CURRENCY_OF[order.market],
    orderId: order.id,
    memo: `Opening balance of order ${order.orderNo} (paid out ${order.disbursedAt.toISOString()}, before the books or outside a payout provider)`,
    now,
    legs: [
      { account: ACCOUNTS.loansReceivable, debit: owed.principalMinor },
      { account: ACCOUNTS.interestReceivable, debit: owed.interestMinor },
      { account: ACCOUNTS.feesReceivable, debit: owed.feeMinor },
      { account: ACCOUNTS.chargesReceivable, debit: owed.chargesMinor },
      { account: ACCOUNTS.unearnedIncome, credit: unearned },
      { account: ACCOUNTS.openingBalances, credit: owed.principalMinor + owed.chargesMinor },
    ],
  });
  // Settled before the books opened it: nothing to book; the opening pass need not read it again.
  if (booked === null) await markNothingToOpen(tx, order.id, now);
  return booked !== null;
}

/** Opens every paid-out order the books do not have yet (at start, after the demo seed), a batch at a time. */
export async function openAllOrders(db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> } & Queryable, now: Date): Promise<number> {
  let opened = 0;
  // One pass in id order: an order this pass could not open is never read twice by it.
  for (let afterId = 0; ; ) {
    const ids = await ordersWithoutOpening(db, 200, afterId);
    if (ids.length === 0) return opened;
    afterId = ids[ids.length - 1]!;
    opened += await db.transaction(async (tx) => {
      let booked = 0;
      for (const id of ids) {
        const order = await loadOrder(tx, id, { forUpdate: true });
        if (order && (await ensureOpened(tx, order, now))) booked++;
      }
      return booked;
    });
  }
}

export interface PaidOutMoney {
  payoutId: number;
  reference: string;
  /** The payouts room's provider name. */
  provider: string;
  amountMinor: number;
}

/**
 * The money arrived in the borrower's account (the payouts room's arrival, the order now 170): the
 * whole contract becomes receivable; interest and the service fee are unearned until paid.
 */
export async function bookDisbursement(tx: Queryable, order: OrderRow, payout: PaidOutMoney, now: Date): Promise<void> {
  if (await hasOpening(tx, order.id)) return;
  const provider = payoutBookProvider(payout.provider);
  const cash = cashAccount(provider);
  const fee = providerFeeMinor(provider);
  await bookEntry(tx, {
    kind: 'disbursement',
    currency: CURRENCY_OF[order.market],
    orderId: order.id,
    payoutId: payout.payoutId,
    provider,
    providerRef: payout.reference,
    memo: `Payout ${payout.reference} of order ${order.orderNo} arrived`,
    now,
    legs: [
      { account: ACCOUNTS.loansReceivable, debit: order.principalMinor },
      { account: ACCOUNTS.interestReceivable, debit: order.interestMinor },
      { account: ACCOUNTS.feesReceivable, debit: order.feeMinor },
      { account: ACCOUNTS.unearnedIncome, credit: order.interestMinor + order.feeMinor },
      { account: cash, credit: payout.amountMinor },
      // Charges deducted from the proceeds at disbursement (none today: netProceeds is the principal).
      { account: ACCOUNTS.feeIncome, credit: order.principalMinor - payout.amountMinor },
      { account: ACCOUNTS.providerFees, debit: fee },
      { account: cash, credit: fee },
    ],
  });
}

/**
 * The bank sent a paid-out payout back: the money is at the payout provider again, and owed to the
 * borrower until finance pays it out again or the loan is closed. The loan's receivables stand, as
 * its ledger does. A payout the books never saw paid (reversed while processing) books nothing.
 */
export async function bookPayoutReversal(tx: Queryable, order: OrderRow, payout: PaidOutMoney, now: Date): Promise<void> {
  if (!(await findEntryOfPayout(tx, payout.payoutId, 'disbursement'))) return;
  const provider = payoutBookProvider(payout.provider);
  await bookEntry(tx, {
    kind: 'payout_reversal',
    currency: CURRENCY_OF[order.market],
    orderId: order.id,
    payoutId: payout.payoutId,
    provider,
    providerRef: payout.reference,
    memo: `Payout ${payout.reference} of order ${order.orderNo} was returned by the bank`,
    now,
    legs: [
      { account: cashAccount(provider), debit: payout.amountMinor },
      { account: ACCOUNTS.payoutsReturned, credit: payout.amountMinor },
    ],
  });
}

export interface AppliedMoney {
  paymentId: number;
  providerRef: string;
  amountMinor: number;
  allocation: PaymentAllocation;
  books: LedgerBooking;
}

/**
 * One payment applied (payments' applyMoney, in its transaction): the cash at whoever took it, the
 * charges this payment booked, each part of the allocation off its receivable, interest and fee
 * earned as they are paid, what a cooling-off exit waived, what was beyond the debt held as the
 * borrower's credit, and the provider's fee. `order` is the order as it was before the payment.
 */
export async function bookPayment(tx: Queryable, order: OrderRow, money: AppliedMoney, now: Date): Promise<void> {
  await ensureOpened(tx, order, now);
  const { provider, reference } = paymentSource(money.providerRef);
  const cash = cashAccount(provider);
  const fee = providerFeeMinor(provider);
  const { allocation: a, books: b } = money;
  const waived = b.interestWaivedMinor + b.feeWaivedMinor;
  await bookEntry(tx, {
    kind: 'payment',
    currency: CURRENCY_OF[order.market],
    orderId: order.id,
    paymentId: money.paymentId,
    provider,
    providerRef: reference,
    memo: `Payment ${money.paymentId} (${money.providerRef}) on order ${order.orderNo}`,
    now,
    legs: [
      { account: cash, debit: money.amountMinor },
      // Charges booked by this payment: late interest and the penalty, a rollover's fee.
      { account: ACCOUNTS.chargesReceivable, debit: b.lateChargesBookedMinor + b.rolloverFeeBookedMinor },
      { account: ACCOUNTS.penaltyIncome, credit: b.lateChargesBookedMinor },
      { account: ACCOUNTS.feeIncome, credit: b.rolloverFeeBookedMinor },
      // Where the money went.
      { account: ACCOUNTS.chargesReceivable, credit: a.lateChargesMinor },
      { account: ACCOUNTS.interestReceivable, credit: a.interestMinor },
      { account: ACCOUNTS.feesReceivable, credit: a.serviceFeeMinor },
      { account: ACCOUNTS.loansReceivable, credit: a.principalMinor },
      { account: ACCOUNTS.borrowerCredits, credit: a.unappliedMinor },
      // Interest and the service fee are earned as they are paid.
      { account: ACCOUNTS.unearnedIncome, debit: a.interestMinor + a.serviceFeeMinor },
      { account: ACCOUNTS.interestIncome, credit: a.interestMinor },
      { account: ACCOUNTS.feeIncome, credit: a.serviceFeeMinor },
      // A cooling-off cancellation: the interest not kept and the fee are earned and waived.
      { account: ACCOUNTS.unearnedIncome, debit: waived },
      { account: ACCOUNTS.interestIncome, credit: b.interestWaivedMinor },
      { account: ACCOUNTS.feeIncome, credit: b.feeWaivedMinor },
      { account: ACCOUNTS.waivers, debit: waived },
      { account: ACCOUNTS.interestReceivable, credit: b.interestWaivedMinor },
      { account: ACCOUNTS.feesReceivable, credit: b.feeWaivedMinor },
      // The provider's fee for taking it.
      { account: ACCOUNTS.providerFees, debit: fee },
      { account: cash, credit: fee },
    ],
  });
}

/**
 * Money a provider received that was not applied as it came (a payment exception other than an
 * overpayment, whose payment books its own credit): all of it is held as the borrower's credit.
 */
export async function bookHeldCredit(
  tx: Queryable,
  input: { provider: string; refNo: string; amountMinor: number; currency: Currency; orderId: number | null; memo: string; now: Date },
): Promise<void> {
  const { provider, reference } = paymentSource(`${input.provider}:${input.refNo}`);
  const cash = cashAccount(provider);
  const fee = providerFeeMinor(provider);
  await bookEntry(tx, {
    kind: 'payment',
    currency: input.currency,
    orderId: input.orderId,
    provider,
    providerRef: reference,
    memo: input.memo,
    now: input.now,
    legs: [
      { account: cash, debit: input.amountMinor },
      { account: ACCOUNTS.borrowerCredits, credit: input.amountMinor },
      { account: ACCOUNTS.providerFees, debit: fee },
      { account: cash, credit: fee },
    ],
  });
}

/** A credit held for a borrower paid back to them from the lender's bank (finance's refund of a payment exception). */
export async function bookCreditRefund(
  tx: Queryable,
  input: { orderId: number | null; currency: Currency; amountMinor: number; reference: string; memo: string; staffId: number; now: Date },
): Promise<number | null> {
  return bookEntry(tx, {
    kind: 'credit_refund',
    currency: input.currency,
    orderId: input.orderId,
    provider: 'bank',
    providerRef: input.reference,
    memo: input.memo,
    staffId: input.staffId,
    now: input.now,
    legs: [
      { account: ACCOUNTS.borrowerCredits, debit: input.amountMinor },
      { account: ACCOUNTS.cashAtBank, credit: input.amountMinor },
    ],
  });
}

/** A correction: the same lines on the other side, linked to the entry it reverses (each entry is reversed at most once). */
export async function reverseEntry(tx: Queryable, entryId: number, input: { memo: string; staffId: number | null; now: Date }): Promise<number> {
  const entry = await findEntry(tx, entryId);
  if (!entry) throw new RangeError(`journal entry ${entryId} does not exist`);
  if (await findReversalOf(tx, entryId)) throw new RangeError(`journal entry ${entryId} was already reversed`);
  const lines = (await linesOf(tx, [entryId])).get(entryId) ?? [];
  const id = await bookEntry(tx, {
    kind: 'reversal',
    currency: entry.currency,
    orderId: entry.orderId,
    paymentId: entry.paymentId,
    payoutId: entry.payoutId,
    provider: entry.provider,
    providerRef: entry.providerRef,
    reversesEntryId: entry.id,
    memo: input.memo,
    staffId: input.staffId,
    now: input.now,
    legs: lines.map((l) => ({ account: { code: l.account, name: l.account, kind: 'asset' as const }, debit: l.creditMinor, credit: l.debitMinor })),
  });
  return id!;
}
