/**
 * The breach register (issue 39): the breaches, one breach, how many borrowers a query chooses, and
 * the writes — record, notify, export the report (saved as the file the server names). Every write
 * refreshes the register and the breach.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffAnswerOf, StaffInputOf } from '@cashloan/contract/staff/common';
import { exportBreachReportCall, getBreachCall, listBreachesCall, notifyBreachCall, previewAffectedCall, recordBreachCall } from '@cashloan/contract/staff/breaches';
import { callStaff } from '../../shared/api-client.ts';
import { downloadText } from '../../shared/download.ts';
import { staffKeys } from '../../shared/query-keys.ts';

export type BreachFilters = StaffInputOf<typeof listBreachesCall>;
export type AffectedQueryInput = StaffInputOf<typeof previewAffectedCall>;
export type BreachDetail = StaffAnswerOf<typeof getBreachCall>;
export type NewBreach = StaffInputOf<typeof recordBreachCall>;
export type ReportFormat = NonNullable<StaffInputOf<typeof exportBreachReportCall>['format']>;

export const breachesQuery = (filters: BreachFilters) =>
  queryOptions({
    queryKey: staffKeys.breaches.list(filters),
    queryFn: ({ signal }) => callStaff(listBreachesCall, filters, { signal }),
    placeholderData: keepPreviousData,
  });

export const breachQuery = (id: number) =>
  queryOptions({
    queryKey: staffKeys.breaches.detail(id),
    queryFn: ({ signal }) => callStaff(getBreachCall, { id }, { signal }),
  });

/** The count of a query the officer asked for (none until they ask). */
export const affectedQuery = (query: AffectedQueryInput | null) =>
  queryOptions({
    queryKey: staffKeys.breaches.affected(query ?? {}),
    queryFn: ({ signal }) => callStaff(previewAffectedCall, query!, { signal }),
    enabled: query !== null,
    staleTime: 0,
  });

export const useBreaches = (filters: BreachFilters) => useQuery(breachesQuery(filters));
export const useBreach = (id: number) => useQuery(breachQuery(id));
export const useAffectedCount = (query: AffectedQueryInput | null) => useQuery(affectedQuery(query));

function useBreachWrite<I, A>(write: (input: I) => Promise<A>, onDone?: (answer: A) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (answer) => {
      onDone?.(answer);
      void queryClient.invalidateQueries({ queryKey: staffKeys.breaches.all() });
    },
    meta: { showsOwnError: true },
  });
}

export const useRecordBreach = () => useBreachWrite((input: NewBreach) => callStaff(recordBreachCall, input));
export const useNotifyBreach = () => useBreachWrite((id: number) => callStaff(notifyBreachCall, { id }));

const REPORT_TYPES: Record<ReportFormat, string> = { json: 'application/json;charset=utf-8', text: 'text/plain;charset=utf-8' };
export const useExportReport = () =>
  useBreachWrite(
    async (input: { id: number; format: ReportFormat }) => ({ ...(await callStaff(exportBreachReportCall, input)), format: input.format }),
    ({ fileName, content, format }) => downloadText(fileName, content, REPORT_TYPES[format]),
  );
