/** Orders: search, one order whole, and finance's moves, releases (payouts) and postings, with the postings a second finance user approves or rejects. */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { StaffInputOf } from '@cashloan/contract/staff/common';
import {
  approvePostingCall,
  getOrderCall,
  listPayoutsCall,
  listPostingsCall,
  moveOrderCall,
  postPaymentCall,
  rejectPostingCall,
  releaseOrderCall,
  searchOrdersCall,
  type StaffOrder,
} from '@cashloan/contract/staff/orders';
import { callStaff } from '../../shared/api-client.ts';
import { staffKeys } from '../../shared/query-keys.ts';

export type OrderFilters = StaffInputOf<typeof searchOrdersCall>;

export const ordersQuery = (filters: OrderFilters) =>
  queryOptions({
    queryKey: staffKeys.orders.list(filters),
    queryFn: ({ signal }) => callStaff(searchOrdersCall, filters, { signal }),
    placeholderData: keepPreviousData,
  });

/** While a payout is on its way the order is asked for again every few seconds, so its arrival (or refusal) shows without a reload. */
export const PAYOUT_WATCH_MS = 5_000;

export const orderQuery = (id: number) =>
  queryOptions({
    queryKey: staffKeys.orders.detail(id),
    queryFn: ({ signal }) => callStaff(getOrderCall, { id }, { signal }),
    refetchInterval: (query) => (query.state.data?.payouts.items.some((p) => p.status === 'processing') ? PAYOUT_WATCH_MS : false),
  });

export type PostingFilters = StaffInputOf<typeof listPostingsCall>;

export const postingsQuery = (filters: PostingFilters) =>
  queryOptions({
    queryKey: staffKeys.orders.postings(filters),
    queryFn: ({ signal }) => callStaff(listPostingsCall, filters, { signal }),
    placeholderData: keepPreviousData,
  });

export type PayoutFilters = StaffInputOf<typeof listPayoutsCall>;

export const payoutsQuery = (filters: PayoutFilters) =>
  queryOptions({
    queryKey: staffKeys.orders.payouts(filters),
    queryFn: ({ signal }) => callStaff(listPayoutsCall, filters, { signal }),
    placeholderData: keepPreviousData,
  });

export const usePayouts = (filters: PayoutFilters) => useQuery(payoutsQuery(filters));
export const useOrders = (filters: OrderFilters) => useQuery(ordersQuery(filters));
export const usePostings = (filters: PostingFilters) => useQuery(postingsQuery(filters));
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

/** A second finance user approves a posting: its payment is applied, and the order answered as it now is. */
export function useApprovePosting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffInputOf<typeof approvePostingCall>) => callStaff(approvePostingCall, input),
    onSuccess: ({ order }) => orderChanged(queryClient, order),
    meta: { showsOwnError: true },
  });
}

export function useRejectPosting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffInputOf<typeof rejectPostingCall>) => callStaff(rejectPostingCall, input),
    onSuccess: ({ order }) => orderChanged(queryClient, order),
    meta: { showsOwnError: true },
  });
}

/** Finance releases an approved order: its payout is made, and the order answered as it now is. */
export function useReleaseOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffInputOf<typeof releaseOrderCall>) => callStaff(releaseOrderCall, input),
    onSuccess: ({ order }) => orderChanged(queryClient, order),
    meta: { showsOwnError: true },
  });
}
