/** HTTP of the my-data family (issue 39): the borrower's consents, requests, and their data as JSON and PDF. */
import type { FastifyInstance } from 'fastify';
import { consentCall, dataRequestCall, myDataCall, myDataExportCall, myDataPdfCall } from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import type { PersonalDataSection } from '../../platform/personal-data.ts';
import { borrowerCalls } from '../../domain/borrowers/session.ts';
import { mountCall } from '../../platform/http/mount.ts';
import { attachmentName } from '../../platform/http/borrower-kind.ts';
import { collectPersonalData, exportBaseName, exportJson } from './export.ts';
import { personalDataPdf } from './pdf.ts';
import { createRequest, myData, setConsent, type UploadOwnership } from './service.ts';

export interface MyDataParts {
  /** Every family's part of the export, and the SMS provider's (modules/index.ts hands them in). */
  sections: readonly PersonalDataSection[];
  /** Whether a photo is the borrower's own upload (the complaints family's rule). */
  ownsUpload: UploadOwnership;
}

export function registerMyData(app: FastifyInstance, deps: AppDeps, given: MyDataParts): void {
  const borrowers = borrowerCalls(deps);
  const parts = given;
  mountCall(app, borrowers, myDataCall, ({ borrower }) => myData(deps, borrower));

  mountCall(app, borrowers, consentCall, ({ borrower, payload }) => setConsent(deps, borrower, payload.purpose, payload.granted === '1'));

  mountCall(app, borrowers, dataRequestCall, ({ borrower, payload }) => createRequest(deps, borrower, payload, parts.ownsUpload));

  mountCall(app, borrowers, myDataExportCall, async ({ borrower }) => exportJson(await collectPersonalData(deps.db, borrower, parts.sections, deps.clock.now())));

  mountCall(app, borrowers, myDataPdfCall, async ({ borrower, reply }) => {
    const data = await collectPersonalData(deps.db, borrower, parts.sections, deps.clock.now());
    attachmentName(reply, `${exportBaseName(data)}.pdf`);
    return personalDataPdf(data, { lenderName: deps.config.COMPANY_CORPORATE_NAME });
  });
}
