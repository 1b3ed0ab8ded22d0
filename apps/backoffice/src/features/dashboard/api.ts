import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardCall } from '@cashloan/contract/staff/dashboard';
import { callStaff } from '../../shared/api-client.ts';
import { staffKeys } from '../../shared/query-keys.ts';

export const dashboardQuery = queryOptions({
  queryKey: staffKeys.dashboard(),
  queryFn: ({ signal }) => callStaff(dashboardCall, {}, { signal }),
});

export const useDashboard = () => useQuery(dashboardQuery);
