/**
 * The signed-in session as every screen sees it: the answer of GET /me in the query cache (null when
 * nobody is signed in), and the CSRF token handed to the client whenever a session state arrives.
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { StaffRole } from '@cashloan/contract/staff/common';
import { meCall, type SessionState } from '@cashloan/contract/staff/session';
import { callStaff, isStaffApiError, rememberCsrfToken } from './api-client.ts';
import { staffKeys } from './query-keys.ts';

export const sessionQuery = queryOptions({
  queryKey: staffKeys.session(),
  queryFn: async ({ signal }): Promise<SessionState | null> => {
    try {
      const state = await callStaff(meCall, {}, { signal, handlesUnauthorized: true });
      rememberCsrfToken(state.csrfToken);
      return state;
    } catch (error) {
      if (isStaffApiError(error, 401)) return null;
      throw error;
    }
  },
  // The session changes only through the session's own calls, which write it here.
  staleTime: Infinity,
  retry: false,
});

export function useSession() {
  return useQuery(sessionQuery);
}

/** Stores a session state an answer carried (sign-in, code, password, set-up), or null once it ended. */
export function storeSession(queryClient: QueryClient, state: SessionState | null): void {
  rememberCsrfToken(state?.csrfToken ?? '');
  if (state) {
    endedMessage = null;
    signedOutOnPurpose = false;
  }
  queryClient.setQueryData(sessionQuery.queryKey, state);
}

/** Forgets everything the last session loaded, then marks nobody signed in. */
export function endSession(queryClient: QueryClient, { onPurpose = false } = {}): void {
  signedOutOnPurpose = onPurpose;
  queryClient.removeQueries({ predicate: (query) => query.queryKey[1] !== 'session' });
  storeSession(queryClient, null);
}

/** Why the last session ended (the server's 401 message), said on sign-in until the next session starts. */
let endedMessage: string | null = null;
export function noteSessionEnded(message: string): void {
  endedMessage = message;
}
export function sessionEndedMessage(): string | null {
  return endedMessage;
}

/** After Sign out the next sign-in starts at the dashboard; after a session ended it goes back where it was. */
let signedOutOnPurpose = false;
export function wasSignedOutOnPurpose(): boolean {
  return signedOutOnPurpose;
}

export type { SessionState, StaffRole };
