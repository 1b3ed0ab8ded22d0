/** The complaints calls: each route of routes/complaints.ts with its schemas of complaints.ts and one line on what it does. */
import { defineCall } from '../schema.ts';
import { COMPLAINT_IMAGE_FIELD, COMPLAINT_IMAGE_MAX_BYTES } from '../routes/values.ts';
import {
  problemDetailRoute,
  problemInitByQueryRoute,
  problemInitRoute,
  problemListRoute,
  problemSaveRoute,
  saveScoreRoute,
  uploadProblemImgRoute,
} from '../routes/complaints.ts';
import { problemDetail, problemInit, problemList, problemSave, saveScore, uploadProblemImg } from '../complaints.ts';

export const problemDetailCall = defineCall(problemDetailRoute, problemDetail, 'One complaint with the agent\'s reply, for the details screen.');
export const saveScoreCall = defineCall(saveScoreRoute, saveScore, 'Rates the handling of a complaint (1 to 5 stars).');
export const problemInitCall = defineCall(problemInitRoute, problemInit, 'The problem types and the borrower\'s orders for the complaint start screen.');
export const problemInitByQueryCall = defineCall(problemInitByQueryRoute, problemInit, 'problem-init as a GET: the same payload in the query.');
export const uploadProblemImgCall = defineCall(
  uploadProblemImgRoute,
  uploadProblemImg,
  `Stores one complaint image sent as the multipart file field ${COMPLAINT_IMAGE_FIELD} (one image per call): JPEG, PNG, WebP or GIF ` +
    `recognised by its content, at most ${COMPLAINT_IMAGE_MAX_BYTES / 1024 / 1024} MB (${COMPLAINT_IMAGE_MAX_BYTES} bytes) and 40 megapixels; anything else is refused and not stored. ` +
    'The image is decoded and stored as a fresh copy without its metadata (a GIF as a PNG of its first frame), under a name the server chooses. ' +
    'At most 30 uploads per borrower an hour, a refused file included, counted before the file is read: the 31st is answered 429 and its file is not read. ' +
    'When too many images are waiting to be processed the call answers 503 with `Retry-After` (seconds) and stores nothing; the same image may be sent again after that many seconds.',
);
export const problemSaveCall = defineCall(
  problemSaveRoute,
  problemSave,
  'Files a complaint; every image must have been uploaded by the same borrower, and a retried identical submission files nothing new.',
);
export const problemListCall = defineCall(problemListRoute, problemList, 'The borrower\'s complaints, in tabs.');
