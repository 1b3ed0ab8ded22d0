/**
 * A local stand-in for RazorpayX Payouts, speaking the protocol the adapter
 * (apps/server/src/providers/payouts/razorpayx.ts) speaks: HTTP Basic key_id:key_secret (401
 * otherwise); the composite `POST /v1/payouts` under the mandatory `X-Payout-Idempotency` header (the
 * same key answers the payout made under it and never makes a second; the same key with another body
 * is a 400, as RazorpayX documents); `GET /v1/payouts?account_number=…[&reference_id=…][&count][&skip]`
 * answering a collection, newest first (with `from`/`to`, Unix seconds inclusive, on `created_at`: the list the
 * books' daily report reads); `GET /v1/payouts/{id}`; and webhooks signed with X-Razorpay-Signature (hex
 * HMAC-SHA256 of the raw body under the webhook secret). Refusals answer
 * `{error: {code: 'BAD_REQUEST_ERROR', description, field, source, step, reason, metadata}}`.
 *
 * A new payout is `processing` and stays so until the test calls `complete` (or at once with
 * `autoComplete`): then it takes the outcome set for its beneficiary account by `setOutcome`, or is
 * `processed`. Tests play the provider with it: answers late (`delayNext`, acted on first), 5xx without
 * acting (`failNext`), a closed account, a reversal after the money arrived, a notification forged or
 * altered.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './read-body.ts';

export type StandinPayoutStatus = 'queued' | 'pending' | 'processing' | 'processed' | 'reversed' | 'cancelled' | 'rejected' | 'failed';

export interface StandinStatusDetails {
  reason: string | null;
  description: string | null;
  source: string | null;
}

export interface StandinPayout {
  /** The idempotency key it was made under (the adapter's reference). */
  reference: string;
  id: string;
  fundAccountId: string;
  amount: number;
  mode: string;
  purpose: string;
  referenceId: string | null;
  narration: string | null;
  beneficiary: { name: string; ifsc: string; accountNumber: string };
  contact: { name: string; contact: string | null; type: string | null };
  status: StandinPayoutStatus;
  statusDetails: StandinStatusDetails;
  utr: string | null;
  createdAt: number;
  /** The body it was made with, as parsed (a retry under the key must carry the same). */
  body: string;
}

export interface StandinOutcome {
  status: StandinPayoutStatus;
  reason?: string;
  description?: string;
  source?: string;
}

export interface RazorpayxStandin {
  baseUrl: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** The lender's business account number the stand-in pays from (requests must name it). */
  accountNumber: string;
  /** The payouts made, by idempotency key (our reference): its size is the number made. */
  payouts: Map<string, StandinPayout>;
  /** Calls received, by kind (refused and repeated ones included). */
  calls: { create: number; status: number };
  /** The next `n` calls are acted on but answered only after `ms` (longer than the client waits: a time-out). */
  delayNext(n: number, ms: number): void;
  /** The next `n` calls answer `status` (a 5xx) without acting. */
  failNext(n: number, status?: number): void;
  /** What `complete` makes of a payout to this beneficiary account number (e.g. failed, account closed). */
  setOutcome(beneficiaryAccountNumber: string, outcome: StandinOutcome): void;
  /**
   * Changes the truth of the payout made under `reference`: to `status` (with `reason`), or with no
   * status to the outcome set for its beneficiary account, else `processed`. Answers the payout.
   */
  complete(reference: string, status?: StandinPayoutStatus, reason?: string): StandinPayout;
  /** The payout entity as RazorpayX shows it (the API's answer and the webhook's `payload.payout.entity`). */
  entity(reference: string): Record<string, unknown>;
  /** The webhook body and headers RazorpayX would post about the payout, signed unless told otherwise. */
  webhook(reference: string, opts?: { secret?: string; event?: string }): { body: string; headers: Record<string, string> };
  /** Posts that webhook to `url`; resolves with the HTTP status and the body answered. */
  notify(url: string, reference: string, opts?: { secret?: string; event?: string }): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

const DETAILS: Partial<Record<StandinPayoutStatus, StandinStatusDetails>> = {
  queued: { reason: 'low_balance', description: 'Your account balance is low. Add funds to process the payout.', source: 'business' },
  processing: { reason: 'payout_bank_processing', description: 'Payout is being processed by our partner bank. Please check the final status after some time.', source: 'gateway' },
  processed: { reason: 'payout_processed', description: 'Payout is processed and the money has been credited into the beneficiaries account', source: 'beneficiary_bank' },
  failed: { reason: 'server_error', description: 'Payout failed due to a technical error at the partner bank. Please retry.', source: 'gateway' },
  reversed: { reason: 'beneficiary_bank_rejected', description: 'Payout was reversed by the beneficiary bank.', source: 'beneficiary_bank' },
  rejected: { reason: 'payout_rejected', description: 'Payout was rejected by the approver.', source: 'business' },
  cancelled: { reason: 'payout_cancelled', description: 'Payout was cancelled.', source: 'business' },
};

const EVENT_OF: Record<StandinPayoutStatus, string> = {
  queued: 'payout.queued',
  pending: 'payout.pending',
  processing: 'payout.initiated',
  processed: 'payout.processed',
  reversed: 'payout.reversed',
  cancelled: 'payout.updated',
  rejected: 'payout.rejected',
  failed: 'payout.failed',
};

const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const IDEMPOTENCY_KEY = /^[A-Za-z0-9 _-]{4,36}$/;
const MODES = new Set(['IMPS', 'NEFT', 'RTGS', 'UPI']);

/** What the stand-in charges per payout, in paise: ₹5.00 and 18% GST on it, shown once the payout is processing (as RazorpayX does). */
export const STANDIN_FEES = 590;
export const STANDIN_TAX = 90;
const CHARGED = new Set<StandinPayoutStatus>(['processing', 'processed', 'reversed']);

const standinId = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex').toUpperCase().slice(0, 14)}`;

const badRequest = (description: string, field: string | null) => ({
  error: { code: 'BAD_REQUEST_ERROR', description, source: 'business', step: null, reason: 'input_validation_failed', metadata: {}, field },
});

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks a composite payout body as RazorpayX documents it; answers the refusal, or null when it is fit. */
function refusalOf(body: Json, accountNumber: string): ReturnType<typeof badRequest> | null {
  if (body.account_number !== accountNumber) return badRequest('The account number is invalid.', 'account_number');
  if (typeof body.amount !== 'number' || !Number.isInteger(body.amount) || body.amount < 100) return badRequest('The amount must be at least 100 paise.', 'amount');
  if (body.currency !== 'INR') return badRequest('Currency is not supported.', 'currency');
  if (typeof body.mode !== 'string' || !MODES.has(body.mode)) return badRequest('The selected mode is invalid.', 'mode');
  if (typeof body.purpose !== 'string' || body.purpose === '') return badRequest('The purpose field is required.', 'purpose');
  if (body.reference_id !== undefined && (typeof body.reference_id !== 'string' || body.reference_id.length > 40)) return badRequest('The reference id may not be greater than 40 characters.', 'reference_id');
  if (body.narration !== undefined && (typeof body.narration !== 'string' || !/^[A-Za-z0-9 ]{0,30}$/.test(body.narration))) return badRequest('The narration format is invalid.', 'narration');
  const fa = body.fund_account;
  if (!isObject(fa) || fa.account_type !== 'bank_account' || !isObject(fa.bank_account)) return badRequest('The fund account field is required.', 'fund_account');
  const bank = fa.bank_account;
  if (typeof bank.ifsc !== 'string' || !IFSC.test(bank.ifsc)) return badRequest('Invalid IFSC Code in Bank Account', 'ifsc');
  if (typeof bank.account_number !== 'string' || !/^[A-Za-z0-9]{5,35}$/.test(bank.account_number)) return badRequest('The account number format is invalid.', 'account_number');
  if (typeof bank.name !== 'string' || bank.name.trim().length < 3 || bank.name.length > 120) return badRequest('The name must be between 3 and 120 characters.', 'name');
  const contact = fa.contact;
  if (!isObject(contact) || typeof contact.name !== 'string' || contact.name.trim().length < 3) return badRequest('The contact name field is required.', 'name');
  return null;
}

export async function startRazorpayxStandin(
  opts: { keyId?: string; keySecret?: string; webhookSecret?: string; accountNumber?: string; autoComplete?: boolean; port?: number } = {},
): Promise<RazorpayxStandin> {
  const keyId = opts.keyId ?? 'rzp_test_standin';
  const keySecret = opts.keySecret ?? `ks-${randomBytes(12).toString('hex')}`;
  const webhookSecret = opts.webhookSecret ?? `wh-${randomBytes(12).toString('hex')}`;
  const accountNumber = opts.accountNumber ?? `7878780${randomBytes(5).readUIntBE(0, 5).toString().padStart(9, '0').slice(0, 9)}`;
  const payouts = new Map<string, StandinPayout>();
  const outcomes = new Map<string, StandinOutcome>();
  const calls = { create: 0, status: 0 };
  const delays: number[] = [];
  const failures: number[] = [];
  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;

  const send = async (res: ServerResponse, status: number, body: unknown, delayMs = 0) => {
    if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
    if (res.destroyed) return;
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const entityOf = (p: StandinPayout): Record<string, unknown> => ({
    id: p.id,
    entity: 'payout',
    fund_account_id: p.fundAccountId,
    amount: p.amount,
    currency: 'INR',
    notes: {},
    fees: CHARGED.has(p.status) ? STANDIN_FEES : 0,
    tax: CHARGED.has(p.status) ? STANDIN_TAX : 0,
    status: p.status,
    purpose: p.purpose,
    utr: p.utr,
    mode: p.mode,
    reference_id: p.referenceId,
    narration: p.narration,
    batch_id: null,
    status_details: { ...p.statusDetails },
    created_at: p.createdAt,
    fee_type: '',
  });

  const settle = (p: StandinPayout, outcome: StandinOutcome) => {
    p.status = outcome.status;
    const fallback = DETAILS[outcome.status] ?? { reason: null, description: null, source: null };
    p.statusDetails = {
      reason: outcome.reason ?? fallback.reason,
      description: outcome.description ?? (outcome.reason ? outcome.reason.replace(/_/g, ' ') : fallback.description),
      source: outcome.source ?? fallback.source,
    };
    if ((outcome.status === 'processed' || outcome.status === 'reversed') && !p.utr) p.utr = `STANDIN${randomBytes(5).toString('hex').toUpperCase()}`;
  };

  const finalOutcome = (p: StandinPayout): StandinOutcome => outcomes.get(p.beneficiary.accountNumber) ?? { status: 'processed' };

  async function create(req: IncomingMessage, res: ServerResponse, delayMs: number) {
    const key = req.headers['x-payout-idempotency'];
    const raw = await readBody(req);
    if (typeof key !== 'string' || key === '') return send(res, 400, badRequest('Idempotency key is missing. Include idempotency header and key in the request.', 'X-Payout-Idempotency'), delayMs);
    if (!IDEMPOTENCY_KEY.test(key)) return send(res, 400, badRequest('The idempotency key format is invalid.', 'X-Payout-Idempotency'), delayMs);
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return send(res, 400, badRequest('The request body is not valid JSON.', null), delayMs);
    }
    if (!isObject(body)) return send(res, 400, badRequest('The request body is not valid JSON.', null), delayMs);
    const canonical = JSON.stringify(body);
    const made = payouts.get(key);
    if (made) {
      if (made.body !== canonical) return send(res, 400, badRequest('Different request body sent for the same idempotency key.', 'X-Payout-Idempotency'), delayMs);
      return send(res, 200, entityOf(made), delayMs);
    }
    const refusal = refusalOf(body, accountNumber);
    if (refusal) return send(res, 400, refusal, delayMs);
    const fa = body.fund_account as Json;
    const bank = fa.bank_account as Json;
    const contact = fa.contact as Json;
    const payout: StandinPayout = {
      reference: key,
      id: standinId('pout'),
      fundAccountId: standinId('fa'),
      amount: body.amount as number,
      mode: body.mode as string,
      purpose: body.purpose as string,
      referenceId: typeof body.reference_id === 'string' ? body.reference_id : null,
      narration: typeof body.narration === 'string' ? body.narration : null,
      beneficiary: { name: bank.name as string, ifsc: bank.ifsc as string, accountNumber: bank.account_number as string },
      contact: { name: contact.name as string, contact: typeof contact.contact === 'string' ? contact.contact : null, type: typeof contact.type === 'string' ? contact.type : null },
      status: 'processing',
      statusDetails: DETAILS.processing!,
      utr: null,
      createdAt: Math.floor(Date.now() / 1000),
      body: canonical,
    };
    payouts.set(key, payout);
    if (opts.autoComplete) settle(payout, finalOutcome(payout));
    return send(res, 200, entityOf(payout), delayMs);
  }

  function list(query: URLSearchParams) {
    if (query.get('account_number') !== accountNumber) return { status: 400, body: badRequest('The account number is invalid.', 'account_number') };
    const count = Math.min(100, Math.max(1, Number(query.get('count') ?? 10) || 10));
    const skip = Math.max(0, Number(query.get('skip') ?? 0) || 0);
    const referenceId = query.get('reference_id');
    const from = query.has('from') ? Number(query.get('from')) : -Infinity;
    const to = query.has('to') ? Number(query.get('to')) : Infinity;
    if (Number.isNaN(from) || Number.isNaN(to)) return { status: 400, body: badRequest('The from and to fields must be Unix timestamps.', Number.isNaN(from) ? 'from' : 'to') };
    const items = [...payouts.values()]
      .filter((p) => (referenceId === null || p.referenceId === referenceId) && p.createdAt >= from && p.createdAt <= to)
      .sort((a, b) => b.createdAt - a.createdAt)
      .slice(skip, skip + count)
      .map(entityOf);
    return { status: 200, body: { entity: 'collection', count: items.length, items } };
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://standin');
      if (req.headers.authorization !== expectedAuth) {
        await readBody(req).catch(() => '');
        return send(res, 401, { error: { code: 'BAD_REQUEST_ERROR', description: 'The api key provided is invalid', field: null } });
      }
      const isCreate = req.method === 'POST' && url.pathname === '/v1/payouts';
      const byId = /^\/v1\/payouts\/([^/]+)$/.exec(url.pathname);
      const isStatus = req.method === 'GET' && (url.pathname === '/v1/payouts' || byId !== null);
      if (isCreate) calls.create++;
      if (isStatus) calls.status++;
      const failStatus = failures.shift();
      if (failStatus !== undefined) {
        await readBody(req).catch(() => '');
        return send(res, failStatus, { error: { code: 'SERVER_ERROR', description: 'We are facing some trouble completing your request at the moment. Please try again shortly.', field: null } });
      }
      const delayMs = delays.shift() ?? 0;
      if (isCreate) return create(req, res, delayMs);
      if (isStatus && byId) {
        const p = [...payouts.values()].find((x) => x.id === decodeURIComponent(byId[1]!));
        return p ? send(res, 200, entityOf(p), delayMs) : send(res, 400, badRequest('The id provided does not exist', 'id'), delayMs);
      }
      if (isStatus) {
        const answer = list(url.searchParams);
        return send(res, answer.status, answer.body, delayMs);
      }
      return send(res, 404, { error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.', field: null } });
    })();
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const payoutOf = (reference: string) => {
    const p = payouts.get(reference);
    if (!p) throw new Error(`the stand-in made no payout under ${reference}`);
    return p;
  };

  const webhook = (reference: string, o: { secret?: string; event?: string } = {}) => {
    const p = payoutOf(reference);
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_STANDIN0000001',
      event: o.event ?? EVENT_OF[p.status],
      contains: ['payout'],
      payload: { payout: { entity: entityOf(p) } },
      created_at: Math.floor(Date.now() / 1000),
    });
    const signature = createHmac('sha256', o.secret ?? webhookSecret).update(body).digest('hex');
    return { body, headers: { 'Content-Type': 'application/json', 'X-Razorpay-Signature': signature } };
  };

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    keyId,
    keySecret,
    webhookSecret,
    accountNumber,
    payouts,
    calls,
    delayNext(n, ms) {
      for (let i = 0; i < n; i++) delays.push(ms);
    },
    failNext(n, status = 503) {
      for (let i = 0; i < n; i++) failures.push(status);
    },
    setOutcome(beneficiaryAccountNumber, outcome) {
      outcomes.set(beneficiaryAccountNumber, outcome);
    },
    complete(reference, status, reason) {
      const p = payoutOf(reference);
      settle(p, status ? { status, reason } : finalOutcome(p));
      return p;
    },
    entity: (reference) => entityOf(payoutOf(reference)),
    webhook,
    async notify(url, reference, o = {}) {
      const { body, headers } = webhook(reference, o);
      const res = await fetch(url, { method: 'POST', headers, body });
      return { status: res.status, body: await res.text() };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
