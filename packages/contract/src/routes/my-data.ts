import { route } from '../common.ts';
import type * as myData from '../my-data.ts';

// ---- the borrower's data rights (issue 39; not in the spec, chosen here: docs/privacy.md) -----------
export const myDataRoute = route<typeof myData.myData>({ method: 'POST', path: '/v3/my-data', codeForm: 'zero' });
export const consentRoute = route<typeof myData.consent>({ method: 'POST', path: '/v3/my-data/consent', codeForm: 'zero' });
export const myDataExportRoute = route<typeof myData.myDataExport>({ method: 'POST', path: '/v3/my-data/export', codeForm: 'zero' });
/** Answers the PDF itself (application/pdf, Content-Disposition: attachment), not an envelope; a refusal is the usual envelope. */
export const myDataPdfRoute = route<typeof myData.myDataPdf>({ method: 'GET', path: '/v3/my-data/pdf', codeForm: 'zero', responds: 'pdf' });
export const dataRequestRoute = route<typeof myData.dataRequest>({ method: 'POST', path: '/v3/my-data/requests', codeForm: 'zero' });

