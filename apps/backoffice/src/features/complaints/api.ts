/** The complaints inbox, one complaint, the agent's reply and its images. */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffInputOf } from '@cashloan/contract/staff/common';
import { getComplaintCall, listComplaintsCall, replyToComplaintCall } from '@cashloan/contract/staff/complaints';
import { callStaff, uploadStaffImage } from '../../shared/api-client.ts';
import { staffKeys } from '../../shared/query-keys.ts';

export type ComplaintFilters = StaffInputOf<typeof listComplaintsCall>;

export const complaintsQuery = (filters: ComplaintFilters) =>
  queryOptions({
    queryKey: staffKeys.complaints.list(filters),
    queryFn: ({ signal }) => callStaff(listComplaintsCall, filters, { signal }),
    placeholderData: keepPreviousData,
  });

export const complaintQuery = (id: number) =>
  queryOptions({
    queryKey: staffKeys.complaints.detail(id),
    queryFn: ({ signal }) => callStaff(getComplaintCall, { id }, { signal }),
  });

export const useComplaints = (filters: ComplaintFilters) => useQuery(complaintsQuery(filters));
export const useComplaint = (id: number) => useQuery(complaintQuery(id));

export function useReplyToComplaint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffInputOf<typeof replyToComplaintCall>) => callStaff(replyToComplaintCall, input),
    onSuccess: (complaint) => {
      queryClient.setQueryData(staffKeys.complaints.detail(complaint.id), complaint);
      void queryClient.invalidateQueries({ queryKey: staffKeys.complaints.all() });
      void queryClient.invalidateQueries({ queryKey: staffKeys.borrowers.all() });
      void queryClient.invalidateQueries({ queryKey: staffKeys.dashboard() });
    },
  });
}

/** One reply image, uploaded on its own as soon as it is chosen. */
export const uploadReplyImage = (file: File, signal?: AbortSignal) => uploadStaffImage(file, file.name, { signal });
