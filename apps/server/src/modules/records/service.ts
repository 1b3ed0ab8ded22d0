/**
 * The borrower's records (docs/records.md): an order's payments and how each was applied, the
 * receipt of one payment, the order's documents, and each of them as a PDF. Everything is read
 * through the rooms' doors from stored facts: the ledger, the payments with what applying them did
 * (PaymentResult), and the documents frozen at confirmation; nothing is recomputed from today's
 * product or agreement rows.
 */
import type { OrderDocuments, PaymentAllocation, PaymentHistory, PaymentRecord, Receipt, RecordDocument } from '@cashloan/contract';
import { DEFAULT_LANG, type Lang } from '@cashloan/contract/i18n';
import type { AppDeps } from '../../deps.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { invalidInput, notFound, refused } from '../../platform/http/api-error.ts';
import { dateTextIn, type DateText } from '../../loan-terms/date-text.ts';
import { moneyTextIn } from '../../loan-terms/money-text.ts';
import { splitBasePayment } from '../../loan-terms/position.ts';
import { ORDER_STATUS } from '../../loan-terms/status.ts';
import type { Borrower } from '../../domain/borrowers/service.ts';
import { listConfirmedDocuments, loadBorrowerOrder, viewOrder, type ConfirmedDocumentRow, type OrderRow, type OrderView } from '../../domain/orders/service.ts';
import { listOrderPaymentResults, type OrderPaymentRecord, type PaymentResult } from '../../domain/payments/payments.ts';
import { listUnpaidPayCodesWithChannel } from '../../domain/payments/pay-codes.ts';
import { postedReferenceOf } from '../../domain/payments/posting.ts';
import { cardsOfOrderPayCodes } from '../../domain/bank-cards/service.ts';
import { maskPhone } from './mask.ts';
import type { Lender, PdfBytes, PdfFrame } from './pdf/layout.ts';
import { agreementPdf } from './pdf/agreement.ts';
import { certificatePdf } from './pdf/certificate.ts';
import { disclosurePdf } from './pdf/disclosure.ts';
import { receiptPdf } from './pdf/receipt.ts';
import { schedulePdf } from './pdf/schedule.ts';
import { statementPdf } from './pdf/statement.ts';

export type Deps = Pick<AppDeps, 'db' | 'config' | 'clock'>;

/** The same words every order call uses: nothing tells whether another borrower's order exists. */
export const ORDER_NOT_FOUND = 'This order was not found. Please check your orders and try again.';
export const PAYMENT_NOT_FOUND = 'This payment was not found.';
export const DOCUMENT_NOT_FOUND = 'This document was not found for this order.';
export const RECEIPT_NEEDS_PAYMENT = 'paymentId is required for a receipt';
export const CERTIFICATE_NOT_YET = 'The certificate of full payment is issued once the loan is fully repaid.';
export const CERTIFICATE_CANCELLED = 'This loan was cancelled in its cooling-off period, so there is no certificate of full payment. Your statement of account shows every payment.';
export const PAID_FOR = { repay: 'Repayment', rollover: 'Rollover payment', cancel: 'Cooling-off cancellation' } as const;

/** A cancel payment that closed the loan is the cancellation; one applied as a repayment (late or short) is a repayment. */
const paidFor = (purpose: PaymentResult['purpose'] | undefined, outcome?: PaymentResult['outcome']): string =>
  purpose === 'cancel' ? (outcome === undefined || outcome === 'cancelled' ? PAID_FOR.cancel : PAID_FOR.repay) : PAID_FOR[purpose ?? 'repay'];

/** Card repayments still being charged or confirmed: shown as pending until the money is applied. */
const CARD_STATUSES_PENDING = new Set(['confirming', 'charged']);

/** The borrower's own order; anything else is "not found". */
async function ownOrder(db: Queryable, borrower: Borrower, orderId: number): Promise<OrderRow> {
  const order = await loadBorrowerOrder(db, borrower.id, orderId);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return order;
}

/** One payment of an order as the records show it (paid or pending). */
export interface PaymentFact extends PaymentRecord {
  paidAtDate: Date;
  /** What the order owed right after it; null while pending. */
  balanceAfter: number | null;
  /** Late charges and rollover fees this payment booked (the statement lists them). */
  bookedCharges: number;
}

const allocationOf = (a: PaymentResult['allocation']): PaymentAllocation => ({
  lateCharges: a.lateChargesMinor,
  interest: a.interestMinor,
  serviceFee: a.serviceFeeMinor,
  principal: a.principalMinor,
  unapplied: a.unappliedMinor,
});

/**
 * Each payment's allocation: the one stored when it was applied. A payment applied before the
 * allocation was stored gets it by the same rule, replayed oldest first over what its result says it
 * paid to charges and instalments (the base paid outside any payment, as a seeded order's, counted first).
 */
function allocations(order: OrderRow, payments: Array<OrderPaymentRecord<PaymentResult>>): Map<number, PaymentAllocation> {
  const byId = new Map<number, PaymentAllocation>();
  const toBase = payments.reduce((sum, p) => sum + (p.result.toInstalmentsMinor ?? 0), 0);
  let basePaid = Math.max(0, order.plan.reduce((sum, p) => sum + p.paidMinor, 0) - toBase);
  for (const p of [...payments].reverse()) {
    const r = p.result;
    if (r.allocation) byId.set(p.id, allocationOf(r.allocation));
    else {
      const split = splitBasePayment(order, basePaid, r.toInstalmentsMinor);
      byId.set(p.id, { lateCharges: r.toChargesMinor, interest: split.interestMinor, serviceFee: split.serviceFeeMinor, principal: split.principalMinor, unapplied: r.unappliedMinor });
    }
    basePaid += r.toInstalmentsMinor;
  }
  return byId;
}

/** Every payment of the order, newest first: applied ones with their allocation, then pending ones in their place; times written by `dates`. */
export async function paymentFacts(db: Queryable, order: OrderRow, dates: DateText): Promise<PaymentFact[]> {
  const payments = await listOrderPaymentResults(db, order.id);
  const cards = await cardsOfOrderPayCodes(db, order.id);
  const allocated = allocations(order, payments);
  const referenceOf = (payCodeId: number, payCode: string, providerRef: string | null) => {
    const card = cards.get(payCodeId);
    if (card) return `Card ending ${card.last4}`;
    return (providerRef && postedReferenceOf(providerRef)) ?? payCode;
  };
  const paid: PaymentFact[] = payments.map((p) => ({
    paymentId: p.id,
    status: 'paid',
    paidAt: dates.dateTime(p.appliedAt),
    paidAtDate: p.appliedAt,
    channel: p.channelName,
    reference: referenceOf(p.payCodeId, p.payCode, p.providerRef),
    paidFor: paidFor(p.result.purpose, p.result.outcome),
    amount: p.amountMinor,
    allocation: allocated.get(p.id)!,
    balanceAfter: p.result.balanceAfterMinor ?? null,
    bookedCharges: p.result.bookedChargesMinor ?? 0,
  }));
  const pending: PaymentFact[] = (await listUnpaidPayCodesWithChannel(db, order.id))
    .filter((c) => c.status === 'pending' || CARD_STATUSES_PENDING.has(cards.get(c.id)?.status ?? ''))
    .map((c) => ({
      paymentId: null,
      status: 'pending',
      paidAt: dates.dateTime(c.createdAt),
      paidAtDate: c.createdAt,
      channel: c.channelName,
      reference: referenceOf(c.id, c.code, null),
      paidFor: paidFor(c.purpose),
      amount: c.amountMinor,
      allocation: null,
      balanceAfter: null,
      bookedCharges: 0,
    }));
  return [...paid, ...pending].sort((a, b) => b.paidAtDate.getTime() - a.paidAtDate.getTime() || (b.paymentId ?? 0) - (a.paymentId ?? 0));
}

const toRecord = (f: PaymentFact): PaymentRecord => ({
  paymentId: f.paymentId,
  status: f.status,
  paidAt: f.paidAt,
  channel: f.channel,
  reference: f.reference,
  paidFor: f.paidFor,
  amount: f.amount,
  allocation: f.allocation,
});

/** The next due date and what is due then; '' and 0 when nothing is open. */
function nextDue(view: OrderView, dates: DateText): { nextDueDate: string; nextDueAmount: number } {
  const p = view.position;
  if (!p || p.currentDueAt === null || view.shownStatus === ORDER_STATUS.settled) return { nextDueDate: '', nextDueAmount: 0 };
  return { nextDueDate: dates.date(p.currentDueAt), nextDueAmount: p.currentDueMinor };
}

/** payment-history: the order's payments, newest first, and what is due next; times on the calendar of the request's market. */
export async function paymentHistory(deps: Deps, borrower: Borrower, orderId: number, currency: string): Promise<PaymentHistory> {
  const order = await ownOrder(deps.db, borrower, orderId);
  const view = viewOrder(order, deps.clock.now());
  const dates = dateTextIn(currency);
  const facts = await paymentFacts(deps.db, order, dates);
  return { orderNo: order.orderNo, payments: facts.map(toRecord), ...nextDue(view, dates) };
}

export const lenderOf = (config: Deps['config']): Lender => ({
  name: config.COMPANY_CORPORATE_NAME,
  secRegistrationNo: config.COMPANY_SEC_REG_NO,
  certificateOfAuthorityNo: config.COMPANY_CA_NO,
});


async function receiptOf(deps: Deps, order: OrderRow, phone: string, paymentId: number, dates: DateText): Promise<Receipt> {
  const payment = (await paymentFacts(deps.db, order, dates)).find((f) => f.paymentId === paymentId);
  if (!payment || payment.paymentId === null || payment.allocation === null) throw notFound(PAYMENT_NOT_FOUND);
  const lender = lenderOf(deps.config);
  return {
    lenderName: lender.name,
    secRegistrationNo: lender.secRegistrationNo,
    certificateOfAuthorityNo: lender.certificateOfAuthorityNo,
    maskedPhone: maskPhone(phone),
    orderNo: order.orderNo,
    paymentId: payment.paymentId,
    reference: payment.reference,
    channel: payment.channel,
    paidAt: payment.paidAt,
    amount: payment.amount,
    allocation: payment.allocation,
    balanceAfter: payment.balanceAfter ?? 0,
  };
}

/** receipt: one applied payment of the borrower's own order. */
export async function receipt(deps: Deps, borrower: Borrower, ids: { orderId: number; paymentId: number }, currency: string): Promise<Receipt> {
  const order = await ownOrder(deps.db, borrower, ids.orderId);
  return receiptOf(deps, order, borrower.mobilePhone, ids.paymentId, dateTextIn(currency));
}

const fileName = (document: string, orderNo: string) => `${document}-${orderNo}.pdf`;
/** A confirmed document's key on the wire: 'disclosure' or 'agreement-<position>'. */
const documentKey = (d: Pick<ConfirmedDocumentRow, 'kind' | 'position'>) => (d.kind === 'disclosure' ? 'disclosure' : `agreement-${d.position}`);

/** Said after the cost disclosure's title when an agreement bears the same one (the demo's 'Disclosure Statement'), so no two downloads read alike. */
export const COST_DISCLOSURE_SUFFIX = ': loan costs and schedule';

function documentList(order: OrderRow, view: OrderView, confirmed: ConfirmedDocumentRow[]): RecordDocument[] {
  const agreementTitles = new Set(confirmed.filter((d) => d.kind === 'agreement').map((d) => d.title));
  const list: RecordDocument[] = confirmed.map((d) => {
    const key = documentKey(d);
    const title = d.kind === 'disclosure' && agreementTitles.has(d.title) ? `${d.title}${COST_DISCLOSURE_SUFFIX}` : d.title;
    return { document: key, title, fileName: fileName(key, order.orderNo) };
  });
  if (order.plan.length > 0) list.push({ document: 'schedule', title: 'Repayment Schedule', fileName: fileName('schedule', order.orderNo) });
  // A loan not paid out (in review, disbursing, rejected) has nothing charged yet: no statement.
  if (order.disbursedAt !== null) list.push({ document: 'statement', title: 'Statement of Account', fileName: fileName('statement', order.orderNo) });
  // A loan cancelled in its cooling-off period was not repaid as agreed: no certificate of full payment.
  if (view.shownStatus === ORDER_STATUS.settled && !order.cancellation) list.push({ document: 'certificate', title: 'Certificate of Full Payment', fileName: fileName('certificate', order.orderNo) });
  return list;
}

/** documents: what the borrower can download for the order. */
export async function orderDocuments(deps: Deps, borrower: Borrower, orderId: number): Promise<OrderDocuments> {
  const order = await ownOrder(deps.db, borrower, orderId);
  const view = viewOrder(order, deps.clock.now());
  return { orderNo: order.orderNo, documents: documentList(order, view, await listConfirmedDocuments(deps.db, order.id)) };
}

export interface RecordPdfRequest {
  orderId: number;
  document: string;
  paymentId?: number | undefined;
}

/** record-pdf: the PDF of a receipt or a document of the borrower's own order, and its file name. */
export async function recordPdf(
  deps: Deps,
  borrower: Borrower,
  request: RecordPdfRequest,
  currency: string,
  lang: Lang = DEFAULT_LANG,
): Promise<{ bytes: PdfBytes; fileName: string }> {
  const { db, config } = deps;
  const order = await ownOrder(db, borrower, request.orderId);
  const now = deps.clock.now();
  const view = viewOrder(order, now);
  const money = moneyTextIn(currency);
  const dates = dateTextIn(currency);
  // In the request's language (a confirmed disclosure: the one it was confirmed in, disclosurePdf).
  const frame = (title: string, footer?: string[]): PdfFrame => ({ title, lender: lenderOf(config), orderNo: order.orderNo, issuedAt: now, issuedText: dates.dateTime(now), dates, footer, lang });
  const { document } = request;

  if (document === 'receipt') {
    if (request.paymentId === undefined) throw invalidInput(RECEIPT_NEEDS_PAYMENT);
    const r = await receiptOf(deps, order, borrower.mobilePhone, request.paymentId, dates);
    return { bytes: await receiptPdf(frame('Payment Receipt'), r, money), fileName: `receipt-${order.orderNo}-${r.paymentId}.pdf` };
  }
  // What may be printed is what the documents call lists (one rule for both); the certificate before
  // settlement is refused with its reason, anything else not listed is not found.
  const confirmed = await listConfirmedDocuments(db, order.id);
  if (!documentList(order, view, confirmed).some((d) => d.document === document)) {
    if (document === 'certificate') throw refused(order.cancellation ? CERTIFICATE_CANCELLED : CERTIFICATE_NOT_YET);
    throw notFound(DOCUMENT_NOT_FOUND);
  }
  const stored = confirmed.find((d) => documentKey(d) === document);
  if (stored) {
    const footer = [`Confirmed by the borrower on ${dates.dateTime(stored.confirmedAt)} (lender time).`, `SHA-256: ${stored.sha256}`];
    const bytes = stored.kind === 'disclosure' ? await disclosurePdf(frame(stored.title, footer), stored) : await agreementPdf(frame(stored.title, footer), stored);
    return { bytes, fileName: fileName(document, order.orderNo) };
  }
  if (document === 'schedule') {
    return { bytes: await schedulePdf(frame('Repayment Schedule'), order, view, now, money), fileName: fileName(document, order.orderNo) };
  }
  if (document === 'statement') {
    const facts = await paymentFacts(db, order, dates);
    return { bytes: await statementPdf(frame('Statement of Account'), order, view, facts, money), fileName: fileName(document, order.orderNo) };
  }
  return { bytes: await certificatePdf(frame('Certificate of Full Payment'), order, borrower, money), fileName: fileName(document, order.orderNo) };
}
