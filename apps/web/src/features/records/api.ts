/**
 * The records family's calls (issue 22; docs/records.md): an order's payment history, the receipt of
 * one payment, the order's documents, and any of them as a PDF.
 */
import { documentsRoute, paymentHistoryRoute, receiptRoute, recordPdfRoute } from '@cashloan/contract/routes/records';
import type { PayloadOf } from '@cashloan/contract/common';
import { callFile, PDF_MIME_TYPE, type FileAnswer } from '../../shared/http/file-call.ts';
import { useApi } from '../../shared/http/use-api.ts';
import { usePageIds } from '../../shared/params/use-page-ids.ts';
import { pageParam } from '../../shared/params/page-params.ts';
import { useLocation } from '../../shared/router/router.tsx';
import type { FileToSave } from '../../shared/bridge/save-file.ts';

/** The page's orderId (its URL or the carried set); left out when missing, so the server says it is required. */
function useOrderPayload(): { orderId: string } {
  const { orderId } = usePageIds();
  return (orderId === undefined ? {} : { orderId }) as { orderId: string };
}

/** payment-history: the order's payments, newest first. */
export function usePaymentHistory() {
  return useApi(paymentHistoryRoute, useOrderPayload() as PayloadOf<typeof paymentHistoryRoute>);
}

/** The receipt's paymentId, from this page's own URL (not a carried parameter). */
export function useReceiptPaymentId(): string | undefined {
  const search = useLocation().search;
  const id = new URLSearchParams(search).get('paymentId')?.trim();
  return id ? id : undefined;
}

/** receipt: one payment of the order. */
export function useReceipt() {
  const payload: Record<string, string> = { ...useOrderPayload() };
  const paymentId = useReceiptPaymentId();
  if (paymentId !== undefined) payload.paymentId = paymentId;
  return useApi(receiptRoute, payload as PayloadOf<typeof receiptRoute>);
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
