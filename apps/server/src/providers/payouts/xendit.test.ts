/**
 * The Xendit payout adapter (xendit.ts) against the local stand-in (test/support/xendit-standin.ts):
 * what the lender would notice — one payout per reference through time-outs and repeats, the status
 * read back, refusals as failed payouts with a kind the borrower's screen can word, unknown outcomes
 * as PayoutProviderUnavailable, webhooks believed only with the account's token, and the secret key
 * kept out of every message.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startXenditStandin, type XenditStandin } from '../../../../../test/support/xendit-standin.ts';
import { PayoutProviderUnavailable, type PayoutProvider, type PayoutRequest } from './payout-provider.ts';
import { createXenditPayoutProvider, xenditChannelCode } from './xendit.ts';

let standin: XenditStandin;
let provider: PayoutProvider;
/** A webhook receiver handing what Xendit posts to `provider.readNotification`, answering what it read. */
let receiver: Server;
let receiverUrl: string;

const TIMEOUT_MS = 300;

function request(overrides: Partial<PayoutRequest> = {}, account: Partial<PayoutRequest['account']> = {}): PayoutRequest {
  return {
    reference: `po-${randomBytes(6).toString('hex')}`,
    amountMinor: 1_250_050,
    currency: 'PHP',
    account: { bankCode: 'BDO', bankName: 'BDO Unibank', accountNumber: '001234567890', holderName: 'Juan Dela Cruz', ...account },
    contact: { name: 'Juan Dela Cruz', phone: '+639171234567' },
    narration: 'Loan CL-1001 disbursement',
    ...overrides,
  };
}

beforeAll(async () => {
  standin = await startXenditStandin();
  provider = createXenditPayoutProvider({ secretKey: standin.secretKey, callbackToken: standin.callbackToken, baseUrl: standin.baseUrl, timeoutMs: TIMEOUT_MS });
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const read = provider.readNotification(req.headers, Buffer.concat(chunks).toString('utf8'));
      res.writeHead(read.verified ? 200 : 401, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(read));
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/xendit`;
});

afterAll(async () => {
  await standin.close();
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

describe('Xendit payouts: making one and reading it back', () => {
  it('makes a payout in pesos on the bank channel and reads its status back, paid once Xendit says SUCCEEDED', async () => {
    const r = request();
    const made = await provider.createPayout(r);
    expect(made).toMatchObject({ reference: r.reference, status: 'processing', failureKind: null, failureReason: null, paidAt: null });
    expect(made.providerRef).toMatch(/^disb-/);

    const atXendit = standin.payouts.get(r.reference)!;
    expect(atXendit).toMatchObject({ channel_code: 'PH_BDO', amount: 12500.5, currency: 'PHP', description: 'Loan CL-1001 disbursement' });
    expect(atXendit.channel_properties).toEqual({ account_holder_name: 'Juan Dela Cruz', account_number: '001234567890' });

    expect(await provider.payoutStatus(r.reference)).toMatchObject({ status: 'processing', providerRef: made.providerRef });
    standin.complete(r.reference, 'SUCCEEDED');
    const paid = await provider.payoutStatus(r.reference);
    expect(paid).toMatchObject({ status: 'paid', providerRef: made.providerRef, failureKind: null });
    expect(paid!.paidAt).toBeInstanceOf(Date);
  });

  it('answers null for a reference under which no payout was made', async () => {
    expect(await provider.payoutStatus('po-never-made')).toBeNull();
  });

  it('the same reference twice makes one payout at Xendit', async () => {
    const r = request();
    const first = await provider.createPayout(r);
    const second = await provider.createPayout(r);
    expect(second.providerRef).toBe(first.providerRef);
    expect(standin.made.filter((p) => p.reference_id === r.reference)).toHaveLength(1);
  });

  it('a repeat whose body differs (Xendit: DUPLICATE_ERROR) answers the payout made, not a second one', async () => {
    const r = request();
    const first = await provider.createPayout(r);
    const again = await provider.createPayout({ ...r, narration: 'Loan CL-1001 disbursement (again)' });
    expect(again).toMatchObject({ reference: r.reference, status: 'processing', providerRef: first.providerRef });
    expect(standin.made.filter((p) => p.reference_id === r.reference)).toHaveLength(1);
  });

  it('passes a channel code as it is when the bank code is one already', () => {
    expect(xenditChannelCode('PH_GCASH')).toBe('PH_GCASH');
    expect(xenditChannelCode('bpi')).toBe('PH_BPI');
  });
});

describe('Xendit payouts: unknown outcomes', () => {
  it('an answer later than the time-out throws PayoutProviderUnavailable; the status query finds the one payout, and creating again makes no second', async () => {
    const r = request();
    const before = standin.calls.create;
    standin.delayNext(1, TIMEOUT_MS * 4);
    await expect(provider.createPayout(r)).rejects.toBeInstanceOf(PayoutProviderUnavailable);
    expect(standin.calls.create).toBe(before + 1);

    const found = await provider.payoutStatus(r.reference);
    expect(found).toMatchObject({ reference: r.reference, status: 'processing' });
    expect(found!.providerRef).toBe(standin.payouts.get(r.reference)!.id);

    const again = await provider.createPayout(r);
    expect(again.providerRef).toBe(found!.providerRef);
    expect(standin.made.filter((p) => p.reference_id === r.reference)).toHaveLength(1);
  });

  it("Xendit's own 5xx on a create throws PayoutProviderUnavailable (and no payout was made)", async () => {
    const r = request();
    standin.failNext(1, 500);
    await expect(provider.createPayout(r)).rejects.toBeInstanceOf(PayoutProviderUnavailable);
    expect(await provider.payoutStatus(r.reference)).toBeNull();
  });

  it('the status query asks again through 5xx answers, up to its attempts, then throws PayoutProviderUnavailable', async () => {
    const r = request();
    await provider.createPayout(r);
    standin.failNext(2, 503);
    expect(await provider.payoutStatus(r.reference)).toMatchObject({ status: 'processing' });

    const before = standin.calls.status;
    standin.failNext(3, 502);
    await expect(provider.payoutStatus(r.reference)).rejects.toBeInstanceOf(PayoutProviderUnavailable);
    expect(standin.calls.status).toBe(before + 3);
  });

  it('a provider that cannot be reached throws PayoutProviderUnavailable', async () => {
    const closed = await startXenditStandin();
    const url = closed.baseUrl;
    await closed.close();
    const p = createXenditPayoutProvider({ secretKey: 'k', callbackToken: 't', baseUrl: url, timeoutMs: TIMEOUT_MS, attempts: 2 });
    await expect(p.createPayout(request())).rejects.toBeInstanceOf(PayoutProviderUnavailable);
    await expect(p.payoutStatus('po-x')).rejects.toBeInstanceOf(PayoutProviderUnavailable);
  });
});

describe('Xendit payouts: refusals and failures', () => {
  it('a 400 refusal of the account answers failed with account_invalid and Xendit\'s words, never the account number', async () => {
    const r = request({}, { accountNumber: '0012-ABCD-99' });
    const answer = await provider.createPayout(r);
    expect(answer).toMatchObject({ reference: r.reference, status: 'failed', providerRef: null, failureKind: 'account_invalid' });
    expect(answer.failureReason).toContain('API_VALIDATION_ERROR');
    expect(answer.failureReason).not.toContain('0012-ABCD-99');
    expect(standin.payouts.has(r.reference)).toBe(false);
  });

  it("a 404 from a wrong base URL is an error, not a failed payout blamed on the borrower's account", async () => {
    const misrouted = createXenditPayoutProvider({ secretKey: standin.secretKey, callbackToken: 't', baseUrl: `${standin.baseUrl}/wrong`, timeoutMs: TIMEOUT_MS });
    await expect(misrouted.createPayout(request())).rejects.toThrow(/HTTP 404/);
  });

  it('an unknown channel code is refused as account_invalid', async () => {
    const answer = await provider.createPayout(request({}, { bankCode: 'X' }));
    expect(answer).toMatchObject({ status: 'failed', failureKind: 'account_invalid' });
    expect(answer.failureReason).toContain('CHANNEL_CODE_NOT_SUPPORTED');
  });

  it("an amount over the channel's limit is refused as limit_exceeded", async () => {
    const limited = await startXenditStandin({ maxAmount: 50_000 });
    try {
      const p = createXenditPayoutProvider({ secretKey: limited.secretKey, callbackToken: limited.callbackToken, baseUrl: limited.baseUrl, timeoutMs: TIMEOUT_MS });
      const answer = await p.createPayout(request({ amountMinor: 5_000_001 }));
      expect(answer).toMatchObject({ status: 'failed', failureKind: 'limit_exceeded' });
      expect(answer.failureReason).toContain('MAXIMUM_TRANSFER_LIMIT_ERROR');
    } finally {
      await limited.close();
    }
  });

  it('an account the bank reports invalid fails with account_invalid once Xendit completes it', async () => {
    standin.setOutcome('009999000111', { status: 'FAILED', failureCode: 'INVALID_DESTINATION' });
    const r = request({}, { accountNumber: '009999000111' });
    expect((await provider.createPayout(r)).status).toBe('processing');
    standin.complete(r.reference);
    expect(await provider.payoutStatus(r.reference)).toMatchObject({ status: 'failed', failureKind: 'account_invalid', failureReason: 'Xendit FAILED: INVALID_DESTINATION' });
  });

  it("a closed account's bank that cannot credit it (Xendit: REJECTED_BY_CHANNEL) fails, its code kept for finance", async () => {
    standin.setOutcome('007777000222', { status: 'FAILED', failureCode: 'REJECTED_BY_CHANNEL' });
    const r = request({}, { accountNumber: '007777000222' });
    await provider.createPayout(r);
    standin.complete(r.reference);
    expect(await provider.payoutStatus(r.reference)).toMatchObject({ status: 'failed', failureKind: 'other', failureReason: 'Xendit FAILED: REJECTED_BY_CHANNEL' });
  });

  it('a dormant account that sends the money back is reversed with account_closed', async () => {
    const r = request({}, { accountNumber: '005555000333' });
    await provider.createPayout(r);
    standin.complete(r.reference, 'SUCCEEDED');
    standin.complete(r.reference, 'REVERSED');
    expect(await provider.payoutStatus(r.reference)).toMatchObject({ status: 'reversed', failureKind: 'account_closed' });
  });

  it('a temporary network failure is bank_unavailable; a limit of the recipient is limit_exceeded; a cancelled payout is failed', async () => {
    const cases = [
      { code: 'TEMPORARY_TRANSFER_ERROR', status: 'FAILED', kind: 'bank_unavailable' },
      { code: 'DESTINATION_MAXIMUM_LIMIT', status: 'FAILED', kind: 'limit_exceeded' },
      { code: undefined, status: 'CANCELLED', kind: 'other' },
    ] as const;
    for (const c of cases) {
      const r = request();
      await provider.createPayout(r);
      standin.complete(r.reference, c.status, c.code);
      expect(await provider.payoutStatus(r.reference)).toMatchObject({ status: 'failed', failureKind: c.kind });
    }
  });

  it('with autoComplete the payout is final at once', async () => {
    const auto = await startXenditStandin({ autoComplete: true });
    try {
      const p = createXenditPayoutProvider({ secretKey: auto.secretKey, callbackToken: auto.callbackToken, baseUrl: auto.baseUrl, timeoutMs: TIMEOUT_MS });
      const r = request();
      expect((await p.createPayout(r)).status).toBe('processing');
      expect((await p.payoutStatus(r.reference))!.status).toBe('paid');
    } finally {
      await auto.close();
    }
  });
});

describe('Xendit payouts: webhooks', () => {
  it('a webhook with the account token is verified and read', async () => {
    const r = request();
    const made = await provider.createPayout(r);
    standin.complete(r.reference, 'SUCCEEDED');
    const { status, body } = await standin.notify(receiverUrl, r.reference);
    expect(status).toBe(200);
    const read = JSON.parse(body) as { verified: boolean; answer: { reference: string; status: string; providerRef: string; paidAt: string | null } | null };
    expect(read.verified).toBe(true);
    expect(read.answer).toMatchObject({ reference: r.reference, status: 'paid', providerRef: made.providerRef });
    expect(read.answer!.paidAt).not.toBeNull();
  });

  it('a failed payout\'s webhook carries its failure kind', async () => {
    standin.setOutcome('003333000444', { status: 'FAILED', failureCode: 'INVALID_DESTINATION' });
    const r = request({}, { accountNumber: '003333000444' });
    await provider.createPayout(r);
    standin.complete(r.reference);
    const read = JSON.parse((await standin.notify(receiverUrl, r.reference)).body) as { verified: boolean; answer: unknown };
    expect(read).toMatchObject({ verified: true, answer: { status: 'failed', failureKind: 'account_invalid' } });
  });

  it('a wrong or missing token is not verified and not read', async () => {
    const r = request();
    await provider.createPayout(r);
    standin.complete(r.reference, 'SUCCEEDED');
    for (const token of ['not-the-token', `${standin.callbackToken}x`, '', null]) {
      const { status, body } = await standin.notify(receiverUrl, r.reference, { token });
      expect(status).toBe(401);
      expect(JSON.parse(body)).toEqual({ verified: false, answer: null });
    }
  });

  it('a verified webhook of an event we do not act on answers null', async () => {
    const r = request();
    await provider.createPayout(r);
    const read = JSON.parse((await standin.notify(receiverUrl, r.reference, { event: 'payout.created' })).body) as unknown;
    expect(read).toEqual({ verified: true, answer: null });
    expect(provider.readNotification({ 'x-callback-token': standin.callbackToken }, 'not json')).toEqual({ verified: true, answer: null });
  });
});

describe("Xendit payouts: the daily report, read from Xendit's transactions list", () => {
  // A day long past in Manila: 2026-03-10 runs from 2026-03-09T16:00Z to 2026-03-10T16:00Z.
  const day = '2026-03-10';
  const dayStart = Date.UTC(2026, 2, 9, 16);
  const dayEnd = Date.UTC(2026, 2, 10, 16);

  /** A payout made through the adapter, settled as told, dated `at` (ms) at the stand-in; its reference. */
  async function payoutOn(at: number, status?: 'SUCCEEDED' | 'REVERSED' | 'FAILED', amountMinor = 1_250_050): Promise<string> {
    const r = request({ amountMinor });
    await provider.createPayout(r);
    if (status) standin.complete(r.reference, status);
    standin.payouts.get(r.reference)!.created = new Date(at).toISOString();
    return r.reference;
  }

  it('lists the payouts that succeeded or were reversed that day, every page, with the fee and VAT in centavos', async () => {
    const first = await payoutOn(dayStart, 'SUCCEEDED');
    const reversed = await payoutOn(dayStart + 3_600_000, 'REVERSED', 500_001);
    await payoutOn(dayStart + 7_200_000, 'FAILED');
    await payoutOn(dayStart + 7_300_000); // still ACCEPTED: no money of ours moved yet
    await payoutOn(dayStart - 1, 'SUCCEEDED'); // the day before, in Manila
    await payoutOn(dayEnd, 'SUCCEEDED'); // the day after
    const last = await payoutOn(dayEnd - 1, 'SUCCEEDED');
    // More than one page of 50.
    const many: string[] = [];
    for (let i = 0; i < 55; i++) many.push(await payoutOn(dayStart + 10_000_000 + i * 1000, 'SUCCEEDED'));

    const csv = await provider.dailyReport!(day);
    const [header, ...rows] = csv.trimEnd().split('\r\n');
    expect(header).toBe('provider,report_day,reference,type,currency,amount_minor,fee_minor');
    const lines = rows.map((r) => r.split(','));
    expect(lines.every(([p, d, , , c]) => p === 'xendit' && d === day && c === 'PHP')).toBe(true);
    const byType = (type: string) => lines.filter((l) => l[3] === type);
    expect(new Set(byType('payout').map((l) => l[2]))).toEqual(new Set([first, reversed, last, ...many]));
    expect(byType('payout')).toHaveLength(58);
    // ₱12,500.50 and ₱5,000.01 in centavos; Xendit's ₱8.93 and VAT ₱1.07 make ₱10.00 on each payout.
    expect(byType('payout').find((l) => l[2] === first)!.slice(5)).toEqual(['1250050', '1000']);
    expect(byType('payout').find((l) => l[2] === reversed)!.slice(5)).toEqual(['500001', '1000']);
    expect(byType('payout_return')).toEqual([['xendit', day, reversed, 'payout_return', 'PHP', '500001', '0']]);
  });

  it('throws unavailable when Xendit keeps failing, and lists nothing of a quiet day', async () => {
    standin.failNext(3, 503);
    await expect(provider.dailyReport!(day)).rejects.toBeInstanceOf(PayoutProviderUnavailable);
    expect(await provider.dailyReport!('2026-02-01')).toBe('provider,report_day,reference,type,currency,amount_minor,fee_minor\r\n');
  });
});

describe('Xendit payouts: the secret key', () => {
  it('never appears in a thrown message (time-out, 5xx, refused credentials, unreachable)', async () => {
    const secret = standin.secretKey;
    const encoded = Buffer.from(`${secret}:`).toString('base64');
    const messages: string[] = [];
    const collect = async (run: () => Promise<unknown>) => {
      try {
        await run();
        messages.push('(no error)');
      } catch (err) {
        messages.push((err as Error).message);
      }
    };
    standin.delayNext(1, TIMEOUT_MS * 4);
    await collect(() => provider.createPayout(request()));
    standin.failNext(1, 500);
    await collect(() => provider.createPayout(request()));
    standin.failNext(3, 500);
    await collect(() => provider.payoutStatus('po-any'));
    const wrongKey = createXenditPayoutProvider({ secretKey: `${secret}-revoked`, callbackToken: 't', baseUrl: standin.baseUrl, timeoutMs: TIMEOUT_MS });
    await collect(() => wrongKey.createPayout(request()));
    await collect(() => wrongKey.payoutStatus('po-any'));
    const unreachable = createXenditPayoutProvider({ secretKey: secret, callbackToken: 't', baseUrl: 'http://127.0.0.1:1', timeoutMs: TIMEOUT_MS, attempts: 1 });
    await collect(() => unreachable.createPayout(request()));

    expect(messages).toHaveLength(6);
    expect(messages).not.toContain('(no error)');
    for (const m of messages) {
      expect(m).not.toContain(secret);
      expect(m).not.toContain(encoded);
      expect(m).not.toContain('001234567890');
    }
    expect(messages[3]).toMatch(/HTTP 401 INVALID_API_KEY/);
  });
});
