import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffInputOf } from '@cashloan/contract/staff/common';
import { listAuditCall } from '@cashloan/contract/staff/audit';
import { callStaff } from '../../shared/api-client.ts';
import { staffKeys } from '../../shared/query-keys.ts';

export type AuditFilters = StaffInputOf<typeof listAuditCall>;

export const auditQuery = (filters: AuditFilters) =>
  queryOptions({
    queryKey: staffKeys.audit.list(filters),
    queryFn: ({ signal }) => callStaff(listAuditCall, filters, { signal }),
    placeholderData: keepPreviousData,
  });

export const useAudit = (filters: AuditFilters) => useQuery(auditQuery(filters));
