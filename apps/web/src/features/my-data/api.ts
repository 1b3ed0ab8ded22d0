/**
 * The my-data family's calls (issue 39; docs/privacy.md): what /myData shows, a consent granted or
 * withdrawn, the borrower's data as a JSON file or a PDF, and a request to correct or erase it.
 * Every action fails silently here: the page tells each failure beside the control that made it,
 * with its Retry.
 */
import { consentRoute, dataRequestRoute, myDataExportRoute, myDataPdfRoute, myDataRoute } from '@cashloan/contract/routes/my-data';
import type { PayloadOf } from '@cashloan/contract/common';
import type { ConsentPurpose, ConsentView, DataRequestView } from '@cashloan/contract/my-data';
import { callApi } from '../../shared/http/client.ts';
import { callFile, PDF_MIME_TYPE } from '../../shared/http/file-call.ts';
import { useApi } from '../../shared/http/use-api.ts';
import { firstCall, type FirstCalls } from '../../shared/http/first-answers.ts';
import type { FileToSave } from '../../shared/bridge/save-file.ts';

const NOTHING = {};

export const firstCalls = { myData: () => [firstCall(myDataRoute, NOTHING)] } satisfies Record<string, FirstCalls>;

/** my-data: the consents, who received the data, the requests and what an erasure keeps. */
export function useMyData() {
  return useApi(myDataRoute, NOTHING);
}

/** consent: grants or withdraws one purpose; resolves with the purpose as the ledger now has it. */
export async function setConsent(purpose: ConsentPurpose, granted: boolean): Promise<ConsentView> {
  const answer = await callApi(consentRoute, { purpose, granted: granted ? '1' : '0' }, { onFailure: 'silent' });
  return answer.data;
}

/**
 * The bridge's saveFile is typed for PDFs only (shared/bridge/messages.ts, issue 22); the JSON file
 * takes the same path. Until messages.ts and docs/bridge.md name application/json too, this is the
 * one place that says otherwise.
 */
const JSON_MIME_TYPE: FileToSave['mimeType'] = 'application/json';

/** my-data/export: everything the lender holds, as the JSON file the server names. */
export async function fetchMyDataJson(): Promise<FileToSave> {
  const { data } = await callApi(myDataExportRoute, NOTHING, { onFailure: 'silent' });
  return { fileName: data.fileName, mimeType: JSON_MIME_TYPE, bytes: new TextEncoder().encode(data.content) };
}

/** my-data/pdf: the same, as a readable PDF. */
export async function fetchMyDataPdf(): Promise<FileToSave> {
  const answer = await callFile(myDataPdfRoute, NOTHING, { onFailure: 'silent' });
  return { fileName: answer.fileName ?? 'my-data.pdf', mimeType: PDF_MIME_TYPE, bytes: answer.bytes };
}

export type DataRequest = PayloadOf<typeof dataRequestRoute>;

/** my-data/requests: a correction or an erasure; resolves with the request, its reference and answer date. */
export async function sendDataRequest(request: DataRequest): Promise<DataRequestView> {
  const answer = await callApi(dataRequestRoute, request, { onFailure: 'silent' });
  return answer.data;
}
