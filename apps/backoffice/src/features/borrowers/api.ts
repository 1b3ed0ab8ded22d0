/** Borrowers: look-up by phone or name, and one borrower with orders, complaints and bound accounts. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffInputOf } from '@cashloan/contract/staff/common';
import { getBorrowerCall, searchBorrowersCall } from '@cashloan/contract/staff/borrowers';
import { callStaff } from '../../shared/api-client.ts';
import { staffKeys } from '../../shared/query-keys.ts';

export type BorrowerFilters = StaffInputOf<typeof searchBorrowersCall>;

export const borrowersQuery = (filters: BorrowerFilters) =>
  queryOptions({
    queryKey: staffKeys.borrowers.list(filters),
    queryFn: ({ signal }) => callStaff(searchBorrowersCall, filters, { signal }),
    placeholderData: keepPreviousData,
  });

export const borrowerQuery = (id: number) =>
  queryOptions({
    queryKey: staffKeys.borrowers.detail(id),
    queryFn: ({ signal }) => callStaff(getBorrowerCall, { id }, { signal }),
  });

export const useBorrowers = (filters: BorrowerFilters) => useQuery(borrowersQuery(filters));
export const useBorrower = (id: number) => useQuery(borrowerQuery(id));
