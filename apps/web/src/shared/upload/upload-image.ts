/**
 * The H5's one image upload: upload-problem-img (spec section 7, the complaints family's call). The
 * URL it answers is the borrower's own upload, which a complaint (problemImage) or a correction on
 * "My data" (image) then names; the server checks both.
 */
import { uploadProblemImgRoute } from '@cashloan/contract/routes/complaints';
import { COMPLAINT_IMAGE_FIELD } from '@cashloan/contract/routes/values';
import { callApi } from '../http/client.ts';

/** Sends one image; resolves with its URL. The shared client toasts the server's message on failure. */
export async function uploadImage(image: Blob, fileName: string): Promise<string> {
  const body = new FormData();
  body.append(COMPLAINT_IMAGE_FIELD, image, fileName);
  const answer = await callApi(uploadProblemImgRoute, {}, { formData: body });
  return answer.data.url;
}
