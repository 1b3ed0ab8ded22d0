/** The complaint calls (/user-problem/*): HTTP in and out only; the rules are in service.ts. */
import type { FastifyInstance } from 'fastify';
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
import { borrowerCalls } from '../../domain/borrowers/session.ts';
import { mountCall } from '../../platform/http/mount.ts';
import { inLang } from '../../platform/i18n/answer-texts.ts';
import { missingImage, readImageField } from './read-upload.ts';
import { complaintDetail, fileComplaint, listComplaints, problemInit, rateComplaint, uploadComplaintImage } from './service.ts';

/** What the borrower and the agent wrote: shown as written, in any language. */
const PEOPLES_WORDS = ['content', 'disposeDetail'];

export function registerComplaints(app: FastifyInstance, deps: AppDeps): void {
  const borrowers = borrowerCalls(deps);
  mountCall(app, borrowers, problemInitCall, async ({ payload, borrower, currency, lang }) => inLang(lang, await problemInit(deps, borrower, payload.orderId, currency)));
  mountCall(app, borrowers, problemInitByQueryCall, async ({ payload, borrower, currency, lang }) => inLang(lang, await problemInit(deps, borrower, payload.orderId, currency)));

  mountCall(app, borrowers, uploadProblemImgCall, async ({ borrower, request }) => {
    // Not multipart at all: refused from the header, before the upload quota is touched.
    if (!request.isMultipart()) throw missingImage(COMPLAINT_IMAGE_FIELD);
    // The service reads the file only once the upload is allowed.
    return uploadComplaintImage(deps, borrower, () => readImageField(request, COMPLAINT_IMAGE_FIELD));
  });

  mountCall(app, borrowers, problemSaveCall, async ({ payload, borrower, currency, lang }) => fileComplaint(deps, borrower, payload, currency, lang));
  mountCall(app, borrowers, problemListCall, async ({ borrower, currency, lang }) => inLang(lang, await listComplaints(deps, borrower, currency), PEOPLES_WORDS));
  mountCall(app, borrowers, problemDetailCall, async ({ payload, borrower, currency, lang }) =>
    inLang(lang, await complaintDetail(deps, borrower, payload.problemId, currency), PEOPLES_WORDS),
  );
  mountCall(app, borrowers, saveScoreCall, async ({ payload, borrower }) => rateComplaint(deps, borrower, payload.problemId, payload.score));
}
