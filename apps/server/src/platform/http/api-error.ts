/** The one error type services throw; the error handler turns it into an envelope. */
import { ERROR_CODES } from '@cashloan/contract';

export class ApiError extends Error {
  constructor(
    /** Envelope code (numeric form; the 'doubleZero' code form sends it as a string). */
    readonly code: number,
    message: string,
    readonly httpStatus: number = 200,
    /** Seconds after which the same request may be sent again: answered as a Retry-After header. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** An envelope error whose HTTP status is its code (see ERROR_CODES). */
const failure = (code: number) => (message: string) => new ApiError(code, message, code);
export const invalidInput = failure(ERROR_CODES.invalidInput);
export const notFound = failure(ERROR_CODES.notFound);
export const refused = failure(ERROR_CODES.refused);
export const tooMany = failure(ERROR_CODES.tooMany);
export const sessionRefused = failure(ERROR_CODES.sessionInvalid);
/** 503: the server is too busy for this request now; the same request may be sent again after `retryAfterSeconds`. */
export const unavailable = (message: string, retryAfterSeconds: number) => new ApiError(ERROR_CODES.unavailable, message, ERROR_CODES.unavailable, retryAfterSeconds);
