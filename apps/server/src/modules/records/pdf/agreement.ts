/**
 * A loan agreement exactly as stored at confirmation: its text with the order's figures written in,
 * in the language it was confirmed in (the lender's translation, else English), the page's own words
 * (its footer) in that language too.
 */
import type { ConfirmedAgreementBody, ConfirmedDocumentRow } from '../../../domain/orders/service.ts';
import { renderPdf, type PdfBytes, type PdfFrame } from './layout.ts';

export function agreementPdf(frame: PdfFrame, stored: ConfirmedDocumentRow): Promise<PdfBytes> {
  const body = JSON.parse(stored.body) as ConfirmedAgreementBody;
  return renderPdf({ ...frame, lang: body.lang ?? 'en' }, (w) => w.paragraph(body.text));
}
