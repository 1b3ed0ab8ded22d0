/**
 * A call whose route answers a file (`responds: 'pdf'`, issue 22): the same request as every call
 * (client.ts `send`: URL, headers, session query, 60 s time-out, toasts), read as bytes.
 */
import { isSuccess, type PayloadOf, type Route } from '@cashloan/contract/common';
import { ApiCallError, NETWORK_FAILURE_MESSAGE, readEnvelope, send, type CallOptions } from './client.ts';

/** A file the server answered (a `responds: 'pdf'` route): its bytes, type and the name it suggested. */
export interface FileAnswer {
  bytes: Uint8Array;
  mimeType: string;
  /** From Content-Disposition's filename; undefined when the server named none. */
  fileName: string | undefined;
}

export const PDF_MIME_TYPE = 'application/pdf';

/**
 * Fetches the bytes of a 'pdf' route through the same request building, headers, session query and
 * time-out as callApi. An answer that is not a PDF is read as the envelope: the server's refusal
 * (its message), or a network failure when it is neither.
 */
export async function callFile<R extends Route>(route: R, payload: PayloadOf<R>, options: CallOptions = {}): Promise<FileAnswer> {
  return send(route, payload as Record<string, unknown>, options, async (response, { fail, answered }) => {
    const mimeType = (response.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (response.ok && mimeType === PDF_MIME_TYPE) {
      const bytes = new Uint8Array(await response.arrayBuffer());
      answered();
      return { bytes, mimeType, fileName: attachmentName(response.headers.get('Content-Disposition')) };
    }
    const envelope = await readEnvelope(response, fail);
    answered();
    return fail(
      isSuccess(route.codeForm, envelope.code)
        ? new ApiCallError('invalid-answer', NETWORK_FAILURE_MESSAGE)
        : new ApiCallError('server', envelope.message || NETWORK_FAILURE_MESSAGE, envelope.code),
    );
  });
}

/** The file name of a Content-Disposition header (filename*=UTF-8'' first, then filename=); only its last path part. */
export function attachmentName(header: string | null): string | undefined {
  if (!header) return undefined;
  let name: string | undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended) {
    try {
      name = decodeURIComponent(extended[1]!.trim());
    } catch {
      name = undefined;
    }
  }
  if (name === undefined) {
    const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(header);
    name = (plain?.[1] ?? plain?.[2])?.trim();
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : undefined;
}

