/**
 * The borrower's records on the real app: a confirmed loan paid in several partial payments through
 * the pay-code path (the sandbox's counter, as the provider would), then its payment history,
 * receipts and documents, each PDF read back with pdfjs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callUrlPath,
  documentsRoute,
  loanDetailsRoute,
  paymentHistoryRoute,
  receiptRoute,
  recordPdfRoute,
  repaymentCommitRoute,
  repaymentConfirmRoute,
  repaymentWayRoute,
  type SessionParams,
} from '@cashloan/contract';
import { createHarness, type Harness } from '../../test-support/repayment-harness.ts';
import { query } from '../../test-support/test-app.ts';
import { listConfirmedDocuments, loadOrder, moveOrder } from '../../domain/orders/service.ts';
import { ORDER_STATUS } from '../../loan-terms/status.ts';
import { dayToIsoDate, lenderDay } from '../../loan-terms/calendar.ts';
import { plainAmount } from '../loan-confirmation/agreement-text.ts';
import { postReceivedPayment } from '../../domain/payments/posting.ts';
import { createStaff } from '../../staff/accounts/service.ts';
import { CERTIFICATE_NOT_YET, COST_DISCLOSURE_SUFFIX, DOCUMENT_NOT_FOUND, ORDER_NOT_FOUND, PAYMENT_NOT_FOUND } from './service.ts';

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIL } from '@cashloan/contract/texts/fil';
import { HI } from '@cashloan/contract/texts/hi';
import { confirmedForStaff } from '../loan-confirmation/confirmed-for-staff.ts';

const DAY = 86_400_000;

/** A PDF's text as Poppler's pdftotext reads it (Debian's poppler-utils; .ci/run installs it). */
function pdfToText(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-'));
  try {
    writeFileSync(join(dir, 'doc.pdf'), bytes);
    const run = spawnSync('pdftotext', ['-enc', 'UTF-8', join(dir, 'doc.pdf'), '-'], { encoding: 'utf8' });
    if (run.error) throw new Error(`pdftotext could not run (${run.error.message}): install Debian's poppler-utils, as .ci/run does`);
    return run.stdout.replace(/\s+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The names of the fonts a PDF embeds. */
async function pdfFonts(bytes: Uint8Array): Promise<string[]> {
  const text = Buffer.from(bytes).toString('latin1');
  return [...new Set([...text.matchAll(/\/BaseFont \/([A-Z]{6}\+)?([\w-]+)/g)].map((m) => m[2]!))];
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const parts: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    for (const item of content.items) if ('str' in item) parts.push(item.str);
  }
  await doc.destroy();
  return parts.join(' ').replace(/\s+/g, ' ');
}

describe('the borrower records', () => {
  let h: Harness;
  let session: SessionParams;
  let stranger: SessionParams;
  let orderId: number;
  const money = (minor: number) => `₱${Math.floor(minor / 100).toLocaleString('en-PH')}.${String(minor % 100).padStart(2, '0')}`;

  beforeAll(async () => {
    h = await createHarness();
    ({ session } = await h.t.newBorrower({ name: 'Maria Santos', mobilePhone: '9171112233' }));
    ({ session: stranger } = await h.t.newBorrower({ name: 'Someone Else' }));
    const productId = h.productIds[0]!;
    orderId = await h.confirmLoan(session, productId, { amount: '500000', periods: '91' });
    await moveOrder(h.t.db, orderId, ORDER_STATUS.disbursing, h.t.clock.now());
    await moveOrder(h.t.db, orderId, ORDER_STATUS.repaying, h.t.clock.now());
  });
  afterAll(() => h.t.close());

  const pdf = async (s: SessionParams, params: Record<string, string>) => {
    const res = await h.t.app.inject({ method: 'GET', url: `${callUrlPath(recordPdfRoute)}?${query({ ...(s as unknown as Record<string, string>), ...params })}` });
    return res;
  };
  const ops = (url: string, payload: object) =>
    h.t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${h.t.config.OPS_TOKEN}` }, payload });
  /** A pay code for `amount` on the order, paid at the counter (the sandbox's "paid"). */
  async function pay(amount: number): Promise<void> {
    const issued = await ops('/ops/pay-codes', { orderId, purpose: 'repay', amount });
    expect(issued.statusCode).toBe(200);
    const code = issued.json().data.code as string;
    expect((await h.markPaid(code)).body.code).toBe(0);
  }
  const amountDue = async () => {
    const order = (await loadOrder(h.t.db, orderId))!;
    const details = await h.call(loanDetailsRoute, session, { productId: order.productId, orderId });
    return (details.body.data.userOrderDetail.detail as Array<{ text: string; value: string }>).find((r) => r.text === 'Amount due')?.value;
  };

  it('stored the disclosure and the agreements at confirmation, each with its SHA-256', async () => {
    const docs = await listConfirmedDocuments(h.t.db, orderId);
    expect(docs.map((d) => `${d.kind}-${d.position}`)).toEqual(['disclosure-0', 'agreement-1', 'agreement-2']);
    const { createHash } = await import('node:crypto');
    for (const d of docs) expect(d.sha256).toBe(createHash('sha256').update(d.body).digest('hex'));
    await expect(h.t.db.query(`UPDATE confirmed_documents SET body = '{}' WHERE order_id = $1`, [orderId])).rejects.toThrow(/immutable/);
  });

  it('shows every payment with its allocation, equal to the ledger, and the balance loan-details shows', async () => {
    const empty = await h.call(paymentHistoryRoute, session, { orderId });
    expect(empty.body.data).toMatchObject({ payments: [], nextDueAmount: 560_500 });
    // Overdue by 5 days: late interest and the penalty are booked by the first payment.
    await h.advance(96 * DAY);
    const balances: string[] = [];
    for (const amount of [50_000, 200_000]) {
      await pay(amount);
      balances.push((await amountDue())!);
      await h.advance(DAY);
    }
    // A pending payment: the provider has not confirmed it yet.
    const pendingCode = (await ops('/ops/pay-codes', { orderId, purpose: 'repay', amount: 1_000 })).json().data.code as string;
    expect((await ops(`/ops/pay-codes/${pendingCode}/paid`, { status: 'P' })).statusCode).toBe(200);

    const history = (await h.call(paymentHistoryRoute, session, { orderId })).body.data;
    expect(history.payments).toHaveLength(3);
    expect(history.payments[0]).toMatchObject({ status: 'pending', paymentId: null, allocation: null, reference: pendingCode, amount: 1_000 });
    const paid = history.payments.filter((p: { status: string }) => p.status === 'paid');
    expect(paid.map((p: { amount: number }) => p.amount)).toEqual([200_000, 50_000]);
    for (const p of paid) {
      const a = p.allocation;
      expect(a.lateCharges + a.interest + a.serviceFee + a.principal + a.unapplied).toBe(p.amount);
      expect(p.paidAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(p.channel).toBeTruthy();
    }
    // Pay the rest: the order settles.
    const order = (await loadOrder(h.t.db, orderId))!;
    const owedNow = Number(history.nextDueAmount);
    expect(owedNow).toBeGreaterThan(0);
    await pay(owedNow);
    const after = (await loadOrder(h.t.db, orderId))!;
    expect(after.status).toBe(ORDER_STATUS.settled);
    const final = (await h.call(paymentHistoryRoute, session, { orderId })).body.data;
    expect(final).toMatchObject({ nextDueDate: '', nextDueAmount: 0 });
    const all = final.payments.filter((p: { status: string }) => p.status === 'paid');
    const sum = (key: string) => all.reduce((s: number, p: { allocation: Record<string, number> }) => s + p.allocation[key]!, 0);
    expect(all.reduce((s: number, p: { amount: number }) => s + p.amount, 0)).toBe(after.paidMinor);
    expect(sum('lateCharges')).toBe(after.extraChargesMinor);
    expect(after.extraChargesMinor).toBeGreaterThan(0);
    expect(sum('interest')).toBe(order.interestMinor);
    expect(sum('serviceFee')).toBe(order.feeMinor);
    expect(sum('principal')).toBe(order.principalMinor);
    expect(sum('unapplied')).toBe(0);

    // Each receipt's balance after is what loan-details showed right after that payment.
    const oldestFirst = [...all].reverse();
    for (const [i, p] of oldestFirst.entries()) {
      const r = (await h.call(receiptRoute, session, { orderId, paymentId: p.paymentId })).body.data;
      expect(r).toMatchObject({ orderNo: after.orderNo, paymentId: p.paymentId, reference: p.reference, amount: p.amount, allocation: p.allocation, maskedPhone: '******2233' });
      expect(r.lenderName).toBe(h.t.config.COMPANY_CORPORATE_NAME);
      if (i < balances.length) expect(money(r.balanceAfter)).toBe(balances[i]);
      else expect(r.balanceAfter).toBe(0);
    }
  });

  it('makes the receipt PDF with the reference and amount', async () => {
    const payment = (await h.call(paymentHistoryRoute, session, { orderId })).body.data.payments.find((p: { status: string }) => p.status === 'paid');
    const res = await pdf(session, { orderId: String(orderId), document: 'receipt', paymentId: String(payment.paymentId) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="receipt-PN\d+-\d+\.pdf"$/);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(payment.reference);
    expect(text).toContain(money(payment.amount));
    expect(text).toContain(h.t.config.COMPANY_SEC_REG_NO);
    expect(text).toContain(h.t.config.COMPANY_CA_NO);
    // Not an 'Official Receipt': in the Philippines that name belongs to BIR-registered receipts.
    expect(text).toContain('Payment Receipt');
    expect(text).not.toContain('Official Receipt');
  });

  it("makes the receipt and the statement in the borrower's language: the page's words translated, the figures as the market writes them", async () => {
    const payment = (await h.call(paymentHistoryRoute, session, { orderId })).body.data.payments.find((p: { status: string }) => p.status === 'paid');
    const inHindi = { ...session, lang: 'hi' } as SessionParams;
    const receipt = pdfToText((await pdf(inHindi, { orderId: String(orderId), document: 'receipt', paymentId: String(payment.paymentId) })).rawPayload);
    for (const english of ['Payment Receipt', 'Payment reference', 'Amount received', 'How the payment was applied', 'Balance after this payment']) {
      expect(receipt).toContain(HI.server![english]);
    }
    expect(receipt).toContain(payment.reference);
    expect(receipt).toContain(money(payment.amount).slice(1));
    expect(receipt).not.toMatch(/Amount received|Payment reference/);
    const statement = pdfToText((await pdf({ ...session, lang: 'fil' } as SessionParams, { orderId: String(orderId), document: 'statement' })).rawPayload);
    for (const english of ['Statement of Account', 'Date / item', 'Total charges', 'Total payments', 'Balance owed today']) {
      expect(statement).toContain(FIL.server![english]);
    }
    expect(statement).toContain(FIL.server!['Payment {reference} ({channel})']!.split(' ')[0]);
  });

  it('prints the disclosure and agreements as confirmed, with the SHA-256, and unchanged when the product and agreements change', async () => {
    const order = (await loadOrder(h.t.db, orderId))!;
    const list = (await h.call(documentsRoute, session, { orderId })).body.data;
    expect(list.documents.map((d: { document: string }) => d.document)).toEqual(['disclosure', 'agreement-1', 'agreement-2', 'schedule', 'statement', 'certificate']);
    expect(list.documents[4].fileName).toBe(`statement-${order.orderNo}.pdf`);
    // The demo's second agreement is also called 'Disclosure Statement': no two downloads read alike.
    expect(list.documents.map((d: { title: string }) => d.title).slice(0, 3)).toEqual([`Disclosure Statement${COST_DISCLOSURE_SUFFIX}`, 'Loan Agreement', 'Disclosure Statement']);
    const stored = await listConfirmedDocuments(h.t.db, orderId);
    const disclosure = JSON.parse(stored[0]!.body);

    const before: Record<string, Buffer> = {};
    for (const d of ['disclosure', 'agreement-1', 'agreement-2']) before[d] = (await pdf(session, { orderId: String(orderId), document: d })).rawPayload;
    const text = await pdfText(before.disclosure!);
    expect(text).toContain('Disclosure Statement');
    expect(text).toContain(order.orderNo);
    expect(text).toContain(money(disclosure.disclosure.amountFinanced));
    expect(text).toContain(money(disclosure.disclosure.totalFinanceCharge));
    expect(text).toContain(money(disclosure.disclosure.totalOfPayments));
    for (const line of disclosure.disclosure.schedule) expect(text).toContain(money(line.amount));
    // PesoNow Cash in pesos is under the SEC caps: the confirmed disclosure and its PDF carry the cap.
    expect(disclosure.disclosure.costCap).toEqual({ maxTotalCostMinor: 500_000, lateMonthlyBp: 500, law: 'SEC MC 3 s2022' });
    expect(text).toContain('Most this loan can ever cost');
    expect(text).toContain('SEC MC 3 s2022');
    expect(text).toContain('At most 5% a month of the amount due');
    expect(text).toContain(`SHA-256: ${stored[0]!.sha256}`);
    expect(money(disclosure.disclosure.amountFinanced)).toBe('₱5,000.00');
    expect(money(disclosure.disclosure.totalFinanceCharge)).toBe('₱605.00');
    const agreement = await pdfText(before['agreement-1']!);
    expect(agreement).toContain(`SHA-256: ${stored[1]!.sha256}`);
    expect(agreement).toContain(order.orderNo);
    expect(agreement).toContain('5,000.00');
    expect(agreement).toContain('Maria Santos');

    await h.t.db.query(`UPDATE products SET interest_bp = interest_bp * 2, service_fee_bp = 0, amount_minor = 900000 WHERE id = $1`, [order.productId]);
    await h.t.db.query(`UPDATE agreements SET body = 'CHANGED {principal}', title = 'Changed' WHERE lang = 'en'`);
    for (const d of ['disclosure', 'agreement-1', 'agreement-2']) {
      const again = (await pdf(session, { orderId: String(orderId), document: d })).rawPayload;
      expect(Buffer.compare(again, before[d]!)).toBe(0);
    }
    expect((await pdfText(before['agreement-2']!)).includes('CHANGED')).toBe(false);
  });

  it('prints the schedule, the statement and the certificate of the settled loan', async () => {
    const order = (await loadOrder(h.t.db, orderId))!;
    const schedule = await pdfText((await pdf(session, { orderId: String(orderId), document: 'schedule' })).rawPayload);
    for (const p of order.plan) expect(schedule).toContain(money(p.amountMinor));
    expect(schedule).toContain('Paid');
    const statement = await pdfText((await pdf(session, { orderId: String(orderId), document: 'statement' })).rawPayload);
    expect(statement).toContain(money(order.principalMinor));
    expect(statement).toContain(money(order.interestMinor));
    expect(statement).toContain(money(order.feeMinor));
    // Every booked late charge and each payment, the balance running down to nothing.
    expect(statement).toContain(`Total charges ${money(order.principalMinor + order.interestMinor + order.feeMinor + order.extraChargesMinor)}`);
    expect(statement).toContain(`Total payments ${money(order.paidMinor)}`);
    expect(statement).toContain('Balance owed today ₱0.00');
    const certificate = await pdf(session, { orderId: String(orderId), document: 'certificate' });
    expect(certificate.statusCode).toBe(200);
    const text = await pdfText(certificate.rawPayload);
    expect(text).toContain('Certificate of Full Payment');
    expect(text).toContain(money(order.paidMinor));
    expect(text).toContain(h.t.config.COMPANY_CORPORATE_NAME);
  });

  it('keeps the statement true to the ledger for money received before the records were kept (an order the ops API made settled)', async () => {
    const { borrowerId, session: other } = await h.t.newBorrower();
    const settled = await h.order(borrowerId, ORDER_STATUS.settled);
    const order = (await loadOrder(h.t.db, settled.id))!;
    expect((await h.call(paymentHistoryRoute, other, { orderId: settled.id })).body.data.payments).toEqual([]);
    const statement = await pdfText((await pdf(other, { orderId: String(settled.id), document: 'statement' })).rawPayload);
    expect(statement).toContain(`Paid before these records were kept ${money(order.paidMinor)}`);
    expect(statement).toContain(`Total payments ${money(order.paidMinor)}`);
    expect(statement).toContain('Balance owed today ₱0.00');
  });

  it('refuses the certificate before the loan is settled, and a receipt without a payment', async () => {
    const { borrowerId, session: other } = await h.t.newBorrower();
    const running = await h.order(borrowerId, ORDER_STATUS.repaying);
    const list = (await h.call(documentsRoute, other, { orderId: running.id })).body.data.documents.map((d: { document: string }) => d.document);
    expect(list).toEqual(['schedule', 'statement']);
    const refused = await pdf(other, { orderId: String(running.id), document: 'certificate' });
    expect(refused.headers['content-type']).toMatch(/json/);
    expect(refused.json().message).toBe(CERTIFICATE_NOT_YET);
    expect((await pdf(other, { orderId: String(running.id), document: 'disclosure' })).json().message).toBe(DOCUMENT_NOT_FOUND);
    expect((await pdf(other, { orderId: String(running.id), document: 'receipt' })).json().message).toMatch(/paymentId/);
  });

  it("answers another borrower's order, payment and documents as not found", async () => {
    expect((await h.call(paymentHistoryRoute, stranger, { orderId })).body.message).toBe(ORDER_NOT_FOUND);
    expect((await h.call(documentsRoute, stranger, { orderId })).body.message).toBe(ORDER_NOT_FOUND);
    expect((await h.call(receiptRoute, stranger, { orderId, paymentId: 1 })).body.message).toBe(ORDER_NOT_FOUND);
    expect((await pdf(stranger, { orderId: String(orderId), document: 'statement' })).json().message).toBe(ORDER_NOT_FOUND);
    // A payment of another order of the same borrower is not found either.
    const { borrowerId, session: other } = await h.t.newBorrower();
    const own = await h.order(borrowerId, ORDER_STATUS.repaying);
    const foreignPayment = (await h.call(paymentHistoryRoute, session, { orderId })).body.data.payments.find((p: { paymentId: number | null }) => p.paymentId !== null).paymentId as number;
    expect((await h.call(receiptRoute, other, { orderId: own.id, paymentId: foreignPayment })).body.message).toBe(PAYMENT_NOT_FOUND);
  });

  it("names a card payment by the card's last 4 digits and a staff posting by its posted reference", async () => {
    const { borrowerId, session: s } = await h.t.newBorrower();
    const order = await h.order(borrowerId, ORDER_STATUS.due, { dueInDays: 1 });
    const card = await h.card(borrowerId, '4000123412344821');
    const staffId = (await createStaff(h.t.db, { email: 'fin@lender.test', name: 'Fin', roles: ['finance'], password: 'a long enough password' }, h.t.clock.now())).account.id;
    await h.t.db.transaction((tx) => postReceivedPayment(tx, { orderId: order.id, amountMinor: 10_000, method: 'counter', reference: 'OR-0042', staffId, now: h.t.clock.now() }));
    await h.advance(60_000);
    const { repayToken, repayAmount } = (await h.call(repaymentWayRoute, s, { orderId: order.id })).body.data;
    const committed = await h.call(repaymentCommitRoute, s, {
      amount: repayAmount, bankName: card.bankName, cardId: card.id, cardNo: card.maskedNo, couponId: '', orderId: order.id, repayToken, bankCode: card.bankCode, sendMsg: '1',
    });
    const confirmed = await h.call(repaymentConfirmRoute, s, { orderId: order.id, verifyCode: await h.latestCode(s.mobilePhone), repaymentRecordId: committed.body.data.repayRecordId });
    expect(confirmed.body.code).toBe('00');
    const history = (await h.call(paymentHistoryRoute, s, { orderId: order.id })).body.data;
    expect(history.payments.map((p: { reference: string; status: string }) => `${p.status} ${p.reference}`)).toEqual(['paid Card ending 4821', 'paid OR-0042']);
    expect(history.payments[0].channel).toBe('Bank card');
  });

  it('keeps the Key Fact Statement of a loan confirmed in rupees, in rupees, and lists no statement before the loan is paid out', async () => {
    const { session: s } = await h.t.newBorrower({ name: 'Ravi Kumar' });
    const productId = h.productIds[1]!;
    const real = { ...s, real: '1' };
    const id = await h.confirmLoan(real, productId, { amount: '1000000', periods: '120' });
    const list = (await h.call(documentsRoute, s, { orderId: id })).body.data.documents;
    // (An earlier test rewrote the agreement rows: their titles here are whatever they are now.)
    expect(list.map((d: { document: string }) => d.document)).toEqual(['disclosure', 'agreement-1', 'agreement-2', 'schedule']);
    expect(list[0].title).toBe('Key Fact Statement');
    const text = await pdfText((await pdf(s, { orderId: String(id), document: 'disclosure' })).rawPayload);
    expect(text).toContain('Key Fact Statement');
    expect(text).toContain('₹10,000.00');
    expect(text).toContain('Annual percentage rate');
    expect((await pdf(s, { orderId: String(id), document: 'statement' })).json().message).toBe(DOCUMENT_NOT_FOUND);
  });
  it('keeps a Key Fact Statement confirmed in Hindi in Hindi, and its PDF reads back in Devanagari, the amounts as the market writes them', async () => {
    const { session: s } = await h.t.newBorrower({ name: 'Ravi Kumar' });
    const productId = h.productIds[1]!;
    const inHindi = { ...s, real: '1', lang: 'hi' };
    const id = await h.confirmLoan(inHindi, productId, { amount: '1000000', periods: '120' });
    const stored = (await listConfirmedDocuments(h.t.db, id)).find((d) => d.kind === 'disclosure')!;
    expect(JSON.parse(stored.body)).toMatchObject({ lang: 'hi', disclosure: { title: HI.server!['Key Fact Statement'] } });
    expect(stored.title).toBe(HI.server!['Key Fact Statement']);
    // The staff back office is told the language the borrower confirmed in.
    const confirmed = await confirmedForStaff({ config: h.t.config, db: h.t.db }, (await loadOrder(h.t.db, id))!, { name: 'Ravi Kumar', mobilePhone: '' });
    expect(confirmed).toMatchObject({ lang: 'hi', disclosure: { title: HI.server!['Key Fact Statement'] } });
    // Asked for in English afterwards: the document is in the language it was confirmed in.
    const bytes = (await pdf(s, { orderId: String(id), document: 'disclosure' })).rawPayload;
    // Poppler reads a page as a reader's PDF viewer does: the Devanagari, drawn in visual order
    // (vowel signs before their consonants, conjuncts as one glyph), comes back as written from its
    // spans' ActualText. (The page itself, looked at through pdftoppm: the conjuncts shaped.)
    const text = pdfToText(bytes);
    for (const english of ['Key Fact Statement', 'Cost of the loan', 'Amount financed', 'Repayment schedule as confirmed', 'Annual percentage rate (APR)', 'Effective interest rate, monthly']) {
      expect(text).toContain(HI.server![english]);
    }
    expect(text).toContain(HI.server!['Finance charge: {charge}']!.replace('{charge}', HI.server!['Interest']!));
    expect(text).toContain('₹10,000.00');
    expect(text).not.toContain('Cost of the loan');
    // The fonts embedded: Noto Sans Devanagari for the words, DejaVu Sans for the amounts.
    expect(await pdfFonts(bytes)).toEqual(expect.arrayContaining([expect.stringMatching(/NotoSansDevanagari/), expect.stringMatching(/DejaVuSans/)]));
  });

  it("keeps the agreements confirmed in Hindi in the lender's Hindi text, and prints them so, whatever language they are asked for in", async () => {
    const { session: s } = await h.t.newBorrower({ name: 'Ravi Kumar', mobilePhone: '9876500001' });
    const id = await h.confirmLoan({ ...s, lang: 'hi' }, h.productIds[0]!, { amount: '900000', periods: '91' });
    const order = (await loadOrder(h.t.db, id))!;
    const total = plainAmount(order.principalMinor + order.interestMinor + order.feeMinor);
    const stored = (await listConfirmedDocuments(h.t.db, id)).filter((d) => d.kind === 'agreement');
    expect(stored.map((d) => [d.title, JSON.parse(d.body).lang])).toEqual([
      ['लोन समझौता', 'hi'],
      ['प्रकटीकरण विवरण', 'hi'],
    ]);
    const loanAgreement = JSON.parse(stored[0]!.body).text as string;
    expect(loanAgreement).toContain(`ऋण समझौता सं. ${order.orderNo}`);
    expect(loanAgreement).toContain('Ravi Kumar, मोबाइल नंबर 9876500001 ("उधारकर्ता")');
    expect(loanAgreement).toContain('PHP 9,000.00 उधार देता है');
    // Not paid out yet: the due date is expected, said in Hindi.
    expect(loanAgreement).toContain(`${HI.server!['{date} (expected)']!.replace('{date}', dayToIsoDate(lenderDay(order.plan[0]!.dueAt)))} तक PHP ${total} चुकाएगा`);
    // The back office is told each agreement's language.
    const confirmed = await confirmedForStaff({ config: h.t.config, db: h.t.db }, order, { name: 'Ravi Kumar', mobilePhone: '9876500001' });
    expect(confirmed.agreements.map((a) => [a.title, a.lang])).toEqual([
      ['लोन समझौता', 'hi'],
      ['प्रकटीकरण विवरण', 'hi'],
    ]);
    // Asked for in English: printed as confirmed, in Hindi, its footer too.
    const text = pdfToText((await pdf(s, { orderId: String(id), document: 'agreement-1' })).rawPayload);
    expect(text).toContain(`ऋण समझौता सं. ${order.orderNo}`);
    expect(text).toContain('7. पात्रता।');
    expect(text).toContain(`PHP ${total}`);
    expect(text).not.toContain('LOAN AGREEMENT');

    // The Disclosure Statement of this peso loan, in Hindi: the legal cap's row is a Hindi text with
    // an amount in it. Its font has no ₱, so it draws 'PHP ' (what pdf.js reads from the glyphs),
    // and a reader's copy still gets ₱ (the span's ActualText, as Poppler reads it).
    const disclosure = (await pdf(s, { orderId: String(id), document: 'disclosure' })).rawPayload;
    const cap = (JSON.parse((await listConfirmedDocuments(h.t.db, id)).find((d) => d.kind === 'disclosure')!.body) as { disclosure: { costCap: { maxTotalCostMinor: number } } }).disclosure.costCap;
    const most = plainAmount(cap.maxTotalCostMinor);
    expect(await pdfText(disclosure)).toContain(`PHP ${most}`);
    expect(pdfToText(disclosure)).toContain(`₱${most}`);
  });
});
