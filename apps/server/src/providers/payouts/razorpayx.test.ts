/**
 * The RazorpayX payout adapter (providers/payouts/razorpayx.ts) against the local stand-in
 * (test/support/razorpayx-standin.ts): one payout per reference through retries and time-outs, the
 * status read back by reference, definite refusals as `failed`, unknown outcomes as
 * PayoutProviderUnavailable, and webhooks believed only with RazorpayX's signature.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STANDIN_FEES, startRazorpayxStandin, type RazorpayxStandin } from '../../../../../test/support/razorpayx-standin.ts';
import { PayoutProviderUnavailable, type PayoutAnswer, type PayoutProvider, type PayoutRequest } from './payout-provider.ts';
import { createRazorpayxPayoutProvider, razorpayxFailureKind, type RazorpayxSettings } from './razorpayx.ts';

const TIMEOUT_MS = 400;

let standin: RazorpayxStandin;
let provider: PayoutProvider;
let settings: RazorpayxSettings;
/** Every error the adapter threw in these tests: none may carry a secret or the account number. */
const thrown: Error[] = [];

/** A webhook receiver in front of the adapter, as the server's route will be: the raw body, then readNotification. */
let receiver: Server;
let receiverUrl: string;
let lastReceived: { headers: IncomingHttpHeaders; body: string } | null = null;

let n = 0;
const newReference = () => `po-${Date.now().toString(36)}-${(n++).toString(36)}`;

function payoutRequest(reference: string, account: Partial<PayoutRequest['account']> = {}): PayoutRequest {
  return {
    reference,
    amountMinor: 500_000,
    currency: 'INR',
    account: { bankCode: 'HDFC0001234', bankName: 'HDFC Bank', accountNumber: '50100012345678', holderName: 'Asha Verma', ...account },
    contact: { name: 'Asha Verma', phone: '9876543210' },
    narration: 'Loan L-1042 disbursement!',
  };
}

/** Runs `run`, keeping what it threw for the secrets check, and rethrows it. */
async function keep<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    thrown.push(err as Error);
    throw err;
  }
}

beforeAll(async () => {
  standin = await startRazorpayxStandin();
  settings = {
    keyId: standin.keyId,
    keySecret: standin.keySecret,
    webhookSecret: standin.webhookSecret,
    accountNumber: standin.accountNumber,
    baseUrl: standin.baseUrl,
    timeoutMs: TIMEOUT_MS,
    attempts: 3,
  };
  provider = createRazorpayxPayoutProvider(settings);
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      lastReceived = { headers: req.headers, body };
      const read = provider.readNotification(req.headers, body);
      res.writeHead(read.verified ? 200 : 401, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(read));
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/razorpayx`;
});

afterAll(async () => {
  await standin.close();
  await new Promise<void>((resolve) => {
    receiver.closeAllConnections();
    receiver.close(() => resolve());
  });
});

afterEach(() => {
  lastReceived = null;
});

describe('making a payout and reading it back', () => {
  it('makes one IMPS payout from the lender account and reads its status by reference', async () => {
    const reference = newReference();
    const answer = await keep(() => provider.createPayout(payoutRequest(reference)));
    expect(answer).toMatchObject({ reference, status: 'processing', failureKind: null, failureReason: null, paidAt: null });
    expect(answer.providerRef).toMatch(/^pout_/);

    const made = standin.payouts.get(reference)!;
    expect(made).toMatchObject({
      amount: 500_000,
      mode: 'IMPS',
      purpose: 'payout',
      referenceId: reference,
      narration: 'Loan L 1042 disbursement',
      beneficiary: { name: 'Asha Verma', ifsc: 'HDFC0001234', accountNumber: '50100012345678' },
      contact: { name: 'Asha Verma', contact: '9876543210', type: 'customer' },
    });
    expect(JSON.parse(made.body)).toMatchObject({ account_number: standin.accountNumber, currency: 'INR', queue_if_low_balance: true });

    expect(await keep(() => provider.payoutStatus(reference))).toMatchObject({ reference, status: 'processing', providerRef: answer.providerRef });
    standin.complete(reference);
    const paid = await keep(() => provider.payoutStatus(reference));
    expect(paid).toMatchObject({ reference, status: 'paid', providerRef: answer.providerRef, failureKind: null, failureReason: null });
  });

  it('answers null for a reference under which no payout was made', async () => {
    expect(await keep(() => provider.payoutStatus(newReference()))).toBeNull();
  });

  it('makes one payout for the same reference sent twice', async () => {
    const reference = newReference();
    const before = standin.calls.create;
    const size = standin.payouts.size;
    const first = await keep(() => provider.createPayout(payoutRequest(reference)));
    const second = await keep(() => provider.createPayout(payoutRequest(reference)));
    expect(standin.calls.create - before).toBe(2);
    expect(standin.payouts.size - size).toBe(1);
    expect(second.providerRef).toBe(first.providerRef);
    expect(second.status).toBe('processing');
  });
});

describe('when RazorpayX does not answer in time or fails', () => {
  it('throws unavailable on a late answer; the status query then finds the one payout, and a retry makes no second', async () => {
    const reference = newReference();
    const size = standin.payouts.size;
    standin.delayNext(1, TIMEOUT_MS * 4);
    await expect(keep(() => provider.createPayout(payoutRequest(reference)))).rejects.toBeInstanceOf(PayoutProviderUnavailable);

    const found = await keep(() => provider.payoutStatus(reference));
    expect(found).toMatchObject({ reference, status: 'processing' });
    expect(found!.providerRef).toBe(standin.payouts.get(reference)!.id);

    const again = await keep(() => provider.createPayout(payoutRequest(reference)));
    expect(again.providerRef).toBe(found!.providerRef);
    expect(standin.payouts.size - size).toBe(1);
  });

  it('throws unavailable on a 5xx to the payout, and nothing was made', async () => {
    const reference = newReference();
    standin.failNext(1, 503);
    await expect(keep(() => provider.createPayout(payoutRequest(reference)))).rejects.toBeInstanceOf(PayoutProviderUnavailable);
    expect(standin.payouts.has(reference)).toBe(false);
    expect(await keep(() => provider.payoutStatus(reference))).toBeNull();
  });

  it('asks the status again on unavailability, up to the attempts set, then throws unavailable', async () => {
    const reference = newReference();
    await keep(() => provider.createPayout(payoutRequest(reference)));

    let before = standin.calls.status;
    standin.failNext(2, 502);
    expect(await keep(() => provider.payoutStatus(reference))).toMatchObject({ reference, status: 'processing' });
    expect(standin.calls.status - before).toBe(3);

    before = standin.calls.status;
    standin.failNext(1, 500);
    standin.delayNext(2, TIMEOUT_MS * 4);
    await expect(keep(() => provider.payoutStatus(reference))).rejects.toBeInstanceOf(PayoutProviderUnavailable);
    expect(standin.calls.status - before).toBe(3);
  });

  it('throws a plain error (not unavailable) when the credentials are refused', async () => {
    const wrong = createRazorpayxPayoutProvider({ ...settings, keySecret: `${settings.keySecret}-old` });
    const err = await keep(() => wrong.createPayout(payoutRequest(newReference()))).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(PayoutProviderUnavailable);
    expect((err as Error).message).toContain('401');
    await expect(keep(() => wrong.payoutStatus(newReference()))).rejects.not.toBeInstanceOf(PayoutProviderUnavailable);
  });
});

describe('refusals and final outcomes', () => {
  it('answers failed / account_invalid with RazorpayX words on a 400 for a malformed IFSC, and makes nothing', async () => {
    const reference = newReference();
    const answer = await keep(() => provider.createPayout(payoutRequest(reference, { bankCode: 'HDFC1234' })));
    expect(answer).toMatchObject({ reference, status: 'failed', providerRef: null, failureKind: 'account_invalid', paidAt: null });
    expect(answer.failureReason).toMatch(/IFSC/);
    expect(standin.payouts.has(reference)).toBe(false);
  });

  it('answers failed / account_closed once the bank refuses a closed account', async () => {
    const reference = newReference();
    standin.setOutcome('50100099990001', { status: 'failed', reason: 'beneficiary_bank_account_closed', description: 'Beneficiary bank account is closed', source: 'beneficiary_bank' });
    const answer = await keep(() => provider.createPayout(payoutRequest(reference, { accountNumber: '50100099990001' })));
    expect(answer.status).toBe('processing');
    standin.complete(reference);
    expect(await keep(() => provider.payoutStatus(reference))).toMatchObject({
      reference,
      status: 'failed',
      failureKind: 'account_closed',
      failureReason: 'Beneficiary bank account is closed',
    });
  });

  it('answers reversed when a processed payout is sent back', async () => {
    const reference = newReference();
    await keep(() => provider.createPayout(payoutRequest(reference)));
    standin.complete(reference, 'processed');
    expect((await keep(() => provider.payoutStatus(reference)))!.status).toBe('paid');
    standin.complete(reference, 'reversed', 'beneficiary_bank_rejected');
    const reversed = await keep(() => provider.payoutStatus(reference));
    expect(reversed).toMatchObject({ reference, status: 'reversed', failureKind: 'other', paidAt: null });
    expect(reversed!.failureReason).toBe('beneficiary bank rejected');
  });

  it('maps the queued, pending, rejected and cancelled statuses', async () => {
    const expected: Record<string, PayoutAnswer['status']> = { queued: 'processing', pending: 'processing', rejected: 'failed', cancelled: 'failed' };
    for (const [status, ours] of Object.entries(expected)) {
      const reference = newReference();
      await keep(() => provider.createPayout(payoutRequest(reference)));
      standin.complete(reference, status as 'queued');
      expect((await keep(() => provider.payoutStatus(reference)))!.status).toBe(ours);
    }
  });

  it('reads failure kinds from status_details', () => {
    expect(razorpayxFailureKind('bank_account_closed', null, 'beneficiary_bank')).toBe('account_closed');
    expect(razorpayxFailureKind('beneficiary_account_dormant', null, 'beneficiary_bank')).toBe('account_closed');
    expect(razorpayxFailureKind('invalid_ifsc_code', null, 'beneficiary_bank')).toBe('account_invalid');
    expect(razorpayxFailureKind('invalid_beneficiary_details', 'Beneficiary account number is invalid', 'beneficiary_bank')).toBe('account_invalid');
    expect(razorpayxFailureKind('beneficiary_name_mismatch', null, 'beneficiary_bank')).toBe('name_mismatch');
    expect(razorpayxFailureKind('amount_limit_exhausted', 'The NEFT 24*7 limits for your account has been exhausted', 'business')).toBe('limit_exceeded');
    expect(razorpayxFailureKind('beneficiary_bank_offline', null, 'beneficiary_bank')).toBe('bank_unavailable');
    expect(razorpayxFailureKind('npci_down', null, 'gateway')).toBe('bank_unavailable');
    expect(razorpayxFailureKind('server_error', null, 'internal')).toBe('bank_unavailable');
    expect(razorpayxFailureKind('something_new', 'No words we know', 'gateway')).toBe('bank_unavailable');
    expect(razorpayxFailureKind('imps_not_allowed', 'IMPS is not enabled on beneficiary account, Retry with different mode', 'beneficiary_bank')).toBe('other');
    expect(razorpayxFailureKind(null, null, null)).toBe('other');
  });
});

describe('webhooks', () => {
  it('believes and reads a payout.processed webhook signed with the webhook secret', async () => {
    const reference = newReference();
    const made = await keep(() => provider.createPayout(payoutRequest(reference)));
    standin.complete(reference);
    const { status, body } = await standin.notify(receiverUrl, reference);
    expect(status).toBe(200);
    const read = JSON.parse(body) as { verified: boolean; answer: PayoutAnswer & { paidAt: string } };
    expect(read.verified).toBe(true);
    expect(read.answer).toMatchObject({ reference, status: 'paid', providerRef: made.providerRef, failureKind: null, failureReason: null });
    expect(new Date(read.answer.paidAt).getTime()).toBeGreaterThan(0);
  });

  it('reads failed and reversed webhooks with their kinds', async () => {
    const reference = newReference();
    standin.setOutcome('50100099990002', { status: 'failed', reason: 'beneficiary_name_mismatch', description: 'Beneficiary name does not match the bank records', source: 'beneficiary_bank' });
    await keep(() => provider.createPayout(payoutRequest(reference, { accountNumber: '50100099990002' })));
    standin.complete(reference);
    const { headers, body } = standin.webhook(reference);
    expect(JSON.parse(body)).toMatchObject({ event: 'payout.failed' });
    expect(provider.readNotification(headers, body)).toMatchObject({ verified: true, answer: { reference, status: 'failed', failureKind: 'name_mismatch' } });

    const other = newReference();
    await keep(() => provider.createPayout(payoutRequest(other)));
    standin.complete(other, 'reversed', 'beneficiary_bank_offline');
    const reversed = standin.webhook(other);
    expect(provider.readNotification(reversed.headers, reversed.body)).toMatchObject({ verified: true, answer: { reference: other, status: 'reversed', failureKind: 'bank_unavailable' } });
  });

  it('does not believe a forged signature, a body altered after signing or a missing signature', async () => {
    const reference = newReference();
    await keep(() => provider.createPayout(payoutRequest(reference)));
    standin.complete(reference);

    const forged = await standin.notify(receiverUrl, reference, { secret: 'not-the-webhook-secret' });
    expect(forged.status).toBe(401);
    expect(JSON.parse(forged.body)).toEqual({ verified: false, answer: null });

    // The genuine one, as received, then altered after signing.
    const genuine = await standin.notify(receiverUrl, reference);
    expect(genuine.status).toBe(200);
    const { headers, body } = lastReceived!;
    expect(provider.readNotification(headers, body).verified).toBe(true);
    const altered = body.replace('"amount":500000', '"amount":5000000');
    expect(altered).not.toBe(body);
    expect(provider.readNotification(headers, altered)).toEqual({ verified: false, answer: null });
    expect(provider.readNotification(headers, `${body} `)).toEqual({ verified: false, answer: null });

    const { 'x-razorpay-signature': _signature, ...unsigned } = headers;
    expect(provider.readNotification(unsigned, body)).toEqual({ verified: false, answer: null });
    expect(provider.readNotification({ ...unsigned, 'x-razorpay-signature': '' }, body)).toEqual({ verified: false, answer: null });
    expect(provider.readNotification({ ...unsigned, 'x-razorpay-signature': 'abc' }, body)).toEqual({ verified: false, answer: null });
  });

  it('answers null for a signed event it does not act on', async () => {
    const reference = newReference();
    await keep(() => provider.createPayout(payoutRequest(reference)));
    for (const event of ['payout.initiated', 'payout.queued', 'payout.updated', 'payment.captured']) {
      const { headers, body } = standin.webhook(reference, { event });
      expect(provider.readNotification(headers, body)).toEqual({ verified: true, answer: null });
    }
  });
});

describe("the daily report, read from RazorpayX's payouts list", () => {
  // A day long past in Kolkata: 2026-03-10 runs from 2026-03-09T18:30Z to 2026-03-10T18:30Z.
  const day = '2026-03-10';
  const dayStart = Date.UTC(2026, 2, 9, 18, 30) / 1000;
  const dayEnd = Date.UTC(2026, 2, 10, 18, 30) / 1000;

  /** A payout made through the adapter, settled as told, and dated `at` (Unix seconds) at the stand-in. */
  async function payoutOn(at: number, status?: 'processed' | 'reversed' | 'failed' | 'processing'): Promise<string> {
    const reference = newReference();
    await keep(() => provider.createPayout(payoutRequest(reference)));
    if (status === 'reversed') standin.complete(reference, 'processed');
    if (status && status !== 'processing') standin.complete(reference, status);
    standin.payouts.get(reference)!.createdAt = at;
    return reference;
  }

  it('lists the payouts processed and reversed that day, every page of them, in the books format', async () => {
    const first = await payoutOn(dayStart, 'processed');
    const reversed = await payoutOn(dayStart + 3600, 'reversed');
    await payoutOn(dayStart + 7200, 'failed');
    await payoutOn(dayStart + 7300, 'processing');
    await payoutOn(dayStart - 1, 'processed'); // the day before, in Kolkata
    await payoutOn(dayEnd, 'processed'); // the day after
    const last = await payoutOn(dayEnd - 1, 'processed');
    // More than one page of 100.
    const many: string[] = [];
    for (let i = 0; i < 100; i++) many.push(await payoutOn(dayStart + 10_000 + i, 'processed'));

    const csv = await keep(() => provider.dailyReport!(day));
    const [header, ...rows] = csv.trimEnd().split('\r\n');
    expect(header).toBe('provider,report_day,reference,type,currency,amount_minor,fee_minor');
    const lines = rows.map((r) => r.split(','));
    expect(lines.every(([p, d, , , c, amount]) => p === 'razorpayx' && d === day && c === 'INR' && amount === '500000')).toBe(true);
    const byType = (type: string) => lines.filter((l) => l[3] === type).map((l) => l[2]);
    expect(new Set(byType('payout'))).toEqual(new Set([first, reversed, last, ...many]));
    expect(byType('payout')).toHaveLength(103);
    expect(byType('payout_return')).toEqual([reversed]);
    // RazorpayX's fees (GST included) on each payout; nothing charged on the money sent back.
    expect(lines.filter((l) => l[3] === 'payout').every((l) => l[6] === String(STANDIN_FEES))).toBe(true);
    expect(lines.find((l) => l[3] === 'payout_return')![6]).toBe('0');
  });

  it('throws unavailable when RazorpayX keeps failing, and lists nothing of a quiet day', async () => {
    standin.failNext(3, 503);
    await expect(keep(() => provider.dailyReport!(day))).rejects.toBeInstanceOf(PayoutProviderUnavailable);
    expect(await keep(() => provider.dailyReport!('2026-02-01'))).toBe('provider,report_day,reference,type,currency,amount_minor,fee_minor\r\n');
  });
});

describe('secrets', () => {
  it('never puts a secret or the lender account number into an error message', () => {
    // The tests above threw time-outs, 5xx, unavailable status queries and a refused credential.
    expect(thrown.length).toBeGreaterThanOrEqual(5);
    for (const err of thrown) {
      for (const secret of [settings.keySecret, settings.webhookSecret, settings.accountNumber]) {
        expect(err.message).not.toContain(secret);
        expect(String(err.stack)).not.toContain(secret);
      }
    }
  });
});
