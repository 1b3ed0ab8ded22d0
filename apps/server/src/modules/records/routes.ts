/** HTTP of the records family: payment history, receipt, documents, and a record as a PDF. */
import type { FastifyInstance } from 'fastify';
import { documentsCall, paymentHistoryCall, receiptCall, recordPdfCall } from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import { borrowerCalls } from '../../domain/borrowers/session.ts';
import { mountCall } from '../../platform/http/mount.ts';
import { inLang } from '../../platform/i18n/answer-texts.ts';
import { attachmentName } from '../../platform/http/borrower-kind.ts';
import { orderDocuments, paymentHistory, receipt, recordPdf } from './service.ts';

const id = (value: string) => Number(value);

export function registerRecords(app: FastifyInstance, deps: AppDeps): void {
  const borrowers = borrowerCalls(deps);
  mountCall(app, borrowers, paymentHistoryCall, async ({ borrower, payload, currency, lang }) => inLang(lang, await paymentHistory(deps, borrower, id(payload.orderId), currency)));

  mountCall(app, borrowers, receiptCall, async ({ borrower, payload, currency, lang }) => inLang(lang, await receipt(deps, borrower, { orderId: id(payload.orderId), paymentId: id(payload.paymentId) }, currency)));

  mountCall(app, borrowers, documentsCall, async ({ borrower, payload, lang }) => inLang(lang, await orderDocuments(deps, borrower, id(payload.orderId))));

  mountCall(app, borrowers, recordPdfCall, async ({ borrower, payload, currency, lang, reply }) => {
    const request = { orderId: id(payload.orderId), document: payload.document, paymentId: payload.paymentId === undefined ? undefined : id(payload.paymentId) };
    const pdf = await recordPdf(deps, borrower, request, currency, lang);
    attachmentName(reply, pdf.fileName);
    return pdf.bytes;
  });
}
