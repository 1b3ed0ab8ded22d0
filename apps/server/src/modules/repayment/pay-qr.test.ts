/**
 * The QR images the lender draws (issue 21): a QR channel's pay code as a scannable QR Ph code and
 * an Indian order's UPI link, each decoded back from the served PNG with jsqr.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { generateVcodeRoute, upiPayRoute, type SessionParams } from '@cashloan/contract';
import { createHarness, type Harness } from '../../test-support/repayment-harness.ts';
import { insertChannel } from '../../domain/payments/store.ts';
import type { OrderRow } from '../../domain/orders/service.ts';
import { hasValidCrc, parseTlv } from '../../providers/payments/qr-ph.ts';

/** The text of the QR in a PNG. */
export function decodeQrPng(png: Buffer): string {
  const image = PNG.sync.read(png);
  const found = jsQR(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length), image.width, image.height);
  if (!found) throw new Error('no QR code found in the image');
  return found.data;
}

describe('QR images drawn by the lender', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
    await insertChannel(h.t.db, { channelNumber: '90020', name: 'QR Ph', logo: '', kind: 'qr', payNotice: {}, sort: 50 });
  });
  afterAll(() => h.t.close());

  const ids = (order: OrderRow) => ({ productId: order.productId, orderId: order.id });
  const image = (path: string) => h.t.app.inject({ method: 'GET', url: path });

  it('a QR channel shows a QR Ph code of the pay code: EMVCo TLV fields, the amount, the reference and a good CRC', async () => {
    const { borrowerId, session } = await h.t.newBorrower();
    const order = await h.order(borrowerId, 174, { dueInDays: 0 });
    const { body } = await h.call(generateVcodeRoute, session, { ...ids(order), amount: 560_500, channelNumber: '90020' });
    expect(body.code).toBe(0);
    const shown = Object.fromEntries(new URL(body.data.payUrl, 'http://h5.test').searchParams);
    expect(shown).toMatchObject({ showType: '2', repayAmount: '560500' });
    expect(shown.payCodeImg).toBe(`/h5api/repayment/qr/${order.id}/${shown.payCode}.png`);

    const res = await image(shown.payCodeImg!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('no-store');
    const payload = decodeQrPng(res.rawPayload);
    expect(hasValidCrc(payload)).toBe(true);
    const fields = parseTlv(payload);
    expect(fields.get('00')).toBe('01');
    expect(fields.get('01')).toBe('12');
    expect(Object.fromEntries(parseTlv(fields.get('26')!))).toEqual({ '00': 'ph.ppmi.p2m', '01': h.t.config.QR_PH_ACQUIRER_ID, '03': h.t.config.QR_PH_MERCHANT_ID });
    expect(fields.get('52')).toBe(h.t.config.QR_PH_MCC);
    expect(fields.get('53')).toBe('608');
    expect(fields.get('54')).toBe('5605.00');
    expect(fields.get('58')).toBe('PH');
    expect(fields.get('59')).toBe(h.t.config.QR_PH_MERCHANT_NAME);
    expect(fields.get('60')).toBe(h.t.config.QR_PH_MERCHANT_CITY);
    expect(parseTlv(fields.get('62')!).get('05')).toBe(shown.payCode);
  });

  it('answers 404 for a code of another order, a paid code, a code channel and a malformed name', async () => {
    const { borrowerId, session } = await h.t.newBorrower();
    const order = await h.order(borrowerId, 174, { dueInDays: 0 });
    const other = await h.order(borrowerId, 174, { dueInDays: 0 });
    const qr = Object.fromEntries(new URL((await h.call(generateVcodeRoute, session, { ...ids(order), amount: 560_500, channelNumber: '90020' })).body.data.payUrl, 'http://h5.test').searchParams);
    expect((await image(`/h5api/repayment/qr/${other.id}/${qr.payCode}.png`)).statusCode).toBe(404);
    expect((await image(`/h5api/repayment/qr/${order.id}/${qr.payCode}`)).statusCode).toBe(404);
    expect((await image(`/h5api/repayment/qr/x/${qr.payCode}.png`)).statusCode).toBe(404);
    const counter = Object.fromEntries(new URL((await h.call(generateVcodeRoute, session, { ...ids(other), amount: 560_500, channelNumber: '90006' })).body.data.payUrl, 'http://h5.test').searchParams);
    expect(counter.payCodeImg).toBe('');
    expect((await image(`/h5api/repayment/qr/${other.id}/${counter.payCode}.png`)).statusCode).toBe(404);
    expect((await h.markPaid(qr.payCode!)).status).toBe(200);
    expect((await image(`/h5api/repayment/qr/${order.id}/${qr.payCode}.png`)).statusCode).toBe(404);
  });

  describe('upi-pay (real=1)', () => {
    const upi = (session: SessionParams, order: OrderRow, amount: number, real: string | undefined = '1', isDelay?: '1') =>
      h.call(upiPayRoute, real ? { ...session, real } : session, { ...ids(order), amount, ...(isDelay ? { isDelay } : {}) });

    it('answers the upi://pay link to the lender\'s account, the same live code when asked again, and its QR decodes to the same link', async () => {
      const { borrowerId, session } = await h.t.newBorrower();
      const order = await h.order(borrowerId, 174, { dueInDays: 0 });
      const { body } = await upi(session, order, 560_500);
      expect(body.code).toBe(0);
      const { upiUrl, qrImg, payCode, repayAmount } = body.data;
      expect(payCode).toMatch(/^\d{12}$/);
      expect(repayAmount).toBe(560_500);
      expect(upiUrl).toBe(`upi://pay?pa=lender@upi&pn=PesoNow%20Lending&am=5605.00&cu=INR&tr=${payCode}&tn=Loan%20${order.orderNo}%20repayment`);
      const link = new URL(upiUrl);
      expect(link.protocol).toBe('upi:');
      expect(Object.fromEntries(link.searchParams)).toEqual({ pa: 'lender@upi', pn: 'PesoNow Lending', am: '5605.00', cu: 'INR', tr: payCode, tn: `Loan ${order.orderNo} repayment` });
      expect(qrImg).toBe(`/h5api/repayment/qr/${order.id}/${payCode}.png`);
      const res = await image(qrImg);
      expect(res.statusCode).toBe(200);
      expect(decodeQrPng(res.rawPayload)).toBe(upiUrl);
      expect((await upi(session, order, 560_500)).body.data.payCode).toBe(payCode);
      // Money on the code is applied like any other payment.
      expect((await h.markPaid(payCode)).status).toBe(200);
      expect((await h.reload(order.id)).status).toBe(200);
    });

    it('is refused without real=1, for a stale amount, and for another borrower', async () => {
      const { borrowerId, session } = await h.t.newBorrower();
      const other = await h.t.newBorrower();
      const order = await h.order(borrowerId, 174, { dueInDays: 0 });
      expect((await upi(session, order, 560_500, '')).body).toMatchObject({ code: 409, message: 'UPI payments are only for loans in India.' });
      expect((await upi(session, order, 100)).body).toMatchObject({ code: 409, message: 'The amount to pay is now ₹5,605.00. Please reload the page and try again.' });
      expect((await upi(other.session, order, 560_500)).status).toBe(404);
    });
  });
});
