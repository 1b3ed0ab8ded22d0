/** The one error type services throw; the error handler turns it into an envelope. */
import { ERROR_CODES } from '@cashloan/contract';

export class ApiError extends Error {
  constructor(
    /** Envelope code (numeric form; the 'doubleZero' family sends it as a string). */
    readonly code: number,
    message: string,
    readonly httpStatus: number = 200,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const invalidInput = (message: string) => new ApiError(ERROR_CODES.invalidInput, message, 400);
export const notFound = (message: string) => new ApiError(ERROR_CODES.notFound, message, 404);
export const refused = (message: string) => new ApiError(ERROR_CODES.refused, message, 409);
export const tooMany = (message: string) => new ApiError(ERROR_CODES.tooMany, message, 429);
