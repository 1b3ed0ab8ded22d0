/** Payment exceptions: money the provider received that was not applied as it came, for finance; and finance's refund of a held credit. */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffInputOf } from '@cashloan/contract/staff/common';
import { listPaymentExceptionsCall, refundCreditCall } from '@cashloan/contract/staff/payment-exceptions';
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

/** Records that a held credit was paid back from the lender's bank (and books it): the list and the books load again. */
export function useRefundCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffInputOf<typeof refundCreditCall>) => callStaff(refundCreditCall, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: staffKeys.paymentExceptions.all() });
      void queryClient.invalidateQueries({ queryKey: staffKeys.books.all() });
    },
    meta: { showsOwnError: true },
  });
}
