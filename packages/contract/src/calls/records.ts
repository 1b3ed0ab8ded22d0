/** The records calls: each route of routes/records.ts with its schemas of records.ts and one line on what it does. */
import { defineCall } from '../schema.ts';
import { documentsRoute, paymentHistoryRoute, receiptRoute, recordPdfRoute } from '../routes/records.ts';
import { documents, paymentHistory, receipt, recordPdf } from '../records.ts';

export const paymentHistoryCall = defineCall(paymentHistoryRoute, paymentHistory, "An order's payments, newest first, with how each was applied (ours, issue 22).");
export const receiptCall = defineCall(receiptRoute, receipt, 'The receipt of one payment of the order (ours, issue 22).');
export const documentsCall = defineCall(documentsRoute, documents, "The order's documents the borrower can download (ours, issue 22).");
export const recordPdfCall = defineCall(recordPdfRoute, recordPdf, 'A receipt or document of the order as a PDF made by the server from stored facts (ours, issue 22).');
