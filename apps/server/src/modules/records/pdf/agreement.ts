/** A loan agreement exactly as stored at confirmation: its text with the order's figures written in. */
import type { ConfirmedAgreementBody, ConfirmedDocumentRow } from '../../../domain/orders/service.ts';
import { renderPdf, type PdfBytes, type PdfFrame } from './layout.ts';

export function agreementPdf(frame: PdfFrame, stored: ConfirmedDocumentRow): Promise<PdfBytes> {
  const body = JSON.parse(stored.body) as ConfirmedAgreementBody;
  return renderPdf(frame, (w) => w.paragraph(body.text));
}
