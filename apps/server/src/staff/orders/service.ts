/**
 * Orders for staff: the search (phone, order number, shown status) and one order whole, gathered
 * from the rooms and the loan-confirmation module; view.ts arranges what they answer.
 */
import type { StaffOrder, StaffOrderListItem, StaffParsedInputOf, searchOrdersCall } from '@cashloan/contract';
import type { Queryable } from '../../platform/db/client.ts';
import { notFound } from '../../platform/http/api-error.ts';
import { isOrderStatus } from '../../loan-terms/status.ts';
import { lastFourOnly } from '../../domain/bank-cards/card-numbers.ts';
import { findAccount } from '../../domain/bank-cards/service.ts';
import { borrowerIdsWithPhonePart, findBorrowers, type Borrower } from '../../domain/borrowers/service.ts';
import { allowedMoves, findOrders, loadOrder, viewOrder, type OrderRow } from '../../domain/orders/service.ts';
import { listChannels } from '../../domain/payments/channels.ts';
import { listOrderPayCodes } from '../../domain/payments/pay-codes.ts';
import { listOrderPayments } from '../../domain/payments/payments.ts';
import { confirmedForStaff } from '../../modules/loan-confirmation/confirmed-for-staff.ts';
import type { StaffDeps } from '../http/mount.ts';
import { orderPostings } from './postings.ts';
import { orderPayoutsForStaff } from './payouts.ts';
import { orderListItem, staffOrderView, type StoredPaymentResult } from './view.ts';

/** `db` may be a transaction: a write answers the order as it stands inside it. */
export type StaffOrderDeps = Pick<StaffDeps, 'config'> & { db: Queryable };

export const orderNotFound = (id: number) => notFound(`Order ${id} does not exist.`);

async function borrowersById(db: Queryable, ids: number[]): Promise<Map<number, Borrower>> {
  return new Map((await findBorrowers(db, [...new Set(ids)])).map((b) => [b.id, b]));
}

/** Orders as list lines, each with its borrower's name and phone and the status it shows at `now`. */
async function orderListItems(db: Queryable, orders: OrderRow[], now: Date): Promise<StaffOrderListItem[]> {
  const borrowers = await borrowersById(db, orders.map((o) => o.borrowerId));
  return orders.map((o) => orderListItem(viewOrder(o, now), borrowers.get(o.borrowerId)));
}

/** Orders by phone (any part), order number (any case) and shown status, newest first, a page at a time. */
export async function searchOrdersForStaff(
  deps: { db: Queryable },
  input: StaffParsedInputOf<typeof searchOrdersCall>,
  now: Date,
): Promise<{ items: StaffOrderListItem[]; total: number }> {
  const borrowerIds = input.phone === undefined ? undefined : await borrowerIdsWithPhonePart(deps.db, input.phone);
  if (borrowerIds?.length === 0) return { items: [], total: 0 };
  const shownStatus = input.status !== undefined && isOrderStatus(input.status) ? input.status : undefined;
  const { rows, total } = await findOrders(
    deps.db,
    { borrowerIds, orderNo: input.orderNo, shownStatus, offset: (input.page - 1) * input.pageSize, limit: input.pageSize },
    now,
  );
  return { items: await orderListItems(deps.db, rows, now), total };
}

/** The bound account the loan pays out to: its bank and the last 4 digits of its number (never opened whole here). */
async function payoutAccountOf(db: Queryable, order: OrderRow): Promise<StaffOrder['payoutAccount']> {
  const account = order.payoutAccountId === null ? null : await findAccount(db, order.payoutAccountId);
  return account ? { bankName: account.bankName, cardNo: lastFourOnly(account.cardNoMasked) } : null;
}

/**
 * One order whole, as it stands at `now`: figures, plan, ledger, pay codes, what was confirmed, payout
 * account, moves, payouts, postings awaiting approval. `viewerId`: the staff user asking (whether they may release it).
 */
export async function orderForStaff(deps: StaffOrderDeps, orderId: number, now: Date, viewerId?: number): Promise<StaffOrder> {
  const { db } = deps;
  const order = await loadOrder(db, orderId);
  if (!order) throw orderNotFound(orderId);
  const borrower = (await findBorrowers(db, [order.borrowerId]))[0];
  return staffOrderView(
    {
      view: viewOrder(order, now),
      borrower,
      payments: await listOrderPayments<StoredPaymentResult>(db, order.id),
      payCodes: await listOrderPayCodes(db, order.id),
      channels: await listChannels(db),
      confirmed: await confirmedForStaff(deps, order, borrower ?? { name: '', mobilePhone: '' }),
      payoutAccount: await payoutAccountOf(db, order),
      moves: allowedMoves(order.status),
      payouts: await orderPayoutsForStaff(deps, order, viewerId),
      postings: { approvalAboveMinor: deps.config.POSTING_APPROVAL_ABOVE_MINOR, items: await orderPostings(db, order.id) },
    },
    now,
  );
}
