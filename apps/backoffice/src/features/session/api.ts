/** The session's writes: sign in, the code, sign out, the password and the second factor. Each stores the session state it answers. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffInputOf } from '@cashloan/contract/staff/common';
import {
  changePasswordCall,
  secondFactorCall,
  secondFactorConfirmCall,
  secondFactorSetupCall,
  signInCall,
  signOutCall,
} from '@cashloan/contract/staff/session';
import { callStaff, isStaffApiError, rememberCsrfToken } from '../../shared/api-client.ts';
import { endSession, sessionQuery, storeSession, type SessionState } from '../../shared/session.ts';

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffInputOf<typeof signInCall>) => callStaff(signInCall, input, { handlesUnauthorized: true }),
    onSuccess: (state) => storeSession(queryClient, state),
    meta: { showsOwnError: true },
  });
}

export function useSecondFactorCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffInputOf<typeof secondFactorCall>) => callStaff(secondFactorCall, input, { handlesUnauthorized: true }),
    onSuccess: (state) => storeSession(queryClient, state),
    // A refused code may also have ended the half-open session (a lockout): ask the server where it stands.
    onError: (error) => {
      if (isStaffApiError(error, 401)) void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    },
    meta: { showsOwnError: true },
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callStaff(signOutCall, {}),
    // Whatever the server said, this browser is signed out now.
    onSettled: () => endSession(queryClient, { onPurpose: true }),
    meta: { showsOwnError: true },
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffInputOf<typeof changePasswordCall>) => callStaff(changePasswordCall, input),
    onSuccess: (state) => storeSession(queryClient, state),
    meta: { showsOwnError: true },
  });
}

export function useStartSecondFactorSetup() {
  return useMutation({
    mutationFn: () => callStaff(secondFactorSetupCall, {}),
    meta: { showsOwnError: true },
  });
}

/**
 * Confirms the set-up. The new session state is stored only once the recovery codes were seen
 * (useFinishSecondFactor): storing it at once would move a signing-in screen past the codes.
 */
export function useConfirmSecondFactor() {
  return useMutation({
    mutationFn: (input: StaffInputOf<typeof secondFactorConfirmCall>) => callStaff(secondFactorConfirmCall, input),
    onSuccess: ({ session }) => rememberCsrfToken(session.csrfToken),
    meta: { showsOwnError: true },
  });
}

export function useFinishSecondFactor() {
  const queryClient = useQueryClient();
  return (session: SessionState) => storeSession(queryClient, session);
}
