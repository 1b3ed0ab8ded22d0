/**
 * Every complaint call, through the shared client; pages never build a URL or read an envelope. The
 * image upload is shared/upload's ("My data" uses it too).
 */
import { problemDetailRoute, problemInitByQueryRoute, problemInitRoute, problemListRoute, problemSaveRoute, saveScoreRoute } from '@cashloan/contract/routes/complaints';
import type { ComplaintSubmission } from '@cashloan/contract/complaints';
import { callApi } from '../../shared/http/client.ts';
import { useApi } from '../../shared/http/use-api.ts';
import { firstCall, type FirstCalls } from '../../shared/http/first-answers.ts';

// A malformed carried orderId preselects nothing rather than failing the whole screen.
const problemInitPayload = (orderId: string | undefined) => (orderId && /^\d{1,18}$/.test(orderId) ? { orderId } : {});
const NOTHING = {};
const problemDetailPayload = (problemId: string) => ({ problemId });

export const firstCalls = {
  start: (param) => [firstCall(problemInitRoute, problemInitPayload(param('orderId')))],
  list: () => [firstCall(problemListRoute, NOTHING)],
  details: (param) => [firstCall(problemDetailRoute, problemDetailPayload(param('problemId') ?? ''))],
  form: () => [firstCall(problemInitByQueryRoute, NOTHING)],
} satisfies Record<string, FirstCalls>;

/** The problem types and the borrower's orders; orderId (a page parameter) preselects one. */
export function useProblemInit(orderId: string | undefined) {
  return useApi(problemInitRoute, problemInitPayload(orderId));
}

/** The same answer by GET (step two only needs the titles and the chosen order). */
export function useProblemChoices() {
  return useApi(problemInitByQueryRoute, NOTHING);
}

/** Files the complaint; resolves with its id, its reference and the promised answer date (when the server sends them). */
export async function submitComplaint(complaint: ComplaintSubmission): Promise<{ problemId: number; ticketNo?: string | undefined; answerBy?: string | undefined }> {
  const answer = await callApi(problemSaveRoute, complaint, { loading: true });
  return answer.data;
}

export function useComplaintList() {
  return useApi(problemListRoute, NOTHING);
}

export function useComplaintDetail(problemId: string) {
  return useApi(problemDetailRoute, problemDetailPayload(problemId));
}

export async function sendRating(problemId: string, score: number): Promise<void> {
  await callApi(saveScoreRoute, { problemId, score: String(score) }, { loading: true });
}
