import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createDevOutboxSms } from '../sms/dev-outbox.ts';
import { createSandboxPaymentProvider, recordSandboxTransaction, SANDBOX_CODE_TTL_MS } from './sandbox.ts';
import type { PaymentProvider } from './payment-provider.ts';

describe('the sandbox payment provider', () => {
  let t: TestApp;
  let provider: PaymentProvider;
  beforeAll(async () => {
    t = await createTestApp();
    provider = createSandboxPaymentProvider({ db: t.db, clock: t.clock, sms: createDevOutboxSms(t.db, t.clock), appName: 'PesoNow' });
  });
  afterAll(() => t.close());

  const charge = (reference: string, cardId = 1) =>
    provider.startCardCharge({ reference, amountMinor: 10_000, card: { id: cardId, bankCode: 'BDO', bankName: 'BDO Unibank', maskedNo: '**** **** **** 4821' }, phone: '09170001111', borrowerId: 9 });
  const sentCode = async () => {
    const { rows } = await t.db.query<{ body: string }>(`SELECT body FROM sms_outbox WHERE phone = '09170001111' ORDER BY id DESC LIMIT 1`);
    return /\b(\d{6})\b/.exec(rows[0]!.body)![1]!;
  };

  it('mints 12-digit codes; a QR channel is shown as a QR (drawn by the lender), a code channel as a code', async () => {
    expect((await provider.createPayCode({ orderNo: 'PN1', channelNumber: '90006', amountMinor: 100, purpose: 'repay', expiresAt: new Date() })).code).toMatch(/^\d{12}$/);
    expect(provider.displayOf('123456789012', 'code')).toEqual({ showType: 1, imageUrl: '' });
    const qr = provider.displayOf('123456789012', 'qr');
    expect(qr.showType).toBe(2);
    // The sandbox has no QR of its own: the lender draws its QR Ph code (modules/repayment/pay-qr.ts).
    expect(qr.imageUrl).toBe('');
  });

  it('answers the same charge for the same reference and card, and takes the money only with the code it sent', async () => {
    const first = await charge('REF-1');
    expect(first.otpRequired).toBe(true);
    expect((await charge('REF-1')).chargeId).toBe(first.chargeId);
    expect(await provider.confirmCardCharge(first.chargeId, '123456')).toEqual({ status: 'code_expired' });
    await provider.sendCardCode(first.chargeId);
    const code = await sentCode();
    const stored = await t.db.query<{ otp_hash: string }>('SELECT otp_hash FROM sandbox_card_charges WHERE id = $1', [first.chargeId]);
    expect(stored.rows[0]!.otp_hash).not.toContain(code);
    expect(await provider.confirmCardCharge(first.chargeId, code === '000000' ? '000001' : '000000')).toEqual({ status: 'wrong_code' });
    const ok = await provider.confirmCardCharge(first.chargeId, code);
    expect(ok).toEqual({ status: 'succeeded', providerRef: `sandbox:${first.chargeId}` });
    // Confirming a succeeded charge again answers the same result: nothing is taken twice.
    expect(await provider.confirmCardCharge(first.chargeId, 'anything')).toEqual(ok);
    // The card is remembered: the next charge needs no code.
    expect(await charge('REF-2')).toMatchObject({ otpRequired: false });
  });

  it("answers a charge's outcome without taking anything: pending until confirmed, then succeeded; an unknown charge failed", async () => {
    const started = await charge('REF-4', 3);
    expect(await provider.cardChargeStatus(started.chargeId)).toEqual({ status: 'pending' });
    await provider.sendCardCode(started.chargeId);
    // Asking does not use up the code: it still takes the money afterwards.
    expect(await provider.cardChargeStatus(started.chargeId)).toEqual({ status: 'pending' });
    expect(await provider.confirmCardCharge(started.chargeId, await sentCode())).toEqual({ status: 'succeeded', providerRef: `sandbox:${started.chargeId}` });
    expect(await provider.cardChargeStatus(started.chargeId)).toEqual({ status: 'succeeded', providerRef: `sandbox:${started.chargeId}` });
    expect(await provider.cardChargeStatus('ch_unknown')).toEqual({ status: 'failed' });
  });

  it('finds a charge by its reference without taking anything: pending, then succeeded; null for a reference never charged', async () => {
    expect(await provider.findCardChargeByReference('REF-NEVER')).toBeNull();
    const started = await charge('LOOKUP-1', 7);
    expect(await provider.findCardChargeByReference('LOOKUP-1')).toEqual({ chargeId: started.chargeId, status: 'pending' });
    // Asking again changes nothing at the provider.
    expect(await provider.findCardChargeByReference('LOOKUP-1')).toEqual({ chargeId: started.chargeId, status: 'pending' });
    await provider.sendCardCode(started.chargeId);
    await provider.confirmCardCharge(started.chargeId, await sentCode());
    expect(await provider.findCardChargeByReference('LOOKUP-1')).toEqual({ chargeId: started.chargeId, status: 'succeeded', providerRef: `sandbox:${started.chargeId}` });
    // A remembered card is charged at start: the look-up finds the money taken.
    const atOnce = await charge('LOOKUP-2', 7);
    expect(atOnce.otpRequired).toBe(false);
    expect(await provider.findCardChargeByReference('LOOKUP-2')).toEqual({ chargeId: atOnce.chargeId, status: 'succeeded', providerRef: `sandbox:${atOnce.chargeId}` });
  });

  it('voids a transaction on its own books, after which its counter takes no money; one it was paid for is refused', async () => {
    const now = t.clock.now();
    // Never paid: voided, and a later "paid" leaves it void.
    expect(await provider.voidTransaction!('TXN-VOID-1')).toEqual({ outcome: 'done' });
    expect(await recordSandboxTransaction(t.db, { txnId: 'TXN-VOID-1', refNo: 'REF-LATE', status: 'S', amountMinor: 5_000, now })).toEqual({ refNo: 'TXN-VOID-1', status: 'V' });
    expect(await provider.transactionStatus('TXN-VOID-1')).toMatchObject({ status: 'V' });
    // Pending at the counter: voided too.
    await recordSandboxTransaction(t.db, { txnId: 'TXN-VOID-2', refNo: 'REF-2', status: 'P', amountMinor: 5_000, now });
    expect(await provider.voidTransaction!('TXN-VOID-2')).toEqual({ outcome: 'done' });
    expect(await provider.transactionStatus('TXN-VOID-2')).toEqual({ txnId: 'TXN-VOID-2', refNo: 'REF-2', status: 'V', amountMinor: 5_000 });
    // Paid: the sandbox keeps the money's record and refuses.
    await recordSandboxTransaction(t.db, { txnId: 'TXN-PAID-3', refNo: 'REF-3', status: 'S', amountMinor: 5_000, now });
    expect(await provider.voidTransaction!('TXN-PAID-3')).toEqual({ outcome: 'refused', detail: 'the sandbox was paid for it already (status S)' });
    expect(await provider.transactionStatus('TXN-PAID-3')).toMatchObject({ status: 'S' });
  });

  it('lets a code expire', async () => {
    const started = await charge('REF-3', 2);
    await provider.sendCardCode(started.chargeId);
    const code = await sentCode();
    await t.clock.advance(SANDBOX_CODE_TTL_MS);
    expect(await provider.confirmCardCharge(started.chargeId, code)).toEqual({ status: 'code_expired' });
  });
});
