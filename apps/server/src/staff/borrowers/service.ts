/** Borrowers for staff: the search by phone or name, and one borrower with orders, complaints and bound accounts (masked). */
import type { StaffBorrower, StaffParsedInputOf, searchBorrowersCall } from '@cashloan/contract';
import type { Queryable } from '../../platform/db/client.ts';
import { notFound } from '../../platform/http/api-error.ts';
import { lastFourOnly } from '../../domain/bank-cards/card-numbers.ts';
import { listAccounts, type AccountRow } from '../../domain/bank-cards/service.ts';
import { findBorrowerRecord, searchBorrowers, type BorrowerRecord } from '../../domain/borrowers/service.ts';
import { listBorrowerOrders, viewOrder } from '../../domain/orders/service.ts';
import { borrowerComplaints, lenderHolidays } from '../../modules/complaints/agent-service.ts';
import { orderListItem } from '../orders/view.ts';

type BorrowerListItem = StaffBorrower['borrower'];

const listItem = (b: BorrowerRecord): Omit<BorrowerListItem, 'isRepeat' | 'lang'> => ({
  id: b.id,
  userId: b.userId,
  name: b.name,
  mobilePhone: b.mobilePhone,
  merchantNumber: b.merchantNumber,
  createdAt: b.createdAt.toISOString(),
});

/** Borrowers by phone (any part) and name (any part, any case), newest first, a page at a time. */
export async function searchBorrowersForStaff(deps: { db: Queryable }, input: StaffParsedInputOf<typeof searchBorrowersCall>) {
  const { rows, total } = await searchBorrowers(deps.db, {
    phoneDigits: input.phone,
    namePart: input.name,
    offset: (input.page - 1) * input.pageSize,
    limit: input.pageSize,
  });
  return { items: rows.map(listItem), total };
}

/**
 * The borrower's bound accounts, newest first: payout accounts from the bank screen (the current one
 * is the newest not replaced) and the cards they repay with (each in use). Last 4 digits only.
 */
function accountsOf(rows: AccountRow[]): StaffBorrower['accounts'] {
  const currentPayout = rows.find((a) => a.boundVia !== null && a.replacedAt === null);
  return rows.map((a) => ({
    id: a.id,
    kind: a.boundVia === null ? 'repayment-card' : 'payout-account',
    bankName: a.bankName,
    cardNo: lastFourOnly(a.cardNoMasked),
    current: a.boundVia === null || a === currentPayout,
    createdAt: a.createdAt.toISOString(),
  }));
}

export async function borrowerForStaff(deps: { db: Queryable; config: { LENDER_HOLIDAYS: readonly string[] } }, borrowerId: number, now: Date): Promise<StaffBorrower> {
  const borrower = await findBorrowerRecord(deps.db, borrowerId);
  if (!borrower) throw notFound(`Borrower ${borrowerId} does not exist.`);
  const orders = await listBorrowerOrders(deps.db, borrower.id);
  return {
    // The pseudo-locale is never stored (session.ts), so a stored language is one of LANGS.
    borrower: { ...listItem(borrower), isRepeat: borrower.isRepeat, lang: borrower.lang },
    orders: orders.map((o) => orderListItem(viewOrder(o, now), borrower)),
    complaints: await borrowerComplaints(deps.db, borrower, now, lenderHolidays(deps.config)),
    accounts: accountsOf(await listAccounts(deps.db, borrower.id)),
  };
}
