/**
 * The books, for finance (issue 37): the trial balance and the journal of a range of market days and
 * the journal's CSV; the providers' daily reports imported (uploaded or fetched) and matched against
 * the journal, the items finance resolves, and each provider's day closed.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { StaffInputOf } from '@cashloan/contract/staff/common';
import {
  closeDayCall,
  exportJournalCall,
  fetchReportCall,
  getReportCall,
  importReportCall,
  journalCall,
  reconciliationCall,
  resolveItemCall,
  trialBalanceCall,
} from '@cashloan/contract/staff/books';
import { callStaff } from '../../shared/api-client.ts';
import { downloadText } from '../../shared/download.ts';
import { staffKeys } from '../../shared/query-keys.ts';

export type TrialBalanceFilters = StaffInputOf<typeof trialBalanceCall>;
export type JournalFilters = StaffInputOf<typeof journalCall>;

export const trialBalanceQuery = (filters: TrialBalanceFilters) =>
  queryOptions({
    queryKey: staffKeys.books.trialBalance(filters),
    queryFn: ({ signal }) => callStaff(trialBalanceCall, filters, { signal }),
    placeholderData: keepPreviousData,
  });

export const journalQuery = (filters: JournalFilters) =>
  queryOptions({
    queryKey: staffKeys.books.journal(filters),
    queryFn: ({ signal }) => callStaff(journalCall, filters, { signal }),
    placeholderData: keepPreviousData,
  });

export const reconciliationQuery = queryOptions({
  queryKey: staffKeys.books.reconciliation(),
  queryFn: ({ signal }) => callStaff(reconciliationCall, {}, { signal }),
});

export const reportQuery = (id: number) =>
  queryOptions({
    queryKey: staffKeys.books.report(id),
    queryFn: ({ signal }) => callStaff(getReportCall, { id }, { signal }),
  });

export const useTrialBalance = (filters: TrialBalanceFilters) => useQuery(trialBalanceQuery(filters));
export const useJournal = (filters: JournalFilters) => useQuery(journalQuery(filters));
export const useReconciliation = () => useQuery(reconciliationQuery);
export const useReport = (id: number) => useQuery(reportQuery(id));

/** A write changed the books: every books screen loads again, and the dashboard's Books card with them. */
function booksChanged(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: staffKeys.books.all() });
  void queryClient.invalidateQueries({ queryKey: staffKeys.dashboard() });
}

/** The journal of a range as CSV, saved as the file the server names. */
export function useExportJournal() {
  return useMutation({
    mutationFn: (range: StaffInputOf<typeof exportJournalCall>) => callStaff(exportJournalCall, range),
    onSuccess: ({ fileName, content }) => downloadText(fileName, content),
    meta: { showsOwnError: true },
  });
}

/** A chosen file's text (UTF-8), through FileReader: every browser the staff use has it. */
function readAsText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(new Error(`${file.name} could not be read. Please choose it again.`));
    reader.readAsText(file);
  });
}

/** Uploads a provider's report: the chosen file is read as text and sent whole with its name. */
export function useImportReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ provider, file }: { provider: string; file: File }) =>
      callStaff(importReportCall, { provider, fileName: file.name, content: await readAsText(file) }),
    onSuccess: () => booksChanged(queryClient),
    meta: { showsOwnError: true },
  });
}

export function useFetchReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffInputOf<typeof fetchReportCall>) => callStaff(fetchReportCall, input),
    onSuccess: () => booksChanged(queryClient),
    meta: { showsOwnError: true },
  });
}

export function useResolveItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffInputOf<typeof resolveItemCall>) => callStaff(resolveItemCall, input),
    onSuccess: () => booksChanged(queryClient),
    meta: { showsOwnError: true },
  });
}

export function useCloseDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffInputOf<typeof closeDayCall>) => callStaff(closeDayCall, input),
    onSuccess: () => booksChanged(queryClient),
    meta: { showsOwnError: true },
  });
}
