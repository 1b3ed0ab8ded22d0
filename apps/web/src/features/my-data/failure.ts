/** How the my-data screen words a failed call: the server's message, or the network's. */
import { ERROR_CODES } from '@cashloan/contract/common';
import { ApiCallError, NETWORK_FAILURE_MESSAGE } from '../../shared/http/client.ts';

export function failureMessage(error: unknown): string {
  return error instanceof ApiCallError ? error.message : NETWORK_FAILURE_MESSAGE;
}

/**
 * The server refused the request itself (a second erasure, a field that is not the borrower's): its
 * message is the answer, and sending the same request again would be refused again.
 */
export function isRefusal(error: unknown): boolean {
  return error instanceof ApiCallError && error.kind === 'server' && (error.code === ERROR_CODES.refused || error.code === ERROR_CODES.invalidInput || error.code === ERROR_CODES.notFound);
}
