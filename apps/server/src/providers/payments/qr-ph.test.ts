import { describe, expect, it } from 'vitest';
import { buildQrPhPayload, crc16CcittFalse, hasValidCrc, majorWithTwoDecimals, parseTlv, tlv, withCrc } from './qr-ph.ts';
import { buildUpiLink } from './upi.ts';

const MERCHANT = { acquirerId: 'PAPHPHM1XXX', merchantId: '0000123456', mcc: '6012', name: 'PesoNow Lending Corporation', city: 'Makati City' };

describe('QR Ph payload', () => {
  it('computes CRC-16/CCITT-FALSE', () => {
    expect(crc16CcittFalse('123456789')).toBe(0x29b1);
    expect(crc16CcittFalse('')).toBe(0xffff);
    // A published EMVCo MPM payload (the Brazilian central bank's Pix example), CRC 1D3D.
    expect(hasValidCrc('00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D')).toBe(true);
    expect(hasValidCrc('00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3E')).toBe(false);
  });

  it('writes TLV fields with 2-digit lengths and refuses what does not fit', () => {
    expect(tlv('00', '01')).toBe('000201');
    expect(tlv('59', 'A'.repeat(25))).toBe(`5925${'A'.repeat(25)}`);
    expect(() => tlv('5', 'x')).toThrow();
    expect(() => tlv('59', '')).toThrow();
    expect(() => tlv('59', 'x'.repeat(100))).toThrow();
    expect(() => tlv('59', 'ñ')).toThrow();
    expect(withCrc('000201')).toMatch(/^0002016304[0-9A-F]{4}$/);
  });

  it('writes pesos with two decimals', () => {
    expect(majorWithTwoDecimals(150050)).toBe('1500.50');
    expect(majorWithTwoDecimals(5)).toBe('0.05');
    expect(majorWithTwoDecimals(100)).toBe('1.00');
    expect(() => majorWithTwoDecimals(0)).toThrow();
    expect(() => majorWithTwoDecimals(1.5)).toThrow();
  });

  it('builds a dynamic QR Ph payload for a pay code', () => {
    const payload = buildQrPhPayload(MERCHANT, { amountMinor: 123456, reference: '123456789012' });
    expect(hasValidCrc(payload)).toBe(true);
    const fields = parseTlv(payload);
    expect([...fields.keys()]).toEqual(['00', '01', '26', '52', '53', '54', '58', '59', '60', '62', '63']);
    expect(fields.get('00')).toBe('01');
    expect(fields.get('01')).toBe('12');
    const account = parseTlv(fields.get('26')!);
    expect(Object.fromEntries(account)).toEqual({ '00': 'ph.ppmi.p2m', '01': 'PAPHPHM1XXX', '03': '0000123456' });
    expect(fields.get('52')).toBe('6012');
    expect(fields.get('53')).toBe('608');
    expect(fields.get('54')).toBe('1234.56');
    expect(fields.get('58')).toBe('PH');
    expect(fields.get('59')).toBe('PESONOW LENDING CORPORATI'); // 25 characters
    expect(fields.get('60')).toBe('MAKATI CITY');
    expect(parseTlv(fields.get('62')!).get('05')).toBe('123456789012');
    expect(payload.slice(-8, -4)).toBe('6304');
    // The whole payload starts with the fixed header.
    expect(payload.startsWith('000201010212')).toBe(true);
  });

  it('keeps names and cities ASCII and within their fields', () => {
    const payload = buildQrPhPayload({ ...MERCHANT, name: 'Pesó  Ñow', city: 'Las Piñas City of Metro Manila' }, { amountMinor: 100, reference: 'X1' });
    const fields = parseTlv(payload);
    expect(fields.get('59')).toBe('PESO NOW');
    expect(fields.get('60')!.length).toBeLessThanOrEqual(15);
    expect(hasValidCrc(payload)).toBe(true);
  });
});

describe('UPI link', () => {
  it('builds a upi://pay link with every value URL-encoded', () => {
    expect(buildUpiLink({ vpa: 'lender@upi', name: 'PesoNow Lending & Co' }, { amountMinor: 250075, reference: '123456789012', orderNo: 'ORD 7' })).toBe(
      'upi://pay?pa=lender@upi&pn=PesoNow%20Lending%20%26%20Co&am=2500.75&cu=INR&tr=123456789012&tn=Loan%20ORD%207%20repayment',
    );
    expect(() => buildUpiLink({ vpa: 'not-a-vpa', name: 'x' }, { amountMinor: 1, reference: 'r', orderNo: 'o' })).toThrow();
  });
});
