/**
 * Promises to pay (issue 38, docs/collections.md): a collector records the day (from today to 30 days
 * on, on the order's market calendar) and the amount (up to what is due today); kept or broken is
 * never stored, it is read from the money the payments room applied to the order from the moment the
 * promise was made until the end of its day. SQL in promise-store.ts.
 */
import type { Market, promiseCall, StaffAnswerOf } from '@cashloan/contract';
import type { Queryable } from '../../platform/db/client.ts';
import { invalidInput } from '../../platform/http/api-error.ts';
import { dayToIsoDate, isoDateToDay, lenderDay, lenderDayStartsAt } from '../../loan-terms/calendar.ts';
import { listMoneyApplied, type MoneyApplied } from '../payments/payments.ts';
import { insertPromise, listOrderPromises, type PromiseRow } from './promise-store.ts';

export type { PromiseRow } from './promise-store.ts';
export type PromiseView = StaffAnswerOf<typeof promiseCall>;
export type PromiseState = PromiseView['state'];

/** The latest day a promise may name, counted from today. */
export const PROMISE_DAYS_AHEAD = 30;

/** The lender day number of a YYYY-MM-DD that is a real calendar date, else a 400 naming promisedOn. */
function promisedDay(promisedOn: string): number {
  const wrong = () => invalidInput(`promisedOn must be a calendar date (YYYY-MM-DD), not "${promisedOn}"`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(promisedOn)) throw wrong();
  let day: number;
  try {
    day = isoDateToDay(promisedOn);
  } catch {
    throw wrong();
  }
  // 2026-02-30 parses as 2 March: only a date that reads back the same is one.
  if (dayToIsoDate(day) !== promisedOn) throw wrong();
  return day;
}

/** The first moment after a promise's day, on the order's market calendar. */
export const promiseDayEndsAt = (promisedOn: string, market: Market): Date => lenderDayStartsAt(isoDateToDay(promisedOn) + 1, market);

/**
 * What was paid toward a promise and what that makes it: the money applied to its order from when
 * it was made until its day ended; kept once that reaches the amount, broken when the day ended
 * without, open until then. `payments` may hold other orders' and other times' payments.
 */
export function promiseStanding(
  promise: Pick<PromiseRow, 'orderId' | 'promisedOn' | 'amountMinor' | 'createdAt'>,
  payments: readonly Pick<MoneyApplied, 'orderId' | 'appliedAt' | 'appliedMinor'>[],
  now: Date,
  market: Market,
): { paidMinor: number; state: PromiseState } {
  const endsAt = promiseDayEndsAt(promise.promisedOn, market);
  const paidMinor = payments
    .filter((p) => p.orderId === promise.orderId && p.appliedAt.getTime() >= promise.createdAt.getTime() && p.appliedAt.getTime() < endsAt.getTime())
    .reduce((sum, p) => sum + p.appliedMinor, 0);
  const state: PromiseState = paidMinor >= promise.amountMinor ? 'kept' : now.getTime() >= endsAt.getTime() ? 'broken' : 'open';
  return { paidMinor, state };
}

const viewOf = (row: PromiseRow, standing: { paidMinor: number; state: PromiseState }): PromiseView => ({
  id: row.id,
  promisedOn: row.promisedOn,
  amountMinor: row.amountMinor,
  paidMinor: standing.paidMinor,
  state: standing.state,
  createdBy: row.createdByName,
  createdAt: row.createdAt.toISOString(),
});

export interface NewPromise {
  orderId: number;
  /** YYYY-MM-DD on the order's market calendar. */
  promisedOn: string;
  amountMinor: number;
  staffId: number;
  now: Date;
  /** The order's market: whose calendar "today" and the promise's day are. */
  market: Market;
  /** What the order has due today (its position's currentDueMinor): the most a promise may be for. */
  amountDueMinor: number;
}

/**
 * Records a promise to pay in the caller's transaction (the staff API writes its audit entry in the
 * same one). Refused with a 400 naming the field: a day that is not a calendar date, before today or
 * more than 30 days on; an amount that is not a positive whole number, or more than is due today.
 */
export async function recordPromise(tx: Queryable, input: NewPromise): Promise<PromiseView> {
  const day = promisedDay(input.promisedOn);
  const today = lenderDay(input.now, input.market);
  const last = today + PROMISE_DAYS_AHEAD;
  if (day < today || day > last) {
    throw invalidInput(`promisedOn must be a day from today (${dayToIsoDate(today)}) to ${PROMISE_DAYS_AHEAD} days on (${dayToIsoDate(last)}), not ${input.promisedOn}`);
  }
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) throw invalidInput('amountMinor must be a positive whole number of minor units');
  if (input.amountDueMinor <= 0) throw invalidInput('amountMinor: nothing is due on this order today, so there is nothing to promise');
  if (input.amountMinor > input.amountDueMinor) {
    throw invalidInput(`amountMinor ${input.amountMinor} is more than is due on this order today (${input.amountDueMinor})`);
  }
  const row = await insertPromise(tx, { orderId: input.orderId, promisedOn: input.promisedOn, amountMinor: input.amountMinor, createdBy: input.staffId, createdAt: input.now });
  return viewOf(row, promiseStanding(row, [], input.now, input.market));
}

/**
 * Promises with what was paid toward each and their state at `now`, in the order given; each on its
 * order's market calendar (`marketOf`, the Philippines when it does not know the order).
 */
export async function judgePromises(db: Queryable, rows: readonly PromiseRow[], now: Date, marketOf: (orderId: number) => Market): Promise<Array<PromiseView & { orderId: number }>> {
  if (rows.length === 0) return [];
  const from = new Date(Math.min(...rows.map((r) => r.createdAt.getTime())));
  const to = new Date(Math.max(...rows.map((r) => promiseDayEndsAt(r.promisedOn, marketOf(r.orderId)).getTime())));
  const payments = to.getTime() > from.getTime() ? await listMoneyApplied(db, { from, to, orderIds: rows.map((r) => r.orderId) }) : [];
  return rows.map((row) => ({ ...viewOf(row, promiseStanding(row, payments, now, marketOf(row.orderId))), orderId: row.orderId }));
}

/** An order's promises, newest first, as the contract's promiseView: paid so far toward each, and kept, broken or open at `now`. */
export async function promisesOf(db: Queryable, orderId: number, now: Date, market: Market): Promise<PromiseView[]> {
  const judged = await judgePromises(db, await listOrderPromises(db, orderId), now, () => market);
  return judged.map(({ orderId: _orderId, ...view }) => view);
}
