/** The my-data calls: each route of routes/my-data.ts with its schemas of my-data.ts and one line on what it does. */
import { defineCall } from '../schema.ts';
import { consentRoute, dataRequestRoute, myDataExportRoute, myDataPdfRoute, myDataRoute } from '../routes/my-data.ts';
import { consent, dataRequest, myData, myDataExport, myDataPdf } from '../my-data.ts';

export const myDataCall = defineCall(myDataRoute, myData, "The borrower's consents by purpose, who received their data, their requests, what an erasure keeps and the breach notices sent to them (ours, issue 39).");
export const consentCall = defineCall(consentRoute, consent, 'Grants or withdraws one purpose in the consent ledger, with the text shown (ours, issue 39).');
export const myDataExportCall = defineCall(myDataExportRoute, myDataExport, 'Everything the lender holds about the borrower, as a JSON file (ours, issue 39).');
export const myDataPdfCall = defineCall(myDataPdfRoute, myDataPdf, 'Everything the lender holds about the borrower, as a readable PDF (ours, issue 39).');
export const dataRequestCall = defineCall(dataRequestRoute, dataRequest, 'A request to correct a field or to erase the borrower\'s data: a reference and an answer date (ours, issue 39).');
