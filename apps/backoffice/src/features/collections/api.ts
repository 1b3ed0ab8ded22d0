/**
 * The collections desk (issue 38): the overdue queue and its assignment, an order's collections page
 * and its writes (a call asked of the contact guard and its outcome, a template sent, a promise, the
 * borrower's consent to other hours, a dispute), the lender's templates, and the portfolio's health.
 * Every write refreshes everything the desk shows (the queue's last contact and next call change with it).
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffAnswerOf, StaffCall, StaffInputOf } from '@cashloan/contract/staff/common';
import {
  assignCall,
  callOutcomeCall,
  collectionOrderCall,
  collectorsCall,
  hoursConsentCall,
  markDisputeCall,
  portfolioCall,
  promiseCall,
  queueCall,
  resolveDisputeCall,
  roundRobinCall,
  saveTemplateCall,
  sendTemplateCall,
  startCallCall,
  templatesCall,
} from '@cashloan/contract/staff/collections';
import { callStaff } from '../../shared/api-client.ts';
import { staffKeys } from '../../shared/query-keys.ts';

export type QueueFilters = StaffInputOf<typeof queueCall>;
/** An order's collections page as the server answers it. */
export type CollectionOrder = StaffAnswerOf<typeof collectionOrderCall>;
/** The contact guard's answer to a call asked for or a template sent. */
export type ContactDecision = StaffAnswerOf<typeof startCallCall>;
export type PortfolioCurrency = NonNullable<StaffInputOf<typeof portfolioCall>['currency']>;

export const queueQuery = (filters: QueueFilters) =>
  queryOptions({
    queryKey: staffKeys.collections.queue(filters),
    queryFn: ({ signal }) => callStaff(queueCall, filters, { signal }),
    placeholderData: keepPreviousData,
  });

export const collectorsQuery = queryOptions({
  queryKey: staffKeys.collections.collectors(),
  queryFn: ({ signal }) => callStaff(collectorsCall, {}, { signal }),
});

export const collectionOrderQuery = (id: number) =>
  queryOptions({
    queryKey: staffKeys.collections.order(id),
    queryFn: ({ signal }) => callStaff(collectionOrderCall, { id }, { signal }),
  });

export const templatesQuery = queryOptions({
  queryKey: staffKeys.collections.templates(),
  queryFn: ({ signal }) => callStaff(templatesCall, {}, { signal }),
});

export const portfolioQuery = (currency: PortfolioCurrency) =>
  queryOptions({
    queryKey: staffKeys.collections.portfolio(currency),
    queryFn: ({ signal }) => callStaff(portfolioCall, { currency }, { signal }),
    placeholderData: keepPreviousData,
  });

export const useQueue = (filters: QueueFilters) => useQuery(queueQuery(filters));
/** Only the lead may list the collectors: a collector's screen does not ask. */
export const useCollectors = (enabled: boolean) => useQuery({ ...collectorsQuery, enabled });
export const useCollectionOrder = (id: number) => useQuery(collectionOrderQuery(id));
export const useTemplates = () => useQuery(templatesQuery);
export const usePortfolio = (currency: PortfolioCurrency) => useQuery(portfolioQuery(currency));

/** A write of the desk: its screen shows a refusal beside the action; once done, the desk loads again. */
function useCollectionsWrite<C extends StaffCall>(call: C) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffInputOf<C>) => callStaff(call, input),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: staffKeys.collections.all() }),
    meta: { showsOwnError: true },
  });
}

export const useAssign = () => useCollectionsWrite(assignCall);
export const useRoundRobin = () => useCollectionsWrite(roundRobinCall);
/** Asking to call is a write even when refused: the refusal is recorded, so the history loads again either way. */
export const useStartCall = () => useCollectionsWrite(startCallCall);
export const useCallOutcome = () => useCollectionsWrite(callOutcomeCall);
export const useSendTemplate = () => useCollectionsWrite(sendTemplateCall);
export const usePromise = () => useCollectionsWrite(promiseCall);
export const useHoursConsent = () => useCollectionsWrite(hoursConsentCall);
export const useMarkDispute = () => useCollectionsWrite(markDisputeCall);
export const useResolveDispute = () => useCollectionsWrite(resolveDisputeCall);
export const useSaveTemplate = () => useCollectionsWrite(saveTemplateCall);
