/** Every complaint call, through the shared client; pages never build a URL or read an envelope. */
import { problemDetailRoute, problemInitByQueryRoute, problemInitRoute, problemListRoute, problemSaveRoute, saveScoreRoute, uploadProblemImgRoute } from '@cashloan/contract/routes/complaints';
import { COMPLAINT_IMAGE_FIELD } from '@cashloan/contract/routes/values';
import type { ComplaintSubmission } from '@cashloan/contract/complaints';
import { callApi } from '../../shared/http/client.ts';
import { useApi } from '../../shared/http/use-api.ts';

/** The problem types and the borrower's orders; orderId (a page parameter) preselects one. */
export function useProblemInit(orderId: string | undefined) {
  // A malformed carried orderId preselects nothing rather than failing the whole screen.
  return useApi(problemInitRoute, orderId && /^\d{1,18}$/.test(orderId) ? { orderId } : {});
}

/** The same answer by GET (step two only needs the titles and the chosen order). */
export function useProblemChoices() {
  return useApi(problemInitByQueryRoute, {});
}

/** Sends one image; resolves with its URL. The shared client toasts the server's message on failure. */
export async function uploadComplaintImage(image: Blob, fileName: string): Promise<string> {
  const body = new FormData();
  body.append(COMPLAINT_IMAGE_FIELD, image, fileName);
  const answer = await callApi(uploadProblemImgRoute, {}, { formData: body });
  return answer.data.url;
}

/** Files the complaint; resolves with its id, its reference and the promised answer date (when the server sends them). */
export async function submitComplaint(complaint: ComplaintSubmission): Promise<{ problemId: number; ticketNo?: string | undefined; answerBy?: string | undefined }> {
  const answer = await callApi(problemSaveRoute, complaint, { loading: true });
  return answer.data;
}

export function useComplaintList() {
  return useApi(problemListRoute, {});
}

export function useComplaintDetail(problemId: string) {
  return useApi(problemDetailRoute, { problemId });
}

export async function sendRating(problemId: string, score: number): Promise<void> {
  await callApi(saveScoreRoute, { problemId, score: String(score) }, { loading: true });
}
