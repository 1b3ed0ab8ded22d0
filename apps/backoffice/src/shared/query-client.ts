/**
 * The QueryClient of the back office and its one place for errors: a failed write is shown once as a
 * notification (unless its screen shows it beside the form), a failed load is shown by its screen with
 * a Retry button (ui/QueryState), and a 401 anywhere ends the session (the client reports it).
 */
import { MutationCache, QueryClient } from '@tanstack/react-query';
import { isStaffApiError } from './api-client.ts';

/** Set on a mutation whose screen shows its failure itself (a sign-in form, a field's message). */
export interface StaffMutationMeta extends Record<string, unknown> {
  showsOwnError?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: StaffMutationMeta;
  }
}

export function createStaffQueryClient(showError: (message: string) => void): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.showsOwnError) return;
        // A 401 already took the screen back to sign-in, which says why.
        if (isStaffApiError(error, 401)) return;
        showError(error.message);
      },
    }),
    defaultOptions: {
      queries: {
        // Only a lost connection or a server fault is worth one quiet retry; a 4xx answer will not change.
        retry: (failures, error) => failures < 1 && isStaffApiError(error) && (error.status === 0 || error.status >= 500),
        refetchOnWindowFocus: false,
        staleTime: 15_000,
      },
      mutations: { retry: false },
    },
  });
}
