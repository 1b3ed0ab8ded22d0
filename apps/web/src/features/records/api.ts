/**
 * The records family's calls (issue 22; docs/records.md): an order's payment history, the receipt of
 * one payment, the order's documents, and any of them as a PDF.
 */
import { documentsRoute, paymentHistoryRoute, receiptRoute, recordPdfRoute } from '@cashloan/contract/routes/records';
import type { PayloadOf } from '@cashloan/contract/common';
import { callFile, PDF_MIME_TYPE, type FileAnswer } from '../../shared/http/file-call.ts';
import { useApi } from '../../shared/http/use-api.ts';
import { firstCall, type FirstCalls } from '../../shared/http/first-answers.ts';
import { pageIdsOf, usePageIds, type PageIds } from '../../shared/params/use-page-ids.ts';
import { pageParam } from '../../shared/params/page-params.ts';
import { useLocation } from '../../shared/router/router.tsx';
import type { FileToSave } from '../../shared/bridge/save-file.ts';

/** The page's orderId (its URL or the carried set); left out when missing, so the server says it is required. */
const orderPayload = ({ orderId }: PageIds) => (orderId === undefined ? {} : { orderId }) as { orderId: string };
const useOrderPayload = () => orderPayload(usePageIds());

/** The receipt of paymentId (blank or missing: left out, so the server says it is required). */
function receiptPayload(ids: PageIds, paymentId: string | undefined): PayloadOf<typeof receiptRoute> {
  const payload: Record<string, string> = { ...orderPayload(ids) };
  if (paymentId !== undefined) payload.paymentId = paymentId;
  return payload as PayloadOf<typeof receiptRoute>;
}
const paymentIdOf = (value: string | null | undefined) => value?.trim() || undefined;

export const firstCalls = {
  history: (param) => [firstCall(paymentHistoryRoute, orderPayload(pageIdsOf(param)) as PayloadOf<typeof paymentHistoryRoute>)],
  receipt: (param) => [firstCall(receiptRoute, receiptPayload(pageIdsOf(param), paymentIdOf(param('paymentId'))))],
  documents: (param) => [firstCall(documentsRoute, orderPayload(pageIdsOf(param)) as PayloadOf<typeof documentsRoute>)],
} satisfies Record<string, FirstCalls>;

/** payment-history: the order's payments, newest first. */
export function usePaymentHistory() {
  return useApi(paymentHistoryRoute, useOrderPayload() as PayloadOf<typeof paymentHistoryRoute>);
}

/** The receipt's paymentId, from this page's own URL (not a carried parameter). */
export function useReceiptPaymentId(): string | undefined {
  return paymentIdOf(new URLSearchParams(useLocation().search).get('paymentId'));
}

/** receipt: one payment of the order. */
export function useReceipt() {
  return useApi(receiptRoute, receiptPayload(usePageIds(), useReceiptPaymentId()));
}

/** documents: what the borrower can download for the order. */
export function useOrderDocuments() {
  return useApi(documentsRoute, useOrderPayload() as PayloadOf<typeof documentsRoute>);
}

export interface PdfRequest {
  /** A document key of the documents answer, or 'receipt'. */
  document: string;
  /** Required for 'receipt'. */
  paymentId?: string;
  /** The name to save under when the server names none. */
  fileName: string;
}

/**
 * record-pdf: the PDF's bytes, ready for the bridge. The page shows a failure itself (with Retry),
 * so the client's toast stays off.
 */
export async function fetchRecordPdf(request: PdfRequest): Promise<FileToSave> {
  const payload: PayloadOf<typeof recordPdfRoute> = { orderId: pageParam('orderId') ?? '', document: request.document };
  if (request.paymentId !== undefined) payload.paymentId = request.paymentId;
  const answer: FileAnswer = await callFile(recordPdfRoute, payload, { onFailure: 'silent' });
  return { fileName: answer.fileName ?? request.fileName, mimeType: PDF_MIME_TYPE, bytes: answer.bytes };
}
