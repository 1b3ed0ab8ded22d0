/**
 * Refusals in the borrower's language (docs/i18n.md, "Refusals"): every message a borrower's call
 * may refuse with has its Filipino and Hindi text in the catalogue's 'server' part, and the envelope
 * carries it in the page's language; English, the spec's own messages and staff calls stay as written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, callUrlPath, documentsRoute, recordPdfRoute, type SessionParams } from '@cashloan/contract';
import { MY_DATA_MESSAGES } from '@cashloan/contract/my-data';
import { DUPLICATE_REPAYMENT_MESSAGE } from '@cashloan/contract/routes/values';
import { CATALOGUES } from '@cashloan/contract/texts/index';
import { createTestApp, query, type TestApp } from '../../test-support/test-app.ts';
import { seedCatalog } from '../../seed/demo.ts';
import { createOrder, findProduct } from '../../domain/orders/service.ts';
import { MESSAGES as REPAYING_MESSAGES, earlyRepaymentMessage, rolloverNotYetMessage } from '../../domain/payments/repaying-order.ts';
import type { LoanPosition } from '../../loan-terms/position.ts';
import { dateTextIn } from '../../loan-terms/date-text.ts';
import { MESSAGES as BIND_BANK_MESSAGES } from '../../modules/bind-bank/service.ts';
import { CANCEL_MESSAGES } from '../../modules/cancel-loan/service.ts';
import { CODE_MESSAGES } from '../../modules/card-repayment/codes.ts';
import { CARD_MESSAGES } from '../../modules/card-repayment/service.ts';
import { MESSAGES as COMPLAINT_MESSAGES } from '../../modules/complaints/service.ts';
import { UNREADABLE_UPLOAD } from '../../modules/complaints/read-upload.ts';
import { AGREEMENT_NOT_FOUND, ORDER_NOT_FOUND, PRODUCT_NOT_FOUND, REVIEW_TERMS_AGAIN } from '../../modules/loan-confirmation/service.ts';
import { MESSAGES as PROMOTION_MESSAGES } from '../../modules/promotion/service.ts';
import { CERTIFICATE_CANCELLED, CERTIFICATE_NOT_YET, DOCUMENT_NOT_FOUND, PAYMENT_NOT_FOUND } from '../../modules/records/service.ts';
import { textIn } from './answer-texts.ts';

/**
 * Messages that name a field of the call (`problemType is not …`): a developer's mistake the page
 * never lets a borrower make, kept in English like the contract's field errors. The promotion's SMS
 * is not a refusal (it is written for the phone, in English).
 */
const FOR_DEVELOPERS = new Set<string>([
  COMPLAINT_MESSAGES.unknownType, COMPLAINT_MESSAGES.unknownSonType, COMPLAINT_MESSAGES.sonTypeNotAllowed, COMPLAINT_MESSAGES.imageNotOwned,
  BIND_BANK_MESSAGES.noProduct, CARD_MESSAGES.noCoupon, PROMOTION_MESSAGES.merchantMismatch, PROMOTION_MESSAGES.idMismatch,
  MY_DATA_MESSAGES.unknownPurpose, MY_DATA_MESSAGES.unknownKind, MY_DATA_MESSAGES.unknownField, MY_DATA_MESSAGES.valueRequired, MY_DATA_MESSAGES.notACorrection,
]);

const day = new Date('2026-12-01T04:00:00Z');
const position = { earlyRepaymentOpensAt: day, currentDueAt: day } as LoanPosition;
/** Every refusal a borrower's page may show, its places filled as the services fill them. */
const REFUSALS: string[] = [
  ...Object.values(ERROR_MESSAGES),
  ORDER_NOT_FOUND, PRODUCT_NOT_FOUND, AGREEMENT_NOT_FOUND, REVIEW_TERMS_AGAIN,
  DOCUMENT_NOT_FOUND, PAYMENT_NOT_FOUND, CERTIFICATE_NOT_YET, CERTIFICATE_CANCELLED, UNREADABLE_UPLOAD, DUPLICATE_REPAYMENT_MESSAGE,
  ...[CANCEL_MESSAGES, CARD_MESSAGES, CODE_MESSAGES, MY_DATA_MESSAGES, BIND_BANK_MESSAGES, COMPLAINT_MESSAGES, PROMOTION_MESSAGES, REPAYING_MESSAGES].flatMap((set) =>
    Object.entries(set).flatMap(([key, message]) => (typeof message === 'string' ? [message] : key === 'smsText' ? [] : [])),
  ),
  CANCEL_MESSAGES.ended('2026-12-04'),
  CANCEL_MESSAGES.staleAmount('₱5,021.00'),
  PROMOTION_MESSAGES.resendTooSoon(42),
  earlyRepaymentMessage(position, dateTextIn('₱')),
  rolloverNotYetMessage(position, dateTextIn('₱')),
  'Order PN2612010001 can be rolled over only once it is due',
  'Order PN2612010001 owes nothing now',
  'PesoNow Cash is not available now.',
].filter((message) => !FOR_DEVELOPERS.has(message));

describe('refusals in the borrower language', () => {
  it('has every refusal a borrower may read in Filipino and Hindi (this lists each one lacking)', () => {
    for (const lang of ['fil', 'hi'] as const) {
      expect(REFUSALS.filter((message) => textIn(lang, message) === message), lang).toEqual([]);
    }
  });

  it('fills the places of a refusal with its values, the amounts and dates as the market writes them', () => {
    expect(textIn('hi', CANCEL_MESSAGES.staleAmount('₹1,23,456.00'))).toBe(
      CATALOGUES.hi.server!['The amount to cancel is now {amount}. Please reload the page and try again.']!.replace('{amount}', '₹1,23,456.00'),
    );
    expect(textIn('fil', CANCEL_MESSAGES.ended('2026-12-04'))).toContain('2026-12-04');
  });

  describe('on the wire', () => {
    let t: TestApp;
    let session: SessionParams;
    let orderId: number;
    beforeAll(async () => {
      t = await createTestApp();
      const productIds = await seedCatalog(t.db);
      const borrower = await t.newBorrower();
      session = borrower.session;
      const product = (await findProduct(t.db, productIds[0]!))!;
      orderId = (await createOrder(t.db, { borrower: { id: borrower.borrowerId, isRepeat: false }, product, status: 174, dueInDays: 3 }, t.clock.now())).id;
    });
    afterAll(() => t.close());

    const certificate = async (params: Record<string, string>) =>
      (await t.app.inject({ method: 'GET', url: `${callUrlPath(recordPdfRoute)}?${query({ ...(session as unknown as Record<string, string>), orderId: String(orderId), document: 'certificate', ...params })}` })).json();

    it("answers a refusal in the page's language, and in the spec's English without lang", async () => {
      expect(await certificate({ lang: 'hi' })).toMatchObject({ code: 409, message: CATALOGUES.hi.server![CERTIFICATE_NOT_YET] });
      expect(await certificate({ lang: 'fil' })).toMatchObject({ code: 409, message: CATALOGUES.fil.server![CERTIFICATE_NOT_YET] });
      expect(await certificate({})).toMatchObject({ code: 409, message: CERTIFICATE_NOT_YET });
      // The pseudo-locale outside production, as the pages are.
      expect((await certificate({ lang: 'qps' })).message).toMatch(/^⟦.+⟧$/);
    });

    it('refuses a session in the language too, before it knows who is asking', async () => {
      const res = await t.app.inject({ method: 'POST', url: `${callUrlPath(documentsRoute)}?${query({ lang: 'fil' })}` });
      expect(res.json()).toMatchObject({ message: CATALOGUES.fil.server![ERROR_MESSAGES.sessionMissing] });
    });

    it('keeps a staff or ops refusal in English, whatever lang it is sent', async () => {
      const res = await t.app.inject({ method: 'POST', url: `/ops/pay-codes?lang=hi`, headers: { authorization: `Bearer ${t.config.OPS_TOKEN}` }, payload: { orderId: 999_999, purpose: 'repay', amount: 100 } });
      expect(res.json().message).toBe('Order 999999 does not exist');
    });
  });
});
