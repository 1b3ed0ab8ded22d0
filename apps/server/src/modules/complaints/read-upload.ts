/**
 * Reading one uploaded image from a multipart request: the borrower's complaint upload and the
 * agent's reply upload (the staff API) take their file the same way.
 */
import type { FastifyRequest } from 'fastify';
import { ApiError, invalidInput } from '../../platform/http/api-error.ts';
import { imageTooLarge, MESSAGES } from './service.ts';

export const UNREADABLE_UPLOAD = 'The upload could not be read: it was cut off or is not well-formed multipart/form-data. Please send the image again.';
export const missingImage = (field: string) => invalidInput(`${field} is required: send one image file as multipart/form-data`);

/**
 * The client's file name is never used (stored names are generated), but a name with a folder path,
 * '..' or control characters is no browser's: such a request is refused outright.
 */
// eslint-disable-next-line no-control-regex
const isPlainFileName = (name: string) => !/[/\\\u0000-\u001f\u007f]/.test(name) && name !== '..' && name !== '.';

/** The bytes of the one image in the multipart field `field`; the size limit is multipart's (app.ts). */
export async function readImageField(request: FastifyRequest, field: string): Promise<Buffer> {
  try {
    return await readImageParts(request, field);
  } catch (error) {
    // Only the request is read here: any other failure is a body the multipart parser could not
    // read (cut off, no closing boundary), the client's fault and not a 500.
    if (error instanceof ApiError) throw error;
    throw Object.assign(invalidInput(UNREADABLE_UPLOAD), { cause: error });
  }
}

async function readImageParts(request: FastifyRequest, field: string): Promise<Buffer> {
  // The name as sent (not cut to its last segment), so a path in it is refused instead of hidden.
  const part = await request.file({ preservePath: true });
  if (!part) throw missingImage(field);
  if (part.fieldname !== field) {
    part.file.resume();
    throw missingImage(field);
  }
  if (!isPlainFileName(part.filename)) {
    part.file.resume();
    throw invalidInput(MESSAGES.badFileName);
  }
  try {
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw imageTooLarge();
    return bytes;
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw imageTooLarge();
    throw error;
  }
}

