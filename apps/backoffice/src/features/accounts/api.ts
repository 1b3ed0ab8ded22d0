/** Staff accounts, for admins: the list, and the writes that change one (each answers the account as it now is). */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffInputOf } from '@cashloan/contract/staff/common';
import { createStaffCall, disableStaffCall, enableStaffCall, listStaffCall, resetStaffCall, setStaffRolesCall } from '@cashloan/contract/staff/accounts';
import { callStaff } from '../../shared/api-client.ts';
import { staffKeys } from '../../shared/query-keys.ts';

export const accountsQuery = queryOptions({
  queryKey: staffKeys.accounts.list(),
  queryFn: ({ signal }) => callStaff(listStaffCall, {}, { signal }),
});
export const useAccounts = () => useQuery(accountsQuery);

/** A mutation of one call whose success means the list (and the audit log) changed. */
function useAccountWrite<I, A>(send: (input: I) => Promise<A>, showsOwnError = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: staffKeys.accounts.all() });
      void queryClient.invalidateQueries({ queryKey: staffKeys.audit.all() });
    },
    meta: { showsOwnError },
  });
}

export const useCreateAccount = () => useAccountWrite((input: StaffInputOf<typeof createStaffCall>) => callStaff(createStaffCall, input), true);
export const useSetRoles = () => useAccountWrite((input: StaffInputOf<typeof setStaffRolesCall>) => callStaff(setStaffRolesCall, input), true);
export const useDisableAccount = () => useAccountWrite((input: StaffInputOf<typeof disableStaffCall>) => callStaff(disableStaffCall, input));
export const useEnableAccount = () => useAccountWrite((input: StaffInputOf<typeof enableStaffCall>) => callStaff(enableStaffCall, input));
export const useResetAccount = () => useAccountWrite((input: StaffInputOf<typeof resetStaffCall>) => callStaff(resetStaffCall, input), true);
