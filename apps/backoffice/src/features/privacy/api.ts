/**
 * The data-protection officer's desk (issue 39): the borrowers' requests to correct or erase their
 * data, one request with the borrower's data as they would download it, and the answer to it
 * (approve, or refuse with a reason the borrower reads). An answer refreshes the list and the request.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffAnswerOf, StaffInputOf } from '@cashloan/contract/staff/common';
import { decidePrivacyRequestCall, privacyRequestCall, privacyRequestsCall } from '@cashloan/contract/staff/privacy';
import { callStaff } from '../../shared/api-client.ts';
import { staffKeys } from '../../shared/query-keys.ts';

export type PrivacyRequestFilters = StaffInputOf<typeof privacyRequestsCall>;
export type PrivacyRequestState = NonNullable<PrivacyRequestFilters['state']>;
/** One request as the server answers it: the request and the borrower's data file. */
export type PrivacyRequestDetail = StaffAnswerOf<typeof privacyRequestCall>;

export const privacyRequestsQuery = (filters: PrivacyRequestFilters) =>
  queryOptions({
    queryKey: staffKeys.privacy.list(filters),
    queryFn: ({ signal }) => callStaff(privacyRequestsCall, filters, { signal }),
    placeholderData: keepPreviousData,
  });

export const privacyRequestQuery = (id: number) =>
  queryOptions({
    queryKey: staffKeys.privacy.request(id),
    queryFn: ({ signal }) => callStaff(privacyRequestCall, { id }, { signal }),
  });

export const usePrivacyRequests = (filters: PrivacyRequestFilters) => useQuery(privacyRequestsQuery(filters));
export const usePrivacyRequest = (id: number) => useQuery(privacyRequestQuery(id));

/** Answers an open request; its form shows a refusal itself. Once answered, the desk loads again. */
export function useDecidePrivacyRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffInputOf<typeof decidePrivacyRequestCall>) => callStaff(decidePrivacyRequestCall, input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: staffKeys.privacy.all() }),
    meta: { showsOwnError: true },
  });
}
