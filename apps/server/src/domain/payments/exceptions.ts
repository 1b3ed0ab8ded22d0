/**
 * The payments room's door to payment exceptions (migrations 022, 031): money the provider received
 * that was not applied as it came, held as the borrower's credit for finance. SQL stays in store.ts.
 */
import type { Queryable } from '../../platform/db/client.ts';
import { listPaymentExceptions as selectPaymentExceptions, listPaymentExceptionsPage as selectPaymentExceptionsPage, type PaymentException, type PaymentExceptionKind } from './store.ts';

export type { PaymentException, PaymentExceptionKind } from './store.ts';

/** The newest exceptions (at most `limit`). */
export function listPaymentExceptions(db: Queryable, limit?: number): Promise<PaymentException[]> {
  return selectPaymentExceptions(db, limit);
}
/** A page of exceptions, newest first, of one kind or all, and how many match in all (the back office). */
export function listPaymentExceptionsPage(db: Queryable, filter: { kind?: PaymentExceptionKind | undefined; offset: number; limit: number }): Promise<{ rows: PaymentException[]; total: number }> {
  return selectPaymentExceptionsPage(db, filter);
}
