import { queryOptions, useQuery } from '@tanstack/react-query';
import { settingsCall } from '@cashloan/contract/staff/settings';
import { callStaff } from '../../shared/api-client.ts';
import { staffKeys } from '../../shared/query-keys.ts';

export const settingsQuery = queryOptions({
  queryKey: staffKeys.settings(),
  queryFn: ({ signal }) => callStaff(settingsCall, {}, { signal }),
  // Settings change with a deployment, not during a session.
  staleTime: 5 * 60_000,
});

export const useSettings = () => useQuery(settingsQuery);
