/** The complaint calls (/user-problem/*): HTTP in and out only; the rules are in service.ts. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  COMPLAINT_IMAGE_FIELD,
  problemDetailCall,
  problemInitByQueryCall,
  problemInitCall,
  problemListCall,
  problemSaveCall,
  saveScoreCall,
  uploadProblemImgCall,
} from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import { ApiError, invalidInput } from '../../platform/http/api-error.ts';
import { mountCall } from '../../domain/borrowers/borrower-calls.ts';
import { complaintDetail, fileComplaint, imageTooLarge, listComplaints, MESSAGES, problemInit, rateComplaint, uploadComplaintImage } from './service.ts';

const UNREADABLE_UPLOAD = 'The upload could not be read: it was cut off or is not well-formed multipart/form-data. Please send the image again.';
const missingImage = () => invalidInput(`${COMPLAINT_IMAGE_FIELD} is required: send one image file as multipart/form-data`);

/**
 * The client's file name is never used (stored names are generated), but a name with a folder path,
 * '..' or control characters is no browser's: such a request is refused outright.
 */
// eslint-disable-next-line no-control-regex
const isPlainFileName = (name: string) => !/[/\\\u0000-\u001f\u007f]/.test(name) && name !== '..' && name !== '.';

/** The bytes of the one image in the multipart field problemImage; the size limit is multipart's (app.ts). */
async function readImageField(request: FastifyRequest): Promise<Buffer> {
  try {
    return await readImageParts(request);
  } catch (error) {
    // Only the request is read here: any other failure is a body the multipart parser could not
    // read (cut off, no closing boundary), the client's fault and not a 500.
    if (error instanceof ApiError) throw error;
    throw Object.assign(invalidInput(UNREADABLE_UPLOAD), { cause: error });
  }
}

async function readImageParts(request: FastifyRequest): Promise<Buffer> {
  // The name as sent (not cut to its last segment), so a path in it is refused instead of hidden.
  const part = await request.file({ preservePath: true });
  if (!part) throw missingImage();
  if (part.fieldname !== COMPLAINT_IMAGE_FIELD) {
    part.file.resume();
    throw missingImage();
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

export function registerComplaints(app: FastifyInstance, deps: AppDeps): void {
  mountCall(app, deps, problemInitCall, async ({ payload, borrower, currency }) => problemInit(deps, borrower, payload.orderId, currency));
  mountCall(app, deps, problemInitByQueryCall, async ({ payload, borrower, currency }) => problemInit(deps, borrower, payload.orderId, currency));

  mountCall(app, deps, uploadProblemImgCall, async ({ borrower, request }) => {
    // Not multipart at all: refused from the header, before the upload quota is touched.
    if (!request.isMultipart()) throw missingImage();
    // The service reads the file only once the upload is allowed.
    return uploadComplaintImage(deps, borrower, () => readImageField(request));
  });

  mountCall(app, deps, problemSaveCall, async ({ payload, borrower }) => fileComplaint(deps, borrower, payload));
  mountCall(app, deps, problemListCall, async ({ borrower }) => listComplaints(deps, borrower));
  mountCall(app, deps, problemDetailCall, async ({ payload, borrower }) => complaintDetail(deps, borrower, payload.problemId));
  mountCall(app, deps, saveScoreCall, async ({ payload, borrower }) => rateComplaint(deps, borrower, payload.problemId, payload.score));
}
