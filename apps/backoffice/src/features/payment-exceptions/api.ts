/** Payment exceptions: money the provider received that was not applied as it came, for finance. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffInputOf } from '@cashloan/contract/staff/common';
import { listPaymentExceptionsCall } from '@cashloan/contract/staff/payment-exceptions';
import { callStaff } from '../../shared/api-client.ts';
import { staffKeys } from '../../shared/query-keys.ts';

export type PaymentExceptionFilters = StaffInputOf<typeof listPaymentExceptionsCall>;

export const paymentExceptionsQuery = (filters: PaymentExceptionFilters) =>
  queryOptions({
    queryKey: staffKeys.paymentExceptions.list(filters),
    queryFn: ({ signal }) => callStaff(listPaymentExceptionsCall, filters, { signal }),
    placeholderData: keepPreviousData,
  });

export const usePaymentExceptions = (filters: PaymentExceptionFilters) => useQuery(paymentExceptionsQuery(filters));
