/** Orders: search, one order whole, and finance's moves and postings. */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { StaffInputOf } from '@cashloan/contract/staff/common';
import { getOrderCall, moveOrderCall, postPaymentCall, searchOrdersCall, type StaffOrder } from '@cashloan/contract/staff/orders';
import { callStaff } from '../../shared/api-client.ts';
import { staffKeys } from '../../shared/query-keys.ts';

export type OrderFilters = StaffInputOf<typeof searchOrdersCall>;

export const ordersQuery = (filters: OrderFilters) =>
  queryOptions({
    queryKey: staffKeys.orders.list(filters),
    queryFn: ({ signal }) => callStaff(searchOrdersCall, filters, { signal }),
    placeholderData: keepPreviousData,
  });

export const orderQuery = (id: number) =>
  queryOptions({
    queryKey: staffKeys.orders.detail(id),
    queryFn: ({ signal }) => callStaff(getOrderCall, { id }, { signal }),
  });

export const useOrders = (filters: OrderFilters) => useQuery(ordersQuery(filters));
export const useOrder = (id: number) => useQuery(orderQuery(id));

/** A write answered the order as it now is: show that, and let every list and count that shows it load again. */
function orderChanged(queryClient: QueryClient, order: StaffOrder) {
  queryClient.setQueryData(staffKeys.orders.detail(order.order.id), order);
  void queryClient.invalidateQueries({ queryKey: staffKeys.orders.all() });
  void queryClient.invalidateQueries({ queryKey: staffKeys.borrowers.all() });
  void queryClient.invalidateQueries({ queryKey: staffKeys.dashboard() });
}

export function useMoveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffInputOf<typeof moveOrderCall>) => callStaff(moveOrderCall, input),
    onSuccess: (order) => orderChanged(queryClient, order),
    meta: { showsOwnError: true },
  });
}

export function usePostPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffInputOf<typeof postPaymentCall>) => callStaff(postPaymentCall, input),
    onSuccess: ({ order }) => orderChanged(queryClient, order),
    meta: { showsOwnError: true },
  });
}
