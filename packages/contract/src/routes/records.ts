import { route } from '../common.ts';
import type * as records from '../records.ts';

// ---- the borrower's records (issue 22; not in the spec, chosen here: docs/records.md) -------------
export const paymentHistoryRoute = route<typeof records.paymentHistory>({ method: 'POST', path: '/v3/records/payment-history', codeForm: 'zero' });
export const receiptRoute = route<typeof records.receipt>({ method: 'POST', path: '/v3/records/receipt', codeForm: 'zero' });
export const documentsRoute = route<typeof records.documents>({ method: 'POST', path: '/v3/records/documents', codeForm: 'zero' });
/** Answers the PDF itself (application/pdf, Content-Disposition: attachment), not an envelope; a refusal is the usual envelope. */
export const recordPdfRoute = route<typeof records.recordPdf>({ method: 'GET', path: '/v3/records/pdf', codeForm: 'zero', responds: 'pdf' });
