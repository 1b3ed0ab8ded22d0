/** HTTP of the my-data family (issue 39): the borrower's consents, requests, and their data as JSON and PDF. */
import type { FastifyInstance } from 'fastify';
import { consentCall, dataRequestCall, myDataCall, myDataExportCall, myDataPdfCall } from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import type { PersonalDataSection } from '../../platform/personal-data.ts';
import { borrowerCalls } from '../../domain/borrowers/session.ts';
import { mountCall } from '../../platform/http/mount.ts';
import { inLang } from '../../platform/i18n/answer-texts.ts';
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

/** What a person wrote: the breach notices (the data-protection officer's words). */
const AS_WRITTEN = ['notices'] as const;

export function registerMyData(app: FastifyInstance, deps: AppDeps, given: MyDataParts): void {
  const borrowers = borrowerCalls(deps);
  const parts = given;
  // In the borrower's language (docs/i18n.md): the consents, recipients, retention and our answers
  // to requests; a breach notice as the data-protection officer wrote it.
  mountCall(app, borrowers, myDataCall, async ({ borrower, lang }) => inLang(lang, await myData(deps, borrower), AS_WRITTEN));

  // The ledger records the consent's words in the language they were shown in.
  mountCall(app, borrowers, consentCall, async ({ borrower, payload, lang }) => inLang(lang, await setConsent(deps, borrower, payload.purpose, payload.granted === '1', lang)));

  mountCall(app, borrowers, dataRequestCall, ({ borrower, payload }) => createRequest(deps, borrower, payload, parts.ownsUpload));

  mountCall(app, borrowers, myDataExportCall, async ({ borrower }) => exportJson(await collectPersonalData(deps.db, borrower, parts.sections, deps.clock.now())));

  mountCall(app, borrowers, myDataPdfCall, async ({ borrower, reply }) => {
    const data = await collectPersonalData(deps.db, borrower, parts.sections, deps.clock.now());
    attachmentName(reply, `${exportBaseName(data)}.pdf`);
    return personalDataPdf(data, { lenderName: deps.config.COMPANY_CORPORATE_NAME });
  });
}
